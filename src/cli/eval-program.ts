import { InvalidArgumentError, type Command } from 'commander';
import { gateOptions } from './gate-options.js';
import type { CalibrateOptions, EvalCommandOptions, EvalInitOptions } from './eval-command.js';

const commands = () => import('./eval-command.js');

const collect = (v: string, prev: string[]) => [...prev, v];

function count(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive whole number');
  return n;
}

/** `eval` and `eval init`: options only; the work is in eval-command.ts and the engine. */
export function registerEval(program: Command, targetOptions: (c: Command) => Command, run: (code: Promise<number>) => void): void {
  const ev = targetOptions(
    program
      .command('eval')
      .description('run a golden set of natural-language tasks through models with the server\'s tools, N runs per case; score selection, arguments, sequences and over-triggering')
      .argument('[target...]', 'an http(s) URL, or -- followed by the command that starts a stdio server'),
  )
    .option('-g, --golden <file>', 'golden set (default golden/tasks.yaml, or eval.golden in the config)')
    .option('-m, --model <provider:model>', 'model to evaluate, e.g. openai:gpt-4.1-mini or anthropic:claude-sonnet-4-5 (repeatable)', collect, [])
    .option('-n, --runs <n>', 'runs per case (default 5)', count)
    .option('--concurrency <n>', 'runs at once (default 4)', count)
    .option('--allow-tool <glob>', 'execute this tool although it may write (otherwise simulated) (repeatable)', collect, [])
    .option('--system <text>', 'system prompt (default: the golden set\'s `system`, else a documented default)')
    .option('--record <dir>', 'write a cassette per model of every answer')
    .option('--replay <dir>', 'answer from cassettes in this folder; no model is asked')
    .option('--judge <provider:model>', 'judge task completion of cases with a `judge: {rubric}` (advisory unless --judge-gates)')
    .option('--judge-gates', 'a judge fail fails the run (only after `eval calibrate` showed kappa >= 0.6)')
    .option('--semantic <via:provider:model>', 'how `semantic` arguments are compared: embeddings:openai:MODEL (cosine >= threshold, default 0.85) or judge:provider:MODEL (yes/no); default: lexical fallback')
    .option('--no-cache', 'run everything fresh (the cache is .mcp-assay/cache)')
    .option('--json <file>', 'write the JSON report')
    .option('--junit <file>', 'write a JUnit XML report')
    .option('--md <file>', 'write a Markdown report')
    .option('--no-color', 'no ANSI colours')
    .option('-v, --verbose', 'every case and run')
    .option('--shard <i/n>', 'run only shard i of n: a deterministic, balanced slice of cases × models (join the reports with `mcp-assay merge`)')
    .option('--html <file>', 'write a self-contained HTML report')
    .option('--sarif <file>', 'write contract and security findings as SARIF 2.1.0 (GitHub code scanning)')
    .option('--baseline <file>', 'gate this run against the last green baseline (exit code of the gate)')
    .option('--history [file]', 'append this run to the run history (default .mcp-assay/history.jsonl)');
  gateOptions(ev).action((operands: string[], o: EvalCommandOptions) => run(commands().then((m) => m.evalCommand(operands, o))));

  ev.command('calibrate')
    .description("judge accuracy and Cohen's kappa against human-labelled examples; exit 0 when the judge may gate (kappa >= 0.6 on >= 30 items)")
    .option('--judge <provider:model>', 'the judge model (required)')
    .option('--labels <file>', 'YAML list of {id, task, rubric, answer, label: pass|fail} (required)')
    .option('-c, --config <file>', 'config file')
    .option('--json <file>', 'write the calibration as JSON')
    .action((o: Partial<CalibrateOptions>, cmd: Command) => {
      // Options the parent `eval` also knows (--judge, --json, -c) may land on it.
      const parent = cmd.parent?.opts<Partial<CalibrateOptions>>() ?? {};
      const merged = { ...parent, ...o };
      const { judge, labels } = merged;
      if (!judge || !labels) {
        process.stderr.write('mcp-assay: eval calibrate needs --judge provider:model and --labels FILE\n');
        run(Promise.resolve(2));
        return;
      }
      run(commands().then((m) => m.calibrateCommand({ judge, labels, ...(merged.config ? { config: merged.config } : {}), ...(merged.json ? { json: merged.json } : {}) })));
    });

  targetOptions(ev.command('init').description('write a starter golden set from the live catalogue: a case per tool and four negative ones').argument('[target...]', 'an http(s) URL, or -- and a command'))
    .option('-o, --output <file>', 'where to write it (default golden/tasks.yaml)')
    .option('-m, --model <provider:model>', 'draft the prompts with this model', collect, [])
    .option('--force', 'overwrite an existing file')
    .action((operands: string[], o: EvalInitOptions, cmd: Command) => {
      // `--model` after `eval` is parsed by the parent command; take it from there too.
      const parent = cmd.parent?.opts<{ model?: string[] }>().model ?? [];
      run(commands().then((m) => m.evalInitCommand(operands, { ...o, model: [...parent, ...o.model] })));
    });
}
