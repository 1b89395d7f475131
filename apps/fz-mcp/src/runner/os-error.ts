// The OS error texts an operator knows, keyed by Node's errno names; anything else keeps Node's message.
const TEXT_BY_CODE: Readonly<Record<string, string>> = {
  ENOENT: "No such file or directory",
  EACCES: "Permission denied",
  EPERM: "Operation not permitted",
  ENOTDIR: "Not a directory",
  EISDIR: "Is a directory",
  ENOEXEC: "Exec format error",
  E2BIG: "Argument list too long",
  EMFILE: "Too many open files",
  EAGAIN: "Resource temporarily unavailable",
  ENOMEM: "Cannot allocate memory",
};

/** Renders a spawn error as `<text> (<code>)`, e.g. `No such file or directory (ENOENT)`. */
export function describeSpawnError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const text = code !== undefined ? TEXT_BY_CODE[code] : undefined;
  if (text !== undefined) return `${text} (${code})`;
  return error instanceof Error ? error.message : String(error);
}
