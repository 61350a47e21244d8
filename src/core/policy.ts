/** A governance policy over tool inventories: which risk classes each server may expose, and what they must carry. */

export interface PolicyTool {
  /** The class this tool was approved as; a more severe class now is an escalation. */
  class?: string;
  owner?: string;
  /** Reference of the approval granted for this tool (a change ticket, a review). */
  approval?: string;
  scope?: string;
  labels?: Record<string, string>;
}

export interface PolicyRules {
  /** Risk classes the server may expose; absent means every class. */
  allow?: string[];
  /** Classes whose tools need an approval (a recorded `approval`, or an approval id the tool takes). */
  approval?: string[];
  /** Classes whose tools must return a receipt (their result contract holds). */
  receipts?: string[];
  owner?: string;
}

export interface PolicyServer extends PolicyRules {
  /** When present, the tools this policy covers: any other tool is new and fails. */
  tools?: Record<string, PolicyTool>;
}

export interface Policy {
  file: string;
  defaults: PolicyRules;
  servers: Record<string, PolicyServer>;
}
