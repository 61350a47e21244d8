import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pc from 'picocolors';
import type { AssayConfig, Catalogue, CatalogueChange, DiffAllowance } from '../index.js';
import { applyDiffAllowances, diffCatalogues, diffExitCode, EXIT, renderDiffMarkdown, SnapshotMemo, terminalText } from '../offline.js';
import type { Plan } from './plan.js';
import { catalogueFromFile, catalogueFromTarget, isFile, unreadable } from './catalogue-source.js';
import { splitOperands } from './quick-args.js';
import { takeTrailingOptions, targetFromOperands } from './targets.js';
import { useColor } from './color.js';
import { UsageError } from './usage-error.js';

export interface DiffOptions {
  config?: string;
  md?: string;
  json?: string;
  allowBreaking?: boolean;
  allowEscalation?: boolean;
  allow: string[];
  reason?: string;
  timeout?: number;
  color?: boolean;
}

/** A side of the diff: a snapshot file, a URL, or (for the new side only) a command after `--`. */
async function side(
  operands: string[],
  label: 'old' | 'new',
  cfg: AssayConfig,
  memo: SnapshotMemo,
  command = false,
): Promise<{ catalogue: Catalogue; label: string } | number> {
  const first = operands[0];
  if (!first) throw new UsageError(`diff needs an ${label} side: a snapshot file or a target`);
  // A file named after `--` is the server's command (a Go or Rust binary shipped on npm), never a snapshot to read.
  if (!command && isFile(first) && operands.length === 1) return { catalogue: catalogueFromFile(first, memo), label: first };
  // A side that names a file which is not there is a typo, not a command to start.
  if (!command && operands.length === 1 && /\.(json|ya?ml)$/i.test(first)) throw new UsageError(`${first}: no such snapshot file (the ${label} side)`);
  if (label === 'old' && !/^https?:\/\//i.test(first)) throw new UsageError(`${first}: the old side is a snapshot file or a URL, and this is neither`);
  const spec = targetFromOperands(operands, { header: [], env: [] });
  if (!spec) throw new UsageError(`diff: cannot read the ${label} side`);
  const live = await catalogueFromTarget({ spec }, cfg, { timeoutMs: cfg.check.timeout, deadlineMs: cfg.check.deadline });
  if (!live.catalogue) {
    process.stderr.write(`mcp-assay: ${terminalText(unreadable(live))}\n`);
    return EXIT.inconclusive;
  }
  if (live.problems.length) {
    process.stderr.write(`mcp-assay: ${live.target.target.display}: the catalogue could not be read completely: ${live.problems.join('; ')}\n`);
    return EXIT.inconclusive;
  }
  return { catalogue: live.catalogue, label: live.target.target.display };
}

function consoleText(changes: CatalogueChange[], labels: { old: string; new: string }, color: boolean): string {
  const c = pc.createColors(color);
  const out = [c.bold(`tool contract diff: ${terminalText(labels.old)} -> ${terminalText(labels.new)}`), ''];
  const groups: [CatalogueChange['kind'], string, (s: string) => string][] = [
    ['breaking', 'breaking', c.red],
    ['escalation', 'risk escalation', c.yellow],
    ['non-breaking', 'non-breaking', c.dim],
  ];
  for (const [kind, word, paint] of groups) {
    const rows = changes.filter((x) => x.kind === kind);
    if (!rows.length) continue;
    out.push(paint(`${word} (${rows.length})`));
    // Subjects, paths and details quote the server: escaped before any colour of ours is added.
    const t = terminalText;
    for (const x of rows)
      out.push(
        `  ${x.allowed ? c.dim('allowed ') : ''}${t(x.subject)}: ${t(x.change)}${x.path ? ` at ${t(x.path)}` : ''} — ${t(x.detail)}${x.allowed ? c.dim(` (${t(x.allowed)})`) : ''}`,
      );
    out.push('');
  }
  if (!changes.length) out.push('no contract changes', '');
  const open = changes.filter((x) => x.kind !== 'non-breaking' && !x.allowed).length;
  out.push(open ? c.red(`${open} breaking change(s) or risk escalation(s) not allowed`) : c.green('no breaking change or risk escalation left unallowed'));
  return `${out.join('\n')}\n`;
}

/** `mcp-assay diff <old> <new>`: exit 1 on a breaking change or a risk escalation that was not allowed. */
export async function diffCommand({ operands, o, cfg, argv }: Plan<DiffOptions>): Promise<number> {
  if (operands.length < 2) throw new UsageError('diff takes two sides: <old> <new> (snapshot files or URLs; the new side may be a command after --)');
  const split = splitOperands(operands, argv);
  const newIsCommand = split.before.length === 1 && split.command.length > 0;
  if (operands.length > 2) {
    const trailing = takeTrailingOptions(operands, ['--md', '--json']);
    operands = trailing.operands;
    o = {
      ...o,
      ...(o.md === undefined && trailing.taken['--md'] ? { md: trailing.taken['--md'] } : {}),
      ...(o.json === undefined && trailing.taken['--json'] ? { json: trailing.taken['--json'] } : {}),
    };
  }
  // Two snapshots of one server share nearly every tool's text: each such tool is parsed and hashed once.
  const memo = new SnapshotMemo();
  const oldSide = await side([operands[0]!], 'old', cfg, memo);
  if (typeof oldSide === 'number') return oldSide;
  const newSide = await side(operands.slice(1), 'new', cfg, memo, newIsCommand);
  if (typeof newSide === 'number') return newSide;
  const reason = o.reason ?? 'allowed on the command line';
  const allow: DiffAllowance[] = [
    ...(o.allowBreaking ? [{ kind: 'breaking' as const, reason }] : []),
    ...(o.allowEscalation ? [{ kind: 'escalation' as const, reason }] : []),
    ...o.allow.map((subject) => ({ subject, reason })),
  ];
  const changes = applyDiffAllowances(diffCatalogues(oldSide.catalogue, newSide.catalogue), allow);
  const labels = { old: oldSide.label, new: newSide.label };
  process.stdout.write(consoleText(changes, labels, useColor(process.stdout, o.color)));
  if (o.md) {
    await mkdir(path.dirname(path.resolve(o.md)), { recursive: true });
    await writeFile(o.md, renderDiffMarkdown(changes, labels));
  }
  if (o.json) {
    await mkdir(path.dirname(path.resolve(o.json)), { recursive: true });
    await writeFile(
      o.json,
      `${JSON.stringify({ old: labels.old, new: labels.new, oldHash: oldSide.catalogue.hashes.catalogue, newHash: newSide.catalogue.hashes.catalogue, changes }, null, 2)}\n`,
    );
  }
  return diffExitCode(changes);
}
