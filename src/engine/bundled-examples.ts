/**
 * The example servers shipped with the package (dist/examples), reached by path at run time: the library never
 * imports them, so no command but `demo` loads them or the MCP server SDK they are built on.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TargetSpec } from '../core/target-spec.js';

const self = fileURLToPath(import.meta.url);
/** `.ts` when run from source (tsx), `.js` when built: the examples are run with the same extension. */
const EXT = path.extname(self);

/**
 * The nearest `examples/` above this module holding `file`: dist/examples from the compiled library (dist/src/engine)
 * and from the bundled CLI (dist/bundle), examples/ from source. Looked up rather than fixed, since the bundle's chunks
 * sit at a different depth.
 */
function findAbove(file: string): string | undefined {
  for (let dir = path.dirname(self); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'examples', file))) return path.join(dir, 'examples');
    if (path.dirname(dir) === dir) return undefined;
  }
}

let examplesDir: string | undefined;
function examples(): string {
  examplesDir ??= findAbove(`support-desk/http${EXT}`);
  if (!examplesDir) throw new Error(`the example servers (examples/support-desk/http${EXT}) were not found above ${self}; run npm run build`);
  return examplesDir;
}

export interface RunningExample {
  url: string;
  close(): Promise<void>;
}

async function load<T>(file: string): Promise<T> {
  return (await import(pathToFileURL(path.join(examples(), `${file}${EXT}`)).href)) as T;
}

/** The correct example server (support desk) over Streamable HTTP on a free 127.0.0.1 port. */
export async function startSupportDesk(): Promise<RunningExample> {
  const m = await load<{ startSupportDeskHttp(o: { port: number }): Promise<RunningExample> }>('support-desk/http');
  return m.startSupportDeskHttp({ port: 0 });
}

/** The faults the flawed example shows in the demo. */
export async function demoFaults(): Promise<readonly string[]> {
  return (await load<{ DEMO_FAULTS: readonly string[] }>('flawed-server/faults')).DEMO_FAULTS;
}

/** The flawed example server over Streamable HTTP, with these faults. */
export async function startFlawed(faults: readonly string[]): Promise<RunningExample> {
  const m = await load<{ startFlawedHttp(o: { faults: string[]; port: number }): Promise<RunningExample> }>('flawed-server/http');
  return m.startFlawedHttp({ faults: [...faults], port: 0 });
}

/** A stdio target for a bundled example, started with this same Node (works from src via tsx and from dist). */
export function exampleStdio(name: string, file: string, args: string[] = []): TargetSpec {
  return { kind: 'stdio', name, command: process.execPath, args: [...process.execArgv, path.join(examples(), `${file}${EXT}`), ...args] };
}

/** The support desk's golden set and cassettes: data files in the source tree (shipped), next to the example. */
export function supportDeskGoldenDir(): string {
  // Data, not compiled, so never under dist/examples: found in the source tree (shipped as examples/support-desk/golden).
  const above = findAbove('support-desk/golden/tasks.yaml');
  if (!above) throw new Error(`the support desk's golden set (examples/support-desk/golden) was not found above ${self}`);
  return path.join(above, 'support-desk/golden');
}
