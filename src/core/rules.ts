/** How a user tunes rule-based findings (contracts, lint): a level per rule id, and waivers with a reason. */
export type RuleLevel = 'error' | 'warning' | 'info' | 'off';

export interface RuleWaiver {
  rule: string;
  /** Tool (or prompt/resource) name the waiver applies to; every subject when absent. */
  tool?: string;
  reason: string;
}

export interface RuleSettings {
  levels: Record<string, RuleLevel>;
  waivers: RuleWaiver[];
}
