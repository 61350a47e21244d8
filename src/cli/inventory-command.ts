/**
 * `mcp-assay inventory <targets | --from client-config>`: the tool-level inventory of every server, as YAML, CSV or
 * JSON, and with `--policy` the policy enforced (exit 1 naming rule and tool). Catalogues are read as `snapshot` reads
 * them: list calls only, no tool is called.
 */
import { writeFile } from 'node:fs/promises';
import { enforcePolicy, EXIT, inventoryRows, loadPolicy, visible, type Catalogue, type InventoryRow, type PlannedTarget } from '../index.js';
import { catalogueFromFile, catalogueFromTarget, isFile, unreadable } from './catalogue-source.js';
import { formatFromFile, formatInventory, INVENTORY_FORMATS, type InventoryFormat } from './inventory-format.js';
import { planTargets, type Plan, type TargetOptions } from './plan.js';
import { splitOperands } from './quick-args.js';
import { targetsInFile } from './sources.js';
import { UsageError } from './usage-error.js';

export interface InventoryOptions extends TargetOptions {
  config?: string;
  timeout?: number;
  format?: string;
  output?: string;
  policy?: string;
}

/** `--from FILE` without `#name` means every server in it; each target is named for the inventory. */
function expandFrom(refs: readonly string[]): { ref: string; name: string }[] {
  return refs.flatMap((ref) =>
    ref.lastIndexOf('#') > 0
      ? [{ ref, name: ref.slice(ref.lastIndexOf('#') + 1) }]
      : Object.keys(targetsInFile(ref)).map((n) => ({ ref: `${ref}#${n}`, name: n })),
  );
}

function nameOf(t: PlannedTarget): string {
  return t.spec.name ?? (t.spec.kind === 'http' ? t.spec.url : [t.spec.command, ...t.spec.args].join(' '));
}

export async function inventoryCommand({ operands, o, cfg, argv }: Plan<InventoryOptions>): Promise<number> {
  const format = (o.format ?? formatFromFile(o.output) ?? 'yaml') as InventoryFormat;
  if (!INVENTORY_FORMATS.includes(format)) throw new UsageError(`--format ${o.format}: expected one of ${INVENTORY_FORMATS.join(', ')}`);
  const policy = o.policy ? await loadPolicy(o.policy) : undefined;
  const sources: { name: string; read: () => Promise<Catalogue | string> }[] = [];
  // Files named after `--` are the server's command (a Go or Rust binary shipped on npm), never snapshots to read.
  const { before, command } = splitOperands(operands, argv);
  const files = before.filter((x) => isFile(x));
  for (const f of files) sources.push({ name: '', read: async () => catalogueFromFile(f) });
  const live = [...before.filter((x) => !isFile(x)), ...command];
  const from = expandFrom(o.from);
  const planned: PlannedTarget[] = live.length || o.server.length || !(files.length || from.length) ? planTargets(live, { ...o, from: [] }, cfg) : [];
  for (const { ref, name } of from)
    planned.push(...planTargets([], { ...o, server: [], from: [ref], header: [], env: [] }, cfg).map((p) => ({ ...p, spec: { ...p.spec, name } })));
  const timeoutMs = cfg.check.timeout;
  for (const p of planned)
    sources.push({
      name: nameOf(p),
      read: async () => {
        const l = await catalogueFromTarget(p, cfg, { timeoutMs, deadlineMs: cfg.check.deadline });
        return l.catalogue ?? unreadable(l);
      },
    });
  const rows: InventoryRow[] = [];
  let unreachable = 0;
  for (const s of sources) {
    const c = await s.read();
    if (typeof c === 'string') {
      unreachable++;
      process.stderr.write(`mcp-assay: ${visible(c)}; left out of the inventory\n`);
      continue;
    }
    rows.push(...inventoryRows(s.name || c.server.name || 'server', c, policy, cfg.contracts));
  }
  const text = formatInventory(rows, format);
  if (o.output) await writeFile(o.output, text);
  else process.stdout.write(text);
  const servers = new Set(rows.map((r) => r.server)).size;
  process.stderr.write(`inventory: ${rows.length} tools on ${servers} server(s)${o.output ? ` written to ${o.output}` : ''}\n`);
  if (!policy) return unreachable ? EXIT.inconclusive : EXIT.ok;
  const violations = enforcePolicy(policy, rows);
  for (const v of violations) process.stderr.write(`✖ ${v.rule} ${visible(v.server)}/${visible(v.tool)}: ${visible(v.message)}\n`);
  process.stderr.write(violations.length ? `policy ${policy.file}: ${violations.length} violation(s)\n` : `policy ${policy.file}: every tool complies\n`);
  return violations.length ? EXIT.failed : unreachable ? EXIT.inconclusive : EXIT.ok;
}
