/** Servers and commands the speed bench measures, all local: support-desk (ours) and server-everything (npm). */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE22 } from '../../scripts/node22.js';

/** The repository root, from dist/bench/speed. */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The CLI as installed (the package's bin): the bundle. */
export const CLI = path.join(REPO, 'dist/bundle/main.js');
export const SUPPORT_DESK_STDIO = path.join(REPO, 'dist/examples/support-desk/stdio.js');
export const FLAWED_STDIO = path.join(REPO, 'dist/examples/flawed-server/stdio.js');
export const EVERYTHING = path.join(REPO, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
/** Node 22 from npm: the conformance suite and the Inspector need it (this project runs on Node 20). */
export { NODE22 };
export const CONFORMANCE = path.join(REPO, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
export const INSPECTOR_CLI = path.join(REPO, 'node_modules/@modelcontextprotocol/inspector/clients/cli/build/index.js');

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** support-desk over Streamable HTTP in a process of its own, so its CPU is nobody's measurement. */
export async function startSupportDeskHttp(): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO, 'dist/bench/speed/serve-http.js')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('support-desk HTTP did not start within 30 s')), 30_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`support-desk HTTP exited ${String(code)}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
