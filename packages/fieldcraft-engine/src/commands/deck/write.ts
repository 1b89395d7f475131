import { z } from "zod";
import { writeTextChecked } from "../../files/checked-io.js";
import { deckModel } from "../../model/deck-model.js";
import { analysisOf } from "../../model/analyses/index.js";
import { lookup } from "../../model/definitions.js";
import { requireMaterialProperties } from "../../model/material-needs.js";
import { ModelError } from "../../model/errors.js";
import { filePath, itemName } from "../params.js";
import { defineCommand } from "../types.js";
import { DECK_WRITERS } from "./writers.js";

const formats = DECK_WRITERS.map((w) => w.format) as [string, ...string[]];

export const deckWriteCommand = defineCommand({
  id: "deck.write",
  label: "Write solver deck",
  description:
    "Writes the model as an input deck for another solver (" +
    DECK_WRITERS.map((w) => `${w.format}: ${w.description}`).join("; ") +
    "), atomically. Loads are written as the nodal forces this engine applies, so the other solver sees the same problem.",
  params: z
    .object({
      format: z.enum(formats).describe("Deck format"),
      path: filePath("Where to write the deck"),
      steps: z.array(itemName("Step name")).min(1).max(1000).optional().describe("Steps to write; default: every step"),
    })
    .strict(),
  result: z.object({ path: z.string(), format: z.enum(formats), bytes: z.number().int().nonnegative(), steps: z.array(z.string()) }),
  requires: ["mesh", "material", "section", "step"],
  effects: { mutates: false, reads: false, writes: true },
  async run(ctx, params) {
    const writer = DECK_WRITERS.find((w) => w.format === params.format)!;
    const steps = params.steps ? params.steps.map((n, i) => lookup(ctx.model, "steps", n, `params.steps[${i}]`)) : ctx.model.definitions.steps;
    // A step whose materials lack what it needs is refused naming both (not a deck of NaN constants).
    for (const s of steps) requireMaterialProperties(ctx.model, s, analysisOf(s).materials ?? []);
    const deck = deckModel(ctx.model, steps, "FieldCraft model");
    let text: string;
    try {
      text = writer.write(deck);
    } catch (error) {
      // A writer refuses what its format cannot say (e.g. supports that change between LS-DYNA steps).
      throw new ModelError(`params.format: the ${writer.format} deck cannot hold this model: ${error instanceof Error ? error.message : String(error)}`);
    }
    const written = await writeTextChecked(ctx.files, params.path, "params.path", text);
    return { result: { path: written, format: writer.format, bytes: Buffer.byteLength(text), steps: steps.map((s) => s.name) } };
  },
});
