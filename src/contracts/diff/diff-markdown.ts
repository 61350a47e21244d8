/** Markdown for a pull-request comment. Server text is untrusted: it is escaped, masked and made visible. */
import { Masker } from '../../core/mask.js';
import type { CatalogueChange } from './change.js';
import { markdownText, terminalText } from '../../core/escape.js';

const masker = new Masker();

/** A GFM table cell: the one Markdown escaper, after masking; no length cut (a diff detail is already short). */
function cell(text: string): string {
  return markdownText(masker.text(text), Infinity);
}

/** A code span for names and paths: visible controls, entities, escaped pipes, no mention. */
function code(text: string): string {
  const t = terminalText(masker.text(text))
    .replace(/\r?\n/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@/g, '&#64;')
    .replace(/\|/g, '\\|');
  return t.includes('`') ? `\`\` ${t} \`\`` : `\`${t}\``;
}

function table(rows: readonly CatalogueChange[]): string[] {
  const lines = ['| Subject | Change | Where | Detail |', '|---|---|---|---|'];
  for (const c of rows) {
    const allowed = c.allowed ? ` **Allowed:** ${cell(c.allowed)}` : '';
    lines.push(`| ${code(c.subject)} | ${cell(c.change)} | ${c.path ? code(c.path) : ''} | ${cell(c.detail)}${allowed} |`);
  }
  return lines;
}

function count(rows: readonly CatalogueChange[], word: string, bold: boolean): string {
  const open = rows.filter((c) => !c.allowed).length;
  const allowed = rows.length - open;
  const main = `${rows.length} ${word}`;
  return (bold && open ? `**${main}**` : main) + (allowed ? ` (${allowed} allowed)` : '');
}

export function renderDiffMarkdown(changes: CatalogueChange[], labels: { old: string; new: string }): string {
  const breaking = changes.filter((c) => c.kind === 'breaking');
  const escalation = changes.filter((c) => c.kind === 'escalation');
  const other = changes.filter((c) => c.kind === 'non-breaking');
  const out = ['### Tool contract diff', '', `${code(labels.old)} → ${code(labels.new)}`, ''];
  if (changes.length === 0) {
    out.push('No contract changes.', '');
    return out.join('\n');
  }
  const blocked = changes.some((c) => c.kind !== 'non-breaking' && !c.allowed);
  out.push(
    `${blocked ? '❌' : '✅'} ${count(breaking, 'breaking', true)}, ${count(escalation, escalation.length === 1 ? 'risk escalation' : 'risk escalations', true)}, ${count(other, 'non-breaking', false)}`,
    '',
  );
  if (breaking.length) out.push(`#### Breaking (${breaking.length})`, '', ...table(breaking), '');
  if (escalation.length) out.push(`#### Risk escalations (${escalation.length})`, '', ...table(escalation), '');
  if (other.length) {
    const flagged = other.filter((c) => /description|instructions/.test(c.change)).length;
    const note = flagged ? ` (${flagged} description or instruction edits: they move model behaviour)` : '';
    out.push(`<details><summary>Non-breaking (${other.length})${note}</summary>`, '', ...table(other), '', '</details>', '');
  }
  return out.join('\n');
}
