// The two path grammars the resolver understands; tests pick one explicitly so Windows rules run everywhere.
import path from "node:path";

export interface PathStyle {
  readonly name: "posix" | "win32";
  readonly sep: string;
  /** Splits on every separator the platform accepts. */
  readonly separators: RegExp;
  readonly caseInsensitive: boolean;
  readonly ops: path.PlatformPath;
}

export const POSIX: PathStyle = { name: "posix", sep: "/", separators: /\//, caseInsensitive: false, ops: path.posix };
export const WIN32: PathStyle = { name: "win32", sep: "\\", separators: /[\\/]/, caseInsensitive: true, ops: path.win32 };

export function hostPathStyle(): PathStyle {
  return process.platform === "win32" ? WIN32 : POSIX;
}
