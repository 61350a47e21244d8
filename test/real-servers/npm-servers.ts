/** The npm reference servers as tests start them: stdio commands, and server-everything's Streamable HTTP mode. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { REPO } from '../support/fixtures.js';

/** `node <package bin> ...args`, from the pinned devDependency (no npx, no network). */
export function npmServer(pkg: 'server-everything' | 'server-filesystem' | 'server-memory' | 'server-sequential-thinking', args: string[]): string[] {
  return [process.execPath, path.join(REPO, 'node_modules', '@modelcontextprotocol', pkg, 'dist', 'index.js'), ...args];
}

/** A port free on 127.0.0.1 a moment ago, for a server that takes its port as an argument. */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

export interface EverythingHttp {
  url: string;
  close(): Promise<void>;
}

/**
 * server-everything in streamableHttp mode on a free port. It listens on every interface by default, so a preload
 * binds it to 127.0.0.1 (tests never open a port beyond this machine).
 */
export async function startEverythingHttp(): Promise<EverythingHttp> {
  const port = await freePort();
  const preload = path.join(REPO, 'dist', 'test', 'support', 'loopback-only.js');
  const [node, bin] = npmServer('server-everything', []);
  const child: ChildProcess = spawn(node!, ['--import', preload, bin!, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Even a test file killed at its timeout takes the server with it.
  process.once('exit', () => child.kill('SIGKILL'));
  await startedWhen(child, /listening on port/i, 'server-everything');
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
      }),
  };
}

/** Resolves once the child's stdout or stderr has said `ready`; rejects when it exits first or after 20 s, with what it wrote. */
export function startedWhen(child: ChildProcess, ready: RegExp, name: string): Promise<void> {
  let log = '';
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 20 s:\n${log}`)), 20_000);
    const seen = (c: Buffer) => {
      log += c.toString();
      if (!ready.test(log)) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}):\n${log}`));
    });
  });
}
