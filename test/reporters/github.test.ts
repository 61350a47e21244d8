import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REPORTERS } from '../../src/reporters/all.js';
import { evals, row } from '../gate/fixtures.js';
import { fixtureReport } from './fixture-report.js';

const render = (r = fixtureReport()) => REPORTERS.github.render(r);
const COMMAND = /^::(error|warning|notice) (file=[^,:]+,)?(line=\d+,)?title=[^:,\r\n]*::[^\r\n]*$/;

/** The runner's reading of one line: level, properties (unescaped), message (unescaped). */
function parse(line: string): { level: string; props: Record<string, string>; message: string } {
  const m = /^::(\w+) (.*?)::(.*)$/.exec(line)!;
  const unescape = (s: string) => s.replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
  const props = Object.fromEntries(m[2]!.split(',').map((p) => [p.slice(0, p.indexOf('=')), unescape(p.slice(p.indexOf('=') + 1))]));
  return { level: m[1]!, props, message: unescape(m[3]!) };
}

describe('github reporter (workflow commands)', () => {
  it('writes one command per line: errors, then warnings, then notices, then the summary', () => {
    const lines = render().trimEnd().split('\n');
    for (const l of lines) assert.match(l, COMMAND);
    const rank = lines.slice(0, -1).map((l) => ['error', 'warning', 'notice'].indexOf(parse(l).level));
    assert.deepEqual(
      rank,
      [...rank].sort((x, y) => x - y),
    );
    assert.ok(rank[0] === 0 && rank.at(-1) === 2);
    const last = parse(lines.at(-1)!);
    assert.equal(last.props.title, 'mcp-assay');
    assert.match(last.message, /^\d+ passed, \d+ failed/);
    // desk: fail, warn, precondition-failed, inconclusive, 1 skip note, 4 findings; memory: the outcome, fail, error.
    assert.equal(lines.length, 9 + 3 + 1);
    const byTitle = new Map(lines.map((l) => [parse(l).props.title, parse(l)]));
    assert.equal(byTitle.get('results/cacheable-hints (fail) · desk')?.level, 'error');
    assert.equal(byTitle.get('http-headers/origin (inconclusive) · desk')?.level, 'warning');
    assert.equal(byTitle.get('mrtr/input-required (precondition-failed) · desk')?.level, 'notice');
    assert.equal(byTitle.get('risk/open-world · desk')?.level, 'notice', 'a waived finding is a notice');
    assert.match(byTitle.get('skipped · desk')!.message, /^1 check did not apply: tasks\/extension$/);
    assert.equal(byTitle.get('target/outcome · npx -y mcp-server-memory --token ***')?.level, 'error');
  });

  it('no server text can end a line or start a command: %, CR, LF escaped, and : and , in titles', () => {
    const report = fixtureReport();
    const hostile = 'done\n::add-mask::x\r\n::error title=forged::owned 100% %0A, a:b';
    report.targets[0]!.target.name = 'desk, west:1';
    report.targets[0]!.results[2]!.message = hostile;
    report.targets[0]!.sections![0]!.findings[1]!.subject = 'x::warning::y';
    const lines = render(report).trimEnd().split('\n');
    for (const l of lines) assert.match(l, COMMAND);
    const forged = lines.map(parse).find((p) => p.props.title === 'results/cacheable-hints (fail) · desk, west:1');
    assert.ok(forged, 'the title keeps its comma and colon, escaped');
    assert.ok(forged.message.startsWith('done\n::add-mask::x\\r\n::error title=forged::owned 100% %0A, a:b'), forged.message);
    assert.ok(lines.some((l) => parse(l).message.startsWith('x::warning::y: description is 3 words')));
  });

  it('controls and bidi characters are visible escapes, and secret shapes are masked', () => {
    const report = fixtureReport();
    report.targets[0]!.results[2]!.message = `token ghp_${'a'.repeat(36)} and Bearer abcdefghijk \u001b[2J\u202e`;
    const out = render(report);
    assert.doesNotMatch(out, /[\u0000-\u0009\u000b-\u001f\u202e]/);
    assert.ok(!out.includes('ghp_aaaa') && !out.includes('abcdefghijk'));
    assert.ok(out.includes('token *** and Bearer ***') && out.includes('\\x1b[2J\\u202e'));
  });

  it('points eval cases that missed their gate at their line of the golden set, and a snapshot finding at its file', () => {
    const report = fixtureReport();
    report.evals = evals([row('refund', 'openai:m', 2, 5, { line: 12 }), row('lookup', 'openai:m', 5, 5, { line: 3 })]);
    report.targets[1]!.target = { kind: 'snapshot', display: './snapshots/desk.json' };
    report.targets[1]!.sections = [
      { id: 'contracts', title: 'Tool contracts', findings: [{ ruleId: 'risk/destructive', severity: 'error', subject: 'drop', message: 'deletes' }] },
    ];
    const parsed = render(report).trimEnd().split('\n').map(parse);
    const refund = parsed.find((p) => p.props.title === 'eval refund (fail)');
    assert.deepEqual(refund?.props, { file: 'golden/desk.yaml', line: '12', title: 'eval refund (fail)' });
    assert.match(refund.message, /^openai:m: 2\/5 runs passed \(5 needed, hard gate\)/);
    assert.ok(!parsed.some((p) => p.props.title?.startsWith('eval lookup')), 'a case that passed is not annotated');
    assert.equal(parsed.find((p) => p.props.title?.startsWith('risk/destructive · '))?.props.file, 'snapshots/desk.json');
    assert.match(parsed.at(-1)!.message, /eval: openai:m 1\/2 cases/);
  });
});
