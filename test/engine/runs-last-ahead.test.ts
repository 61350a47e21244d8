/**
 * Over HTTP a run-last check that declares `startsEarlyOverHttp` starts once only the listen windows are left, so its
 * requests overlap them; it judges at its turn, and the run-last checks before it judge the wire without its entries.
 * Over stdio it starts at its turn, as every run-last check does.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CheckDefinition } from '../../src/checks/types.js';
import type { TargetSpec } from '../../src/core/target-spec.js';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { exampleStdio, explain, result, run } from '../support/fixtures.js';

const SPEC = { revision: { since: '2026-07-28' }, section: 'basic/index', quote: 'a check of the run-last order' } as const;
const base: Pick<CheckDefinition, 'level' | 'spec' | 'transports'> = { level: 'MUST', spec: SPEC, transports: ['stdio', 'http'] };
/** How long the stand-in window waits for the early check before it ends on its own. */
const WINDOW_FALLBACK_MS = 3000;

interface Seen {
  /** What ended the stand-in window: the early check starting, or its own clock. */
  windowEndedBy?: 'early start' | 'clock';
  /** The early check's entries the run-last scanner before it got from t.wire(), and how many the recorder held. */
  scannerSaw?: number;
  recorderHeld?: number;
  /** Whether the scanner had ended when the early check's turn came. */
  scannerDoneAtTurn?: boolean;
}

function checks(seen: Seen): CheckDefinition[] {
  let started!: () => void;
  const earlyStarted = new Promise<void>((resolve) => (started = resolve));
  let scannerDone = false;
  const early: CheckDefinition = {
    ...base,
    id: 'test/early-run-last',
    title: 'a run-last check that may start early over HTTP',
    runsLast: true,
    startsEarlyOverHttp: true,
    async run(t) {
      started();
      await t.request('ping');
      await t.atTurn();
      seen.scannerDoneAtTurn = scannerDone;
    },
  };
  return [
    {
      ...base,
      id: 'test/window',
      title: 'holds a window',
      slow: 'a stand-in listen window',
      holdsWindow: true,
      async run(t) {
        t.shared.windowOpened(t.checkId);
        let timer: NodeJS.Timeout | undefined;
        seen.windowEndedBy = await Promise.race([
          earlyStarted.then(() => 'early start' as const),
          new Promise<'clock'>((resolve) => (timer = setTimeout(() => resolve('clock'), WINDOW_FALLBACK_MS))),
        ]);
        clearTimeout(timer);
      },
    },
    { ...base, id: 'test/quick', title: 'a quick check', run: async (t) => void (await t.request('ping')) },
    {
      ...base,
      id: 'test/scanner',
      title: 'a run-last check that judges the whole wire, before the early one',
      runsLast: true,
      async run(t) {
        // The early check's ping may still be on its way: its request is recorded when it goes out.
        await new Promise((resolve) => setTimeout(resolve, 200));
        seen.scannerSaw = t.wire().filter((e) => e.phase === early.id).length;
        seen.recorderHeld = t.client.recorder.entries.filter((e) => e.phase === early.id).length;
        scannerDone = true;
      },
    },
    early,
  ];
}

async function runWith(spec: TargetSpec): Promise<{ seen: Seen; report: Awaited<ReturnType<typeof run>> }> {
  const seen: Seen = {};
  const report = await run(spec, { checks: checks(seen), concurrency: 4, contracts: false });
  for (const id of ['test/window', 'test/quick', 'test/scanner', 'test/early-run-last']) assert.equal(result(report, id).status, 'pass', explain(report));
  return { seen, report };
}

describe('run-last checks that start early over HTTP', () => {
  let desk: Awaited<ReturnType<typeof startSupportDeskHttp>>;
  before(async () => (desk = await startSupportDeskHttp({ port: 0 })));
  after(async () => desk.close());

  it('over HTTP: starts while the window is open, judges at its turn, and is not in the wire of the checks before it', async () => {
    const { seen } = await runWith({ kind: 'http', url: desk.url });
    assert.equal(seen.windowEndedBy, 'early start', 'the early check started while the window check still ran');
    assert.ok((seen.recorderHeld ?? 0) > 0, 'its ping was on the wire before the scanner judged');
    assert.equal(seen.scannerSaw, 0, 'the scanner before it judged the wire without its entries');
    assert.equal(seen.scannerDoneAtTurn, true, 'its turn came after the scanner before it ended');
  });

  it('over stdio: starts at its turn, after the window and the checks before it', async () => {
    const { seen } = await runWith(exampleStdio('support-desk/stdio'));
    assert.equal(seen.windowEndedBy, 'clock');
    assert.equal(seen.recorderHeld, 0, 'it had sent nothing when the scanner before it judged');
    assert.equal(seen.scannerDoneAtTurn, true);
  });
});
