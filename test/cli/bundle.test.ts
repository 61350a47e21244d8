/**
 * The bundled CLI (dist/bundle, the package's bin) is what users run, so it is run here for real: against the example
 * servers in processes of their own, with its verdicts compared to the library's on the same server. A bundle that
 * cannot find a file it needs would end `inconclusive` with no check run, and the build only sees paths it can read.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createInterface } from 'node:readline';
import type { Report, TargetReport } from '../../src/core/types.js';
import { danglingReferences } from '../../scripts/bundle-references.js';
import { cliArgv, explain, REPO, run } from '../support/fixtures.js';
import { runCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

const BUNDLE = path.join(REPO, 'dist/bundle');
const built = path.extname(cliArgv().at(-1)!) === '.js';

/** An example server over HTTP in a process of its own (`listening URL` on stdout); killed by its PID after the tests. */
const servers: ChildProcess[] = [];
after(() => servers.forEach((s) => s.kill()));
function serve(file: string, args: string[] = []): Promise<string> {
  const child = spawn(process.execPath, [path.join(REPO, 'dist/examples', file), '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  servers.push(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${file} did not start within 15 s`)), 15_000);
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
    createInterface({ input: child.stdout }).on('line', (l) => {
      const m = /^listening (\S+)/.exec(l);
      if (!m?.[1]) return;
      clearTimeout(timer);
      resolve(m[1]);
    });
  });
}

/** `check` through the bundled bin, with its JSON report. */
async function bundledCheck(target: string[]): Promise<{ code: number | null; report: TargetReport }> {
  const json = path.join(tempDir('assay-bundle-'), 'report.json');
  const r = await runCli(['check', '--json', json, ...target], { deadlineMs: 120_000 });
  assert.ok(existsSync(json), `no report written:\n${r.stdout}\n${r.stderr}`);
  const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
  assert.equal(report.targets.length, 1);
  return { code: r.code, report: report.targets[0]! };
}

const verdicts = (r: TargetReport): Record<string, string> => Object.fromEntries(r.results.map((x) => [x.checkId, x.status]));
const withStatus = (r: TargetReport, ...s: string[]): string[] => r.results.filter((x) => s.includes(x.status)).map((x) => x.checkId);

describe('the bundled CLI', { skip: built ? false : 'runs from dist only' }, () => {
  it('is the package bin, and the tests spawn it', () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { bin: Record<string, string>; files: string[] };
    assert.equal(pkg.bin['mcp-assay'], 'dist/bundle/main.js');
    assert.ok(pkg.files.includes('dist/bundle'));
    assert.equal(cliArgv().at(-1), path.join(BUNDLE, 'main.js'));
    assert.match(readFileSync(path.join(BUNDLE, 'main.js'), 'utf8'), /^#!\/usr\/bin\/env node\n/);
  });

  it('names no file that is not beside it, and carries every generated validator', () => {
    assert.deepEqual(danglingReferences(BUNDLE), []);
    for (const dir of ['dist/src/spec/wire/generated', 'dist/src/core/generated'])
      for (const f of readdirSync(path.join(REPO, dir)))
        assert.equal(readFileSync(path.join(BUNDLE, 'generated', f), 'utf8'), readFileSync(path.join(REPO, dir, f), 'utf8'), f);
  });

  it('has a source map for every chunk, naming our code by its TypeScript sources (src/**/*.ts)', () => {
    const chunks = readdirSync(BUNDLE).filter((f) => f.endsWith('.js'));
    const sources = chunks.flatMap((c) => {
      assert.match(readFileSync(path.join(BUNDLE, c), 'utf8'), new RegExp(`//# sourceMappingURL=${c}\\.map\\n?$`), c);
      return (JSON.parse(readFileSync(path.join(BUNDLE, `${c}.map`), 'utf8')) as { sources: string[] }).sources.map((x) => path.resolve(BUNDLE, x));
    });
    const ours = sources.filter((x) => !x.includes(`${path.sep}node_modules${path.sep}`));
    assert.ok(ours.includes(path.join(REPO, 'src/cli/main.ts')) && ours.includes(path.join(REPO, 'src/engine/run-target.ts')));
    assert.deepEqual(
      ours.filter((x) => !x.startsWith(path.join(REPO, 'src') + path.sep) || !x.endsWith('.ts') || !existsSync(x)),
      [],
    );
  });

  it('the reference check finds a path to nothing, plain or templated', () => {
    const dir = tempDir('assay-refs-');
    mkdirSync(path.join(dir, 'generated'));
    writeFileSync(path.join(dir, 'generated', 'wire-a.cjs'), '');
    writeFileSync(path.join(dir, 'chunk-B.js'), '');
    writeFileSync(
      path.join(dir, 'main.js'),
      [
        'import "./chunk-B.js";',
        'load(`./generated/${file}.cjs`);',
        'load(`./generated/meta-${d}.cjs`);',
        'const e = "../../examples";',
        ' * @see {import("./gone.js")} in a comment',
        'if (fromSource) load("./ajv-setup.ts");',
      ].join('\n'),
    );
    assert.deepEqual(danglingReferences(dir), ['main.js:3 ./generated/meta-${d}.cjs', 'main.js:4 ../../examples']);
  });

  it('checks support-desk over HTTP with the same verdicts as the library: the wire and meta-schema validators loaded', async () => {
    const url = await serve('support-desk/http.js');
    const { code, report } = await bundledCheck([url]);
    assert.equal(code, 0, explain(report));
    assert.equal(report.outcome, 'completed', explain(report));
    assert.deepEqual(withStatus(report, 'fail', 'error', 'inconclusive'), [], explain(report));
    assert.ok(withStatus(report, 'pass').length >= 80, explain(report));
    for (const id of ['wire/server-messages-valid', 'tools/schema-valid']) assert.equal(verdicts(report)[id], 'pass', id);
    assert.deepEqual(verdicts(report), verdicts(await run({ kind: 'http', url })));
  });

  it('fails the flawed server where its faults break the wire and a tool schema, as the library does', async () => {
    const url = await serve('flawed-server/http.js', ['--faults', 'result-type-missing,schema-invalid']);
    const { code, report } = await bundledCheck([url]);
    assert.equal(code, 1, explain(report));
    assert.equal(verdicts(report)['wire/server-messages-valid'], 'fail', explain(report));
    assert.equal(verdicts(report)['tools/schema-valid'], 'fail', explain(report));
    assert.deepEqual(withStatus(report, 'error', 'inconclusive'), [], explain(report));
    assert.deepEqual(verdicts(report), verdicts(await run({ kind: 'http', url })));
  });

  it('runs the demo: the example servers found from the bundle, over both transports, judged as designed', async () => {
    const out = tempDir('assay-demo-');
    const r = await runCli(['demo', '--out', out], { deadlineMs: 150_000 });
    assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    const report = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8')) as Report;
    const by = Object.fromEntries(report.targets.map((t) => [t.target.name, t]));
    for (const name of ['support-desk (http)', 'support-desk (stdio)', 'flawed-server (http)', 'flawed-server (stdio)'])
      assert.equal(by[name]?.outcome, 'completed', name);
    for (const name of ['support-desk (http)', 'support-desk (stdio)']) assert.deepEqual(withStatus(by[name], 'fail', 'error', 'inconclusive'), [], name);
    for (const name of ['flawed-server (http)', 'flawed-server (stdio)']) assert.ok(by[name]!.summary.fail > 0, name);
    // support-desk also serves the 2025 handshake over stdio: judged with the other wire model.
    assert.equal(verdicts(by['support-desk (stdio)'])['legacy/tools-list'], 'pass');
  });
});
