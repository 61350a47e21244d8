/**
 * Result contracts by risk class: what a tool's output must carry for the next step (or an auditor) to rely on it.
 * A read-only summary names its source and time; a structured query declares an outputSchema; a state change returns
 * a receipt; an external send proves delivery and can be retried safely; an admin or delete action is approved and
 * audited. Field names come from the tool's schemas, matched against synonyms the user can extend.
 */
import type { RuleId } from '../../core/rule-catalogue.js';
import type { CatalogueTool } from '../catalogue/catalogue.js';
import { DEFAULT_FIELD_NAMES, findField, promisedNames, type FieldNames, type ReceiptField } from './receipt-fields.js';
import type { RawFinding } from '../rules/rule-settings.js';
import type { ToolRisk } from './risk.js';
import { nameTokens } from '../shared/text.js';

export type ResultContract = 'summary' | 'query' | 'state-change' | 'external-send' | 'admin';

const SUMMARY_WORDS = new Set(
  'summary summaries summarize summarise overview digest report reports brief briefing recap insight insights analytics stats statistics trends highlights dashboard'.split(
    ' ',
  ),
);
const SUMMARY_PHRASE =
  /^\s*(?:this\s+tool\s+)?(?:summari[sz]es?|gives?\s+an?\s+overview|returns?\s+an?\s+(?:short\s+|brief\s+)?(?:summary|overview|digest|report))\b/i;
const QUERY_VERBS = new Set('list search query find lookup filter browse count get fetch read retrieve select show describe'.split(' '));
const QUERY_PARAMS = new Set('query q filter filters where sort sortby orderby limit page pagesize cursor offset'.split(' '));

/** Which result contract applies to a tool, and why; undefined when none does (a calculator, an echo). */
export function resultContractOf(t: CatalogueTool, r: ToolRisk): { kind: ResultContract; why: string } | undefined {
  if (r.writeCapable) {
    if (r.classes.includes('admin')) return { kind: 'admin', why: 'administrative tool' };
    if (r.destructiveLike || t.annotations?.destructiveHint === true)
      return { kind: 'admin', why: r.destructiveLike ? 'deletes or overwrites' : 'annotated destructiveHint: true' };
    if (r.class === 'external-send') return { kind: 'external-send', why: 'delivers to someone outside' };
    if (r.class === 'write' || r.class === 'file') return { kind: 'state-change', why: 'changes state' };
    return undefined;
  }
  const tokens = nameTokens(t.name);
  if (tokens.some((x) => SUMMARY_WORDS.has(x)) || SUMMARY_PHRASE.test(t.description ?? '')) return { kind: 'summary', why: 'read-only summary' };
  const params = Object.keys((t.inputSchema?.properties as Record<string, unknown> | undefined) ?? {}).map((p) => p.toLowerCase().replace(/[^a-z0-9]/g, ''));
  if (QUERY_VERBS.has(tokens[0] ?? '') || params.some((p) => QUERY_PARAMS.has(p))) return { kind: 'query', why: 'read-only query' };
  return undefined;
}

interface Need {
  field: ReceiptField;
  label: string;
  /** The field may be a parameter instead of a result property. */
  inputToo?: boolean;
}

const NEEDS: Record<Exclude<ResultContract, 'query'>, { rule: RuleId; needs: Need[] }> = {
  summary: {
    rule: 'receipt/read-provenance',
    needs: [
      { field: 'source', label: 'source' },
      { field: 'timestamp', label: 'timestamp' },
    ],
  },
  'state-change': {
    rule: 'receipt/write-receipt',
    needs: [
      { field: 'receiptId', label: 'receipt id' },
      { field: 'changedIds', label: 'changed resource ids' },
      { field: 'rollbackHint', label: 'rollback hint' },
    ],
  },
  'external-send': {
    rule: 'receipt/send-receipt',
    needs: [
      { field: 'recipient', label: 'recipient' },
      { field: 'messageId', label: 'message id' },
      { field: 'deliveryStatus', label: 'delivery status' },
      { field: 'idempotencyKey', label: 'idempotency key', inputToo: true },
    ],
  },
  admin: {
    rule: 'receipt/admin-audit',
    needs: [
      { field: 'approvalId', label: 'approval id', inputToo: true },
      { field: 'auditRef', label: 'audit-log reference' },
    ],
  },
};

const hint = (f: ReceiptField): string => `looked for ${DEFAULT_FIELD_NAMES[f].slice(0, 4).join(', ')}, … (add your names under contracts.fields.${f})`;

export function receiptFindings(t: CatalogueTool, r: ToolRisk, known: FieldNames): RawFinding[] {
  const contract = resultContractOf(t, r);
  if (!contract) return [];
  if (contract.kind === 'query') {
    if (t.outputSchema !== undefined) return [];
    return [
      {
        ruleId: 'receipt/query-schema',
        subject: t.name,
        message: 'read-only query declares no outputSchema, so callers cannot validate or rely on the shape of its results',
        reason: contract.why,
      },
    ];
  }
  const { rule, needs } = NEEDS[contract.kind];
  // A write without any outputSchema is risk/write-without-output-schema's finding; one finding per cause.
  if (t.outputSchema === undefined && contract.kind !== 'summary') return [];
  const output = promisedNames(t.outputSchema);
  const input = promisedNames(t.inputSchema);
  const missing = needs.filter((n) => !findField(output, n.field, known) && !(n.inputToo && findField(input, n.field, known)));
  if (!missing.length) return [];
  const labels = missing.map((n) => n.label + (n.inputToo ? ' (parameter or result)' : ''));
  const what = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : labels[0];
  return [
    {
      ruleId: rule,
      subject: t.name,
      message:
        t.outputSchema === undefined
          ? `${contract.why} declares no outputSchema, so it promises no ${what}`
          : `${contract.why}: the outputSchema promises no ${what}`,
      reason: missing.map((n) => `${n.field}: ${hint(n.field)}`).join('; '),
      location: missing.some((n) => !n.inputToo) ? 'outputSchema' : 'inputSchema',
    },
  ];
}
