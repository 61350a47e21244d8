import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cliArgv, nodeFlags, REPO } from '../support/fixtures.js';
import { tempDir } from '../support/temp-dir.js';

const BUNDLE = path.join(REPO, 'dist/bundle');

/** A loaded chunk of the bundle stands for the modules bundled into it (the sources its map names). */
function modulesOf(url: string): string[] {
  if (!url.startsWith('file:')) return [url];
  const file = fileURLToPath(url);
  if (path.dirname(file) !== BUNDLE || !file.endsWith('.js')) return [url];
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
  return map.sources.map((s) => pathToFileURL(path.resolve(BUNDLE, s)).href);
}

/**
 * The modules (files and packages) one CLI invocation (or `node` with `args`) loads, recorded by a module hook; with
 * `required`, also the CommonJS files it loaded through `require` (which the hook does not see), as URLs.
 */
function loaded(args: string[], argv = cliArgv(), cwd?: string, { required = false, exitCode = 0 } = {}): string[] {
  const dir = tempDir('assay-load-');
  const log = path.join(dir, 'loaded.txt');
  const hook = path.join(dir, 'hook.mjs');
  const loader = `import { appendFileSync } from 'node:fs'; export async function load(url, c, next) { if (!url.startsWith('node:')) appendFileSync(${JSON.stringify(log)}, url + '\\n'); return next(url, c); }`;
  const cache = required
    ? `import { createRequire } from 'node:module'; import { appendFileSync } from 'node:fs'; import { pathToFileURL } from 'node:url'; const cache = createRequire(import.meta.url).cache; process.on('exit', () => { for (const f of Object.keys(cache)) appendFileSync(${JSON.stringify(log)}, pathToFileURL(f).href + '\\n'); });\n`
    : '';
  writeFileSync(hook, `${cache}import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(loader)}`)});\n`);
  writeFileSync(log, '');
  const r = spawnSync(process.execPath, ['--import', hook, ...argv, ...args], {
    stdio: 'ignore',
    env: { ...process.env, NO_COLOR: '1' },
    ...(cwd ? { cwd } : {}),
  });
  assert.equal(r.status, exitCode, `${args.join(' ')} exited with ${r.status ?? r.signal}`);
  return readFileSync(log, 'utf8').split('\n').filter(Boolean).flatMap(modulesOf);
}

const heavy = /node_modules\/(openai|@anthropic-ai|@modelcontextprotocol\/server|zod|ajv|undici|yaml)\/|\/examples\//;

describe('a command loads only what it uses', () => {
  for (const args of [['--version'], ['--help'], ['check', '--help'], ['eval', '--help']])
    it(`${args.join(' ')} loads no engine, config parser, SDK or example`, () => {
      const mods = loaded(args);
      assert.deepEqual(
        // The reporter declarations are read (the report-file options come from them), never a renderer.
        mods.filter(
          (m) => heavy.test(m) || (/\/src\/(engine|checks|target|contracts|reporters|providers)\//.test(m) && !/\/reporters\/formats\.[jt]s$/.test(m)),
        ),
        [],
      );
    });

  it('--version loads only the CLI entry and the version: not even the exit-code table', () => {
    assert.deepEqual(
      loaded(['--version']).filter((m) => !/\/src\/(cli\/[a-z-]+|version)\.[jt]s$/.test(m)),
      [],
    );
  });

  it(
    '--help loads neither commander nor the option table: the build stored its text',
    { skip: cliArgv().at(-1)!.endsWith('.ts') && 'runs from the sources: no build' },
    () => {
      assert.deepEqual(
        loaded(['--help']).filter((m) => !/\/src\/(cli\/main|version|cli\/usage-error|cli\/watch)\.[jt]s$/.test(m)),
        [],
      );
    },
  );

  it('check loads no model provider SDK, no eval engine and no example server', () => {
    const mods = loaded(['check', '--list']);
    assert.ok(
      mods.some((m) => /\/src\/checks\//.test(m)),
      'the check catalogue was loaded',
    );
    assert.deepEqual(
      mods.filter((m) =>
        /node_modules\/(openai|@anthropic-ai|@modelcontextprotocol\/server)\/|\/examples\/|\/src\/(evals|providers)\/|\/src\/engine\/run-eval/.test(m),
      ),
      [],
    );
  });

  it('diff of two snapshot files loads no engine, check, transport or SDK', () => {
    const dir = tempDir('assay-diff-load-');
    writeFileSync(path.join(dir, 'old.json'), JSON.stringify({ tools: [{ name: 'a', description: 'Reads a.' }] }));
    writeFileSync(path.join(dir, 'new.json'), JSON.stringify({ tools: [{ name: 'a', description: 'Reads a, quickly.' }] }));
    const mods = loaded(['diff', 'old.json', 'new.json'], cliArgv(), dir);
    assert.ok(
      mods.some((m) => /\/src\/contracts\/diff\//.test(m)),
      'the diff was loaded',
    );
    assert.deepEqual(
      mods.filter((m) => heavy.test(m) || /\/src\/(engine|checks|target|reporters\/[a-z-]+\/)|\/src\/index\.[jt]s$/.test(m)),
      [],
    );
  });

  it('check loads the linear-time pattern engine (re2js) only when a pattern is compiled, not with the checks', () => {
    const dir = tempDir('assay-re2js-');
    const engine = (mods: string[]) => mods.filter((m) => /node_modules\/re2js\//.test(m));
    // Nothing listens on port 1: the run loads its checks, the transports and the schema code, and compiles no schema.
    const unreachable = loaded(['check', 'http://127.0.0.1:1/mcp', '--timeout', '2000'], cliArgv(), dir, { required: true, exitCode: 3 });
    assert.ok(
      unreachable.some((m) => /\/src\/core\/json-schema\.[jt]s$/.test(m)),
      'the schema code was loaded',
    );
    assert.deepEqual(engine(unreachable), []);
    // A snapshot's tool schemas are checked against their meta-schema, whose patterns are compiled then.
    writeFileSync(path.join(dir, 'tools.json'), JSON.stringify({ tools: [{ name: 'a', description: 'Reads a.', inputSchema: { type: 'object' } }] }));
    assert.notDeepEqual(engine(loaded(['contracts', 'tools.json'], cliArgv(), dir, { required: true })), []);
  });

  it('check loads the YAML parser and the config schema only when there is a config file to read', () => {
    const parsers = (cwd: string) => loaded(['check', '--list'], cliArgv(), cwd).filter((m) => /node_modules\/(zod|yaml)\//.test(m));
    const bare = tempDir('assay-noconfig-');
    assert.deepEqual(parsers(bare), []);
    const configured = tempDir('assay-config-');
    writeFileSync(path.join(configured, 'mcp-assay.config.yaml'), 'check:\n  timeout: 5000\n');
    const found = parsers(configured);
    assert.ok(found.some((m) => m.includes('/zod/')) && found.some((m) => m.includes('/yaml/')), 'a config file was read without its parser');
  });
});

describe('the public entry points', () => {
  const entry = (name: string) => pathToFileURL(path.join(REPO, path.extname(cliArgv().at(-1)!) === '.ts' ? `src/${name}.ts` : `dist/src/${name}.js`)).href;
  const importing = (name: string) => loaded(['--input-type=module', '-e', `await import(${JSON.stringify(entry(name))})`], nodeFlags());

  it('mcp-assay/options is plain data: no package, nothing beyond the option table, the reporter declarations and the exit codes', () => {
    const mods = importing('options');
    assert.ok(mods.some((m) => /\/src\/config\/options\.[jt]s$/.test(m)));
    assert.deepEqual(
      mods.filter((m) => !/\/src\/(options|config\/options|reporters\/formats|core\/[a-z-]+)\.[jt]s$/.test(m)),
      [],
    );
  });

  it('mcp-assay/eval loads no provider SDK: a provider loads its SDK at its first request', () => {
    const mods = importing('eval');
    assert.ok(mods.some((m) => /\/src\/providers\//.test(m)));
    assert.deepEqual(
      mods.filter((m) => /node_modules\/(openai|@anthropic-ai)\//.test(m)),
      [],
    );
  });
});
