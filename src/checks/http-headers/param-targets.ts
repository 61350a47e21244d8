import { ERROR, HEADER } from '../../spec/constants.js';
import { describe, errorOf } from '../../target/client.js';
import { encodeHeaderValue, type JsonObject } from '../../target/envelope.js';
import type { Exchange } from '../../target/transport.js';
import { sampleArgs } from '../support/sample-args.js';
import type { ToolInfo } from '../support/tools.js';
import type { CheckContext } from '../types.js';
import { headerDeclarations, resolved, valueAt, withValue, type HeaderDeclaration, type HeaderParamType } from './param-decls.js';
import { field } from '../../spec/read.js';

export interface ParamTarget {
  tool: ToolInfo;
  /** Arguments with the parameter under test set to `value`. */
  args: JsonObject;
  decl: HeaderDeclaration & { path: string[]; type: HeaderParamType };
  value: string | number | boolean;
  /** Every valid declaration of the tool, to mirror the other parameters the arguments carry. */
  all: HeaderDeclaration[];
}

export const PARAM_HINT = 'Mirror each x-mcp-header argument into Mcp-Param-{Name} and validate it before dispatching (SEP-2243).';

/** The header encoding of a value: strings through the base64 rule, integers in decimal, booleans as words. */
export function encodeParam(v: unknown): string {
  return typeof v === 'string' ? encodeHeaderValue(v) : String(v);
}

/**
 * Parameters to exercise: on tools the safety rule lets us call, declared validly (a client must drop a tool with
 * an invalid declaration, so the server's handling of one is not judged), of the wanted types.
 */
export async function paramTargets(t: CheckContext, types: readonly HeaderParamType[] = ['string', 'integer', 'boolean']): Promise<ParamTarget[]> {
  if (t.shared.offers('tools') === false) return [];
  const out: ParamTarget[] = [];
  for (const { tool, args } of await t.shared.callableTools()) {
    const all = headerDeclarations(tool.inputSchema);
    if (!all.length || all.some((d) => d.problems.length)) continue;
    for (const d of [...all].sort((a, b) => a.pointer.localeCompare(b.pointer))) {
      if (!d.path || !d.type || !types.includes(d.type)) continue;
      const given = valueAt(args, d.path);
      const value = isScalar(given) && given !== '' ? given : sampleValue(tool.inputSchema, d);
      out.push({ tool, args: withValue(args, d.path, value), decl: d as ParamTarget['decl'], value, all });
    }
  }
  // Strings first, as the official suite uses them; then in the order the tools were listed.
  return out.map((p, i) => ({ p, i })).sort((a, b) => types.indexOf(a.p.decl.type) - types.indexOf(b.p.decl.type) || a.i - b.i).map((x) => x.p);
}

function isScalar(v: unknown): v is string | number | boolean {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** A value the parameter's own schema accepts, so a rejection can only be about the header. */
function sampleValue(schema: unknown, d: HeaderDeclaration & { path?: string[] }): string | number | boolean {
  let node: unknown = schema;
  for (const k of d.path ?? []) node = (field(node, 'properties') as JsonObject | undefined)?.[k];
  const prop = node && typeof node === 'object' && !Array.isArray(node) ? resolved(node as JsonObject, schema) : {};
  const v = sampleArgs({ type: 'object', properties: { v: prop }, required: ['v'] }).v;
  if (d.type === 'integer') return Number.isInteger(v) ? (v as number) : 1;
  if (d.type === 'boolean') return typeof v === 'boolean' ? v : true;
  return typeof v === 'string' && v !== '' ? v : 'test';
}

/** `Mcp-Param-*` headers for every declared parameter present (and not null) in `args` (HTTP §value encoding). */
export function paramHeaders(all: readonly HeaderDeclaration[], args: JsonObject): Record<string, string> {
  const h: Record<string, string> = {};
  for (const d of all) {
    if (!d.path) continue;
    const v = valueAt(args, d.path);
    if (v !== undefined && v !== null) h[`${HEADER.paramPrefix}${d.header}`] = encodeParam(v);
  }
  return h;
}

/** Sends tools/call for a target; `header` replaces the tested parameter's header (`null`: left out). */
export function callWith(t: CheckContext, p: ParamTarget, args: JsonObject, header: string | null | undefined): Promise<Exchange> {
  const headers: Record<string, string | null> = paramHeaders(p.all, args);
  if (header !== undefined) headers[`${HEADER.paramPrefix}${p.decl.header}`] = header;
  return t.request('tools/call', { name: p.tool.name, arguments: args }, { headers });
}

/** A request counts as served when it got past header validation: anything but -32020 (and an answer at all). */
export function expectServed(t: CheckContext, ex: Exchange, what: string, hint = PARAM_HINT): boolean {
  if (ex.failure && !ex.response) t.inconclusive(`${what}: ${ex.failure.message}`, ex.evidence);
  if (errorOf(ex)?.code !== ERROR.headerMismatch) return true;
  t.fail({ message: `${what} was rejected as a header mismatch`, expected: 'the request served (a result or an error other than -32020)', actual: describe(ex), evidence: ex.evidence, hint });
  return false;
}

export function label(p: ParamTarget): string {
  return `${p.tool.name} ${p.decl.path.join('.')} (${HEADER.paramPrefix}${p.decl.header})`;
}
