/**
 * The tool-level inventory a platform team governs: per tool its risk class and why, scope, approval, whether an
 * output schema and a receipt are required and present, and owner, with the policy's own fields.
 */
import type { Policy, PolicyRules, PolicyTool } from '../../core/policy.js';
import type { RuleSettings } from '../../core/rules.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import { fieldNames, findField, promisedNames } from './receipt-fields.js';
import { receiptFindings, resultContractOf } from './receipt-rules.js';
import { classifyTool, type RiskClass } from './risk.js';

export interface InventoryRow {
  server: string;
  tool: string;
  riskClass: RiskClass;
  riskReason: string;
  tier: string;
  /** The policy's scope for the tool, else its reach from the hints: `open-world` or `closed-world`. */
  scope: string;
  approvalRequired: boolean;
  /** The policy records an approval, or the tool takes an approval id. */
  approval: string;
  outputSchemaRequired: boolean;
  outputSchemaPresent: boolean;
  receiptRequired: boolean;
  receiptPresent: boolean;
  owner: string;
  /** `labels` the policy gives the tool. */
  policy: Record<string, string>;
}

/** The rules that apply to a server: its own entry over the defaults. */
export function rulesFor(policy: Policy | undefined, server: string): PolicyRules & { tools?: Record<string, PolicyTool>; known: boolean } {
  const own = policy?.servers[server];
  return { ...(policy?.defaults ?? {}), ...(own ?? {}), known: own !== undefined };
}

const RECEIPT_KINDS = new Set(['state-change', 'external-send', 'admin']);
const RECEIPT_RULES = new Set(['receipt/write-receipt', 'receipt/send-receipt', 'receipt/admin-audit']);

export function inventoryRows(server: string, c: Catalogue, policy?: Policy, settings?: Partial<RuleSettings>): InventoryRow[] {
  const known = fieldNames(settings?.fields);
  const rules = rulesFor(policy, server);
  return c.tools.map((t) => {
    const r = classifyTool(t);
    const entry = rules.tools?.[t.name];
    const contract = resultContractOf(t, r);
    const receiptRequired = (contract !== undefined && RECEIPT_KINDS.has(contract.kind)) || (rules.receipts ?? []).includes(r.class);
    const takesApproval = findField(promisedNames(t.inputSchema), 'approvalId', known);
    return {
      server,
      tool: t.name,
      riskClass: r.class,
      riskReason: r.reasons.join('; '),
      tier: r.tier,
      scope: entry?.scope ?? (r.hints.openWorld ? 'open-world' : 'closed-world'),
      approvalRequired: (rules.approval ?? []).includes(r.class),
      approval: entry?.approval ?? (takesApproval ? `input: ${takesApproval}` : ''),
      outputSchemaRequired: r.writeCapable || contract?.kind === 'query' || receiptRequired,
      outputSchemaPresent: t.outputSchema !== undefined,
      receiptRequired,
      receiptPresent: t.outputSchema !== undefined && !receiptFindings(t, r, known).some((f) => RECEIPT_RULES.has(f.ruleId)),
      owner: entry?.owner ?? rules.owner ?? '',
      policy: { ...(entry?.labels ?? {}) },
    };
  });
}
