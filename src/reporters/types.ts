import type { Report } from '../core/types.js';

export interface RenderOptions {
  /** ANSI colours (console only). */
  color?: boolean;
  /** Include wire evidence and timings. */
  verbose?: boolean;
}

/** A reporter renders a finished, read-only Report; it never decides pass or fail. */
export interface Reporter {
  id: 'console' | 'json' | 'junit' | 'markdown';
  fileExtension: string;
  render(report: Report, opts?: RenderOptions): string;
}
