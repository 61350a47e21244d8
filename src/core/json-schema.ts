/**
 * The one place mcp-assay builds JSON Schema validators for server-provided schemas: the declared dialect or 2020-12,
 * formats, never a `loadSchema` (a network `$ref` is never fetched, SEP-2106), and regular expressions that cannot
 * hang the run (a server controls both the `pattern` and the data it is tested against).
 */
import { Ajv } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

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
// A repeated group that itself repeats or alternates, like (a+)+, (\w*)* or (a|aa)+: the shapes of catastrophic
// backtracking. Cautious on purpose: a refused pattern costs a finding, a hostile one would hang the run.
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*}|](?:[^()\\]|\\.)*\)(?:[+*]|\{\d+,\d*\})/;
const BACKREFERENCE = /\\[1-9]|\\k</;

export class UnsafePatternError extends Error {
  override name = 'UnsafePatternError';
}

/**
 * Ajv's `code.regExp` hook: refuses patterns whose shape can backtrack catastrophically, and bounds the input, so a
 * hostile `pattern` makes its schema uncompilable (a finding) instead of hanging the run.
 */
export function safeRegExp(pattern: string, flags: string): RegExp {
  // A real RegExp (Ajv keys compiled patterns by their text); a syntax error is thrown as such, first.
  const re = new RegExp(pattern, flags);
  if (pattern.length > 2000 || NESTED_QUANTIFIER.test(pattern) || BACKREFERENCE.test(pattern))
    throw new UnsafePatternError(`pattern ${JSON.stringify(pattern.slice(0, 80))} may backtrack catastrophically, so it is not evaluated`);
  const test = re.test.bind(re);
  re.test = (s: string) => (s.length > MAX_PATTERN_INPUT ? true : test(s));
  return re;
}
safeRegExp.code = 'safeRegExp';

export function createAjv(d: Dialect): Ajv {
  // unicodeRegExp off: patterns written for other engines (`[\w\_]`) are valid without the u flag; judge leniently.
  const opts = { strict: false, allErrors: true, logger: false as const, validateFormats: true, unicodeRegExp: false, code: { regExp: safeRegExp as never } };
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
