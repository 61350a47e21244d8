import type { Report } from '../core/types.js';

export { REPORT_SCHEMA_ID } from '../core/types.js';

// JSON.stringify leaves these (DEL, C1 controls, bidi, invisibles) raw; as \u escapes they stay the same data but cannot reorder a terminal or editor view.
const INVISIBLE = /[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** The Report itself, as JSON. */
export function render(report: Report): string {
  const text = JSON.stringify(report, null, 2).replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `${text}\n`;
}
