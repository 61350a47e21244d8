/**
 * The parts of docs/config.md and docs/report.md that the option table and the reporter declarations decide: the
 * options with a config key, the config-only keys, and the list of renderings. Each sits between
 * `<!-- NAME -->` and `<!-- /NAME -->`; gen-options-doc.ts writes them and a test compares them with a fresh render.
 */
import { CONFIG_ONLY, OPTIONS, type OptionDecl } from '../src/config/options.js';
import { REPORTER_DECLS, type ReporterDecl } from '../src/reporters/formats.js';

const code = (s: string) => `\`${s}\``;

function configKeys(): string {
  const rows = (Object.values(OPTIONS) as OptionDecl[])
    .filter((d) => d.config)
    .map((d) => `| ${code(d.flags)} | ${code(d.config!)} | ${d.default === undefined ? '' : String(d.default)} | ${(d.configIn ?? d.commands).join(', ')} |`);
  return ['| flag | config key | default | read by |', '|---|---|---|---|', ...rows].join('\n');
}

function configOnly(): string {
  return ['| config key | why |', '|---|---|', ...Object.entries(CONFIG_ONLY).map(([k, why]) => `| ${code(k)} | ${why} |`)].join('\n');
}

/** A list item wrapped at the docs' width, continuation lines indented under it. */
function item(text: string, width = 116): string {
  const lines: string[] = [];
  let cur = '-';
  for (const word of text.split(' ')) {
    if (cur.length + 1 + word.length > width && cur.trim() !== '-') {
      lines.push(cur);
      cur = ' ';
    }
    cur += ` ${word}`;
  }
  return [...lines, cur].join('\n');
}

function renderings(): string {
  return (Object.entries(REPORTER_DECLS) as [string, ReporterDecl][]).map(([id, d]) => item(`**${id}**: ${d.about}`)).join('\n');
}

const PARTS: Record<string, () => string> = { 'options:config-keys': configKeys, 'options:config-only': configOnly, 'reporters:renderings': renderings };

/** `doc` with every generated part it marks rendered afresh. */
export function fillOptionDocs(doc: string): string {
  return doc.replace(/<!-- ([a-z]+:[a-z-]+) -->\n(?:[\s\S]*?\n)?<!-- \/\1 -->/g, (whole, name: string) => {
    const part = PARTS[name];
    return part ? `<!-- ${name} -->\n${part()}\n<!-- /${name} -->` : whole;
  });
}

/** The generated parts `doc` marks. */
export function markedParts(doc: string): string[] {
  return [...doc.matchAll(/<!-- ([a-z]+:[a-z-]+) -->\n/g)].map((m) => m[1]!).filter((n) => n in PARTS);
}
