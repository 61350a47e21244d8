/**
 * The example servers shipped with the package (dist/examples), reached by path at run time: the library never
 * imports them, so no command but `demo` loads them or the MCP server SDK they are built on.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TargetSpec } from '../core/target-spec.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Compiled (dist/src/engine -> dist/examples) or run from source (src/engine -> examples), with the same extension. */
const EXAMPLES = path.resolve(here, '../../examples');
const EXT = path.extname(fileURLToPath(import.meta.url));

export interface RunningExample {
  url: string;
  close(): Promise<void>;
}

async function load<T>(file: string): Promise<T> {
  return (await import(pathToFileURL(path.join(EXAMPLES, `${file}${EXT}`)).href)) as T;
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
  return { kind: 'stdio', name, command: process.execPath, args: [...process.execArgv, path.join(EXAMPLES, `${file}${EXT}`), ...args] };
}

/** The support desk's golden set and cassettes: data files in the source tree (shipped), next to the example. */
export function supportDeskGoldenDir(): string {
  const candidates = [path.resolve(here, '../../examples/support-desk/golden'), path.resolve(here, '../../../examples/support-desk/golden')];
  return candidates.find((d) => existsSync(path.join(d, 'tasks.yaml'))) ?? candidates[0]!;
}
