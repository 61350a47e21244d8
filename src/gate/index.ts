/** The CI gate: a finished report against the last green baseline. Imports only core. */
export { runGate } from './gate.js';
export { baselineFromReport, loadBaseline, serializeBaseline } from './baseline.js';
export { BASELINE_FORMAT, type Baseline } from './baseline-types.js';
export { loadReport } from './load.js';
export { GateInputError } from './errors.js';
export { DEFAULT_GATE_OPTIONS, type GateOptions } from './options.js';
export { verdictFor } from './compare-behaviour.js';
export { historyEntry } from './history-entry.js';
export { historyMoves } from './history-attribution.js';
export { appendHistory, readHistory, DEFAULT_HISTORY } from './history-file.js';
export { mergeReports, type MergeInput } from './merge.js';
