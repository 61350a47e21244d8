/**
 * The one place mcp-assay builds JSON Schema validators for server-provided schemas: the declared dialect or 2020-12,
 * formats, never a `loadSchema` (a network `$ref` is never fetched, SEP-2106), and regular expressions that cannot
 * hang the run (a server controls both the `pattern` and the data it is tested against).
 */
import { createRequire } from 'node:module';
import type { Ajv, AnySchema, ValidateFunction } from 'ajv';
import type { RE2JS } from 're2js';
import { PATTERN_TIME_LIMIT_MS, timedTest } from './regex-worker.js';

import { PatternTimeoutError } from './regex-worker.js';

export { PatternTimeoutError };

// Ajv and its dialects are CommonJS, loaded when a schema is first met (a run may meet only one dialect, or none).
const load = createRequire(import.meta.url);

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

/**
 * The linear-time engine (about 270 KB), loaded when the first pattern is compiled, never at start-up: the bundle
 * leaves it out (scripts/bundle.ts), so the chunk a check loads before it reads the probe's answer does not carry it.
 */
let re2js: typeof RE2JS | undefined;
const linearEngine = (): typeof RE2JS => (re2js ??= (load('re2js') as { RE2JS: typeof RE2JS }).RE2JS);

/** A matcher that cannot backtrack (RE2 semantics), or undefined when the pattern needs lookaround or backreferences. */
function linearMatcher(pattern: string): ((s: string) => boolean) | undefined {
  const RE2JS = linearEngine();
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

const AJV_CLASSES: Record<Dialect, () => new (o: object) => Ajv> = {
  '2020-12': () => (load('ajv/dist/2020.js') as { Ajv2020: new (o: object) => Ajv }).Ajv2020,
  '2019-09': () => (load('ajv/dist/2019.js') as { Ajv2019: new (o: object) => Ajv }).Ajv2019,
  'draft-07': () => (load('ajv') as { Ajv: new (o: object) => Ajv }).Ajv,
};

/** The meta-schema each dialect's instance validates schemas against (Ajv's own identifiers). */
export const META_SCHEMA_IDS: Record<Dialect, string> = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema',
};

/** Where the build writes each dialect's meta-schema validator as standalone code (scripts/gen-meta-validators.ts). */
export const metaValidatorFile = (d: Dialect): string => `./generated/meta-${d}.cjs`;

const metaValidators = new Map<Dialect, ValidateFunction | undefined>();

/** The build's meta-schema validator for `d`, or undefined when running without build output (Ajv compiles it then). */
function compiledMeta(d: Dialect): ValidateFunction | undefined {
  if (!metaValidators.has(d)) metaValidators.set(d, loadCompiledMeta(d));
  return metaValidators.get(d);
}

function loadCompiledMeta(d: Dialect): ValidateFunction | undefined {
  try {
    // The generated module is a factory: its pattern checks run on the same safeRegExp as every other compile.
    return (load(metaValidatorFile(d)) as (regExp: typeof safeRegExp) => ValidateFunction)(safeRegExp);
  } catch (e) {
    if ((e as { code?: string }).code === 'MODULE_NOT_FOUND' && String((e as Error).message).includes(`meta-${d}.cjs`)) return undefined;
    throw e;
  }
}

export interface AjvSetup {
  /** Generate standalone code (the build step that precompiles the meta-schemas). */
  standalone?: boolean;
  /** Validate schemas against the build's precompiled meta-schema (default true; false: Ajv compiles its own). */
  compiledMeta?: boolean;
}

const formatsPlugin = (): ((a: Ajv) => void) => load('ajv-formats') as (a: Ajv) => void;

export function createAjv(d: Dialect, setup: AjvSetup = {}): Ajv {
  // unicodeRegExp off: patterns written for other engines (`[\w\_]`) are valid without the u flag; judge leniently.
  // optimize off: the optimising pass only tidies generated code (same verdicts) and is much of each compile's cost.
  const opts = {
    strict: false,
    allErrors: true,
    logger: false as const,
    validateFormats: true,
    unicodeRegExp: false,
    code: {
      regExp: safeRegExp as never,
      optimize: false,
      // Standalone code names where its format checks come from; a runtime instance carries them itself.
      ...(setup.standalone
        ? {
            source: true,
            formats: new (load('ajv/dist/compile/codegen/code.js') as { _Code: new (s: string) => unknown })._Code(
              'require("ajv-formats/dist/formats").fullFormats',
            ),
          }
        : {}),
    },
  };
  const a = new (AJV_CLASSES[d]())(opts);
  formatsPlugin()(a);
  const meta = setup.standalone || setup.compiledMeta === false ? undefined : compiledMeta(d);
  if (meta) useCompiledMeta(a, META_SCHEMA_IDS[d], meta);
  return a;
}

/**
 * Validates schemas of the instance's own dialect with the precompiled meta-schema validator instead of compiling the
 * meta-schema (about 50 ms per instance, 0.1 s for the first): Ajv's `validateSchema`, same result, same errors.
 */
function useCompiledMeta(a: Ajv, metaId: string, meta: ValidateFunction): void {
  const own = a.validateSchema.bind(a);
  a.validateSchema = (schema: AnySchema, throwOrLogError?: boolean) => {
    const declared = typeof schema === 'object' && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined;
    if (typeof schema === 'boolean' || (declared !== undefined && declared !== metaId && declared !== `${metaId}#`)) return own(schema, throwOrLogError);
    const valid = meta(schema);
    a.errors = meta.errors;
    if (!valid && throwOrLogError) throw new Error(`schema is invalid: ${a.errorsText()}`);
    return valid;
  };
}

/** How many compiled validators the shared pool keeps, by schema text: enough for a large catalogue's distinct shapes. */
const COMPILED_LIMIT = 1024;

/**
 * One Ajv per dialect, made on first use, shared by every check and analysis of the process, and compiles
 * de-duplicated by schema text (a tool's output schema is compiled for tools/schema-valid, for the structured-result
 * checks and for the contracts analysis). Callers remove what they compile (`removeSchema`), so compiles never
 * depend on schemas compiled before them and the instances do not grow.
 */
export class AjvPool {
  private readonly instances = new Map<Dialect, Ajv>();
  private readonly compiled = new Map<string, ValidateFunction>();

  /**
   * Makes the instance for `d` in three parts with a turn of the event loop between them (loading Ajv's modules, the
   * precompiled meta-schema validator, the instance): done at once, it held the loop for about 0.1 s with requests in flight.
   */
  async warm(d: Dialect, turn: () => Promise<void>): Promise<void> {
    if (this.instances.has(d)) return;
    AJV_CLASSES[d]();
    formatsPlugin();
    await turn();
    compiledMeta(d);
    await turn();
    this.get(d);
  }

  get(d: Dialect): Ajv {
    let a = this.instances.get(d);
    if (!a) {
      a = createAjv(d);
      this.memoizeCompile(d, a);
      this.instances.set(d, a);
    }
    return a;
  }

  private memoizeCompile(d: Dialect, a: Ajv): void {
    const own = a.compile.bind(a);
    a.compile = ((schema: AnySchema, meta?: boolean) => {
      if (meta) return own(schema, meta);
      const key = `${d} ${JSON.stringify(schema)}`;
      const hit = this.compiled.get(key);
      if (hit) return hit;
      const v = own(schema);
      if (this.compiled.size >= COMPILED_LIMIT) this.compiled.delete(this.compiled.keys().next().value as string);
      this.compiled.set(key, v);
      return v;
    }) as Ajv['compile'];
  }
}

/** The process's pool. */
export const sharedAjvPool = new AjvPool();
