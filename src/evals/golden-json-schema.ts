import { z } from 'zod';
import { goldenSchema } from './golden-schema.js';

export const GOLDEN_SCHEMA_ID = 'urn:mcp-assay:golden-schema:1.0';

/** The published JSON Schema of a golden set (docs/golden-schema.json), derived from the loader's own schema. */
export function goldenJsonSchema(): Record<string, unknown> {
  const s = z.toJSONSchema(goldenSchema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return {
    ...s,
    $id: GOLDEN_SCHEMA_ID,
    title: 'mcp-assay golden set',
    description:
      'Natural-language tasks for `mcp-assay eval`: a list of cases, or a mapping with `cases`. Each case has `prompt` or `messages`, and `expect_tool` (a tool, a list of interchangeable tools, or null for none) and/or `expect_sequence`. Cross-field rules (one of prompt/messages, at least one expectation) and tool/argument names are checked by the loader.',
  };
}
