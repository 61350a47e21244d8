/**
 * The servers the oracle judges with both tools: the correct support-desk example and the flawed server with fault
 * sets the official suite can also see (its generic scenarios reach them without fixture tools).
 */
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { FAULTS, validateFaults } from '../../examples/flawed-server/faults.js';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';

export interface OracleServer {
  /** Label used in tables and in KNOWN_DIFFERENCES. */
  label: string;
  /** A correct server: neither tool may fail a mapped check on it. */
  correct: boolean;
  /** Faulty, but only mcp-assay can see it: the fault must show as a known difference, not a shared verdict. */
  suiteBlind: boolean;
  start(): Promise<{ url: string; close(): Promise<void> }>;
}

/** Faults the suite's generic scenarios cannot see; the oracle keeps them to prove the documented difference. */
export const SUITE_BLIND: readonly string[] = ['result-type-unknown', 'cache-scope-per-page', 'completion-unadvertised'];

/** One fault per set, so a verdict points at one cause; the last set combines several. */
export const FAULT_SETS: readonly (readonly string[])[] = [
  ['headers-method-unchecked'],
  ['headers-name-unchecked'],
  ['headers-wrong-code'],
  ['resource-missing-legacy-code'],
  ['resource-missing-empty'],
  ['cache-hints-missing'],
  ['cache-hints-invalid'],
  ['version-unchecked'],
  ['version-error-bad-data'],
  ['meta-unchecked'],
  ['unknown-method-wrong'],
  ['tools-order-unstable'],
  ['discover-unimplemented'],
  ['discover-missing-version'],
  ['discover-missing-fields'],
  ['result-type-missing'],
  ['schema-root-not-object'],
  ['client-info-required'],
  ['resources-list-invalid'],
  ['prompts-list-invalid'],
  ['tool-names-invalid'],
  ['param-missing-accepted'],
  ['param-invalid-accepted'],
  ['param-base64-undecoded'],
  ['result-type-unknown'],
  ['cache-scope-per-page'],
  ['completion-unadvertised'],
  ['headers-name-unchecked', 'cache-hints-missing', 'unknown-method-wrong', 'tools-order-unstable'],
];

export function flawedLabel(faults: readonly string[]): string {
  return `flawed:${faults.length ? faults.join('+') : 'none'}`;
}

export function oracleServers(): OracleServer[] {
  return [
    { label: 'support-desk', correct: true, suiteBlind: false, start: () => startSupportDeskHttp({ port: 0 }) },
    { label: flawedLabel([]), correct: true, suiteBlind: false, start: () => startFlawedHttp({ faults: [], port: 0 }) },
    ...FAULT_SETS.map((faults) => ({
      label: flawedLabel(faults),
      correct: false,
      suiteBlind: faults.every((f) => SUITE_BLIND.includes(f)),
      // A renamed or removed fault fails loudly here rather than silently testing nothing.
      start: () => startFlawedHttp({ faults: validateFaults(faults), port: 0 }),
    })),
  ];
}

/** Faults of the flawed server that no oracle set exercises (printed, so new ones get considered). */
export function faultsOutsideOracle(): string[] {
  const used = new Set(FAULT_SETS.flat());
  return Object.keys(FAULTS).filter((f) => !used.has(f));
}
