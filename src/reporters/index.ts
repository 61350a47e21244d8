import { consoleReporter } from './console.js';
import { jsonReporter } from './json.js';
import { junitReporter } from './junit.js';
import { markdownReporter } from './markdown.js';
import type { Reporter } from './types.js';
import { htmlReporter } from './html-reporter.js';
import { sarifReporter } from './sarif.js';

export const REPORTERS: Record<Reporter['id'], Reporter> = {
  console: consoleReporter,
  json: jsonReporter,
  junit: junitReporter,
  markdown: markdownReporter,
  html: htmlReporter,
  sarif: sarifReporter,
};

export { consoleReporter, jsonReporter, junitReporter, markdownReporter, htmlReporter, sarifReporter };
export { REPORT_SCHEMA_ID } from './json.js';
export { summaryLine, truncate, visible, wireBody, wireHeader } from './text.js';
export type { RenderOptions, Reporter } from './types.js';
