import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TargetSpec } from '../../src/core/target-spec.js';
import { startFastMcpHttp, type RunningFastMcp } from '../fixtures/servers/third-party/fastmcp.js';
import { startSingleSessionHttp, type SingleSessionHttp } from '../fixtures/servers/third-party/single-session-http.js';
import { startSseErrorOpenHttp, type SseErrorOpenHttp } from '../fixtures/servers/third-party/sse-error-open-http.js';
import { byStatus, explain, nodeFlags, run } from '../support/fixtures.js';

/**
 * A 2025-era sessionful HTTP server from another framework (fastmcp, pinned): it refuses any request that names
 * 2026-07-28 in `_meta`, so every check it is graded by must speak to it as a 2025 client to reach a verdict.
 */
describe('fastmcp over Streamable HTTP (2025-era, sessionful)', () => {
  let server: RunningFastMcp;
  before(async () => {
    server = await startFastMcpHttp();
  });
  after(() => server.close());

  it('is graded by the 2025 requirements with a verdict on each, none lost to the 2026-07-28 envelope', async () => {
    const r = await run({ kind: 'http', url: server.url });
    assert.equal(r.era, 'legacy', explain(r));
    const graded = r.results.filter((x) => x.status !== 'skip');
    const undecided = graded.filter((x) => x.status === 'inconclusive' || x.status === 'precondition-failed' || x.status === 'error');
    // A stream check needs an event stream; fastmcp answers with one, so it is judged too.
    assert.deepEqual(
      undecided.map((x) => `${x.checkId}: ${x.message ?? ''}`),
      [],
      explain(r),
    );
    for (const id of [
      'legacy/initialize-result',
      'legacy/tools-list',
      'legacy/tools-call',
      'http-transport/notification-202',
      'http-transport/sse-stream-ends',
    ])
      assert.equal(r.results.find((x) => x.checkId === id)?.status, 'pass', `${id}\n${explain(r)}`);
    const host = r.results.find((x) => x.checkId === 'http-transport/host-validated');
    assert.ok(host && host.status !== 'skip', explain(r));
    assert.doesNotMatch(host.message ?? '', /own Host was not served/, 'its own Host is served');
  });

  it('names an old HTTP+SSE endpoint as such instead of "no known handshake", and only that', async () => {
    const sse = await run({ kind: 'http', url: server.url.replace(/\/mcp$/, '/sse') });
    assert.equal(sse.outcome, 'inconclusive', explain(sse));
    assert.match(sse.outcomeReason ?? '', /deprecated HTTP\+SSE transport \(2024-11-05\).*"\/messages\?sessionId=[^"]+".*often \/mcp/, explain(sse));
    const nothing = await run({ kind: 'http', url: server.url.replace(/\/mcp$/, '/nothing-here') });
    assert.equal(nothing.outcome, 'inconclusive', explain(nothing));
    assert.match(nothing.outcomeReason ?? '', /answered no known handshake/, explain(nothing));
  });
});

/**
 * A server that answers server/discover with a DiscoverResult listing only 2025 versions and refuses every other
 * 2026-07-28 request with -32022 serves the 2025 era only: it is graded by it, not failed on each modern check for
 * the one refusal the -32022 already states (kubernetes-mcp-server 0.0.67 over HTTP behaves so).
 */
describe('a DiscoverResult without 2026-07-28, backed by -32022 on modern requests', () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const ext = path.extname(fileURLToPath(import.meta.url));
  const spec: TargetSpec = {
    kind: 'stdio',
    command: process.execPath,
    args: [...nodeFlags(), path.join(here, `../fixtures/servers/third-party/discover-2025-only${ext}`)],
  };

  it('is a 2025-era server: its 2025 checks pass and no modern check fails on the version refusal', async () => {
    const r = await run(spec);
    assert.equal(r.era, 'legacy', explain(r));
    assert.match(r.eraReason ?? '', /lists only 2025-11-25.*-32022.*initialize succeeded/, explain(r));
    assert.deepEqual(byStatus(r, 'fail', 'error'), [], explain(r));
    for (const id of ['legacy/initialize-result', 'legacy/tools-list', 'legacy/tools-call'])
      assert.equal(r.results.find((x) => x.checkId === id)?.status, 'pass', `${id}\n${explain(r)}`);
  });
});

/**
 * A 2025-era server with one session per process (@hono/mcp 0.3.2 with one transport connected once): a second
 * initialize gets 400, and an unsupported MCP-Protocol-Version gets 404 although the session goes on. The run keeps
 * the probe's session, and the 2025 checks are judged in it instead of failing on the refused second handshake.
 */
describe('a 2025-era HTTP server with one session per process', () => {
  let server: SingleSessionHttp;
  before(async () => {
    server = await startSingleSessionHttp();
  });
  after(() => server.close());

  it('is judged in the one session it serves: no check fails or stops on the refusal of a second one', async () => {
    const r = await run({ kind: 'http', url: server.url });
    assert.equal(r.era, 'legacy', explain(r));
    // A 404 to a request naming another protocol version ends no session: the run starts no new one.
    assert.equal(r.wire.filter((w) => w.phase === 'reinitialize').length, 0, explain(r));
    for (const id of [
      'legacy/initialize-result',
      'legacy/tools-list',
      'legacy/tools-call',
      'legacy/ping',
      'legacy/resource-not-found',
      'http-transport/notification-202',
      'http-transport/error-carries-id',
    ])
      assert.equal(r.results.find((x) => x.checkId === id)?.status, 'pass', `${id}\n${explain(r)}`);
    // It does not validate Origin: a real finding, reached in its session.
    assert.equal(r.results.find((x) => x.checkId === 'http-transport/origin-validated')?.status, 'fail', explain(r));
    const negotiation = r.results.find((x) => x.checkId === 'legacy/version-negotiation');
    assert.equal(negotiation?.status, 'inconclusive', explain(r));
    assert.match(negotiation.message ?? '', /opens no second session/, explain(r));
  });
});

/**
 * A stream that ends after a result but stays open after an error response (@modelcontextprotocol/sdk 1.10.2):
 * the stream check measures an error-answered stream too, so it is not passed on the results alone.
 */
describe('a 2025-era HTTP server whose event stream stays open after an error response', () => {
  let server: SseErrorOpenHttp;
  before(async () => {
    server = await startSseErrorOpenHttp();
  });
  after(() => server.close());

  it('warns on http-transport/sse-stream-ends (a SHOULD) for the error-answered stream only', async () => {
    const r = await run({ kind: 'http', url: server.url });
    assert.equal(r.era, 'legacy', explain(r));
    const ends = r.results.find((x) => x.checkId === 'http-transport/sse-stream-ends');
    assert.equal(ends?.status, 'warn', explain(r));
    assert.match(ends.message ?? '', /no-such-method \(an error\) stayed open/, explain(r));
    assert.doesNotMatch(ends.message ?? '', /ping|tools\/list/, explain(r));
  });
});
