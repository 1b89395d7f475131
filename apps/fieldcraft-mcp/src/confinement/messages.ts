// The refusal texts the seed prescribes; the agent reads them and corrects its path.
export type Access = "read" | "write";

export function notGranted(access: Access, shown: string): string {
  return `automation filesystem access is not granted: ${access} authority is absent: ${shown}`;
}

export function outsideRoot(access: Access, root: string, shown: string, real: string): string {
  const resolved = real === shown ? "" : ` (resolves to ${real})`;
  return `automation path rejected: outside the ${access} root ${root}: ${shown}${resolved}`;
}

export function rejected(reason: string, shown: string): string {
  return `automation path rejected: ${reason}: ${shown}`;
}
