// The result to read for `frame` / `time`: an explicit step's frame as a result of its own (like a frequency
// step's mode). Without either, an explicit step shows its last frame. Frames built here are cached a few per
// step, since a contour and the picture after it read the same frame.
import { frameApplied, frameSolution, pickFrame, type ExplicitFrameSolution, type ExplicitSummary } from "./analyses/explicit.js";
import { ModelError } from "./errors.js";
import type { StepResult } from "./types.js";

const CACHE = new WeakMap<ExplicitSummary, Map<number, ExplicitFrameSolution>>();
const KEEP = 4;

function cachedFrame(s: ExplicitSummary, k: number): ExplicitFrameSolution {
  let m = CACHE.get(s);
  if (!m) CACHE.set(s, (m = new Map()));
  const hit = m.get(k);
  if (hit) return hit;
  const made = frameSolution(s, k);
  if (m.size >= KEEP) m.delete(m.keys().next().value!);
  m.set(k, made);
  return made;
}

export interface FrameChoice {
  frame?: number;
  time?: number;
}

/** The frame's result and which frame it is (undefined for steps without frames, when none was asked). */
export function frameView(result: StepResult, choice: FrameChoice, param = "params"): { result: StepResult; frame?: { frame: number; time: number } } {
  if (!result.explicit) {
    if (choice.frame !== undefined || choice.time !== undefined)
      throw new ModelError(`${param}.${choice.frame !== undefined ? "frame" : "time"}: step ${result.step} is a ${result.procedure ?? "static"} step: only explicit steps have frames`);
    return { result };
  }
  const k = pickFrame(result.explicit, result.step, choice.frame, choice.time, param);
  return { result: { ...result, solution: cachedFrame(result.explicit, k), applied: frameApplied(result.explicit, k) }, frame: { frame: k, time: result.explicit.history.frames[k].time } };
}
