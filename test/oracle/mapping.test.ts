/**
 * The oracle's mapping stays true to the catalogue, and its comparison rules behave as documented. Fast and needs no
 * Node 22, so it runs in the ordinary `npm test` as well as in `npm run test:oracle`.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CHECKS } from '../../src/checks/index.js';
import type { CheckResult, Status } from '../../src/core/types.js';
import { compare, glob, judge, officialVerdict, unusedDifferences } from './compare.js';
import { KNOWN_DIFFERENCES } from './known-differences.js';
import { MAPPINGS, type Mapping } from './mapping.js';
import type { OfficialCheck, OfficialStatus } from './official.js';
import { oracleServers } from './servers.js';
import { UNMAPPED } from './unmapped.js';

const ids = new Set(CHECKS.map((c) => c.id));
const byKey = new Map(MAPPINGS.map((m) => [m.key, m]));

function official(id: string, status: OfficialStatus, extra: Partial<OfficialCheck> = {}): OfficialCheck {
  return { scenario: 'server-stateless', id, name: '', status, ...extra };
}

function ours(checkId: string, status: Status): CheckResult {
  return {
    checkId,
    title: '',
    area: '',
    level: 'MUST',
    status,
    spec: { revision: { since: '2026-07-28' }, section: '', quote: '' },
    transports: ['http'],
    durationMs: 0,
  };
}

describe('oracle mapping', () => {
  it('names only checks that exist in the catalogue, each mapped once', () => {
    const mapped = MAPPINGS.flatMap((m) => m.ours);
    assert.deepEqual(
      mapped.filter((id) => !ids.has(id)),
      [],
    );
    assert.equal(new Set(mapped).size, mapped.length);
    assert.equal(byKey.size, MAPPINGS.length, 'mapping keys are unique');
  });

  it('gives every mapping a reason and an official selector', () => {
    for (const m of MAPPINGS) {
      assert.ok(m.why.length > 20, m.key);
      assert.ok(m.official.length > 0 && m.official.every((s) => s.id ?? s.scenario), m.key);
    }
  });

  it('ties every known difference to a mapping, a server of the matrix and a real mismatch', () => {
    const labels = oracleServers().map((s) => s.label);
    for (const d of KNOWN_DIFFERENCES) {
      const m = byKey.get(d.key);
      assert.ok(m, `no mapping ${d.key}`);
      assert.ok(
        d.servers.every((p) => labels.some((l) => glob(p, l))),
        `${d.key}: ${d.servers.join(', ')}`,
      );
      // A "difference" the rules already accept would hide nothing and mislead the reader.
      assert.notEqual(judge(m, '', d.official, d.ours, []).verdict, 'agree', d.key);
      assert.ok(d.why.length > 20, d.key);
    }
  });

  it('gives every unmapped official check a kind and a reason, and never shadows a mapping', () => {
    for (const u of UNMAPPED) {
      assert.ok(u.why.length > 10 && u.kind, JSON.stringify(u.official));
      const clash = MAPPINGS.find((m) => m.official.some((s) => s.id !== undefined && s.id === u.official.id && s.name === u.official.name));
      assert.equal(clash, undefined, `${JSON.stringify(u.official)} is also mapped`);
    }
  });
});

describe('oracle comparison rules', () => {
  const meta = byKey.get('meta missing-meta') as Mapping;
  const header = byKey.get('header Mcp-Method mismatch') as Mapping;

  it('collapses occurrences to the most severe, ignoring untestable ones', () => {
    assert.equal(officialVerdict([official('a', 'SUCCESS'), official('a', 'WARNING')]), 'WARNING');
    assert.equal(officialVerdict([official('a', 'WARNING'), official('a', 'FAILURE')]), 'FAILURE');
    assert.equal(officialVerdict([official('a', 'FAILURE', { errorMessage: 'Not testable: no fixture' })]), 'not testable');
    assert.equal(officialVerdict([official('a', 'FAILURE', { errorMessage: 'Tool test_simple_text not found' }), official('a', 'SUCCESS')]), 'SUCCESS');
    assert.equal(officialVerdict([]), 'not run');
  });

  it('pairs SUCCESS with pass, FAILURE with fail, WARNING with warn', () => {
    assert.equal(judge(meta, 's', 'SUCCESS', 'pass').verdict, 'agree');
    assert.equal(judge(meta, 's', 'FAILURE', 'fail').verdict, 'agree');
    assert.equal(judge(meta, 's', 'WARNING', 'warn').verdict, 'agree');
    assert.equal(judge(meta, 's', 'SUCCESS', 'fail').verdict, 'DISAGREE');
    assert.equal(judge(meta, 's', 'FAILURE', 'pass').verdict, 'DISAGREE');
    assert.equal(judge(meta, 's', 'WARNING', 'fail').verdict, 'DISAGREE');
    assert.equal(judge(meta, 's', 'SUCCESS', 'inconclusive').verdict, 'DISAGREE');
  });

  it('accepts WARNING against our fail only where ours is stricter on a MUST', () => {
    assert.equal(judge(header, 's', 'WARNING', 'fail').verdict, 'agree (ours stricter)');
    assert.equal(judge(header, 's', 'FAILURE', 'warn').verdict, 'DISAGREE');
  });

  it('excludes pairs either side could not test', () => {
    assert.equal(judge(meta, 's', 'not testable', 'fail').verdict, 'excluded');
    assert.equal(judge(meta, 's', 'SUCCESS', 'precondition-failed').verdict, 'excluded');
  });

  it('selects header variants by check name and meta variants by detail', () => {
    const c = compare(
      'synthetic',
      [
        official('sep-2243-server-reject-invalid-headers', 'FAILURE', { name: 'ServerRejectsMismatchedMethodHeader', scenario: 'http-header-validation' }),
        official('sep-2243-server-reject-invalid-headers', 'SUCCESS', { name: 'ServerRejectsMissingMethodHeader', scenario: 'http-header-validation' }),
        official('sep-2575-http-server-meta-invalid-400', 'FAILURE', { details: { fieldIssue: 'missing-meta' } }),
        official('sep-2575-brand-new-check', 'FAILURE'),
      ],
      [ours('http-headers/method-mismatch', 'fail'), ours('http-headers/method-missing', 'fail'), ours('meta/missing-meta', 'pass')],
    );
    const row = (key: string) => c.rows.find((r) => r.key === key);
    assert.equal(row('header Mcp-Method mismatch')?.verdict, 'agree');
    assert.equal(row('header Mcp-Method missing')?.verdict, 'DISAGREE');
    assert.equal(row('meta missing-meta')?.verdict, 'DISAGREE');
    assert.equal(row('meta missing-protocol-version')?.verdict, 'excluded');
    assert.deepEqual(
      c.unclassified.map((x) => x.id),
      ['sep-2575-brand-new-check'],
    );
  });

  it('reports a known difference that no longer occurs as stale', () => {
    const d = KNOWN_DIFFERENCES[0]!;
    const server = d.servers[0]!;
    const m = byKey.get(d.key)!;
    const selected = m.official[0]!;
    const o = official(selected.id!.replace('*', 'x'), d.official, { name: selected.name?.replace('*', '') ?? '', details: { ...selected.detail } });
    const seen = compare(
      server,
      [o],
      m.ours.map((id) => ours(id, d.ours)),
      [m],
    );
    assert.equal(seen.rows[0]?.verdict, 'known difference');
    assert.deepEqual(unusedDifferences([seen], [d]), []);
    const gone = compare(
      server,
      [{ ...o, status: 'SUCCESS' }],
      m.ours.map((id) => ours(id, 'pass')),
      [m],
    );
    assert.equal(unusedDifferences([gone], [d]).length, 1);
  });
});
