import { truncate, visible } from './text.js';

/**
 * Inline text from a server, safe in a GitHub-flavoured Markdown paragraph or table cell:
 * HTML as entities, Markdown punctuation backslash-escaped (links, emphasis, code spans, pipes), newlines as <br>.
 */
export function mdText(s: string, max = 400): string {
  return truncate(visible(s).trimEnd(), max)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]{}()#+!|~]/g, (c) => `\\${c}`)
    .replace(/\n/g, '<br>');
}

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
