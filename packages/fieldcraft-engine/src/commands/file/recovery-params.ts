import { z } from "zod";
import { ENTRY_ID } from "../../files/recovery/entries.js";
import { filePath } from "../params.js";

export const recoveryDirParam = filePath(
  "A recovery folder to look in instead of this session's own (FIELDCRAFT_RECOVERY_DIR or the per-user state folder); confined like any path",
).optional();

export const entryIdParam = (what: string) =>
  z.string().regex(ENTRY_ID, "is not a recovery id (file.recovery.list lists them)").describe(what);
