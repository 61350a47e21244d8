/**
 * Context size: results too large to hand a model whole, and catalogues large enough that loading every definition
 * on every request costs more than discovering tools on demand.
 */
import type { Catalogue } from '../catalogue/catalogue.js';
import type { ContractThresholds } from '../rules/thresholds.js';
import type { RawFinding } from '../rules/rule-settings.js';
import type { TokenEstimate } from '../catalogue/tokens.js';

/** One tool result some layer saw: its size and whether bulky data went out as a link or embedded resource. */
export interface ResultSizeObservation {
  tool: string;
  bytes: number;
  linked: boolean;
}

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

export function largeResultFindings(observed: readonly ResultSizeObservation[], t: ContractThresholds): RawFinding[] {
  const worst = new Map<string, ResultSizeObservation>();
  for (const o of observed) {
    if (o.linked || o.bytes <= t.largeResultBytes) continue;
    const prev = worst.get(o.tool);
    if (!prev || prev.bytes < o.bytes) worst.set(o.tool, o);
  }
  return [...worst.values()].map((o) => ({
    ruleId: 'size/large-result',
    subject: o.tool,
    message: `a result of ${kb(o.bytes)} (over ${kb(t.largeResultBytes)}) came back inline: every byte lands in the model's context`,
    reason: 'return a short summary plus a resource_link (or an embedded resource) the client can fetch when it needs the whole thing',
  }));
}

export function disclosureFindings(c: Catalogue, tokens: TokenEstimate, t: ContractThresholds): RawFinding[] {
  if (c.tools.length <= t.disclosureTools) return [];
  return [
    {
      ruleId: 'size/progressive-disclosure',
      subject: 'server',
      message: `${c.tools.length} tools (over ${t.disclosureTools}) cost about ${tokens.total} tokens of context (estimate) before the first question is asked`,
      reason:
        'disclose progressively: a few discovery tools (search tools, describe a tool, call it) or toolsets the client enables, so definitions load on demand',
    },
  ];
}
