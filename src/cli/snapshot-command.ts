import { writeFile } from 'node:fs/promises';
import { EXIT, serializeCatalogue, terminalText } from '../index.js';
import { catalogueFromTarget, unreadable } from './catalogue-source.js';
import { planTargets, type Plan, type TargetOptions } from './plan.js';
import { UsageError } from './usage-error.js';
import { takeTrailingOptions } from './targets.js';

export interface SnapshotOptions extends TargetOptions {
  output?: string;
  config?: string;
  timeout?: number;
}

/** `mcp-assay snapshot <target> -o catalogue.json`: the canonical, byte-stable catalogue. */
export async function snapshotCommand({ operands, o, cfg, given }: Plan<SnapshotOptions>): Promise<number> {
  const trailing = takeTrailingOptions(operands, ['-o', '--output']);
  operands = trailing.operands;
  const output = o.output ?? trailing.taken['-o'] ?? trailing.taken['--output'];
  if (output !== undefined) o = { ...o, output };
  const plan = planTargets(operands, o, cfg, given);
  if (plan.length !== 1) throw new UsageError(`snapshot takes one target (got ${plan.length})`);
  const live = await catalogueFromTarget(plan[0]!, cfg, { timeoutMs: cfg.check.timeout, deadlineMs: cfg.check.deadline });
  if (!live.catalogue) {
    process.stderr.write(`mcp-assay: ${terminalText(unreadable(live))}\n`);
    return EXIT.inconclusive;
  }
  // An incomplete catalogue is not written: committed, it would read as tools that were removed.
  if (live.problems.length) {
    process.stderr.write(
      `mcp-assay: ${terminalText(live.target.target.display)}: the catalogue could not be read completely: ${terminalText(live.problems.join('; '))}; nothing written\n`,
    );
    return EXIT.inconclusive;
  }
  if (live.catalogue.masked) process.stderr.write(`mcp-assay: note: ${live.catalogue.masked}\n`);
  const text = serializeCatalogue(live.catalogue);
  if (o.output) {
    await writeFile(o.output, text);
    const c = live.catalogue;
    process.stderr.write(
      `wrote ${o.output}: ${c.tools.length} tools, ${c.prompts.length} prompts, ${c.resources.length} resources, ${c.resourceTemplates.length} templates (${c.hashes.catalogue.slice(0, 19)})\n`,
    );
  } else process.stdout.write(text);
  return EXIT.ok;
}
