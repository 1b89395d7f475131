// The catalogue: one line per command row. A new command is a file of its own plus a line here.
import type { AnyCommandRow } from "./types.js";
import { fileOpenCommand } from "./file/open.js";
import { fileSampleCommand } from "./file/sample.js";
import { fileSaveAsCommand } from "./file/save-as.js";
import { fileSaveCommand } from "./file/save.js";
import { fileRecoveryListCommand } from "./file/recovery-list.js";
import { fileRecoverCommand } from "./file/recover.js";
import { fileRecoveryDiscardCommand } from "./file/recovery-discard.js";
import { geometryBodiesCommand } from "./geometry/bodies.js";
import { geometryOpenCommand } from "./geometry/open.js";
import { geometryDatumAxisCommand, geometryDatumCommand } from "./geometry/datum.js";
import { geometryPartitionCommand } from "./geometry/partition.js";
import { geometryImportMeshCommand } from "./geometry/import-mesh.js";
import { meshTetGenerateCommand } from "./mesh/tet-generate.js";
import { meshPlanarCommand } from "./mesh/planar.js";
import { solveStaticCommand } from "./solve/static.js";
import { solveProbeCommand } from "./solve/probe.js";
import { solveFrequencyCommand } from "./solve/frequency.js";
import { solveHeatCommand } from "./solve/heat.js";
import { solveExplicitCommand } from "./solve/explicit.js";
import { resultsFramesCommand } from "./results/frames.js";
import { modelAmplitudeCreateCommand } from "./model/amplitude-create.js";
import { modelInitialConditionCreateCommand } from "./model/initial-condition-create.js";
import { solveFluidCommand } from "./solve/fluid.js";
import { resultsFlowCommand } from "./results/flow.js";
import { resultsModesCommand } from "./results/modes.js";
import { resultsContourCommand } from "./results/contour.js";
import { resultsReactionsCommand } from "./results/reactions.js";
import { deckWriteCommand } from "./deck/write.js";
import { meshQualityCommand } from "./mesh/quality.js";
import { meshBlockCommand } from "./mesh/block.js";
import { meshMirrorCommand } from "./mesh/mirror.js";
import { meshCellsCommand } from "./mesh/cells.js";
import { meshSeedClearCommand, meshSeedEdgeCommand, meshSeedListCommand } from "./mesh/seed.js";
import { meshHexBlocksCommand, meshHexCommand, meshHexMappedCommand, meshHexSweepCommand } from "./mesh/hex-generate.js";
import { editRedoCommand } from "./edit/redo.js";
import { editUndoCommand } from "./edit/undo.js";
import { modelActivityCommand } from "./model/activity.js";
import { modelBoundaryConditionCreateCommand } from "./model/boundary-condition-create.js";
import { modelBoundaryConditionSymmetryCommand } from "./model/boundary-condition-symmetry.js";
import { modelCheckCommand } from "./model/check.js";
import { modelInfoCommand } from "./model/info.js";
import { modelLoadCreateCommand } from "./model/load-create.js";
import { modelCouplingCreateCommand, modelReferencePointCreateCommand, modelReferencePointHoldCommand, modelReferencePointLoadCommand } from "./model/reference-point.js";
import { modelMaterialCreateCommand } from "./model/material-create.js";
import { modelSectionCreateCommand } from "./model/section-create.js";
import { modelSetCreateCommand } from "./model/set-create.js";
import { modelStepCreateCommand } from "./model/step-create.js";
import { modelUnitsCommand } from "./model/units.js";
import { uiCameraCommand } from "./ui/camera.js";
import { uiRenderCommand } from "./ui/render.js";

export const COMMANDS: AnyCommandRow[] = [
  modelInfoCommand,
  modelActivityCommand,
  modelCheckCommand,
  modelUnitsCommand,
  modelSetCreateCommand,
  modelMaterialCreateCommand,
  modelSectionCreateCommand,
  modelBoundaryConditionCreateCommand,
  modelBoundaryConditionSymmetryCommand,
  modelLoadCreateCommand,
  modelStepCreateCommand,
  modelAmplitudeCreateCommand,
  modelInitialConditionCreateCommand,
  modelReferencePointCreateCommand,
  modelCouplingCreateCommand,
  modelReferencePointLoadCommand,
  modelReferencePointHoldCommand,
  geometryOpenCommand,
  geometryBodiesCommand,
  geometryDatumCommand,
  geometryDatumAxisCommand,
  geometryPartitionCommand,
  geometryImportMeshCommand,
  meshTetGenerateCommand,
  meshPlanarCommand,
  meshQualityCommand,
  meshHexCommand,
  meshHexMappedCommand,
  meshHexBlocksCommand,
  meshHexSweepCommand,
  meshBlockCommand,
  meshMirrorCommand,
  meshCellsCommand,
  meshSeedEdgeCommand,
  meshSeedListCommand,
  meshSeedClearCommand,
  solveStaticCommand,
  solveFrequencyCommand,
  solveHeatCommand,
  solveExplicitCommand,
  solveFluidCommand,
  solveProbeCommand,
  resultsModesCommand,
  resultsContourCommand,
  resultsReactionsCommand,
  resultsFramesCommand,
  resultsFlowCommand,
  fileOpenCommand,
  fileSaveCommand,
  fileSaveAsCommand,
  fileSampleCommand,
  fileRecoveryListCommand,
  fileRecoverCommand,
  fileRecoveryDiscardCommand,
  deckWriteCommand,
  editUndoCommand,
  editRedoCommand,
  uiRenderCommand,
  uiCameraCommand,
];
