/** A golden set after loading: cases normalised (matchers resolved, kinds and gates decided). */

export type MatchKind = 'exact' | 'normalized' | 'type' | 'regex' | 'one_of' | 'semantic';

export interface ArgMatcher {
  kind: MatchKind;
  /** The expected value (exact, normalized, semantic), when `expect_args` gives one. */
  value?: unknown;
  hasValue: boolean;
  regex?: string;
  oneOf?: unknown[];
  type?: string;
  threshold?: number;
  optional: boolean;
}

/** A tool slot: any of these names satisfies it (an equivalence class, METRICS notation). */
export type ToolClass = string[];

export interface GoldenCase {
  id: string;
  /** 1-based line of the case in the file. */
  line: number;
  kind: 'positive' | 'negative' | 'sequence';
  messages: { role: 'user' | 'assistant'; content: string }[];
  /** null: no server tool may be called; undefined: not asserted. */
  expectTool?: ToolClass | null;
  args?: Record<string, ArgMatcher>;
  sequence?: ToolClass[];
  gate: 'hard' | 'soft';
  tags: string[];
  maxTurns?: number;
  mocks: Record<string, unknown>;
  denied: string[];
  judge?: { rubric: string; threshold?: number };
  /** sha256 of the case's canonical JSON: part of the cache key. */
  hash: string;
}

export interface GoldenSet {
  file: string;
  /** sha256 of the file's bytes. */
  hash: string;
  system?: string;
  maxTurns?: number;
  cases: GoldenCase[];
  /** Source positions for later errors (catalogue validation): case index -> key path -> line:col. */
  locate(caseIndex: number, path: PropertyKey[]): { line: number; column: number };
}
