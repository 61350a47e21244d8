/**
 * Enforcing a policy on an inventory: which risk classes a server may expose, which need approval or receipts, and
 * which tools it covers. A tool the policy has not seen, or one now more severe than approved, fails.
 */
import type { Policy } from '../../core/policy.js';
import type { InventoryRow } from './inventory.js';
import { rulesFor } from './inventory.js';
import { RISK_CLASSES } from './risk.js';

export interface PolicyViolation {
  rule: 'policy/class-not-allowed' | 'policy/tool-not-covered' | 'policy/tool-escalated' | 'policy/approval-missing' | 'policy/receipt-missing';
  server: string;
  tool: string;
  message: string;
}

/** RISK_CLASSES runs most severe first. */
const severity = (c: string): number => RISK_CLASSES.length - RISK_CLASSES.indexOf(c as never);

export function enforcePolicy(policy: Policy, rows: readonly InventoryRow[]): PolicyViolation[] {
  const out: PolicyViolation[] = [];
  for (const row of rows) {
    const rules = rulesFor(policy, row.server);
    const v = (rule: PolicyViolation['rule'], message: string) => out.push({ rule, server: row.server, tool: row.tool, message });
    const entry = rules.tools?.[row.tool];
    if (rules.tools && !entry)
      v('policy/tool-not-covered', `a new ${row.riskClass} tool: the policy for ${rules.known ? `server ${row.server}` : 'this server'} does not list it`);
    else if (!rules.known && !Object.keys(policy.defaults).length)
      v('policy/tool-not-covered', `server ${row.server} is not in the policy, which has no defaults`);
    if (entry?.class && severity(row.riskClass) > severity(entry.class))
      v('policy/tool-escalated', `approved as ${entry.class}, now ${row.riskClass} (${row.riskReason})`);
    if (rules.allow && !rules.allow.includes(row.riskClass))
      v('policy/class-not-allowed', `${row.riskClass} tools may not be exposed on ${row.server} (allowed: ${rules.allow.join(', ') || 'none'})`);
    if (row.approvalRequired && !row.approval)
      v('policy/approval-missing', `${row.riskClass} tools need an approval: record one in the policy (tools.${row.tool}.approval) or take an approval id`);
    if ((rules.receipts ?? []).includes(row.riskClass) && !row.receiptPresent)
      v(
        'policy/receipt-missing',
        `${row.riskClass} tools must return a receipt; ${row.outputSchemaPresent ? 'the outputSchema lacks its fields (see the receipt/* findings)' : 'the tool declares no outputSchema'}`,
      );
  }
  return out;
}
