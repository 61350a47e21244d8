/** A JSON object as the wire model reads it; a leaf, so the typed readers load without the wire model. */
export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
