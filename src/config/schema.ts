import { z } from 'zod';
import { isRulePattern } from '../core/rule-catalogue.js';
import { RECEIPT_FIELDS } from '../core/rules.js';
import { configKeysOf, type OptionDecl } from './options.js';
import type { CheckOptions, EvalConfig, ReportPaths } from './types.js';

/** Zod schema of `mcp-assay.config.yaml` as written (before paths are resolved). Every object is strict. */
const ms = z.number().int().positive();
const nonEmpty = z.string().min(1);
const toolArgs = z.record(nonEmpty, z.record(z.string(), z.unknown()));

const URL_ONLY = ['headers'] as const;
const COMMAND_ONLY = ['args', 'env', 'secretEnv', 'cwd'] as const;

export const serverSchema = z
  .strictObject({
    url: z.string().optional(),
    headers: z.record(nonEmpty, z.string()).optional(),
    command: nonEmpty.optional(),
    args: z.array(z.string()).optional(),
    env: z.record(nonEmpty, z.string()).optional(),
    secretEnv: z.array(nonEmpty).optional(),
    cwd: nonEmpty.optional(),
    timeout: ms.optional(),
    allowTools: z.array(nonEmpty).optional(),
    toolArgs: toolArgs.optional(),
  })
  .superRefine((s, ctx) => {
    const hint = 'a server is either reached over HTTP (`url`) or started as a child process (`command`)';
    if (s.url !== undefined && s.command !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['command'], message: 'set either `url` or `command`, not both', params: { hint, at: 'key' } });
      return;
    }
    if (s.url === undefined && s.command === undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: 'needs `url` or `command`', params: { hint, at: 'key' } });
      return;
    }
    if (s.url !== undefined) {
      // Streamable HTTP is the only network transport (transports spec): http or https URLs only.
      if (!isHttpUrl(s.url))
        ctx.addIssue({
          code: 'custom',
          path: ['url'],
          message: `not an http(s) URL: ${JSON.stringify(s.url)}`,
          params: { hint: 'write e.g. http://127.0.0.1:3000/mcp' },
        });
      for (const k of COMMAND_ONLY)
        if (s[k] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [k],
            message: `\`${k}\` applies only to a \`command\` server`,
            params: { at: 'key', hint: 'remove it, or start the server with `command`' },
          });
    } else {
      for (const k of URL_ONLY)
        if (s[k] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [k],
            message: `\`${k}\` applies only to a \`url\` server`,
            params: { at: 'key', hint: 'pass values to a child process with `env`' },
          });
    }
  });

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A config value as the option table declares it (the flag parser reads the same kind, range and choices). */
function valueSchema(d: OptionDecl): z.ZodType {
  const [min, max] = d.range ?? [1, Number.MAX_SAFE_INTEGER];
  switch (d.kind) {
    case 'ms':
      return ms;
    case 'count':
      return z.number().int().min(min).max(max);
    case 'fraction':
      return z.number().min(0).max(1);
    case 'switch':
    case 'negatable':
      return z.boolean();
    case 'strings':
      return z.array(d.choices ? z.enum(d.choices.values as [string, ...string[]], { error: d.choices.message }) : nonEmpty);
    case 'tool-args':
      return toolArgs;
    default:
      return d.pattern ? nonEmpty.regex(new RegExp(d.pattern.regex), d.pattern.message) : nonEmpty;
  }
}

/** The keys of a config block that mirror options: defaulted (`check:`) or optional (`reports:`, `eval:`). */
function optionKeys(block: 'check' | 'reports' | 'eval', defaulted: boolean): Record<string, z.ZodType> {
  const out: Record<string, z.ZodType> = {};
  for (const [key, d] of configKeysOf(block)) {
    const v = valueSchema(d);
    const empty = d.kind === 'strings' ? () => [] : d.kind === 'tool-args' ? () => ({}) : undefined;
    out[key] = !defaulted ? v.optional() : d.default !== undefined ? v.default(d.default as never) : empty ? v.default(empty) : v.optional();
  }
  return out;
}

export const checkSchema = z.strictObject(optionKeys('check', true)) as unknown as z.ZodType<CheckOptions, Partial<CheckOptions>>;

export const reportsSchema = z.strictObject({
  dir: nonEmpty.optional(),
  ...optionKeys('reports', false),
}) as unknown as z.ZodType<ReportPaths, ReportPaths>;

export const RULE_LEVELS = ['error', 'warning', 'info', 'off'] as const;

/** A contract rule id, `family/*` or `*`; issues.ts turns a miss into a did-you-mean hint. */
const rulePattern = (at: 'key' | 'value') => nonEmpty.refine(isRulePattern, { message: 'no contract rule has this id', params: { at, suggest: 'rule' } });

export const waiverSchema = z.strictObject({
  rule: rulePattern('value'),
  tool: nonEmpty.optional(),
  reason: z.string().trim().min(1),
});

export const contractsSchema = z.strictObject({
  rules: z.partialRecord(rulePattern('key'), z.enum(RULE_LEVELS)).default(() => ({})),
  waivers: z.array(waiverSchema).default(() => []),
  fields: z
    .strictObject(
      Object.fromEntries(RECEIPT_FIELDS.map((f) => [f, z.array(nonEmpty).optional()])) as Record<
        (typeof RECEIPT_FIELDS)[number],
        z.ZodOptional<z.ZodArray<z.ZodString>>
      >,
    )
    .optional(),
});

export const exampleSchema = z.strictObject({
  arguments: z.record(z.string(), z.unknown()).default(() => ({})),
  expect: z.unknown().optional(),
  response: nonEmpty.optional(),
});

const priceSchema = z.strictObject({ inputPerMTok: z.number().min(0), outputPerMTok: z.number().min(0), cachedInputPerMTok: z.number().min(0).optional() });

/** `eval:` (layer 1). Keys are named by environment variable only (`keyEnv`), never written here. */
export const evalSchema = z.strictObject({
  ...optionKeys('eval', false),
  maxTurns: z.number().int().min(1).max(50).optional(),
  timeout: ms.optional(),
  runTimeout: ms.optional(),
  cacheDir: nonEmpty.optional(),
  models: z
    .array(
      z.strictObject({
        id: nonEmpty,
        baseURL: z.string().optional(),
        keyEnv: nonEmpty.optional(),
        params: z.record(nonEmpty, z.unknown()).optional(),
      }),
    )
    .optional(),
  prices: z.record(nonEmpty, priceSchema).optional(),
  pricesDate: nonEmpty.optional(),
}) as unknown as z.ZodType<EvalConfig, EvalConfig>;

export const configSchema = z.strictObject({
  servers: z.record(nonEmpty, serverSchema).default(() => ({})),
  check: checkSchema.prefault({}),
  reports: reportsSchema.prefault({}),
  contracts: contractsSchema.prefault({}),
  examples: z.record(nonEmpty, z.array(exampleSchema)).default(() => ({})),
  eval: evalSchema.optional(),
});

export type ConfigParsed = z.output<typeof configSchema>;
