// Pictures handed to a requester through a file it named (bridged screenshots): the file must be a new
// absolute path, so a request can never overwrite an existing file through this route.
import { writeFile } from "node:fs/promises";
import { isAbsolute } from "node:path";

export const CAPTURE_PATH_PARAM = "capture_path";

/** The engine's pictures are bytes in process (ui.render's result schema): taken as they are, never decoded. */
export function pngBytes(value: unknown): Uint8Array | null {
  return value instanceof Uint8Array ? value : null;
}

export async function deliverPicture(path: unknown, png: Uint8Array): Promise<{ ok: true } | { ok: false; error: string }> {
  if (typeof path !== "string" || !isAbsolute(path)) {
    return { ok: false, error: `${CAPTURE_PATH_PARAM} must be an absolute path to a file that does not exist yet` };
  }
  try {
    await writeFile(path, png, { flag: "wx", mode: 0o600 });
    return { ok: true };
  } catch (err) {
    return { ok: false, error: `cannot write the picture to ${CAPTURE_PATH_PARAM} ${path}: ${(err as Error).message}` };
  }
}
