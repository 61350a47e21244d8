import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CheckDefinition } from '../../src/checks/types.js';
import { exampleStdio, result, run } from '../support/fixtures.js';

const SPEC = { revision: { since: '2026-07-28' }, section: 'basic/index', quote: 'a check that outlasts the run' } as const;

/** Waits far longer than the run may last, ending early only when the run's deadline aborts its signal. */
const outlasts: CheckDefinition = {
  id: 'test/outlasts-the-run',
  title: 'waits longer than the run may last',
  level: 'MUST',
  spec: SPEC,
  transports: ['stdio', 'http'],
  async run(t) {
    const signal = t.client.defaults.signal;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 120_000);
      signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  },
};
const queued: CheckDefinition = { ...outlasts, id: 'test/queued-behind-it', title: 'queued behind it', run: async () => undefined };

describe('a run cut by its deadline', () => {
  it('says, on every check it cut, how long the run had and which option gives it more', async () => {
    const deadlineMs = 6000;
    const r = await run(exampleStdio('support-desk/stdio'), { checks: [outlasts, queued], concurrency: 1, deadlineMs, contracts: false });
    const wording = `the overall deadline (${deadlineMs} ms; raise it with --deadline) passed`;
    const cut = result(r, 'test/outlasts-the-run');
    assert.equal(cut.status, 'error');
    assert.equal(cut.message, `not finished: ${wording}`);
    const never = result(r, 'test/queued-behind-it');
    assert.equal(never.status, 'error');
    assert.equal(never.message, `not run: ${wording}`);
  });
});
