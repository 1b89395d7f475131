// model.check as a pure function: problems that would stop a solve (errors), doubtful set-ups (warnings),
// and the set-up checklist with the next stage and the command that does it.
import { elementCount } from "../mesh/types.js";
import { analysisOf, resultProvider } from "./analyses/index.js";
import { ModelError } from "./errors.js";
import { resolveSet } from "./sets.js";
import type { Model, StepDefinition } from "./types.js";
import type { AnalysisRow } from "./analyses/index.js";
import { designMatchWarnings } from "./check-rules/design-match.js";
import { missingMaterialProperties } from "./material-needs.js";
import { partitionWarnings } from "./check-rules/partitions.js";
import { connectivityReport } from "./connectivity.js";
import { couplingErrors } from "./check-rules/couplings.js";
import { isPointCondition, isPointLoad } from "./reference-points.js";

export interface CheckItem {
  item: string;
  message: string;
  command?: string;
}

export interface ProgressStage {
  stage: string;
  done: boolean;
  command: string;
}

export interface CheckReport {
  ok: boolean;
  errors: CheckItem[];
  warnings: CheckItem[];
  progress: { stages: ProgressStage[]; next: { stage: string; command: string } | null };
}

/** Element index → section index (-1: none), and the items whose sets cannot be resolved. */
export function sectionCoverage(model: Model): { sectionOf: Int32Array; problems: CheckItem[]; overlaps: CheckItem[] } {
  const mesh = model.mesh!.mesh;
  const sectionOf = new Int32Array(elementCount(mesh)).fill(-1);
  const problems: CheckItem[] = [];
  const overlaps: CheckItem[] = [];
  model.definitions.sections.forEach((section, index) => {
    const set = model.definitions.sets.find((s) => s.name === section.set);
    if (!set) {
      problems.push({ item: `section ${section.name}`, message: `set \`${section.set}\` does not exist`, command: "model.set.create" });
      return;
    }
    try {
      let again = 0;
      for (const e of resolveSet(set, mesh, model.design?.design).elements) {
        if (sectionOf[e] >= 0) again++;
        sectionOf[e] = index;
      }
      if (again > 0) {
        overlaps.push({ item: `section ${section.name}`, message: `${again} of its elements are in an earlier section too; this one applies to them` });
      }
    } catch (error) {
      problems.push({ item: `section ${section.name}`, message: (error as Error).message, command: "model.set.create" });
    }
  });
  return { sectionOf, problems, overlaps };
}

/** Loads and boundary conditions a step lists whose type its analysis does not take (the solve refuses them). */
function unusable(model: Model, step: StepDefinition, accepts: AnalysisRow["accepts"]): CheckItem[] {
  if (!accepts) return [];
  const d = model.definitions;
  const takes = (types: readonly string[]) => (types.length ? `it takes ${types.join(", ")}` : "it takes none");
  const loads = accepts.loads;
  return [
    ...(loads
      ? step.loads.flatMap((n) => d.loads.filter((l) => l.name === n && !loads.includes(l.type)))
          .map((l) => ({ item: `step ${step.name}`, message: `lists load ${l.name}, a ${l.type} load, which a ${step.procedure.type} step cannot use (${takes(loads)})` }))
      : []),
    ...step.boundary_conditions.flatMap((n) => d.boundary_conditions.filter((b) => b.name === n && !accepts.conditions.includes(b.type)))
      .map((b) => ({ item: `step ${step.name}`, message: `lists boundary condition ${b.name}, a ${b.type} condition, which a ${step.procedure.type} step cannot use (${takes(accepts.conditions)})` })),
  ];
}

/** The command that solves the first unsolved step (its analysis row's), else every step's. */
function solveCommand(model: Model): string {
  const unsolved = model.definitions.steps.find((s) => model.results[s.name] === undefined);
  return resultProvider(model, unsolved);
}

export function checkModel(model: Model): CheckReport {
  const d = model.definitions;
  const errors: CheckItem[] = [];
  const warnings: CheckItem[] = [];
  const setNames = new Set(d.sets.map((s) => s.name));

  if (model.mesh) {
    for (const set of d.sets) {
      try {
        const r = resolveSet(set, model.mesh.mesh, model.design?.design);
        if (r.nodes.length === 0) warnings.push({ item: `set ${set.name}`, message: "holds no nodes of the mesh" });
      } catch (error) {
        errors.push({ item: `set ${set.name}`, message: error instanceof ModelError ? error.message : String(error), command: "model.set.create" });
      }
    }
    if (d.sections.length > 0) {
      const { sectionOf, problems, overlaps } = sectionCoverage(model);
      errors.push(...problems);
      warnings.push(...overlaps);
      const bare = sectionOf.reduce((n, s) => n + (s < 0 ? 1 : 0), 0);
      if (bare > 0) {
        errors.push({ item: "mesh", message: `${bare} of ${sectionOf.length} elements have no section`, command: "model.section.create" });
      }
    }
  }
  for (const s of d.sections) {
    if (!d.materials.some((m) => m.name === s.material)) {
      errors.push({ item: `section ${s.name}`, message: `material \`${s.material}\` does not exist`, command: "model.material.create" });
    }
  }
  for (const bc of d.boundary_conditions) {
    if (bc.type === "symmetry") {
      if (!(model.datums ?? []).some((x) => x.name === bc.datum && x.kind === "plane"))
        errors.push({ item: `boundary condition ${bc.name}`, message: `datum plane \`${bc.datum}\` does not exist`, command: "geometry.datum" });
    } else if (!setNames.has(bc.target.set)) errors.push({ item: `boundary condition ${bc.name}`, message: `set \`${bc.target.set}\` does not exist`, command: "model.set.create" });
    if (!d.steps.some((s) => s.boundary_conditions.includes(bc.name))) warnings.push({ item: `boundary condition ${bc.name}`, message: "is not active in any step" });
  }
  for (const load of d.loads) {
    if (!setNames.has(load.target.set)) errors.push({ item: `load ${load.name}`, message: `set \`${load.target.set}\` does not exist`, command: "model.set.create" });
    if (!d.steps.some((s) => s.loads.includes(load.name))) warnings.push({ item: `load ${load.name}`, message: "is not active in any step" });
  }
  const connectivity: Parameters<typeof connectivityReport>[1] = [];
  for (const step of d.steps) {
    for (const n of step.boundary_conditions) {
      if (!d.boundary_conditions.some((b) => b.name === n) && !isPointCondition(model, n)) errors.push({ item: `step ${step.name}`, message: `boundary condition \`${n}\` does not exist` });
    }
    for (const n of step.loads) if (!d.loads.some((l) => l.name === n) && !isPointLoad(model, n)) errors.push({ item: `step ${step.name}`, message: `load \`${n}\` does not exist` });
    // What the step's analysis needs of it (static: a boundary condition and elastic materials; frequency: density...).
    const analysis = analysisOf(step);
    const own = analysis.checkStep(model, step);
    errors.push(...missingMaterialProperties(model, step, analysis.materials ?? []));
    errors.push(...unusable(model, step, analysis.accepts));
    errors.push(...own.errors);
    warnings.push(...own.warnings);
    // A step its own row already calls unsupported (no condition at all) is not named again piece by piece.
    connectivity.push({ step, rule: analysis.connectivity, quiet: own.errors.some((e) => e.item === `step ${step.name}`) });
  }
  const joined = connectivityReport(model, connectivity);
  errors.push(...joined.errors);
  warnings.push(...joined.warnings);
  // Drift from the design (reopened with `model: keep` after an edit); items already in errors are not repeated.
  warnings.push(...designMatchWarnings(model).filter((w) => !errors.some((e) => e.item === w.item)));
  warnings.push(...partitionWarnings(model));
  errors.push(...couplingErrors(model));
  if (d.materials.length > 0 && d.sections.length === 0) warnings.push({ item: "materials", message: "no section uses a material yet", command: "model.section.create" });

  const stages: ProgressStage[] = [
    { stage: "design", done: model.design !== undefined || model.mesh !== undefined, command: "geometry.open" },
    { stage: "mesh", done: model.mesh !== undefined, command: "mesh.tet.generate" },
    { stage: "material", done: d.materials.length > 0, command: "model.material.create" },
    { stage: "section", done: d.sections.length > 0, command: "model.section.create" },
    { stage: "boundary conditions", done: d.boundary_conditions.length > 0, command: "model.boundary_condition.create" },
    { stage: "loads", done: d.loads.length > 0, command: "model.load.create" },
    { stage: "step", done: d.steps.length > 0, command: "model.step.create" },
    { stage: "solved", done: d.steps.length > 0 && d.steps.every((s) => model.results[s.name] !== undefined), command: solveCommand(model) },
  ];
  const next = stages.find((s) => !s.done);
  return { ok: errors.length === 0, errors, warnings, progress: { stages, next: next ? { stage: next.stage, command: next.command } : null } };
}
