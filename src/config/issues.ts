import type { z } from 'zod';
import { RULE_PATTERNS } from '../core/rule-catalogue.js';
import { closest, suggestHint } from './suggest.js';
import { textOf } from '../core/text-of.js';

/** A zod issue restated for a person editing YAML: what is wrong, a hint, the exact path, key or value. */
export interface Explained {
  path: PropertyKey[];
  at: 'key' | 'value';
  reason: string;
  hint?: string;
}

type Issue = z.core.$ZodIssue;

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping',
  record: 'a mapping',
};

/** Hints for keys that must be present. */
const REQUIRED_HINT: Record<string, string> = {
  reason: 'a waiver must say why the rule is waived',
  rule: 'name the rule id the waiver applies to',
};

export function describe(v: unknown): string {
  if (v === null) return 'an empty value (null)';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  return `${typeof v} ${v === undefined ? 'undefined' : textOf(v)}`;
}

export function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let v = data;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[seg];
  }
  return v;
}

function typeHint(expected: string, got: unknown): string | undefined {
  if (got === null) return 'an empty value is null in YAML: write [] or {}, or remove the key';
  if (expected === 'string' && (typeof got === 'number' || typeof got === 'boolean')) return `quote it: "${String(got)}"`;
  if ((expected === 'number' || expected === 'int') && typeof got === 'string' && got.trim() !== '' && !Number.isNaN(Number(got)))
    return 'write the number without quotes';
  if (expected === 'int' && typeof got === 'number') return 'milliseconds are whole numbers';
  if (expected === 'boolean' && typeof got === 'string') return 'write true or false without quotes';
  if (expected === 'array' && typeof got === 'string') return `write a list: [${JSON.stringify(got)}]`;
  return undefined;
}

/** Turns one zod issue into a located explanation; `knownKeys` lists the keys valid at a path. */
export function explain(issue: Issue, data: unknown, knownKeys: (path: PropertyKey[]) => string[]): Explained {
  const path = issue.path;
  const got = valueAt(data, path);
  switch (issue.code) {
    case 'unrecognized_keys': {
      const key = issue.keys[0] ?? '';
      return { path: [...path, key], at: 'key', reason: 'unknown key', hint: suggestHint(key, knownKeys(path)) };
    }
    case 'invalid_type': {
      if (got === undefined) {
        const last = String(path[path.length - 1] ?? '');
        return { path, at: 'key', reason: 'is required', hint: REQUIRED_HINT[last] ?? `add \`${last}\`` };
      }
      const exp = EXPECTED[issue.expected] ?? issue.expected;
      const hint = typeHint(issue.expected, got);
      return { path, at: 'value', reason: `expected ${exp}, got ${describe(got)}`, ...(hint ? { hint } : {}) };
    }
    case 'invalid_value': {
      const allowed = issue.values.map(String);
      const near = typeof got === 'string' ? closest(got, allowed) : undefined;
      return {
        path,
        at: 'value',
        reason: `expected one of ${allowed.join(', ')}, got ${describe(got)}`,
        ...(near ? { hint: `did you mean \`${near}\`?` } : {}),
      };
    }
    case 'too_small':
      if (issue.origin === 'string') return { path, at: 'value', reason: 'must not be empty' };
      if (issue.origin === 'number') return { path, at: 'value', reason: `must be greater than ${String(issue.minimum)}, got ${describe(got)}` };
      return { path, at: 'value', reason: `needs at least ${String(issue.minimum)} entries` };
    case 'invalid_key': {
      // A key rejected by its own check (an unknown rule id) says why; otherwise the only key check is non-empty.
      const inner = issue.issues.find((i) => i.code === 'custom');
      return inner ? explain({ ...inner, path }, data, knownKeys) : { path, at: 'value', reason: 'has an empty key' };
    }
    case 'custom': {
      const p: { hint?: string; at?: 'key' | 'value'; suggest?: 'rule' } = issue.params ?? {};
      const at = p.at ?? 'value';
      // The word to match is the key itself for a mapping key, else the value.
      const word = at === 'key' ? String(path[path.length - 1] ?? '') : typeof got === 'string' ? got : '';
      const hint = p.suggest === 'rule' ? suggestHint(word, RULE_PATTERNS, 'rule ids') : p.hint;
      return { path, at, reason: issue.message, ...(hint ? { hint } : {}) };
    }
    default:
      return { path, at: 'value', reason: issue.message };
  }
}
