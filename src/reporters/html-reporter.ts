import { renderHtml } from './html/index.js';
import type { Report } from '../core/types.js';
import type { RenderOptions } from './types.js';

/** One self-contained HTML page: no network, a CSP that runs only its own script. */
export const render = (report: Report, opts: RenderOptions = {}): string => renderHtml(report, opts.history ? { history: opts.history } : {});
