import type { HistoryEntry } from '../core/history-types.js';

export interface RenderOptions {
  /** ANSI colours (console only). */
  color?: boolean;
  /** Include wire evidence and timings. */
  verbose?: boolean;
  /** Earlier runs (html: the trend). */
  history?: readonly HistoryEntry[];
}
