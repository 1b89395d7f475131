// fieldcraft://model and fieldcraft://commands: the model summary and the command catalogue, read without a tool call.
import type { Backend } from "../backend/types.js";
import { viewerResources } from "./viewer.js";

export function resources(backend: Backend) {
  return [
    {
      uri: "fieldcraft://model",
      name: "model",
      title: "The model",
      description: "model.info: counts, units and definitions of the open model",
      mimeType: "application/json",
      read: async () => {
        const outcome = await backend.execute("model.info", {});
        if (!outcome.ok) throw new Error(`model.info: ${outcome.error}`);
        return { json: outcome.result };
      },
    },
    {
      uri: "fieldcraft://commands",
      name: "commands",
      title: "Command catalogue",
      description: "Every engine command with its parameters (JSON Schema), units and requirements",
      mimeType: "application/json",
      read: async () => ({ json: { commands: await backend.catalogue() } }),
    },
    ...viewerResources(backend),
  ];
}
