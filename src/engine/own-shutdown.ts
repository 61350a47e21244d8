/**
 * The run's own stdio process as a second witness for stdio/exit-on-eof. The check judges a copy of the server; a
 * server whose copies behave differently (one that exits at once when a lock the first process holds is taken, as
 * mcp-cron 0.9.1 does) passes it while the process a client runs never exits on EOF. So when the check passed, the
 * run's own process is given the same bound after EOF before SIGTERM, and if it needed the signal the pass becomes the
 * check's failure, naming both.
 */
import { EOF_CHECK, EOF_EXIT_BOUND_MS } from '../checks/stdio/support.js';
import type { CheckResult } from '../core/types.js';
import { gradeFailure } from './grade.js';

const passed = (r: CheckResult | undefined): r is CheckResult => r !== undefined && (r.outsideEra?.status ?? r.status) === 'pass';

/** The wait after EOF before SIGTERM for the run's own process: the check's bound when it passed, else the default. */
export function ownEofWait(results: readonly CheckResult[] | undefined): number | undefined {
  return passed(results?.find((r) => r.checkId === EOF_CHECK)) ? EOF_EXIT_BOUND_MS + 500 : undefined;
}

/** Revises a passed stdio/exit-on-eof when the run's own process, given the check's bound, did not exit on EOF. */
export function reviseByOwnProcess(results: CheckResult[], closedBy: { eof: boolean; waitedMs: number } | undefined, strict: boolean): void {
  if (!closedBy || closedBy.eof || closedBy.waitedMs < EOF_EXIT_BOUND_MS) return;
  const i = results.findIndex((r) => r.checkId === EOF_CHECK);
  const r = results[i];
  if (!passed(r)) return;
  const status = gradeFailure(r.level, strict);
  const copy = r.outsideEra?.message ?? r.message;
  const message = `the run's own server process was still running ${closedBy.waitedMs} ms after its stdin was closed${copy ? `, though a second copy ${copy}` : ''}`;
  const hint = 'Exit when stdin ends (e.g. on the readline "close" event) in every process, not only when a resource a first process holds is taken.';
  if (r.outsideEra) {
    r.outsideEra = { status, message, hint };
    return;
  }
  results[i] = {
    ...r,
    status,
    message,
    expected: `exit within ${EOF_EXIT_BOUND_MS} ms of EOF on stdin`,
    actual: `still running after ${closedBy.waitedMs} ms; it was then sent SIGTERM`,
    hint,
  };
}
