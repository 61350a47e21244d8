import { renderHtml } from './html/index.js';
import type { Reporter } from './types.js';

/** One self-contained HTML page: no network, a CSP that runs only its own script. */
export const htmlReporter: Reporter = {
  id: 'html',
  fileExtension: '.html',
  render: (report, opts = {}) => renderHtml(report, opts.history ? { history: opts.history } : {}),
};
