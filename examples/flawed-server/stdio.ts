/**
 * Hand-written stdio transport for the flawed server (STDIO): newline-delimited JSON-RPC on
 * stdin/stdout, logs on stderr, exit on EOF.
 * Program: `node dist/examples/flawed-server/stdio.js [--faults a,b|none]`.
 */
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { FlawedCore } from './core.js';
import { faultsFromArgv } from './faults.js';
import { removedMethodHook } from './headers.js';
import { hugeToolsList, pump } from './hostile.js';
import { errorReply, misnumber, type Reply } from './rpc.js';

const GARBAGE = 'flawed-server: this line is not JSON-RPC\n';

export function serveFlawedStdio(faults: string[]): void {
  const core = new FlawedCore({ faults });
  const out = process.stdout;
  // One queue so a streamed body is never interleaved with another response.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (job: () => Promise<unknown> | void) => {
    queue = queue.then(async () => void (await job())).catch((err: unknown) => void process.stderr.write(`flawed-server: ${String(err)}\n`));
  };
  const write = (text: string) => new Promise<void>((resolve) => out.write(text, () => resolve()));
  const drained = () => new Promise<void>((resolve) => out.once('drain', resolve));

  let answered = 0;
  const afterResponse = async () => {
    answered++;
    if (core.faults.has('stdout-garbage')) await write(GARBAGE);
    // MRTR replaced server-to-client requests; writing one is the fault (STDIO: the server MUST NOT).
    if (core.faults.has('stdio-server-request') && answered === 1)
      await write(`${JSON.stringify({ jsonrpc: '2.0', id: 'flawed-1', method: 'roots/list', params: {} })}\n`);
    if (core.faults.has('die-mid-run') && answered >= 3) process.exit(1);
  };

  const render =
    (reply: Reply, isCall = false) =>
    async () => {
      if (reply.kind === 'none') return;
      if (reply.kind === 'json') {
        misnumber(core.faults, reply.body);
        // The fault: a sampling request written before the tools/call result it belongs to.
        if (core.faults.has('stdio-request-before-result') && 'result' in reply.body && isCall)
          await write(
            `${JSON.stringify({ jsonrpc: '2.0', id: `flawed-sampling-${answered}`, method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'Summarise.' } }], maxTokens: 20 } })}\n`,
          );
        await write(`${JSON.stringify(reply.body)}\n`);
        return afterResponse();
      }
      // `hang` and `endless-sse` (an HTTP-only shape) leave the request unanswered on stdio.
      if (reply.fault !== 'huge-body') return;
      await pump(
        hugeToolsList(reply.id),
        (c) => out.write(c),
        drained,
        () => !out.destroyed,
      );
      await write('\n');
      return afterResponse();
    };

  if (core.faults.has('stdout-garbage')) enqueue(() => write(GARBAGE));
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      enqueue(render(errorReply(null, 400, -32700, 'Parse error: the line is not valid JSON')));
      return;
    }
    const isCall = !!message && typeof message === 'object' && (message as { method?: unknown }).method === 'tools/call';
    enqueue(render(core.handle(message, removedMethodHook(core.faults)), isCall));
  });
  // The client closing stdin ends the session (STDIO §shutdown); answers already queued go out first.
  lines.on('close', () => {
    // The fault: ignore EOF and stay alive until a signal (the client then has to SIGTERM).
    if (core.faults.has('stdio-ignore-eof')) return void setInterval(() => undefined, 60_000);
    enqueue(() => process.exit(0));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    serveFlawedStdio(faultsFromArgv(process.argv.slice(2)));
  } catch (err) {
    process.stderr.write(`flawed-server: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  }
  process.once('SIGTERM', () => process.exit(0));
}
