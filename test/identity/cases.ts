/**
 * The documents whose identity is guarded: every report a user gets from the bundled examples and the test fixtures,
 * through the CLI as a user runs it (check, contracts, snapshot, diff, inventory, eval replay).
 */
import path from 'node:path';
import { REPO, EXAMPLES, nodeFlags } from '../support/fixtures.js';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { DEMO_FAULTS } from '../../examples/flawed-server/faults.js';
import { startFlowsHttp } from '../fixtures/servers/flows/http.js';
import { startLegacyHttp } from '../fixtures/servers/legacy/http.js';
import { startProtectedServer } from '../fixtures/servers/auth/server.js';
import { npmServer } from '../real-servers/npm-servers.js';
import { tempDir } from '../support/temp-dir.js';

export interface Servers {
  urls: Record<'desk' | 'flawed' | 'flows' | 'legacy' | 'auth', string>;
  /** A valid token for the protected server (masked in every report). */
  authToken: string;
  close(): Promise<void>;
}

export async function startServers(): Promise<Servers> {
  const [desk, flawed, flows, legacy, auth] = await Promise.all([
    startSupportDeskHttp({ port: 0 }),
    startFlawedHttp({ faults: [...DEMO_FAULTS], port: 0 }),
    startFlowsHttp({}),
    startLegacyHttp({}),
    startProtectedServer({}),
  ]);
  return {
    urls: { desk: desk.url, flawed: flawed.url, flows: flows.url, legacy: legacy.url, auth: auth.url },
    authToken: auth.tokens.valid,
    close: async () => void (await Promise.allSettled([desk.close(), flawed.close(), flows.close(), legacy.close(), auth.close()])),
  };
}

const ext = path.extname(new URL(import.meta.url).pathname);
const node = (file: string, ...args: string[]) => ['--', process.execPath, ...nodeFlags(), file.endsWith(ext) ? file : `${file}${ext}`, ...args];
const example = (file: string, ...args: string[]) => node(path.join(EXAMPLES, file), ...args);
const fixture = (file: string, ...args: string[]) =>
  node(path.join(REPO, ext === '.ts' ? 'test/fixtures/servers' : 'dist/test/fixtures/servers', file), ...args);
const real = (pkg: Parameters<typeof npmServer>[0], ...args: string[]) => ['--', ...npmServer(pkg, args)];

export interface IdentityCase {
  name: string;
  /** CLI arguments; `out` is the JSON document the case guards. */
  args(s: Servers, out: string): string[];
}

const check = (name: string, target: (s: Servers) => string[], extra: string[] = []): IdentityCase => ({
  name: `check-${name}`,
  // Generous deadlines and few checks at once: the verdicts must not depend on how busy the machine is.
  args: (s, out) => ['check', '--json', out, '--timeout', '30000', '--concurrency', '2', ...extra, ...target(s)],
});

export const CASES: IdentityCase[] = [
  check('support-desk-http', (s) => [s.urls.desk]),
  check('support-desk-stdio', () => example('support-desk/stdio')),
  check('flawed-http', (s) => [s.urls.flawed]),
  check('flawed-stdio', () => example('flawed-server/stdio', '--faults', DEMO_FAULTS.join(','))),
  check('flawed-stdio-clean', () => example('flawed-server/stdio')),
  check('flows-http', (s) => [s.urls.flows]),
  check('flows-stdio', () => fixture('flows/stdio', '--faults', 'none')),
  check('legacy-http', (s) => [s.urls.legacy]),
  check('legacy-stdio', () => fixture('legacy/stdio')),
  check('legacy-stdio-required', () => fixture('legacy/stdio'), ['--require', '2026-07-28']),
  check('auth-http', (s) => ['-H', `Authorization: Bearer ${s.authToken}`, s.urls.auth]),
  check('receipts-bad', () => fixture('receipts/server', '--variant', 'bad', '--many'), ['--fail-on-contracts']),
  check('hostile-deep-json', () => fixture('hostile/stdio', 'deep-json')),
  check('hostile-control-bytes', () => fixture('hostile/stdio', 'control-bytes')),
  check('everything-stdio', () => real('server-everything', 'stdio')),
  check('memory-stdio', () => real('server-memory')),
  check('sequential-thinking-stdio', () => real('server-sequential-thinking')),
  check('filesystem-stdio', () => real('server-filesystem', path.join(REPO, 'examples'))),
  { name: 'contracts-support-desk', args: (_s, out) => ['contracts', '--json', out, ...example('support-desk/stdio')] },
  { name: 'contracts-receipts-bad', args: (_s, out) => ['contracts', '--json', out, ...fixture('receipts/server', '--variant', 'bad')] },
  { name: 'contracts-flawed-http', args: (s, out) => ['contracts', '--json', out, s.urls.flawed] },
  { name: 'snapshot-support-desk', args: (_s, out) => ['snapshot', '-o', out, ...example('support-desk/stdio')] },
  { name: 'snapshot-everything', args: (_s, out) => ['snapshot', '-o', out, ...real('server-everything', 'stdio')] },
  {
    name: 'diff-github-like',
    args: (_s, out) => [
      'diff',
      '--json',
      out,
      path.join(REPO, 'test/fixtures/catalogues/github-like.json'),
      path.join(REPO, 'test/fixtures/catalogues/github-like-v2.json'),
    ],
  },
  {
    name: 'diff-filesystem',
    args: (_s, out) => [
      'diff',
      '--json',
      out,
      path.join(REPO, 'test/fixtures/catalogues/filesystem.json'),
      path.join(REPO, 'test/fixtures/catalogues/filesystem-v2.json'),
    ],
  },
  {
    name: 'inventory-catalogues',
    args: (_s, out) => [
      'inventory',
      '--format',
      'json',
      '-o',
      out,
      ...['github-like', 'admin-console', 'filesystem'].map((f) => path.join(REPO, `test/fixtures/catalogues/${f}.json`)),
    ],
  },
  {
    name: 'eval-replay-support-desk',
    args: (_s, out) => [
      'eval',
      '--golden',
      path.join(REPO, 'examples/support-desk/golden/tasks.yaml'),
      '--replay',
      path.join(REPO, 'examples/support-desk/golden/cassettes'),
      '--model',
      'openai:scripted-demo-model',
      '--no-cache',
      '--json',
      out,
      ...example('support-desk/stdio'),
    ],
  },
];

export function scratch(): string {
  return tempDir('assay-identity-');
}
