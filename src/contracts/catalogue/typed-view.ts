/**
 * A server controls every byte of its catalogue. The rules read a typed view of it: a field of the wrong type is left
 * out of the view (and reported once), so no rule ever trips over a number where text belongs.
 */
import type { Catalogue, CataloguePrompt, CatalogueResource, CatalogueResourceTemplate, CatalogueTool } from './catalogue.js';
import type { RawFinding } from '../rules/rule-settings.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const MAX_DEPTH = 64;

const SCHEMA_MAPS = ['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_ONE = [
  'not',
  'if',
  'then',
  'else',
  'additionalProperties',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
];
const STRINGS = ['description', 'title', '$ref', '$id', '$schema', '$anchor', 'pattern', 'format'];
const NUMBERS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'multipleOf',
];

/** A schema with every keyword of the wrong type dropped; `dropped` collects where. */
export function cleanSchema(s: unknown, at: string, dropped: string[], depth = 0): unknown {
  if (typeof s === 'boolean') return s;
  if (!isObj(s)) {
    dropped.push(at || '/');
    return undefined;
  }
  if (depth > MAX_DEPTH) return {};
  const out: Obj = {};
  for (const [k, v] of Object.entries(s)) {
    const here = `${at}/${k}`;
    let keep: unknown = v;
    if (SCHEMA_MAPS.includes(k)) {
      if (!isObj(v)) keep = undefined;
      else {
        const m: Obj = {};
        for (const [name, sub] of Object.entries(v)) {
          const c = cleanSchema(sub, `${here}/${name}`, dropped, depth + 1);
          if (c !== undefined) m[name] = c;
        }
        keep = m;
      }
    } else if (SCHEMA_LISTS.includes(k))
      keep = Array.isArray(v) ? v.map((x, i) => cleanSchema(x, `${here}/${i}`, dropped, depth + 1)).filter((x) => x !== undefined) : undefined;
    else if (SCHEMA_ONE.includes(k)) keep = cleanSchema(v, here, dropped, depth + 1);
    else if (k === 'items')
      keep = Array.isArray(v)
        ? v.map((x, i) => cleanSchema(x, `${here}/${i}`, dropped, depth + 1)).filter((x) => x !== undefined)
        : cleanSchema(v, here, dropped, depth + 1);
    else if (k === 'required') keep = Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : undefined;
    else if (k === 'enum') keep = Array.isArray(v) ? v : undefined;
    else if (k === 'type') keep = typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')) ? v : undefined;
    else if (STRINGS.includes(k)) keep = typeof v === 'string' ? v : undefined;
    else if (NUMBERS.includes(k)) keep = typeof v === 'number' ? v : undefined;
    if (keep === undefined) {
      if (!SCHEMA_ONE.includes(k) && !SCHEMA_MAPS.includes(k) && !SCHEMA_LISTS.includes(k) && k !== 'items') dropped.push(here);
      else if (!isObj(v) && typeof v !== 'boolean' && !Array.isArray(v)) dropped.push(here);
      continue;
    }
    out[k] = keep;
  }
  return out;
}

function text(o: Obj, key: string, out: Obj, dropped: string[]): void {
  if (!(key in o)) return;
  if (typeof o[key] === 'string') out[key] = o[key];
  else dropped.push(key);
}

function tool(t: CatalogueTool, dropped: string[]): CatalogueTool {
  const out: Obj = { ...t };
  for (const k of ['title', 'description']) delete out[k];
  text(t, 'title', out, dropped);
  text(t, 'description', out, dropped);
  delete out.inputSchema;
  if ('inputSchema' in t) {
    const s = isObj(t.inputSchema) ? cleanSchema(t.inputSchema, 'inputSchema', dropped) : undefined;
    if (s !== undefined) out.inputSchema = s;
    else dropped.push('inputSchema');
  }
  delete out.outputSchema;
  if ('outputSchema' in t) {
    const s = cleanSchema(t.outputSchema, 'outputSchema', dropped);
    if (s !== undefined) out.outputSchema = s;
  }
  delete out.annotations;
  if ('annotations' in t) {
    if (!isObj(t.annotations)) dropped.push('annotations');
    else {
      const a: Obj = {};
      for (const [k, v] of Object.entries(t.annotations)) {
        if ((k.endsWith('Hint') && typeof v === 'boolean') || (k === 'title' && typeof v === 'string')) a[k] = v;
        else if (k.endsWith('Hint') || k === 'title') dropped.push(`annotations/${k}`);
      }
      out.annotations = a;
    }
  }
  return out as CatalogueTool;
}

function described<T extends Obj>(e: T, dropped: string[], extra: string[] = []): T {
  const out: Obj = { ...e };
  for (const k of ['title', 'description', 'name', 'mimeType', 'text', ...extra]) {
    if (!(k in e)) continue;
    delete out[k];
    text(e, k, out, dropped);
  }
  return out as T;
}

function prompt(p: CataloguePrompt, dropped: string[]): CataloguePrompt {
  const out = described(p, dropped) as Obj;
  delete out.arguments;
  if ('arguments' in p) {
    if (!Array.isArray(p.arguments)) dropped.push('arguments');
    else
      out.arguments = p.arguments.flatMap((a, i) => {
        if (!isObj(a) || typeof a.name !== 'string') {
          dropped.push(`arguments/${i}`);
          return [];
        }
        const arg = described(a, dropped.length ? dropped : dropped) as Obj;
        if ('required' in a && typeof a.required !== 'boolean') {
          delete arg.required;
          dropped.push(`arguments/${i}/required`);
        }
        return [arg];
      });
  }
  return out as CataloguePrompt;
}

/** The view the rules read, and one `lint/malformed-field` finding per entity with fields of the wrong type. */
export function typedView(c: Catalogue): { view: Catalogue; findings: RawFinding[] } {
  const findings: RawFinding[] = [];
  const note = (subject: string, dropped: string[]) => {
    if (dropped.length)
      findings.push({
        ruleId: 'lint/malformed-field',
        subject,
        message: `field(s) of the wrong type, ignored by the other rules: ${dropped.slice(0, 6).join(', ')}${dropped.length > 6 ? ` and ${dropped.length - 6} more` : ''}`,
        location: dropped[0],
      });
  };
  const each = <T>(list: T[], f: (x: T, d: string[]) => T, subject: (x: T) => string): T[] =>
    list.map((x) => {
      const dropped: string[] = [];
      const v = f(x, dropped);
      note(subject(x), dropped);
      return v;
    });
  const view: Catalogue = {
    ...c,
    tools: each(c.tools, tool, (t) => t.name),
    prompts: each(c.prompts, prompt, (p) => `prompt:${p.name}`),
    resources: each(
      c.resources,
      (r: CatalogueResource, d) => described(r, d),
      (r) => `resource:${r.uri}`,
    ),
    resourceTemplates: each(
      c.resourceTemplates,
      (r: CatalogueResourceTemplate, d) => described(r, d),
      (r) => `template:${r.uriTemplate}`,
    ),
  };
  if (c.instructions !== undefined && typeof c.instructions !== 'string') {
    delete view.instructions;
    note('server', ['instructions']);
  }
  return { view, findings };
}
