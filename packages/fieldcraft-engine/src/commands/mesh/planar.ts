import { z } from "zod";
import { FAMILY_NAMES, family, type FamilyName } from "../../fem/families/index.js";
import { seedRules } from "../../mesh/hex-design.js";
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
    "Meshes one planar face of a design body in 2D: plane stress (CPS), plane strain (CPE) or axisymmetric about the plane's y axis (CAX), triangles (3, 6 nodes) or quadrilaterals (4, 8: all-quadrilateral on any face, holes included). The face's own coordinates become x, y (z-normal: x, y; x-normal: y, z; y-normal: x, z; any other plane: its own axes, given as `frame`). Edge seeds (mesh.seed.edge) on the face's edges set their divisions (even counts for quadrilaterals) and `refine` makes elements smaller near named edges or points, growing away from them. Boundary edges keep the design's edge names, so sets by {body, edge} carry pressures and forces. Element quality is reported. Replaces the mesh; results are dropped.",
  params: z
    .object({
      body: z.string().min(1).max(200).describe("Body whose face is meshed"),
      face: z.string().min(1).max(200).optional().describe("Face to mesh (geometry.bodies lists them); default: the body's -z face"),
      size: quantity("length", "Target element edge length; default: the face's longest side / 20").positive().optional(),
      element: z.enum(PLANAR).describe("Planar element family: CPS3/4/6/8, CPE3/4/6/8, CAX3/4/6/8"),
      refine: z
        .array(
          z.union([
            z.object({ edge: z.string().min(1).max(200).describe("A design edge of the face"), size: quantity("length", "Element size at the edge").positive() }).strict(),
            z.object({ point: z.tuple([z.number(), z.number(), z.number()]).describe("A point on the face's plane (design coordinates), e.g. a vertex"), size: quantity("length", "Element size at the point").positive() }).strict(),
          ]),
        )
        .max(100)
        .optional()
        .describe("Local refinement: the size near each edge or point, growing by 0.3 per unit distance up to `size`"),
    })
    .strict(),
  result: z.object({
    mesh: z.object({
      type: z.enum(PLANAR),
      face: z.string().describe("The face meshed"),
      elements: z.number().int().nonnegative(),
      nodes: z.number().int().nonnegative(),
      edges: z.array(z.string()).describe("The design's edge names the mesh's boundary keeps (sets by {body, edge})"),
      method: z.enum(["grid", "triangulation", "paired"]).describe("grid: structured (plain rectangles); triangulation: constrained Delaunay; paired: triangles paired and split into quadrilaterals"),
      frame: z
        .object({ origin: z.array(z.number()), x: z.array(z.number()), y: z.array(z.number()), normal: z.array(z.number()) })
        .describe("The face's 2D frame: a mesh point (x, y) is origin + x * frame.x + y * frame.y in the design"),
      quality: z
        .object({
          elements: z.number().int().nonnegative(),
          min_angle: z.number().describe("Least corner angle, degrees"),
          max_angle: z.number().describe("Largest corner angle, degrees"),
          max_aspect_ratio: z.number().describe("Largest longest-over-shortest side"),
          min_scaled_jacobian: z.number().describe("Least corner sine (triangles scaled so equilateral is 1); <= 0 is inverted"),
          mean_scaled_jacobian: z.number(),
          inverted: z.number().int().nonnegative(),
        })
        .describe("Shape of the elements' corner polygons"),
      seeds: z.array(z.object({ seed: z.number().int().positive(), edge: z.string(), count: z.number().int().positive() })).optional().describe("Divisions along each seeded edge of the face (seed numbers as mesh.seed.list)"),
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
    // Refused before the work when even the face's area at the size is over the cap (triangles: two per size^2),
    // naming a size that fits; the face mesher's own count (maxPoints) is the backstop.
    const area = body.faces.find((f) => f.name === face)?.area ?? 0;
    const perArea = family(params.element).shape === "triangle" ? 2 : 1;
    const estimate = params.size !== undefined ? (perArea * area) / params.size ** 2 : 0;
    if (params.size !== undefined && estimate > ctx.caps.maxElements) {
      const fits = params.size * Math.sqrt(estimate / ctx.caps.maxElements);
      throw new ModelError(`params.size: about ${Math.round(estimate)} elements at size ${params.size}, above the cap maxElements = ${ctx.caps.maxElements}; size ${Number((fits * 1.05).toPrecision(2))} or larger fits`);
    }
    const out = planarFaceMesh(body, face, params.size, params.element, {
      seeds: seedRules(ctx.model.seeds ?? [], body.name, design),
      ...(params.refine ? { refine: params.refine } : {}),
      maxPoints: ctx.caps.maxElements,
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
    if (!out.ok) throw new ModelError(out.error);
    const elements = elementCount(out.mesh), nodes = nodeCount(out.mesh);
    if (elements > ctx.caps.maxElements) throw new ModelError(`params.size: ${elements} elements exceed the cap of ${ctx.caps.maxElements}; use a larger size`);
    const parameters = { bodies: [body.name], ...(params.size !== undefined ? { size: params.size } : {}), order: family(params.element).order };
    const model: Model = { ...ctx.model, mesh: { mesh: out.mesh, parameters }, results: {} };
    return {
      result: {
        mesh: {
          type: params.element,
          face,
          elements,
          nodes,
          edges: out.mesh.faceTags.map((t) => t.face),
          method: out.method,
          frame: { origin: out.frame.origin, x: out.frame.x, y: out.frame.y, normal: out.frame.normal },
          quality: out.quality,
          ...(out.seeds.length ? { seeds: out.seeds.map((x) => ({ seed: Number(x.seed.slice(1)), edge: x.edge, count: x.count })) } : {}),
        },
        results_cleared: Object.keys(ctx.model.results),
      },
      model,
    };
  },
});
