/**
 * Our 2025-11-25 wire model against the official 2025-11-25 schema: on every 2025-era response the tests see
 * (the reference server, the dual-era SDK v2 server, the fixture with and without faults), and on mutations of
 * each, both must reach the same verdict.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { CHECKS, selectChecks } from '../../src/checks/index.js';
import type { TargetReport } from '../../src/core/types.js';
import { LEGACY_RESULT_TYPES, LEGACY_TYPE_NAMES, validateLegacyResponse } from '../../src/spec/legacy/index.js';
import { everythingStdio } from '../fixtures/servers/legacy/everything.js';
import { startLegacyHttp, type LegacyHttp } from '../fixtures/servers/legacy/http.js';
import { runDualAware } from '../fixtures/servers/legacy/dual-run.js';
import { specDirOrSkip } from '../support/official-schema.js';
import { exampleStdio, run } from '../support/fixtures.js';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const LEGACY = selectChecks(CHECKS, ['legacy/']);

function official(dir: string): (type: string, v: unknown) => boolean {
  const schema = JSON.parse(readFileSync(join(dir, '2025-11-25', 'schema.json'), 'utf8')) as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormatsModule.default(ajv);
  ajv.addSchema({ ...schema, $id: 'urn:official:mcp:2025-11-25' });
  const cache = new Map<string, ValidateFunction>();
  return (type, v) => {
    let f = cache.get(type);
    if (!f) cache.set(type, (f = ajv.getSchema(`urn:official:mcp:2025-11-25#/$defs/${type}`)!));
    return f(v);
  };
}

/** The official verdict on a response to `method`: envelope, then the result body against the method's type. */
function officialVerdict(valid: (type: string, v: unknown) => boolean, method: string, r: unknown): boolean {
  if (isObj(r) && 'error' in r && !('result' in r)) return valid('JSONRPCErrorResponse', r);
  if (!valid('JSONRPCResultResponse', r)) return false;
  return valid(LEGACY_RESULT_TYPES[method]!, (r as Json).result);
}

/** 2025-era responses in a report, paired with the method of the request they answer (same phase, same id). */
function legacyResponses(r: TargetReport): { method: string; response: Json }[] {
  const out: { method: string; response: Json }[] = [];
  const asked = new Map<string, string>();
  for (const e of r.wire) {
    const b = e.body;
    if (!isObj(b) || !('id' in b) || !(e.phase.startsWith('legacy/') || e.phase === 'dual-era')) continue;
    const key = `${e.phase}|${JSON.stringify(b.id)}`;
    if (e.from === 'harness' && typeof b.method === 'string') asked.set(key, b.method);
    else if (e.from === 'server' && asked.has(key) && Object.hasOwn(LEGACY_RESULT_TYPES, asked.get(key)!)) out.push({ method: asked.get(key)!, response: b });
  }
  return out;
}

/** Removals and wrong-typed values at every member down to `depth`, arrays entering their first element. */
function mutations(v: unknown, depth: number, path = ''): { label: string; apply: (root: Json) => void }[] {
  if (!isObj(v) || depth < 0) return [];
  const out: { label: string; apply: (root: Json) => void }[] = [];
  const at = (root: Json): Json =>
    path
      .split('/')
      .filter(Boolean)
      .reduce<Json>((o, k) => (Array.isArray(o) ? (o as unknown as Json[])[Number(k)]! : (o[k] as Json)), root);
  for (const [k, child] of Object.entries(v)) {
    out.push({ label: `${path}/${k} removed`, apply: (root) => void delete at(root)[k] });
    for (const wrong of [42, 'x', null, [], {}, true])
      out.push({ label: `${path}/${k}=${JSON.stringify(wrong)}`, apply: (root) => void (at(root)[k] = wrong) });
    if (isObj(child)) out.push(...mutations(child, depth - 1, `${path}/${k}`));
    if (Array.isArray(child) && isObj(child[0])) out.push(...mutations(child[0], depth - 1, `${path}/${k}/0`));
  }
  return out;
}

describe('our 2025-11-25 wire model agrees with the official schema', () => {
  const seen: { from: string; method: string; response: Json }[] = [];
  let http: LegacyHttp;
  before(async () => {
    http = await startLegacyHttp({ faults: ['init-bad-shape', 'tools-list-bad-shape', 'call-bad-shape', 'ping-unimplemented'] });
    const reports: [string, TargetReport][] = [
      ['server-everything', await run(everythingStdio(), { checks: LEGACY, startupTimeoutMs: 30_000 })],
      ['fixture', await run(exampleStdio('../test/fixtures/servers/legacy/stdio', ['--faults', 'none']), { checks: LEGACY })],
      ['fixture (faults)', await run({ kind: 'http', url: http.url }, { checks: LEGACY })],
      ['support-desk', (await runDualAware(exampleStdio('support-desk/stdio'), LEGACY)).report],
    ];
    for (const [from, r] of reports) seen.push(...legacyResponses(r).map((x) => ({ from, ...x })));
  });
  after(() => http.close());

  it('models every result type it is asked about', () => {
    for (const type of Object.values(LEGACY_RESULT_TYPES)) assert.ok(LEGACY_TYPE_NAMES.includes(type), type);
  });

  it('on every response seen, and on mutations of each', (t) => {
    const dir = specDirOrSkip(t);
    if (!dir) return;
    const valid = official(dir);
    const methods = new Set(seen.map((s) => s.method));
    assert.deepEqual([...methods].sort(), Object.keys(LEGACY_RESULT_TYPES).sort(), 'every modelled method was seen');
    const verdicts = { valid: 0, invalid: 0 };
    const disagreements: string[] = [];
    const judge = (label: string, method: string, response: unknown) => {
      const ours = validateLegacyResponse(method, response).length === 0;
      // Deliberate: an error with `id: null` is JSON-RPC 2.0's unreadable-id answer; the schema types only the absent id.
      if (isObj(response) && response.id === null && 'error' in response && !('result' in response)) {
        if (!ours && validateLegacyResponse(method, { ...response, id: 1 }).length === 0) disagreements.push(`${label}: id null on an error is not accepted`);
        return;
      }
      const theirs = officialVerdict(valid, method, response);
      verdicts[theirs ? 'valid' : 'invalid']++;
      if (ours !== theirs) disagreements.push(`${label}: ours ${ours ? 'valid' : 'invalid'}, official ${theirs ? 'valid' : 'invalid'}`);
    };
    for (const s of seen) {
      judge(`${s.from} ${s.method}`, s.method, s.response);
      for (const m of mutations(s.response, 4)) {
        const copy = structuredClone(s.response);
        m.apply(copy);
        judge(`${s.from} ${s.method} ${m.label}`, s.method, copy);
      }
    }
    assert.deepEqual(disagreements.slice(0, 20), [], `${disagreements.length} disagreements`);
    // The corpus holds real invalid messages (the faults) as well as valid ones, so both verdicts were exercised.
    assert.ok(
      seen.some((s) => !officialVerdict(valid, s.method, s.response)),
      'some seen responses are invalid',
    );
    assert.ok(verdicts.valid > 50 && verdicts.invalid > 500, JSON.stringify(verdicts));
  });
});
