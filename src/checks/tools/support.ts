import type { ToolInfo } from '../support/tools.js';
import { Slices } from '../support/slices.js';
import { danglingRefs, dialectOf, isNetworkRef, measureSchema, SchemaCompiler, type SchemaShape } from '../support/schema.js';

export interface SchemaFacts {
  tool: string;
  which: 'inputSchema' | 'outputSchema';
  schema: unknown;
  shape: SchemaShape;
}

const measured = new WeakMap<ToolInfo[], Promise<SchemaFacts[]>>();

/**
 * Every tool schema with its measured shape; measured once per target (the tool list is read once) and shared by the
 * schema checks, yielding to the event loop between slices so responses in flight are read on time.
 */
export function schemaFacts(tools: ToolInfo[]): Promise<SchemaFacts[]> {
  let facts = measured.get(tools);
  if (!facts) measured.set(tools, (facts = measureAll(tools)));
  return facts;
}

async function measureAll(tools: ToolInfo[]): Promise<SchemaFacts[]> {
  const out: SchemaFacts[] = [];
  const slices = new Slices();
  for (const t of tools) {
    for (const which of ['inputSchema', 'outputSchema'] as const) {
      const schema = t[which];
      if (schema === undefined || (which === 'outputSchema' && typeof schema === 'boolean')) continue;
      out.push({ tool: t.name, which, schema, shape: measureSchema(schema) });
    }
    await slices.turn();
  }
  return out;
}

export interface SchemaVerdict {
  label: string;
  problems: string[];
  /** Not validated: dialect we do not support, or over the cost bound. */
  skipped?: string;
}

export function judgeSchema(f: SchemaFacts, compiler: SchemaCompiler): SchemaVerdict {
  const label = `${f.tool}.${f.which}`;
  if (!f.schema || typeof f.schema !== 'object' || Array.isArray(f.schema))
    return { label, problems: [`is ${f.schema === null ? 'null' : typeof f.schema}, not a schema object`] };
  if (f.shape.exceeded) return { label, problems: [], skipped: `over the validation-cost bound: ${f.shape.exceeded}` };
  const { dialect, declared } = dialectOf(f.schema);
  if (!dialect) return { label, problems: [], skipped: `declares dialect ${declared}, which mcp-assay does not validate` };
  const problems = compiler.check(f.schema, dialect).errors.map((e) => `not valid ${dialect}: ${e}`);
  for (const d of danglingRefs(f.schema, f.shape)) problems.push(`same-document $ref does not resolve: ${d}`);
  return { label, problems };
}

export function networkRefs(f: SchemaFacts): string[] {
  return f.shape.refs.filter((r) => isNetworkRef(r.ref, f.shape)).map((r) => `${r.ref} (at ${r.at})`);
}

/**
 * Judges every schema, compiling each distinct schema once (catalogues repeat shapes), and yields to the event loop
 * every few milliseconds so responses still in flight are read on time: a slow harness must not look like a slow server.
 */
export async function judgeAll(all: SchemaFacts[], compiler: SchemaCompiler): Promise<SchemaVerdict[]> {
  const seen = new Map<string, SchemaVerdict>();
  const out: SchemaVerdict[] = [];
  const slices = new Slices();
  for (const f of all) {
    await slices.turn();
    const key = JSON.stringify(f.schema) ?? String(f.schema);
    const known = seen.get(key);
    const label = `${f.tool}.${f.which}`;
    if (known) {
      out.push({ ...known, label });
      continue;
    }
    const v = judgeSchema(f, compiler);
    seen.set(key, v);
    out.push(v);
  }
  return out;
}
