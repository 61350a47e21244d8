import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import type { Report } from '../../src/core/types.js';
import { parseGolden } from '../../src/evals/golden-load.js';
import { runCli } from '../support/spawn-cli.js';
import { REPO } from '../support/fixtures.js';
import { startMockLlm, type MockLlm } from '../support/mock-llm.js';
import { deskPolicy } from './desk-policy.js';

const GOLDEN = path.join(REPO, 'examples/support-desk/golden/tasks.yaml');

describe('mcp-assay eval (CLI)', () => {
  let llm: MockLlm;
  let desk: Awaited<ReturnType<typeof startSupportDeskHttp>>;
  let dir: string;
  let env: Record<string, string>;
  before(async () => {
    llm = await startMockLlm(deskPolicy);
    desk = await startSupportDeskHttp({ port: 0 });
    dir = await mkdtemp(path.join(tmpdir(), 'assay-eval-cli-'));
    env = { OPENAI_API_KEY: 'sk-cli-secret-value', OPENAI_BASE_URL: llm.url };
  });
  after(async () => {
    await llm.close();
    await desk.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('runs the golden set, writes every report format, exits 1 on a missed gate; the second run is all cache', async () => {
    const json = path.join(dir, 'r.json');
    const args = [
      'eval',
      desk.url,
      '--golden',
      GOLDEN,
      '--model',
      'openai:gpt-4.1-mini',
      '--json',
      json,
      '--junit',
      path.join(dir, 'r.xml'),
      '--md',
      path.join(dir, 'r.md'),
      '--record',
      path.join(dir, 'tapes'),
    ];
    const r = await runCli(args, { cwd: dir, env });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /behaviour \(layer 1\)/);
    assert.match(r.stdout, /tool selection\s+0\.95 \(19\/20, 95% CI 0\.76–0\.99\)/);
    assert.match(r.stdout, /✖ search-refunds {2}3\/5/);
    const report = JSON.parse(await readFile(json, 'utf8')) as Report;
    const m = report.evals!.models[0]!;
    assert.equal(m.model, 'openai:gpt-4.1-mini');
    for (const k of ['selectionAccuracy', 'argumentAccuracy', 'overTriggerRate', 'sequenceAccuracy'] as const) assert.equal(typeof m.metrics[k].rate, 'number');
    assert.deepEqual(
      Object.keys(m.cases[0]!)
        .filter((k) => ['id', 'runs', 'passes', 'verdict', 'n'].includes(k))
        .sort(),
      ['id', 'n', 'passes', 'runs', 'verdict'],
    );
    assert.equal(report.evals!.prices.date, '2026-11-01');
    assert.ok(m.costUsd! > 0, 'gpt-4.1-mini has a list price');
    const xml = await readFile(path.join(dir, 'r.xml'), 'utf8');
    assert.match(xml, /<testsuite name="eval openai:gpt-4\.1-mini" tests="9" failures="3" errors="0"/);
    assert.match(await readFile(path.join(dir, 'r.md'), 'utf8'), /\| search-refunds \| ❌ 3\/5 \|/);
    assert.ok(!(await readFile(json, 'utf8')).includes('sk-cli-secret-value'));

    const before = llm.requests.length;
    const again = await runCli(args.slice(0, -2), { cwd: dir, env });
    assert.equal(again.code, 1);
    assert.equal(llm.requests.length, before, 'an unchanged suite makes no provider request');
    assert.match(again.stdout, /45 from cache/);

    const replay = await runCli(['eval', desk.url, '--golden', GOLDEN, '--replay', path.join(dir, 'tapes'), '--no-cache'], {
      cwd: dir,
      env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' },
    });
    assert.equal(replay.code, 1, replay.stderr);
    assert.match(replay.stdout, /replayed from a recording: no model was asked/);
    assert.match(replay.stdout, /tool selection\s+0\.95 \(19\/20/);
  });

  it('bad input: clear messages and exit 2', async () => {
    const noKey = await runCli(['eval', desk.url, '--golden', GOLDEN, '--model', 'anthropic:claude-haiku-4-5'], { cwd: dir, env: { ANTHROPIC_API_KEY: '' } });
    assert.equal(noKey.code, 2);
    assert.match(noKey.stderr, /ANTHROPIC_API_KEY is not set/);
    const badId = await runCli(['eval', desk.url, '--golden', GOLDEN, '--model', 'gpt-4'], { cwd: dir, env });
    assert.equal(badId.code, 2);
    assert.match(badId.stderr, /write provider:model/);
    const notYaml = path.join(dir, 'bad.yaml');
    await writeFile(notYaml, '- id: a\n  prompt: "oops\n');
    const y = await runCli(['eval', desk.url, '--golden', notYaml, '--model', 'openai:m'], { cwd: dir, env });
    assert.equal(y.code, 2);
    assert.match(y.stderr, /bad\.yaml:\d+:\d+ .*not valid YAML/);
    const unknown = path.join(dir, 'unknown.yaml');
    await writeFile(unknown, '- id: a\n  prompt: x\n  expect_tool: get_tickets\n');
    const u = await runCli(['eval', desk.url, '--golden', unknown, '--model', 'openai:m'], { cwd: dir, env });
    assert.equal(u.code, 2);
    assert.match(u.stderr, /unknown\.yaml:3:3 expect_tool: case "a": the server has no tool "get_tickets" \(hint: did you mean `get_ticket`\?\)/);
    const requests = llm.requests.length;
    assert.equal(llm.requests.length, requests, 'no model call before the golden set is valid');
  });

  it('an authentication failure exits 3 with the provider message', async () => {
    const deny = await startMockLlm(() => ({ status: 401, error: 'invalid api key' }));
    try {
      const r = await runCli(['eval', desk.url, '--golden', GOLDEN, '--model', 'openai:m', '--no-cache'], {
        cwd: dir,
        env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: deny.url },
      });
      assert.equal(r.code, 3);
      assert.match(r.stdout, /stopped: openai: 401 invalid api key/);
    } finally {
      await deny.close();
    }
  });

  it('eval init writes a starter set: a case per tool and four negative ones, valid for the loader', async () => {
    const out = path.join(dir, 'golden', 'tasks.yaml');
    const r = await runCli(['eval', 'init', desk.url, '-o', out], { cwd: dir, env });
    assert.equal(r.code, 0, r.stderr);
    const g = parseGolden(await readFile(out, 'utf8'), out);
    assert.deepEqual(
      g.cases
        .filter((c) => c.kind === 'positive')
        .map((c) => c.expectTool![0])
        .sort(),
      ['find_customer', 'get_ticket', 'search_tickets', 'send_reply'],
    );
    assert.equal(g.cases.filter((c) => c.kind === 'negative').length, 4);
    const again = await runCli(['eval', 'init', desk.url, '-o', out], { cwd: dir, env });
    assert.equal(again.code, 2, 'never overwrites without --force');
    const drafted = await runCli(['eval', 'init', desk.url, '-o', out, '--force', '--model', 'openai:m'], { cwd: dir, env });
    assert.equal(drafted.code, 0, drafted.stderr);
    assert.match(drafted.stderr, /4 prompt\(s\) drafted by openai:m/);
  });
});
