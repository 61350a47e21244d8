import { LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import { ConfigError, formatKeyPath } from './config-error.js';
import { interpolateDocument } from './interpolate.js';
import { explain } from './issues.js';
import { knownKeysAt } from './known-keys.js';
import { locate, pathAt, position } from './yaml-locate.js';

const SYNTAX_HINT: Partial<Record<string, string>> = {
  DUPLICATE_KEY: 'each key may appear once in a mapping',
  TAB_AS_INDENT: 'YAML indents with spaces, not tabs',
  MULTIPLE_DOCS: 'the file is a single YAML document: remove the extra `---`',
};

function firstLine(s: string): string {
  return s.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? s;
}

/**
 * YAML text validated by a strict zod schema. Throws ConfigError at the first problem in file order, located at the
 * offending node (`file:line:col key: reason`), with `${VAR}` interpolated from `env` first.
 */
export function parseStrictYaml<S extends z.ZodType>(text: string, file: string, schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number, key: PropertyKey[], reason: string, hint?: string): ConfigError => {
    const k = formatKeyPath(key);
    return new ConfigError({ file, ...position(lineCounter, offset), ...(k ? { key: k } : {}), reason, ...(hint ? { hint } : {}) });
  };
  const syntax = doc.errors[0];
  if (syntax) {
    const offset = syntax.pos[0];
    throw at(
      offset,
      pathAt(doc, offset),
      `YAML syntax error: ${firstLine(syntax.message)}`,
      SYNTAX_HINT[syntax.code] ?? 'check indentation, quotes and `key: value` pairs',
    );
  }
  const problem = interpolateDocument(doc, text, env);
  if (problem) throw at(problem.offset, problem.path, problem.reason, problem.hint);
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 }) ?? {};
  } catch (err) {
    // An alias bomb (billion laughs) or a bad alias ends here rather than exhausting memory.
    throw at(0, [], `YAML error: ${(err as Error).message}`, 'use fewer anchors and aliases');
  }
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const located = parsed.error.issues.map((issue) => {
    const e = explain(issue, data, (p) => knownKeysAt(schema, p));
    return { e, offset: locate(doc, e.path, e.at).offset };
  });
  // Report the problem nearest the top of the file: people fix files top-down.
  located.sort((a, b) => a.offset - b.offset);
  const first = located[0];
  if (first) throw at(first.offset, first.e.path, first.e.reason, first.e.hint);
  throw new ConfigError({ file, reason: 'invalid file' });
}
