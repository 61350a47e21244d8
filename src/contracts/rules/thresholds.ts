/** Thresholds of the lint and size rules; every default is documented in docs/contracts.md. */
export interface ContractThresholds {
  /** Fewer characters than this is a thin description. */
  minDescriptionChars: number;
  maxTools: number;
  maxSchemaDepth: number;
  /** Estimated tokens of one tool definition. */
  maxToolTokens: number;
  maxSchemaProperties: number;
  /** Estimated tokens of all tool definitions plus server instructions. */
  tokenBudget: number;
  /** Combined name and description similarity at which two tools are confusable (0..1). */
  confusableScore: number;
  /** A result larger than this (bytes of JSON) that is not a link or an embedded resource gets advice. */
  largeResultBytes: number;
  /** More tools than this get the progressive-disclosure advice. */
  disclosureTools: number;
}

export const DEFAULT_THRESHOLDS: Readonly<ContractThresholds> = {
  minDescriptionChars: 20,
  maxTools: 40,
  maxSchemaDepth: 5,
  maxToolTokens: 2000,
  maxSchemaProperties: 60,
  tokenBudget: 10_000,
  confusableScore: 0.75,
  largeResultBytes: 10 * 1024,
  disclosureTools: 30,
};
