// Who answers `describe`.
export const APP_NAME = "fieldcraft";
export const APP_VERSION = "0.1.0";
