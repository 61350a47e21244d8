import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { resultTypeName, validateWireType } from '../../src/spec/wire/index.js';
import type { TargetReport } from '../../src/core/types.js';
import { exampleStdio, run } from '../support/fixtures.js';
import { officialValidate, specDirOrSkip } from '../support/official-schema.js';

/** Pairs each server response in a report with the method of the request it answers. */
function responses(r: TargetReport): { method: string; msg: Record<string, unknown> }[] {
  const methods = new Map<string, string>();
  const out: { method: string; msg: Record<string, unknown> }[] = [];
  for (const e of r.wire) {
    const b = e.body as Record<string, unknown> | undefined;
    // 2025-era traffic of the dual-era and legacy checks is judged by the 2025 model, not this one.
    if (!b || typeof b !== 'object' || e.legacy) continue;
    if (e.from === 'harness' && 'id' in b && typeof b.method === 'string') methods.set(JSON.stringify(b.id), b.method);
    if (e.from === 'server' && 'id' in b && !('method' in b)) {
      const m = methods.get(JSON.stringify(b.id));
      if (m) out.push({ method: m, msg: b });
    }
  }
  return out;
}

/**
 * Our wire model must agree with the official schema on every message the test servers really send: correct servers
 * (both must accept) and faulty ones (both must reject what the schema can see).
 */
describe('wire model agrees with the official schema on live traffic', () => {
  let desk: Awaited<ReturnType<typeof startSupportDeskHttp>>;
  let flawed: Awaited<ReturnType<typeof startFlawedHttp>>;
  before(async () => {
    desk = await startSupportDeskHttp({ port: 0 });
    flawed = await startFlawedHttp({ faults: ['cache-hints-missing', 'discover-missing-fields'], port: 0 });
  });
  after(async () => {
    await desk.close();
    await flawed.close();
  });

  const compare = async (label: string, report: () => Promise<TargetReport>, expectInvalid: boolean) => {
    let agreed = 0;
    let invalid = 0;
    for (const { method, msg } of responses(await report())) {
      const isError = 'error' in msg;
      const type = isError ? 'JSONRPCErrorResponse' : resultTypeName(method);
      if (!type) continue;
      const value = isError ? msg : msg.result;
      // The official schema admits any result as an InputRequiredResult; judge interim results by their own type.
      const t2 = !isError && (value as { resultType?: unknown }).resultType === 'input_required' ? 'InputRequiredResult' : type;
      const official = officialValidate(t2, value).length === 0;
      const ours = validateWireType(t2, value).length === 0;
      assert.equal(ours, official, `${label}: ${method} as ${t2}: ours=${ours} official=${official}\n${JSON.stringify(value).slice(0, 400)}`);
      agreed++;
      if (!ours) invalid++;
    }
    assert.ok(agreed >= 10, `${label}: compared ${agreed} messages`);
    if (expectInvalid) assert.ok(invalid > 0, `${label}: the faulty server produced invalid messages`);
    else assert.equal(invalid, 0, `${label}: a correct server sent no invalid message`);
  };

  it('support-desk over HTTP', async (t) => {
    if (specDirOrSkip(t)) await compare('desk http', () => run({ kind: 'http', url: desk.url }), false);
  });
  it('support-desk over stdio', async (t) => {
    if (specDirOrSkip(t)) await compare('desk stdio', () => run(exampleStdio('support-desk/stdio')), false);
  });
  it('flawed server with cache-hint faults', async (t) => {
    if (specDirOrSkip(t)) await compare('flawed http', () => run({ kind: 'http', url: flawed.url }), true);
  });
});
