import { InvalidArgumentError, type Command } from 'commander';
import type { QuickOptions } from './quick-command.js';

const collect = (v: string, prev: string[]) => [...prev, v];

function positiveInt(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive whole number of milliseconds');
  return n;
}

/** The command's function in quick-command.ts, loaded only when the command runs. */
type Action = 'listCommand' | 'callCommand' | 'readCommand' | 'promptCommand';

/** `list`, `call`, `read`, `prompt`: one request each, against one target, with the target options `check` takes. */
export function addQuickCommands(program: Command, targetOptions: (c: Command) => Command, run: (code: Promise<number>) => void): void {
  const quick = (name: string, description: string, operands: string, action: Action, extra?: (c: Command) => Command) => {
    const c = targetOptions(program.command(name).description(description).argument('[operands...]', operands))
      .option('--deadline <ms>', 'overall deadline (default 120000)', positiveInt)
      .option('-v, --verbose', 'show every message on the wire (stderr)');
    (extra ? extra(c) : c).action((ops: string[], o: QuickOptions, cmd: Command) => run(import('./quick-command.js').then((m) => m[action](ops, o, cmd))));
  };
  quick(
    'list',
    'list what a server offers: tools (with risk class), resources, templates, prompts',
    '<url> [tools|resources|templates|prompts], or [kind] -- command args',
    'listCommand',
    (c) => c.option('--json', 'print the items as JSON'),
  );
  quick('call', 'call one tool; its result is validated against the outputSchema (exit 1 if invalid or isError)', '<url> TOOL, or TOOL -- command args', 'callCommand', (c) =>
    c
      .option('--args <json>', 'arguments: a JSON object or @file.json')
      .option('--allow-tool <glob>', 'allow calling tools matching this glob although they may write (repeatable)', collect, [])
      .option('-y, --yes', 'allow this one call even if the tool may write'),
  );
  quick('read', 'read one resource', '<url> URI, or URI -- command args', 'readCommand');
  quick('prompt', 'get one prompt', '<url> NAME, or NAME -- command args', 'promptCommand', (c) => c.option('--args <json>', 'prompt arguments (strings): a JSON object or @file.json'));
}
