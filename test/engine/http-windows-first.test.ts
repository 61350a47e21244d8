/**
 * Over HTTP the checks that hold no window start once every listen window is open, so no burst of their requests and
 * answers stands between a listen request and the reading of its acknowledgement. Over stdio they start at once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CheckDefinition } from '../../src/checks/types.js';
import type { TargetSpec } from '../../src/core/target-spec.js';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { exampleStdio, explain, result, run } from '../support/fixtures.js';

const SPEC = { revision: { since: '2026-07-28' }, section: 'basic/index', quote: 'a check of the start order' } as const;
const base: Pick<CheckDefinition, 'level' | 'spec' | 'transports'> = { level: 'MUST', spec: SPEC, transports: ['stdio', 'http'] };

/** Whether the stand-in window was open when each other check started. */
async function openWhenOthersStarted(spec: TargetSpec): Promise<boolean[]> {
  let open = false;
  const seen: boolean[] = [];
  const window: CheckDefinition = {
    ...base,
    id: 'test/window',
    title: 'holds a window, opened once its first answer is read',
    slow: 'a stand-in listen window',
    holdsWindow: true,
    async run(t) {
      await t.request('ping');
      open = true;
      t.shared.windowOpened(t.checkId);
    },
  };
  const others = [1, 2, 3].map((n): CheckDefinition => ({
    ...base,
    id: `test/other-${n}`,
    title: `another check (${n})`,
    async run(t) {
      seen.push(open);
      await t.request('ping');
    },
  }));
  const report = await run(spec, { checks: [window, ...others], concurrency: 4, contracts: false });
  for (const c of [window, ...others]) assert.equal(result(report, c.id).status, 'pass', explain(report));
  return seen;
}

describe('the order checks start in, around the listen windows', () => {
  let desk: Awaited<ReturnType<typeof startSupportDeskHttp>>;
  before(async () => (desk = await startSupportDeskHttp({ port: 0 })));
  after(async () => desk.close());

  it('over HTTP: the other checks start once the window is open', async () => {
    assert.deepEqual(await openWhenOthersStarted({ kind: 'http', url: desk.url }), [true, true, true]);
  });

  it('over stdio: they start at once, beside the window', async () => {
    assert.deepEqual(await openWhenOthersStarted(exampleStdio('support-desk/stdio')), [false, false, false]);
  });
});
