import { z } from "zod";
import { FAMILY_NAMES, family, type FamilyName } from "../../fem/families/index.js";
import { planarFaceMesh } from "../../mesh/planarFace.js";
import { elementCount, nodeCount } from "../../mesh/types.js";
import { ModelError, nameList } from "../../model/errors.js";
import type { Model } from "../../model/types.js";
import { quantity } from "../params.js";
import { defineCommand } from "../types.js";

const PLANAR = FAMILY_NAMES.filter((n) => family(n).planar) as [FamilyName, ...FamilyName[]];

export const meshPlanarCommand = defineCommand({
  id: "mesh.planar",
  label: "Planar mesh",
  description:
    "Meshes one axis-aligned planar face of a design body in 2D: plane stress (CPS), plane strain (CPE) or axisymmetric about the plane's y axis (CAX), triangles (3, 6 nodes) or quadrilaterals (4, 8; rectangular faces). The face's own coordinates become x, y (z-normal: x, y; x-normal: y, z; y-normal: x, z). Boundary edges keep the design's edge names, so sets by {body, edge} carry pressures and forces. Replaces the mesh; results are dropped.",
  params: z
    .object({
      body: z.string().min(1).max(200).describe("Body whose face is meshed"),
      face: z.string().min(1).max(200).optional().describe("Face to mesh (geometry.bodies lists them); default: the body's -z face"),
      size: quantity("length", "Target element edge length; default: the face's longest side / 20").positive().optional(),
      element: z.enum(PLANAR).describe("Planar element family: CPS3/4/6/8, CPE3/4/6/8, CAX3/4/6/8"),
    })
    .strict(),
  result: z.object({
    mesh: z.object({
      type: z.enum(PLANAR),
      face: z.string().describe("The face meshed"),
      elements: z.number().int().nonnegative(),
      nodes: z.number().int().nonnegative(),
      edges: z.array(z.string()).describe("The design's edge names the mesh's boundary keeps (sets by {body, edge})"),
    }),
    results_cleared: z.array(z.string()).describe("Steps whose results the new mesh dropped"),
  }),
  requires: ["design"],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    const design = ctx.model.design!.design;
    const body = design.bodies.find((b) => b.name === params.body);
    if (!body) throw new ModelError(`params.body: no body named \`${params.body}\`; bodies: ${nameList(design.bodies.map((b) => b.name))}`);
    const face = params.face ?? body.faces.find((f) => f.normal[2] < -0.999999)?.name;
    if (!face) throw new ModelError(`params.face: body \`${body.name}\` has no -z face; name one of: ${nameList(body.faces.map((f) => f.name))}`);
    // Refused before the work when even the face's area at the size is over the cap (triangles: two per size^2).
    const area = body.faces.find((f) => f.name === face)?.area ?? 0;
    const perArea = family(params.element).shape === "triangle" ? 2 : 1;
    if (params.size !== undefined && (perArea * area) / params.size ** 2 > ctx.caps.maxElements) {
      const fits = params.size * Math.sqrt((perArea * area) / params.size ** 2 / ctx.caps.maxElements);
      throw new ModelError(`params.size: about ${Math.round((perArea * area) / params.size ** 2)} elements at size ${params.size}, above the cap maxElements = ${ctx.caps.maxElements}; size ${Number(fits.toPrecision(2)) < fits ? Number((fits * 1.05).toPrecision(2)) : Number(fits.toPrecision(2))} or larger fits`);
    }
    const out = planarFaceMesh(body, face, params.size, params.element);
    if (!out.ok) throw new ModelError(out.error);
    const elements = elementCount(out.mesh), nodes = nodeCount(out.mesh);
    if (elements > ctx.caps.maxElements) throw new ModelError(`params.size: ${elements} elements exceed the cap of ${ctx.caps.maxElements}; use a larger size`);
    const parameters = { bodies: [body.name], ...(params.size !== undefined ? { size: params.size } : {}), order: family(params.element).order };
    const model: Model = { ...ctx.model, mesh: { mesh: out.mesh, parameters }, results: {} };
    return {
      result: { mesh: { type: params.element, face, elements, nodes, edges: out.mesh.faceTags.map((t) => t.face) }, results_cleared: Object.keys(ctx.model.results) },
      model,
    };
  },
});
