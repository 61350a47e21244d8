import { buildProgram } from './program.js';

/** The width commander wraps help to when stdout is not a terminal; the stored help is written for it. */
export const HELP_WIDTH = 80;

/**
 * Exactly what commander writes to stdout for `mcp-assay --help` on a stdout of `width` columns without colour: the
 * text `npm run build` stores so that `--help` need not load commander and the option table.
 */
export async function printedHelp(width = HELP_WIDTH): Promise<string> {
  let text = '';
  const program = buildProgram(() => undefined);
  program.configureOutput({ writeOut: (s) => void (text += s), getOutHelpWidth: () => width, getOutHasColors: () => false });
  try {
    await program.parseAsync(['--help'], { from: 'user' });
  } catch (e) {
    if ((e as { exitCode?: unknown }).exitCode !== 0) throw e;
  }
  return text;
}
