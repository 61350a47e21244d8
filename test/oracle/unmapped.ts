/**
 * Official checks with no mcp-assay counterpart, each with the reason. The oracle fails on an official check that
 * is neither mapped (mapping.ts) nor listed here, so a new suite check cannot slip by unclassified.
 */
import type { OfficialSelector } from './mapping.js';

/** fixture: needs the reference server's tools; extension: not scored; gap: a requirement mcp-assay does not check yet; covered: judged elsewhere. */
export type UnmappedKind = 'fixture' | 'extension' | 'gap' | 'covered' | 'harness';

export interface Unmapped {
  official: OfficialSelector;
  kind: UnmappedKind;
  why: string;
}

const FIXTURE = 'fixture-driven: needs the suite\'s "everything" server tools, prompts or resources';
const NO_CHECK = 'no mcp-assay check for this requirement yet';

export const UNMAPPED: readonly Unmapped[] = [
  // Whole scenarios that only make sense against the reference fixture server.
  ...[
    'tools-call-*',
    'prompts-get-*',
    'resources-read-*',
    'resources-templates-read',
    'completion-complete',
    'input-required-result-*',
    'json-schema-2020-12',
    'http-custom-header-server-validation',
  ].map((scenario): Unmapped => ({ official: { scenario }, kind: 'fixture', why: FIXTURE })),
  // completion-complete is in the list above: it completes the fixture prompt test_prompt_with_arguments, so any other server fails it.
  {
    official: { scenario: 'tasks-*' },
    kind: 'extension',
    why: "Tasks extension (SEP-2663), not scored at 2026-07-28; the rest needs the suite's task fixture tools",
  },
  { official: { scenario: 'server-sse-multiple-streams' }, kind: 'gap', why: 'concurrent POST streams; mcp-assay has no stream-concurrency check' },
  {
    official: { id: 'tools-list' },
    kind: 'covered',
    why: 'list shape; ours judges it only through wire/server-messages-valid, which the wire mapping compares',
  },
  { official: { id: 'wire-schema-harness-error' }, kind: 'harness', why: "judges the suite's own messages, not the server" },
  // server-stateless
  ...['prompts', 'tools'].map((k): Unmapped => ({
    official: { id: `sep-2575-server-sends-${k}-list-changed-on-subscription` },
    kind: 'gap',
    why: `${NO_CHECK} (SHOULD: list_changed on a subscription)`,
  })),
  {
    official: { id: 'sep-2243-server-validate-param-match', name: 'ServerLiteralMissingBase64Suffix' },
    kind: 'gap',
    why: `${NO_CHECK}: the suite wants "=?base64?SGVsbG8=" (no closing ?=) compared as a literal; clients must encode any literal that looks like the sentinel, so this edge is arguable`,
  },
  { official: { id: 'sep-2243-server-no-*' }, kind: 'fixture', why: 'emitted when no tool has a string x-mcp-header parameter' },
  // sep-2164
  {
    official: { id: 'sep-2164-data-uri' },
    kind: 'covered',
    why: 'SHOULD: ours notes a missing data.uri without grading it; the suite FAILs it when no error arrives at all',
  },
];
