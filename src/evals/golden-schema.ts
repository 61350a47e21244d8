import { z } from 'zod';

/**
 * The golden set as written: a plain YAML list of cases (the common format in the wild), or a mapping with
 * `cases` and shared settings. Every object is strict: an unknown key is an error with its line.
 */
const nonEmpty = z.string().min(1);

export const MATCH_KINDS = ['exact', 'normalized', 'type', 'regex', 'one_of', 'semantic'] as const;
export const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'] as const;

/** Per-argument matcher (METRICS §2): a word, or a mapping that may add `optional`. */
export const matcherSchema = z.union([
  z.enum([...MATCH_KINDS.filter((k) => k !== 'regex' && k !== 'one_of'), 'optional']),
  z.strictObject({
    match: z.enum(MATCH_KINDS).optional(),
    regex: nonEmpty.optional(),
    one_of: z.array(z.unknown()).min(1).optional(),
    type: z.enum(JSON_TYPES).optional(),
    threshold: z.number().min(0).max(1).optional(),
    optional: z.boolean().optional(),
  }),
]);

const messageSchema = z.strictObject({ role: z.enum(['user', 'assistant']), content: nonEmpty });

export const caseSchema = z
  .strictObject({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]*$/, 'ids use letters, digits and . _ : / -'),
    description: z.string().optional(),
    prompt: nonEmpty.optional(),
    messages: z.array(messageSchema).min(1).optional(),
    expect_tool: z.union([nonEmpty, z.array(nonEmpty).min(1), z.null()]).optional(),
    expect_args: z.record(nonEmpty, z.unknown()).optional(),
    arg_match: z.record(nonEmpty, matcherSchema).optional(),
    /** Default `threshold` of this case's semantic arguments (cosine for embeddings, word overlap for the fallback). */
    semantic_threshold: z.number().min(0).max(1).optional(),
    expect_sequence: z
      .array(z.union([nonEmpty, z.array(nonEmpty).min(1)]))
      .min(1)
      .optional(),
    gate: z.enum(['hard', 'soft']).optional(),
    tags: z.array(nonEmpty).optional(),
    max_turns: z.number().int().min(1).max(50).optional(),
    mocks: z.record(nonEmpty, z.unknown()).optional(),
    denied: z.array(nonEmpty).optional(),
    judge: z.strictObject({ rubric: nonEmpty, threshold: z.number().min(0).max(1).optional() }).optional(),
  })
  .superRefine((c, ctx) => {
    const issue = (path: PropertyKey[], message: string, hint: string, at: 'key' | 'value' = 'key') =>
      ctx.addIssue({ code: 'custom', path, message, params: { hint, at } });
    if (c.prompt === undefined && c.messages === undefined) issue([], 'needs `prompt` or `messages`', 'write the user request as `prompt: "…"`');
    if (c.prompt !== undefined && c.messages !== undefined)
      issue(['messages'], 'set either `prompt` or `messages`, not both', 'a multi-turn case lists every message under `messages`');
    if (c.messages && c.messages[c.messages.length - 1]?.role !== 'user')
      issue(['messages', c.messages.length - 1], 'the last message must be from the user', 'the model answers the last user message');
    if (c.expect_tool === undefined && c.expect_sequence === undefined)
      issue([], 'has neither `expect_tool` nor `expect_sequence`', 'say which tool should be called, or `expect_tool: null` when none should');
    const single = typeof c.expect_tool === 'string' || Array.isArray(c.expect_tool);
    for (const k of ['expect_args', 'arg_match'] as const)
      if (c[k] !== undefined && !single)
        issue([k], `\`${k}\` needs \`expect_tool\` naming a tool`, 'arguments are scored on the first call of the expected tool');
    if (c.expect_tool === null && c.expect_sequence !== undefined)
      issue(['expect_sequence'], '`expect_tool: null` (no call) contradicts `expect_sequence`', 'remove one of them');
    for (const [k, m] of Object.entries(c.arg_match ?? {})) {
      if (typeof m === 'string') continue;
      const set = [m.regex !== undefined, m.one_of !== undefined].filter(Boolean).length;
      if (set > 1) issue(['arg_match', k], 'give one of `regex` or `one_of`', 'one matcher per argument');
      if (m.match === 'regex' && m.regex === undefined) issue(['arg_match', k], '`match: regex` needs `regex`', 'e.g. regex: "^T-[0-9]+$"');
      if (m.match === 'one_of' && m.one_of === undefined) issue(['arg_match', k], '`match: one_of` needs `one_of`', 'e.g. one_of: [open, pending]');
      if (m.regex !== undefined) {
        try {
          new RegExp(m.regex, 'u');
        } catch (e) {
          issue(['arg_match', k, 'regex'], `not a valid regular expression: ${(e as Error).message}`, 'JavaScript regex syntax', 'value');
        }
      }
    }
  });

export const goldenSchema = z.union([
  z.array(caseSchema),
  z.strictObject({
    system: nonEmpty.optional(),
    max_turns: z.number().int().min(1).max(50).optional(),
    cases: z.array(caseSchema),
  }),
]);

export type CaseInput = z.output<typeof caseSchema>;
export type MatcherInput = z.output<typeof matcherSchema>;
