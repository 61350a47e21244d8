/** Parameter-level signals: the top-level arguments of a tool, and which of them make it a catch-all. */
import type { CatalogueTool } from '../catalogue/catalogue.js';
import { CATCH_ALL_PARAMS, READ_VERBS, WRITE_VERBS } from './risk-vocabulary.js';

const defaultIsVerb = (w: string): boolean => WRITE_VERBS.has(w) || READ_VERBS.has(w);
import { deref, isObject, propertiesOf, requiredOf, typesOf, type SchemaNode } from '../schema/schema-util.js';

export interface Param {
  name: string;
  schema: SchemaNode;
  required: boolean;
}

/** Properties of the root object and of its `allOf`/`anyOf`/`oneOf` branches (first definition wins). */
export function topLevelParams(t: CatalogueTool): Param[] {
  const root = t.inputSchema;
  if (!isObject(root)) return [];
  const out = new Map<string, Param>();
  const collect = (node: SchemaNode, inBranch: boolean): void => {
    const n = deref(root, node);
    const req = requiredOf(n);
    for (const [name, s] of Object.entries(propertiesOf(n))) {
      if (!out.has(name)) out.set(name, { name, schema: isObject(s) ? deref(root, s) : {}, required: req.has(name) && !inBranch });
    }
    for (const k of ['allOf', 'anyOf', 'oneOf']) {
      if (Array.isArray(n[k])) for (const b of n[k] as unknown[]) if (isObject(b)) collect(b, inBranch || k !== 'allOf');
    }
  };
  collect(root, false);
  return [...out.values()];
}

export interface CatchAll {
  name: string;
  /** What the parameter hands over, for the finding text. */
  what: string;
  /** An arbitrary program (command, script, code, SQL), not only an operation name. */
  code: boolean;
}

const QUERY_LANGUAGE = /\b(?:sql|cypher|sparql|graphql|hql|kql|promql|jql|n1ql|mongodb\s+query|(?:postgres|mysql|sqlite|database)\s+(?:query|statement))\b/i;
const CODE_WORDS = new Set([
  'command',
  'cmd',
  'commands',
  'shell',
  'shell_command',
  'script',
  'code',
  'source_code',
  'sql',
  'statement',
  'stmt',
  'expression',
  'expr',
  'function',
]);
const HTTP_TARGET = new Set(['path', 'url', 'endpoint', 'route', 'uri']);

const SELECTOR_NAMES = new Set(['operation', 'op', 'action']);
const SELECTOR_PHRASE = /\b(?:operations?|actions?|commands?|what)\s+(?:to\s+)?(?:perform|run|execute|do|take|apply|invoke)\b|\b(?:one\s+of|either)\b/i;
const GENERIC_TOOL = /(?:^|[_\-\s])(?:manage|handle|perform|do|execute|exec|run|process|control|admin|operate)(?:$|[_\-\s])/i;

/**
 * `action`/`operation` select what the tool does only when something says so: the description names operations (two
 * or more verbs, "operation to perform", "one of"), or, with no description, the tool's name is a generic dispatcher
 * (`manage_files`). A free-text subject ("what to confirm, e.g. delete 3 files") is not a selector.
 */
function selectsOperation(p: Param, toolName: string, isVerb: (w: string) => boolean): boolean {
  const desc = typeof p.schema.description === 'string' ? p.schema.description : '';
  if (!desc.trim()) return GENERIC_TOOL.test(toolName);
  if (SELECTOR_PHRASE.test(desc)) return true;
  // A list of operations: "create, update or delete", "get|set".
  const listed = desc
    .toLowerCase()
    .split(/,|\||\/|\bor\b|\band\b/)
    .map((part) => /[a-z]+/.exec(part)?.[0] ?? '');
  return new Set(listed.filter(isVerb)).size >= 2;
}

/** A string the schema leaves open: no enum, const, pattern or format restricts it. */
function freeString(s: SchemaNode): boolean {
  const types = typesOf(s);
  if (types && !types.has('string')) return false;
  if (Array.isArray(s.enum) || s.const !== undefined || typeof s.pattern === 'string' || typeof s.format === 'string') return false;
  return true;
}

export function catchAllParams(t: CatalogueTool, isVerb: (w: string) => boolean = defaultIsVerb): CatchAll[] {
  const params = topLevelParams(t);
  const names = new Set(params.map((p) => p.name.toLowerCase()));
  const toolText = `${t.name} ${t.description ?? ''}`;
  const out: CatchAll[] = [];
  for (const p of params) {
    if (!freeString(p.schema)) continue;
    const n = p.name.toLowerCase();
    const desc = typeof p.schema.description === 'string' ? p.schema.description : '';
    if (n === 'query' || n === 'q') {
      if (QUERY_LANGUAGE.test(desc) || QUERY_LANGUAGE.test(toolText)) out.push({ name: p.name, what: 'a free-form query in a query language', code: true });
      continue;
    }
    if (!CATCH_ALL_PARAMS.has(n)) continue;
    if (n === 'method' && ![...names].some((x) => HTTP_TARGET.has(x))) continue;
    if (SELECTOR_NAMES.has(n) && !selectsOperation(p, t.name, isVerb)) continue;
    if (CODE_WORDS.has(n))
      out.push({
        name: p.name,
        what: n.includes('sql') || QUERY_LANGUAGE.test(desc) ? 'a free-form SQL statement' : 'a free-form command or program',
        code: true,
      });
    else out.push({ name: p.name, what: n === 'method' ? 'any HTTP method for any path' : 'a free-form operation name', code: false });
  }
  return out;
}
