/**
 * The one place mcp-assay builds JSON Schema validators for server-provided schemas: the declared dialect or 2020-12,
 * formats, never a `loadSchema` (a network `$ref` is never fetched, SEP-2106), and regular expressions that cannot
 * hang the run (a server controls both the `pattern` and the data it is tested against).
 */
import { Ajv } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { RE2JS } from 're2js';
import { PATTERN_TIME_LIMIT_MS, timedTest } from './regex-worker.js';

import { PatternTimeoutError } from './regex-worker.js';

export { PatternTimeoutError };

// ajv-formats ships CommonJS with a default export; under NodeNext the callable sits on `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv) => void;

export type Dialect = '2020-12' | '2019-09' | 'draft-07';

const DIALECTS: Record<string, Dialect> = {
  'https://json-schema.org/draft/2020-12/schema': '2020-12',
  'https://json-schema.org/draft/2019-09/schema': '2019-09',
  'http://json-schema.org/draft-07/schema': 'draft-07',
};

/** The declared dialect (no `$schema` means 2020-12), or the unsupported value it declares. */
export function dialectOf(schema: unknown): { dialect?: Dialect; declared?: string } {
  const s = schema && typeof schema === 'object' ? (schema as Record<string, unknown>).$schema : undefined;
  if (s === undefined) return { dialect: '2020-12' };
  if (typeof s !== 'string') return { declared: JSON.stringify(s) };
  const d = DIALECTS[s.replace(/#$/, '')];
  return d ? { dialect: d, declared: s } : { declared: s };
}

/** Longest string a server pattern is run against; longer ones are not tested (treated as matching). */
export const MAX_PATTERN_INPUT = 10_000;
const MAX_PATTERN_LENGTH = 2000;

export class UnsafePatternError extends Error {
  override name = 'UnsafePatternError';
}

export type PatternEngine = 're2js' | 'worker';

/** How each pattern was evaluated, for findings that must say so. */
const engines = new Map<string, PatternEngine>();

export function patternEngine(pattern: string): PatternEngine | undefined {
  return engines.get(pattern);
}

export function describeEngine(e: PatternEngine | undefined): string {
  if (e === 're2js') return 'evaluated by a linear-time engine (re2js)';
  if (e === 'worker') return `evaluated as a JavaScript RegExp in a worker stopped after ${PATTERN_TIME_LIMIT_MS} ms`;
  return 'not evaluated';
}

/** A matcher that cannot backtrack (RE2 semantics), or undefined when the pattern needs lookaround or backreferences. */
function linearMatcher(pattern: string): ((s: string) => boolean) | undefined {
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(pattern), RE2JS.LOOKBEHINDS);
    return (s) => re.matcher(s).find();
  } catch {
    return undefined;
  }
}

/**
 * Ajv's `code.regExp` hook. A server controls both a `pattern` and the data it is tested against, so no pattern is
 * trusted to be benign: it runs on a linear-time engine, or (lookaround, backreferences) in a worker with a hard time
 * limit. Spotting "bad shapes" is not relied on: redundant grouping evades any such test.
 */
export function safeRegExp(pattern: string, flags: string): RegExp {
  // A real RegExp (Ajv keys compiled patterns by their text); a syntax error is thrown as such, first. Building one
  // runs nothing.
  const re = new RegExp(pattern, flags);
  if (pattern.length > MAX_PATTERN_LENGTH)
    throw new UnsafePatternError(`pattern of ${pattern.length} characters (over ${MAX_PATTERN_LENGTH}) is not evaluated`);
  const linear = linearMatcher(pattern);
  engines.set(pattern, linear ? 're2js' : 'worker');
  const test = linear ?? ((s: string) => timedTest(pattern, flags, s));
  re.test = (s: string) => (s.length > MAX_PATTERN_INPUT ? true : test(s));
  return re;
}
safeRegExp.code = 'safeRegExp';

/** Runs a compiled validator: true/false, or why it could not judge (a pattern ran out of time in its worker). */
export function runValidator(validate: (data: unknown) => boolean, data: unknown): boolean | { notJudged: string } {
  try {
    return validate(data);
  } catch (e) {
    if (e instanceof PatternTimeoutError) return { notJudged: e.message };
    throw e;
  }
}

/** An Ajv error in one line; a failed `pattern` says which engine judged it. */
export function describeAjvError(e: { instancePath?: string; keyword: string; message?: string; params?: Record<string, unknown> }): string {
  const where = e.instancePath || '(root)';
  const extra = e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : '';
  const engine = e.keyword === 'pattern' && typeof e.params?.pattern === 'string' ? ` (${describeEngine(patternEngine(e.params.pattern))})` : '';
  return `${where} ${e.message ?? 'is invalid'}${extra}${engine}`;
}

export function createAjv(d: Dialect): Ajv {
  // unicodeRegExp off: patterns written for other engines (`[\w\_]`) are valid without the u flag; judge leniently.
  // optimize off: the optimising pass only tidies generated code (same verdicts) and is much of each compile's cost.
  const opts = {
    strict: false,
    allErrors: true,
    logger: false as const,
    validateFormats: true,
    unicodeRegExp: false,
    code: { regExp: safeRegExp as never, optimize: false },
  };
  const a = d === '2020-12' ? new Ajv2020(opts) : d === '2019-09' ? new Ajv2019(opts) : new Ajv(opts);
  addFormats(a);
  return a;
}

/** One Ajv per dialect, made on first use: a target's schemas share them (a pool per target, or per process). */
export class AjvPool {
  private readonly instances = new Map<Dialect, Ajv>();

  get(d: Dialect): Ajv {
    let a = this.instances.get(d);
    if (!a) {
      a = createAjv(d);
      this.instances.set(d, a);
    }
    return a;
  }
}
