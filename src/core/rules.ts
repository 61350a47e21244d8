/** How a user tunes rule-based findings (contracts, lint): a level per rule id, and waivers with a reason. */
import type { RulePattern } from './rule-catalogue.js';

export type RuleLevel = 'error' | 'warning' | 'info' | 'off';

export interface RuleWaiver {
  rule: RulePattern;
  /** Tool (or prompt/resource) name the waiver applies to; every subject when absent. */
  tool?: string;
  reason: string;
}

export interface RuleSettings {
  levels: Partial<Record<RulePattern, RuleLevel>>;
  waivers: RuleWaiver[];
  /** Extra names per result-contract field (`receiptId: [opId]`), added to the built-in synonyms. */
  fields?: Record<string, string[]>;
}

/** The fields result contracts ask for, by risk class (docs/contracts.md "Result contracts"). */
export const RECEIPT_FIELDS = [
  'source',
  'timestamp',
  'receiptId',
  'changedIds',
  'rollbackHint',
  'recipient',
  'messageId',
  'deliveryStatus',
  'idempotencyKey',
  'approvalId',
  'auditRef',
] as const;
export type ReceiptField = (typeof RECEIPT_FIELDS)[number];

/** An example call of a tool from the config: called when safe, else judged from a recorded response file. */
export interface ToolExample {
  arguments: Record<string, unknown>;
  /** Expected structured result; every key given must match (a subset), so volatile fields can be left out. */
  expect?: unknown;
  /** Absolute path of a recorded tools/call result (or a JSON-RPC response around one). */
  response?: string;
}
