import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONFIG_ONLY, OPTIONS, attributeOf, configKeysOf, optionsOf, type OptionDecl } from '../../src/config/options.js';
import { knownKeysAt } from '../../src/config/known-keys.js';
import { configSchema } from '../../src/config/schema.js';
import { buildProgram } from '../../src/cli/program.js';
import { ConfigError, resolveOptions, defaultConfig } from '../../src/config/index.js';
import { parseConfig } from '../../src/config/parse.js';

const decls = Object.entries(OPTIONS) as [string, OptionDecl][];
const BLOCKS = ['check', 'reports', 'eval'] as const;

describe('the option table is the one source of flags and config keys', () => {
  it('every option has a config key or says why it is flag-only, never both', () => {
    for (const [id, d] of decls) assert.ok(Boolean(d.config) !== Boolean(d.flagOnly), `${id}: exactly one of config and flagOnly`);
  });

  it('every config key of check/reports/eval is an option or listed as config-only, and the other way round', () => {
    const fromTable = new Set<string>(decls.flatMap(([, d]) => (d.config ? [d.config] : [])));
    for (const block of BLOCKS) {
      for (const key of knownKeysAt(configSchema, [block])) {
        const p = `${block}.${key}`;
        assert.ok(fromTable.has(p) !== p in CONFIG_ONLY, `${p}: an option's key or a config-only key, not both and not neither`);
      }
      for (const key of configKeysOf(block).keys())
        assert.ok(knownKeysAt(configSchema, [block]).includes(key), `${block}.${key} is declared but the schema lacks it`);
    }
    for (const p of Object.keys(CONFIG_ONLY))
      assert.ok(knownKeysAt(configSchema, [p.split('.')[0]!]).includes(p.split('.')[1]!), `${p} is listed config-only but the schema lacks it`);
  });

  it('every command gets exactly the options the table gives it, no flag twice', () => {
    const program = buildProgram(() => {});
    const find = (name: string) => name.split(' ').reduce((c, w) => c.commands.find((x) => x.name() === w)!, program);
    const names = new Set(decls.flatMap(([, d]) => d.commands));
    for (const name of names) {
      const cmd = find(name);
      const flags = cmd.options.map((o) => o.flags);
      assert.deepEqual(
        flags,
        optionsOf(name).map(([, d]) => d.flags),
        name,
      );
      const longs = cmd.options.map((o) => o.long);
      assert.equal(new Set(longs).size, longs.length, `${name}: a flag declared twice`);
    }
  });

  it('a config key is checked as strictly as its flag: the same range and choices', () => {
    assert.throws(
      () => parseConfig('eval:\n  runs: 500\n', 'a.yaml'),
      (e: unknown) => e instanceof ConfigError && e.key === 'eval.runs',
    );
    const program = buildProgram(() => {}).exitOverride();
    for (const c of program.commands) c.exitOverride().configureOutput({ writeErr: () => {} });
    assert.throws(() => program.parse(['eval', 'http://127.0.0.1:1/mcp', '-n', '500'], { from: 'user' }), /from 1 to 100/);
    assert.equal(attributeOf(OPTIONS.color), 'color');
    assert.equal(attributeOf(OPTIONS.evalAllowTool), 'allowTool');
  });
});

describe('one precedence rule: flag > config file > default', () => {
  const cfg = parseConfig(
    'check:\n  timeout: 4000\n  only: [tools]\nreports:\n  json: out/r.json\neval:\n  runs: 7\n  cache: false\n',
    '/proj/mcp-assay.config.yaml',
  );

  it('the config beats the default when no flag is given', () => {
    const { cfg: c, options } = resolveOptions(cfg, 'check', { timeout: undefined, only: [] }, new Set());
    assert.equal(options.timeout, 4000);
    assert.deepEqual(options.only, ['tools']);
    assert.equal(c.reports.json, '/proj/out/r.json');
  });

  it('a flag beats the config, and paths from flags resolve against the working directory', () => {
    const { cfg: c, options } = resolveOptions(cfg, 'check', { timeout: 900, only: ['auth'], json: 'x.json' }, new Set(['timeout', 'only', 'json']), '/work');
    assert.equal(options.timeout, 900);
    assert.equal(c.check.timeout, 900);
    assert.deepEqual(c.check.only, ['auth']);
    assert.equal(c.reports.json, '/work/x.json');
  });

  it('the default applies when neither is given, for the eval block too', () => {
    const none = defaultConfig('/proj');
    assert.equal((resolveOptions(none, 'check', {}, new Set()).options as Record<string, unknown>).timeout, 10_000);
    const ev = resolveOptions(none, 'eval', { cache: true }, new Set()).options as Record<string, unknown>;
    assert.equal(ev.runs, 5);
    assert.equal(ev.concurrency, 4);
    assert.equal(ev.cache, true);
    const fromFile = resolveOptions(cfg, 'eval', { cache: true }, new Set()).options as Record<string, unknown>;
    assert.equal(fromFile.runs, 7);
    assert.equal(fromFile.cache, false);
  });

  it('reports.html and reports.sarif name report files like reports.json does', () => {
    const c = parseConfig('reports:\n  html: out/r.html\n  sarif: out/r.sarif\n', '/proj/mcp-assay.config.yaml');
    const { options } = resolveOptions(c, 'check', {}, new Set()) as { options: Record<string, unknown> };
    assert.equal(options.html, '/proj/out/r.html');
    assert.equal(options.sarif, '/proj/out/r.sarif');
    assert.equal((resolveOptions(c, 'merge', {}, new Set()).options as Record<string, unknown>).html, undefined);
  });

  it('a command reads only the config keys it declares: diff --json is its own file, not reports.json', () => {
    const { options } = resolveOptions(cfg, 'diff', {}, new Set()) as { options: Record<string, unknown> };
    assert.equal(options.json, undefined);
  });
});
