/**
 * The two ways server-provided text leaves mcp-assay: to a terminal, and into Markdown. Every command and reporter
 * uses these, so an ESC, BEL, C1 CSI or a bidi override from a server never reaches a reader raw.
 */

// C0/C1 controls (ANSI escapes start with ESC, C1 CSI is U+009B), DEL, and noncharacters illegal in XML 1.0; \t and \n stay.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufffe\uffff]/g;
// Bidi overrides/isolates and invisible marks can make text read differently than it is (CVE-2021-42574).
const INVISIBLE = /[\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
// A lone surrogate is not a character at all.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function hex(c: string, width: 2 | 4): string {
  return c.charCodeAt(0).toString(16).padStart(width, '0');
}

/**
 * Text made inert for a terminal (and any document): every control, bidi and invisible character becomes a visible
 * escape (`\x1b`, `\u202e`), so what a reader sees is what was sent.
 */
export function terminalText(s: string): string {
  return s
    .replace(CONTROL, (c) => (c === '\r' ? '\\r' : `\\x${hex(c, 2)}`))
    .replace(INVISIBLE, (c) => `\\u${hex(c, 4)}`)
    .replace(LONE_SURROGATE, '\ufffd');
}

export function truncateText(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** Server text quoted inside a one-line description: runs of whitespace (newlines too) become one space, then clipped. */
export function oneLine(s: string, max: number): string {
  return truncateText(s.replace(/\s+/g, ' ').trim(), max);
}

/**
 * Inline text safe in a GitHub-flavoured Markdown paragraph or table cell: controls made visible, HTML as entities,
 * Markdown punctuation backslash-escaped (links, emphasis, code spans, pipes), `@` encoded so it mentions nobody,
 * newlines as <br>.
 */
export function markdownText(s: string, max = 400): string {
  return truncateText(terminalText(s).trimEnd(), max)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]{}()#+!|~]/g, (c) => `\\${c}`)
    .replace(/@/g, '&#64;')
    .replace(/\n/g, '<br>');
}
