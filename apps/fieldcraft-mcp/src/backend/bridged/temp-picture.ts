// Bridged pictures travel through a file: the server picks a fresh private folder in the temp dir, the app
// writes the PNG there, the server reads it back (size-capped) and removes the folder whatever happened.
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** 4096 x 4096 RGB is 48 MiB raw; a PNG never needs much more than that. */
export const MAX_PICTURE_BYTES = 64 * 1024 * 1024;

export interface TempPicture {
  path: string;
  read(): Promise<{ ok: true; png: Uint8Array } | { ok: false; error: string }>;
  dispose(): Promise<void>;
}

export async function makeTempPicture(maxBytes = MAX_PICTURE_BYTES): Promise<TempPicture> {
  const dir = await mkdtemp(join(tmpdir(), "fieldcraft-mcp-shot-"));
  const path = join(dir, "picture.png");
  return {
    path,
    async read() {
      let handle;
      try {
        handle = await open(path, "r");
      } catch (err) {
        return { ok: false, error: `the app did not write the picture to ${path}: ${(err as Error).message}` };
      }
      try {
        const size = (await handle.stat()).size;
        if (size > maxBytes) return { ok: false, error: `the picture is ${size} bytes, more than the ${maxBytes}-byte limit` };
        const buffer = Buffer.alloc(size);
        const { bytesRead } = await handle.read(buffer, 0, size, 0);
        const png = new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
        if (bytesRead < 8 || buffer.readUInt32BE(0) !== 0x89504e47) return { ok: false, error: "the app wrote a file that is not a PNG" };
        return { ok: true, png };
      } finally {
        await handle.close();
      }
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}
