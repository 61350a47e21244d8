import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { applyFlags, ConfigError, defaultConfig, findConfigFile, loadConfig, serverRunOptions, serverToTarget } from '../../src/config/index.js';
import { parseConfig } from '../../src/config/parse.js';

const FULL = `# every option, as a user would write it
servers:
  desk:
    url: http://127.0.0.1:3000/mcp
    headers: { Authorization: "Bearer \${DESK_TOKEN}", X-Trace: "\${TRACE:-off}" }
    timeout: 5000
    allowTools: ["search_*"]
    toolArgs: { get_ticket: { id: "T-1" } }
  local:
    command: node
    args: [server.js, --flag, "cost: $\${5}"]
    env: { API_KEY: "\${API_KEY}", MODE: test }
    secretEnv: [API_KEY]
    cwd: ./server
check:
  timeout: 8000
  deadline: 60000
  strict: true
  require: ['2026-07-28']
  failOnContracts: true
  only: [discover/, http-headers/]
  skip: [discover/ttl]
  allowTools: [list_*]
  toolArgs: { get_ticket: { id: "T-0" }, echo: { text: hi } }
reports:
  dir: assay-report
  json: out/report.json
  junit: /abs/junit.xml
  md: summary.md
contracts:
  rules: { lint/description-thin: warning, risk/catch-all-tool: off }
  waivers:
    - rule: lint/description-thin
      tool: search_tickets
      reason: vendor-supplied description, tracked upstream
    - { rule: risk/catch-all-tool, reason: sandbox only }
`;

const ENV = { DESK_TOKEN: 'tok-123456', API_KEY: 'k-abcdef' };

describe('a valid config file', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'assay-config-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('parses every option, interpolated and resolved', () => {
    const cfg = parseConfig(FULL, '/proj/cfg/mcp-assay.config.yaml', ENV);
    assert.equal(cfg.dir, '/proj/cfg');
    assert.deepEqual(cfg.servers.desk, {
      kind: 'http',
      name: 'desk',
      url: 'http://127.0.0.1:3000/mcp',
      headers: { Authorization: 'Bearer tok-123456', 'X-Trace': 'off' },
      timeout: 5000,
      allowTools: ['search_*'],
      toolArgs: { get_ticket: { id: 'T-1' } },
    });
    assert.deepEqual(cfg.servers.local, {
      kind: 'stdio',
      name: 'local',
      command: 'node',
      args: ['server.js', '--flag', 'cost: ${5}'],
      env: { API_KEY: 'k-abcdef', MODE: 'test' },
      secretEnv: ['API_KEY'],
      cwd: '/proj/cfg/server',
      allowTools: [],
      toolArgs: {},
    });
    assert.deepEqual(cfg.check, {
      timeout: 8000,
      deadline: 60000,
      strict: true,
      require: ['2026-07-28'],
      failOnContracts: true,
      only: ['discover/', 'http-headers/'],
      skip: ['discover/ttl'],
      allowTools: ['list_*'],
      toolArgs: { get_ticket: { id: 'T-0' }, echo: { text: 'hi' } },
    });
    assert.deepEqual(cfg.reports, { dir: '/proj/cfg/assay-report', json: '/proj/cfg/out/report.json', junit: '/abs/junit.xml', md: '/proj/cfg/summary.md' });
    assert.deepEqual(cfg.contracts.levels, { 'lint/description-thin': 'warning', 'risk/catch-all-tool': 'off' });
    assert.deepEqual(cfg.contracts.waivers, [
      { rule: 'lint/description-thin', tool: 'search_tickets', reason: 'vendor-supplied description, tracked upstream' },
      { rule: 'risk/catch-all-tool', reason: 'sandbox only' },
    ]);
  });

  it('an empty file gives the defaults', () => {
    const cfg = parseConfig('# nothing yet\n', 'x/mcp-assay.config.yaml', {});
    assert.deepEqual(cfg.check, {
      timeout: 10000,
      deadline: 120000,
      strict: false,
      require: [],
      failOnContracts: false,
      only: [],
      skip: [],
      allowTools: [],
      toolArgs: {},
    });
    assert.deepEqual(cfg.servers, {});
    assert.deepEqual(cfg.contracts, { levels: {}, waivers: [] });
    assert.deepEqual(defaultConfig('/w').check, cfg.check);
  });

  it('aliases share the interpolated anchor value', () => {
    const text =
      'servers:\n  a:\n    url: http://h/\n    headers: { Authorization: &tok "Bearer ${T}" }\n  b:\n    url: http://i/\n    headers: { Authorization: *tok }\n';
    const cfg = parseConfig(text, 'c.yaml', { T: 'xyz' });
    assert.deepEqual(serverToTarget(cfg, 'b'), { kind: 'http', name: 'b', url: 'http://i/', headers: { Authorization: 'Bearer xyz' } });
  });

  it('a fallback is used when the variable is set but empty', () => {
    const cfg = parseConfig('servers:\n  a:\n    url: "http://h/${P:-mcp}"\n', 'c.yaml', { P: '' });
    assert.equal(cfg.servers.a?.kind === 'http' && cfg.servers.a.url, 'http://h/mcp');
  });

  it('serverToTarget builds TargetSpecs and names known servers for an unknown one', () => {
    const cfg = parseConfig(FULL, '/proj/cfg/mcp-assay.config.yaml', ENV);
    assert.deepEqual(serverToTarget(cfg, 'desk'), {
      kind: 'http',
      name: 'desk',
      url: 'http://127.0.0.1:3000/mcp',
      headers: { Authorization: 'Bearer tok-123456', 'X-Trace': 'off' },
    });
    assert.deepEqual(serverToTarget(cfg, 'local'), {
      kind: 'stdio',
      name: 'local',
      command: 'node',
      args: ['server.js', '--flag', 'cost: ${5}'],
      env: { API_KEY: 'k-abcdef', MODE: 'test' },
      secretEnv: ['API_KEY'],
      cwd: '/proj/cfg/server',
    });
    assert.throws(
      () => serverToTarget(cfg, 'dsk'),
      (e: unknown) => e instanceof ConfigError && e.key === 'servers' && e.hint === 'did you mean `desk`? known servers: desk, local',
    );
    assert.throws(() => serverToTarget(cfg, 'toString'), ConfigError);
  });

  it('serverRunOptions layers the server over check', () => {
    const cfg = parseConfig(FULL, '/proj/cfg/mcp-assay.config.yaml', ENV);
    assert.deepEqual(serverRunOptions(cfg, 'desk'), {
      timeout: 5000,
      deadline: 60000,
      allowTools: ['list_*', 'search_*'],
      toolArgs: { get_ticket: { id: 'T-1' }, echo: { text: 'hi' } },
    });
    assert.equal(serverRunOptions(cfg, 'local').timeout, 8000);
  });

  it('flags override the file; undefined flags do not', () => {
    const cfg = parseConfig(FULL, '/proj/cfg/mcp-assay.config.yaml', ENV);
    const merged = applyFlags(cfg, { strict: false, only: ['tools/'], timeout: undefined, reports: { json: 'r.json' } }, '/cwd');
    assert.equal(merged.check.strict, false);
    assert.deepEqual(merged.check.only, ['tools/']);
    assert.equal(merged.check.timeout, 8000);
    assert.equal(merged.reports.json, '/cwd/r.json');
    assert.equal(merged.reports.md, '/proj/cfg/summary.md');
    assert.equal(cfg.check.strict, true, 'the original is not mutated');
  });

  it('findConfigFile and loadConfig read from disk; .yaml wins over .yml', async () => {
    assert.equal(findConfigFile(dir), undefined);
    await writeFile(path.join(dir, 'mcp-assay.config.yml'), 'servers:\n  a:\n    command: node\n    cwd: sub\n');
    assert.equal(findConfigFile(dir), path.join(dir, 'mcp-assay.config.yml'));
    await writeFile(path.join(dir, 'mcp-assay.config.yaml'), '\uFEFFservers:\n  b:\n    command: node\n    cwd: sub\n');
    const found = findConfigFile(dir);
    assert.equal(found, path.join(dir, 'mcp-assay.config.yaml'));
    const cfg = await loadConfig(found ?? '', {});
    assert.deepEqual(Object.keys(cfg.servers), ['b']);
    const target = serverToTarget(cfg, 'b');
    assert.equal(target.kind === 'stdio' ? target.cwd : undefined, path.join(dir, 'sub'));
  });

  it('loadConfig: a missing file or a folder is a ConfigError naming the file', async () => {
    const missing = path.join(dir, 'nope.yaml');
    await assert.rejects(loadConfig(missing, {}), (e: unknown) => e instanceof ConfigError && e.file === missing && e.reason === 'no such file');
    await mkdir(path.join(dir, 'folder.yaml'));
    await assert.rejects(loadConfig(path.join(dir, 'folder.yaml'), {}), (e: unknown) => e instanceof ConfigError && /folder/.test(e.reason));
  });
});
