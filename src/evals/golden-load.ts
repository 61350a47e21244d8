import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import { ConfigError, formatKeyPath } from '../config/config-error.js';
import { explain } from '../config/issues.js';
import { locate, pathAt, position } from '../config/yaml-locate.js';
import { canonicalJson } from '../core/canonical.js';
import { caseSchema, goldenSchema, matcherSchema, type CaseInput, type MatcherInput } from './golden-schema.js';
import type { ArgMatcher, GoldenCase, GoldenSet } from './golden-types.js';

/** A golden-set problem: `file:line:col path: message (hint: …)`, the same shape as a config error. */
export class GoldenError extends ConfigError {
  override name = 'GoldenError';
}

export async function loadGolden(file: string): Promise<GoldenSet> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new GoldenError({
      file,
      reason: `cannot read the golden set: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      hint: 'pass --golden FILE, or set eval.golden in mcp-assay.config.yaml (default golden/tasks.yaml)',
    });
  }
  return parseGolden(text, file);
}

export function parseGolden(text: string, file: string): GoldenSet {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number, path: PropertyKey[], reason: string, hint?: string) => {
    const key = formatKeyPath(path);
    return new GoldenError({ file, ...position(lc, offset), ...(key ? { key } : {}), reason, ...(hint ? { hint } : {}) });
  };
  const syntax = doc.errors[0];
  if (syntax)
    throw at(syntax.pos[0], pathAt(doc, syntax.pos[0]), `not valid YAML: ${syntax.message.split('\n')[0]}`, 'check indentation, quotes and `- ` list items');
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    throw at(0, [], `YAML error: ${(e as Error).message}`, 'use fewer anchors and aliases');
  }
  if (data === null || data === undefined) throw at(0, [], 'the golden set is empty', 'write a list of cases: `- id: …`');
  const list = Array.isArray(data);
  if (!list && (typeof data !== 'object' || data === null))
    throw at(0, [], 'the golden set must be a list of cases (or a mapping with `cases`)', 'start each case with `- id: …`');
  const schema = list ? z.array(caseSchema) : goldenSchema;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const known = (p: PropertyKey[]) => knownKeys(p, list);
    // Shape errors first: a misspelt key also makes a case look like it lacks an expectation.
    const shape = parsed.error.issues.filter((i) => i.code !== 'custom');
    const first = (shape.length ? shape : parsed.error.issues)
      .map((issue) => {
        const e = explain(issue, data, known);
        return { e, offset: locate(doc, e.path, e.at).offset };
      })
      .sort((a, b) => a.offset - b.offset)[0]!;
    throw at(first.offset, first.e.path, first.e.reason, first.e.hint);
  }
  const top = parsed.data;
  const inputs = Array.isArray(top) ? top : top.cases;
  const base: PropertyKey[] = list ? [] : ['cases'];
  const where = (i: number, path: PropertyKey[]) => position(lc, locate(doc, [...base, i, ...path], 'key').offset);
  const seen = new Map<string, number>();
  const cases = inputs.map((c, i) => {
    const prev = seen.get(c.id);
    if (prev !== undefined)
      throw at(
        locate(doc, [...base, i, 'id']).offset,
        [...base, i, 'id'],
        `duplicate case id ${JSON.stringify(c.id)} (first at case ${prev + 1})`,
        'case ids are unique: caches and baselines key on them',
      );
    seen.set(c.id, i);
    return normaliseCase(c, where(i, []).line);
  });
  return {
    file,
    hash: sha256(text),
    ...(!Array.isArray(top) && top.system ? { system: top.system } : {}),
    ...(!Array.isArray(top) && top.max_turns ? { maxTurns: top.max_turns } : {}),
    cases,
    locate: where,
  };
}

function knownKeys(path: PropertyKey[], list: boolean): string[] {
  const inCase = list ? path.length === 1 : path.length === 2 && path[0] === 'cases';
  if (inCase) return Object.keys(caseSchema.shape);
  if (!list && path.length === 0) return ['system', 'max_turns', 'cases'];
  return [];
}

function sha256(s: string): string {
  return `sha256:${createHash('sha256').update(s).digest('hex')}`;
}

const asClass = (t: string | string[]): string[] => (Array.isArray(t) ? t : [t]);

function normaliseCase(c: CaseInput, line: number): GoldenCase {
  const messages = c.messages ?? [{ role: 'user' as const, content: c.prompt! }];
  const expectTool = c.expect_tool === undefined ? undefined : c.expect_tool === null ? null : asClass(c.expect_tool);
  const kind = expectTool === null ? 'negative' : expectTool ? 'positive' : 'sequence';
  const out: GoldenCase = {
    id: c.id,
    line,
    kind,
    messages,
    gate: c.gate ?? (kind === 'negative' ? 'hard' : 'soft'),
    tags: c.tags ?? [],
    mocks: c.mocks ?? {},
    denied: c.denied ?? [],
    hash: sha256(canonicalJson(c)),
  };
  if (expectTool !== undefined) out.expectTool = expectTool;
  if (c.expect_sequence) out.sequence = c.expect_sequence.map(asClass);
  if (c.max_turns) out.maxTurns = c.max_turns;
  if (c.judge) out.judge = c.judge;
  if (c.expect_args || c.arg_match) out.args = matchers(c.expect_args ?? {}, c.arg_match ?? {}, c.semantic_threshold);
  return out;
}

function matchers(values: Record<string, unknown>, match: Record<string, MatcherInput>, semanticThreshold?: number): Record<string, ArgMatcher> {
  const out: Record<string, ArgMatcher> = {};
  for (const k of new Set([...Object.keys(values), ...Object.keys(match)])) {
    const m = matcherSchema.parse(match[k] ?? 'exact');
    const hasValue = k in values;
    const base = { hasValue, ...(hasValue ? { value: values[k] } : {}) };
    if (typeof m === 'string') {
      out[k] = m === 'optional' ? { ...base, kind: 'exact', optional: true } : { ...base, kind: m, optional: false };
      continue;
    }
    const kind = m.regex !== undefined ? 'regex' : m.one_of !== undefined ? 'one_of' : m.type !== undefined && !m.match ? 'type' : (m.match ?? 'exact');
    out[k] = {
      ...base,
      kind,
      optional: m.optional ?? false,
      ...(m.regex !== undefined ? { regex: m.regex } : {}),
      ...(m.one_of !== undefined ? { oneOf: m.one_of } : {}),
      ...(m.type !== undefined ? { type: m.type } : {}),
      ...(m.threshold !== undefined ? { threshold: m.threshold } : {}),
    };
  }
  // The case's `semantic_threshold` is the default for its semantic arguments; an argument's own `threshold` wins.
  if (semanticThreshold !== undefined)
    for (const m of Object.values(out)) if (m.kind === 'semantic' && m.threshold === undefined) m.threshold = semanticThreshold;
  return out;
}
