// Who answers `describe`; the version is the published one, read from the package.
import packageJson from "../package.json" with { type: "json" };

export const APP_NAME = "fieldcraft";
export const APP_VERSION: string = packageJson.version;
