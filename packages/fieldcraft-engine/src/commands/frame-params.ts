// The `frame` / `time` parameters of the commands that read an explicit step's frames, and their echo in replies.
import { z } from "zod";

export const frameParams = {
  frame: z.number().int().min(0).max(1_000_000).optional().describe("Explicit steps: the frame to read (0 is t = 0; default the last)"),
  time: z.number().finite().min(0).optional().describe("Explicit steps: read the frame nearest this time (instead of `frame`)"),
};

export const frameResult = {
  frame: z.number().int().nonnegative().optional().describe("Explicit steps: the frame read"),
  time: z.number().optional().describe("Explicit steps: that frame's time"),
};
