import path from 'node:path';
import { loadReporter, startSupportDesk, supportDeskGoldenDir } from '../index.js';
import { createReplayProvider, loadGolden, priceTable, runEval } from '../eval.js';
import { useColor, writeReports } from './output.js';

/** Demo, layer 1: the support-desk golden set replayed from a committed cassette (offline, no model is asked). */
export async function demoEval(o: { out: string; color?: boolean }): Promise<boolean> {
  const dir = supportDeskGoldenDir();
  process.stdout.write(
    `\ndemo: behaviour eval of the support desk, REPLAYED from ${path.join(dir, 'cassettes')} (offline: no model is asked;\n      the cassette was recorded from a scripted stand-in model; record a real one with --record, see README)\n\n`,
  );
  const desk = await startSupportDesk();
  try {
    const report = await runEval({
      target: { kind: 'http', url: desk.url },
      golden: await loadGolden(path.join(dir, 'tasks.yaml')),
      models: [{ provider: await createReplayProvider(path.join(dir, 'cassettes'), 'openai:scripted-demo-model'), source: 'replay' }],
      runs: 5,
      concurrency: 4,
      allowTools: [],
      timeoutMs: 10_000,
      startupTimeoutMs: 30_000,
      runTimeoutMs: 60_000,
      prices: priceTable(),
    });
    process.stdout.write((await loadReporter('console')).render(report, { color: useColor(process.stdout, o.color) }));
    const written = await writeReports(report, {
      json: path.join(o.out, 'eval-report.json'),
      junit: path.join(o.out, 'eval-junit.xml'),
      md: path.join(o.out, 'eval-report.md'),
    });
    process.stdout.write(`\nreports: ${written.join(', ')}\n`);
    const m = report.evals!.models[0]!;
    const decided = m.summary.inconclusive === 0 && !m.aborted;
    process.stdout.write(
      decided
        ? `demo: the replay decided every case (${m.summary.pass} met their gate, ${m.summary.fail} missed it, as recorded).\n`
        : 'demo: the replay could not decide every case; the cassette may not match the golden set (re-record it).\n',
    );
    return decided;
  } finally {
    await desk.close();
  }
}
