/** The CI gate: a finished report against the last green baseline. Imports only core. */
export { runGate, type GateFiles } from './gate.js';
export { baselineFromReport, loadBaseline, serializeBaseline, harnessMajor } from './baseline.js';
export { BASELINE_FORMAT, type Baseline, type BaselineTarget, type BaselineEvals, type AcceptedFailure } from './baseline-types.js';
export { loadReport, asReport, readJsonFile } from './load.js';
export { GateInputError } from './errors.js';
export { DEFAULT_GATE_OPTIONS, type GateOptions } from './options.js';
export { verdictFor } from './compare-behaviour.js';
export { targetKey, contractId } from './keys.js';
export { historyEntry } from './history-entry.js';
export { historyMoves, causesBetween, catalogueChanges } from './history-attribution.js';
export { appendHistory, readHistory, DEFAULT_HISTORY } from './history-file.js';
export { mergeReports, type MergeInput } from './merge.js';
export { mergeEvalsReports } from './merge-evals.js';
