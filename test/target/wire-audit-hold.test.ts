/**
 * The wire audit can hold its judging back (a run does, from the probe until its listen windows are open): the
 * findings must be the very ones of judging each message at once. Either way a message waits for the era the probe
 * finds, so what a 2025-era server sends before the probe's answer is judged as 2025 wire.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WireAudit } from '../../src/target/wire-audit.js';

/** Requests and answers, some invalid, and the era found midway as a probe of a 2025-era server would. */
function feed(audit: WireAudit, atSwitch: () => void = () => undefined): void {
  audit.observe(1, 'harness', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
  audit.observe(2, 'server', { jsonrpc: '2.0', id: 1, result: { tools: 'not a list' } });
  audit.observe(3, 'harness', { jsonrpc: '2.0', id: 2, method: 'initialize', params: {} });
  audit.observe(4, 'server', { jsonrpc: '2.0', id: 2, result: { protocolVersion: 7 } });
  audit.observe(5, 'server', { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'loud' } });
  audit.era = 'legacy';
  atSwitch();
  audit.observe(6, 'harness', { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'x' } });
  audit.observe(7, 'server', { jsonrpc: '2.0', id: 3, result: { content: 'no', structuredContent: { a: 1 } } });
  audit.observe(8, 'server', 'not an object');
}

describe('the wire audit held back', () => {
  it('finds what judging at once finds, in the same order, each message under the era found', () => {
    const atOnce = new WireAudit();
    feed(atOnce);
    const held = new WireAudit();
    held.hold();
    feed(held);
    assert.ok(atOnce.findings.length >= 4, 'there is something to compare');
    assert.equal(held.serverMessages, atOnce.serverMessages);
    assert.deepEqual(held.resultSizes, atOnce.resultSizes, 'what calls observed is kept as they come');
    assert.deepEqual(held.findings, atOnce.findings, 'reading the findings judges what was held');
    assert.equal(held.dropped, atOnce.dropped);
  });

  it('judges the held messages on release, and every later one as it comes', () => {
    const atOnce = new WireAudit();
    feed(atOnce);
    const held = new WireAudit();
    held.hold();
    let before = -1;
    feed(held, () => {
      held.release();
      before = held.findings.length;
    });
    assert.ok(before > 0, 'released midway: the first messages were judged then');
    assert.deepEqual(held.findings, atOnce.findings);
    assert.ok(new Set(held.findings.map((f) => f.seq)).has(4), 'the initialize answer was judged as 2025 wire, as it is at once');
  });

  it('what the server sent before the era was known is judged by the era found, held or not', () => {
    // Valid 2025 wire; on 2026-07-28 a list_changed notification travels on a listen stream, tagged with its id.
    const early = { jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: {} };
    for (const held of [false, true])
      for (const era of ['legacy', 'modern'] as const) {
        const audit = new WireAudit();
        if (held) audit.hold();
        audit.observe(1, 'server', early);
        audit.era = era;
        if (held) audit.release();
        const found = audit.findings.map((f) => f.path);
        assert.deepEqual(found, era === 'legacy' ? [] : ['/params/_meta/io.modelcontextprotocol~1subscriptionId'], `${era}, held: ${held}`);
      }
  });
});
