import { markdownText } from '../core/escape.js';
import { visible } from './text.js';

/** Inline text from a server, safe in a GFM paragraph or table cell (the one Markdown escaper, in core). */
export const mdText = markdownText;

/** Text inside an HTML element such as <summary>: entities only, and no Markdown run inside. */
export function htmlText(s: string): string {
  return visible(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\n/g, ' ');
}

/** A fenced code block whose fence is longer than any backtick run inside, so the content cannot close it. */
export function mdCode(s: string, lang = ''): string {
  const body = visible(s);
  const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${lang}\n${body}\n${fence}`;
}

/** Table cell for our own identifiers (check ids, areas): still escaped, never trusted blindly. */
export function mdCodeSpan(s: string): string {
  const body = visible(s).replace(/\|/g, '¦');
  return body.includes('`') ? mdText(body) : `\`${body}\``;
}
