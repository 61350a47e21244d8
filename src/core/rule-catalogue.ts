/**
 * The contract rules as data: id, family, default level, what each checks. Ids are declared once and never change;
 * the `RuleId` union is derived from this list, so a finding cannot carry an id the catalogue does not know.
 */
export const RULE_FAMILIES = ['risk', 'lint', 'poisoning', 'receipt', 'size'] as const;
export type RuleFamily = (typeof RULE_FAMILIES)[number];

interface RuleEntry {
  readonly id: `${RuleFamily}/${string}`;
  readonly family: RuleFamily;
  readonly defaultLevel: 'error' | 'warning' | 'info';
  readonly description: string;
}

export const CONTRACT_RULES = [
  {
    id: 'risk/inventory',
    family: 'risk',
    defaultLevel: 'info',
    description: 'Risk class of every tool (read-only, write, external-send, admin, file, code-exec) with the reason.',
  },
  {
    id: 'risk/write-without-output-schema',
    family: 'risk',
    defaultLevel: 'error',
    description: 'A write-capable tool declares no outputSchema, so the next step cannot rely on its result.',
  },
  {
    id: 'risk/write-without-annotations',
    family: 'risk',
    defaultLevel: 'error',
    description: 'A tool whose name, description or schema says it writes declares no annotations (readOnlyHint, destructiveHint, ...).',
  },
  { id: 'risk/contradictory-annotations', family: 'risk', defaultLevel: 'error', description: 'readOnlyHint: true together with destructiveHint: true.' },
  {
    id: 'risk/annotation-mismatch',
    family: 'risk',
    defaultLevel: 'warning',
    description: 'Annotations claim read-only or non-destructive while the name or description says otherwise.',
  },
  {
    id: 'risk/catch-all-tool',
    family: 'risk',
    defaultLevel: 'error',
    description: 'A tool takes a free-form command, SQL statement, code or operation string: it can do anything the backend allows.',
  },
  {
    id: 'risk/structured-result-invalid',
    family: 'risk',
    defaultLevel: 'error',
    description: 'A structured result observed from a call does not validate against the tool outputSchema.',
  },
  {
    id: 'lint/description-missing',
    family: 'lint',
    defaultLevel: 'warning',
    description: 'A tool, prompt or resource has no description for the model to select it by.',
  },
  { id: 'lint/description-thin', family: 'lint', defaultLevel: 'warning', description: 'A description too short, or one that only restates the name.' },
  {
    id: 'lint/param-description-missing',
    family: 'lint',
    defaultLevel: 'warning',
    description: 'A required parameter (or required prompt argument) has no description.',
  },
  { id: 'lint/too-many-tools', family: 'lint', defaultLevel: 'warning', description: 'More tools than a model selects from reliably.' },
  { id: 'lint/schema-deep', family: 'lint', defaultLevel: 'warning', description: 'An input schema nests deeper than models fill reliably.' },
  { id: 'lint/schema-huge', family: 'lint', defaultLevel: 'warning', description: 'A tool definition too large (estimated tokens or property count).' },
  {
    id: 'lint/token-cost',
    family: 'lint',
    defaultLevel: 'warning',
    description: 'The whole tool surface costs more context tokens (estimate) than the budget.',
  },
  {
    id: 'lint/confusable-tools',
    family: 'lint',
    defaultLevel: 'warning',
    description: 'Two tools whose names and descriptions are so alike that a model will mix them up.',
  },
  {
    id: 'lint/tool-name',
    family: 'lint',
    defaultLevel: 'warning',
    description: 'A tool name outside 1-128 characters of A-Z a-z 0-9 _ - . (server/tools SHOULD), or used twice.',
  },
  {
    id: 'lint/schema-uncompilable',
    family: 'lint',
    defaultLevel: 'warning',
    description: 'An input or output schema cannot be compiled (invalid, unsupported dialect, network $ref, over the bounds).',
  },
  {
    id: 'lint/malformed-field',
    family: 'lint',
    defaultLevel: 'warning',
    description: 'A field of the wrong type (a number where text belongs, a schema that is not an object); the other rules ignore it.',
  },
  {
    id: 'receipt/read-provenance',
    family: 'receipt',
    defaultLevel: 'warning',
    description: 'A read-only summary promises no source or no timestamp, so a reader cannot tell where or when it came from.',
  },
  {
    id: 'receipt/query-schema',
    family: 'receipt',
    defaultLevel: 'warning',
    description: 'A read-only query declares no outputSchema, so its results cannot be validated or relied on.',
  },
  {
    id: 'receipt/write-receipt',
    family: 'receipt',
    defaultLevel: 'warning',
    description: "A state-changing tool's outputSchema lacks a receipt id, the changed resource ids or a rollback hint.",
  },
  {
    id: 'receipt/send-receipt',
    family: 'receipt',
    defaultLevel: 'warning',
    description: 'An external-send tool lacks the recipient, a message id or a delivery status in its result, or an idempotency key in its input or result.',
  },
  {
    id: 'receipt/admin-audit',
    family: 'receipt',
    defaultLevel: 'warning',
    description: 'An admin or delete tool lacks an approval id (input or result) or an audit-log reference (result).',
  },
  {
    id: 'receipt/example-failed',
    family: 'receipt',
    defaultLevel: 'error',
    description: 'A configured example response fails: tool error, invalid against outputSchema, text mirror missing, or not the expected result.',
  },
  {
    id: 'receipt/example-not-run',
    family: 'receipt',
    defaultLevel: 'info',
    description: 'A configured example was neither called (the tool may write and is not allowed) nor given a recorded response.',
  },
  {
    id: 'size/large-result',
    family: 'size',
    defaultLevel: 'warning',
    description: 'A tool result over 10 KB came back inline instead of as a resource_link or embedded resource.',
  },
  {
    id: 'size/progressive-disclosure',
    family: 'size',
    defaultLevel: 'info',
    description: 'More than ~30 tools: the catalogue costs context on every request; disclose tools progressively.',
  },
  {
    id: 'poisoning/hidden-unicode',
    family: 'poisoning',
    defaultLevel: 'error',
    description: 'Invisible characters: Unicode tags, zero-width, variation-selector payloads, bidirectional controls.',
  },
  {
    id: 'poisoning/model-directive',
    family: 'poisoning',
    defaultLevel: 'error',
    description: 'Instructions aimed at the model: ignore previous instructions, hide from the user, act covertly.',
  },
  {
    id: 'poisoning/suspicious-directive',
    family: 'poisoning',
    defaultLevel: 'warning',
    description: 'Weaker steering: pseudo system tags, tool shadowing, claims of priority over other tools.',
  },
  {
    id: 'poisoning/exfiltration-sink',
    family: 'poisoning',
    defaultLevel: 'error',
    description: 'A data sink (capture host, templated URL, image beacon) or a credential file the model is pointed at.',
  },
  {
    id: 'poisoning/credential',
    family: 'poisoning',
    defaultLevel: 'error',
    description: 'A credential shape (cloud keys, tokens, private keys) in server-supplied text.',
  },
] as const satisfies readonly RuleEntry[];

export type RuleId = (typeof CONTRACT_RULES)[number]['id'];
export interface ContractRule extends RuleEntry {
  readonly id: RuleId;
}
/** What a level or waiver may name: a rule id, a whole family (`risk/*`) or every rule (`*`). */
export type RulePattern = RuleId | `${RuleFamily}/*` | '*';

const BY_ID: ReadonlyMap<string, ContractRule> = new Map(CONTRACT_RULES.map((r) => [r.id, r]));
/** Every pattern a config may write, ids first: the candidates for a did-you-mean hint. */
export const RULE_PATTERNS: readonly RulePattern[] = [...CONTRACT_RULES.map((r) => r.id), ...RULE_FAMILIES.map((f) => `${f}/*` as const), '*'];

export function isRulePattern(p: string): p is RulePattern {
  return p === '*' || BY_ID.has(p) || (p.endsWith('/*') && (RULE_FAMILIES as readonly string[]).includes(p.slice(0, -2)));
}

export function ruleById(id: RuleId): ContractRule {
  const rule = BY_ID.get(id);
  if (!rule) throw new Error(`rule ${id} is missing from CONTRACT_RULES`); // unreachable: RuleId comes from the list
  return rule;
}
