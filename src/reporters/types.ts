import type { Report } from '../core/types.js';
import type { HistoryEntry } from '../core/history-types.js';

export interface RenderOptions {
  /** ANSI colours (console only). */
  color?: boolean;
  /** Include wire evidence and timings. */
  verbose?: boolean;
  /** Earlier runs (html: the trend). */
  history?: readonly HistoryEntry[];
}

/** A reporter renders a finished, read-only Report; it never decides pass or fail. */
export interface Reporter {
  id: 'console' | 'json' | 'junit' | 'markdown' | 'html' | 'sarif';
  fileExtension: string;
  render(report: Report, opts?: RenderOptions): string;
}
