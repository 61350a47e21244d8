import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { scaleTools } from '../../bench/scale/tools.js';
import { buildCatalogue, type CatalogueTool } from '../../src/contracts/catalogue/catalogue.js';
import { CONFUSABLE_PAIR_CAP, confusableFindings, scanConfusable } from '../../src/contracts/lint/confusable.js';

const tools = (list: unknown[]): CatalogueTool[] => buildCatalogue({ tools: list }).tools;
const fixtures = join(process.cwd(), 'test/fixtures/catalogues');

/**
 * Tools built to meet every branch of the grouped count: identical and near-identical descriptions (one word of
 * their own), short and empty ones, repeated names, names spelt two ways, and names that differ by opposite verbs.
 */
function mixedCatalogue(n: number): unknown[] {
  let seed = 7;
  const next = (k: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % k;
  };
  const verbs = ['attach', 'detach', 'start', 'stop', 'enable', 'disable', 'create', 'delete', 'remove', 'add', 'get', 'list', 'lock', 'unlock'];
  const nouns = ['volume', 'user', 'record', 'job'];
  const texts = [
    'Fetch one record by id and return it with its status and owner.',
    'Fetch one record by id and return it with its status and owner. Read-only.',
    'Attach the volume to a running job and report its status.',
    'Changes user data.',
    'Volume status',
    '',
  ];
  return Array.from({ length: n }, (_, i) => {
    const name = next(9) === 0 ? `${verbs[next(4)]}_${nouns[0]}` : `${verbs[next(verbs.length)]}_${nouns[next(nouns.length)]}${next(3) ? '' : `_${next(40)}`}`;
    // camelCase spells another name with the same stemmed tokens (`attach_volume`, `attachVolume`).
    const spelt = next(6) === 0 ? name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()) : name;
    const own = next(3) === 0 ? ` Serial ${10 + next(30)}.` : '';
    return {
      name: spelt,
      description: `${texts[next(texts.length)]}${own}`,
      ...(next(5) === 0 ? { title: `${name} ${i}` } : {}),
      inputSchema: { type: 'object' },
    };
  });
}

describe('confusable scan at scale', () => {
  it('the indexed scan finds exactly the pairs of the all-pairs scan, at every threshold', () => {
    const catalogues: CatalogueTool[][] = [tools(scaleTools(400)), tools(scaleTools(80, { names: 'similar' }))];
    for (const f of readdirSync(fixtures).filter((x) => x.endsWith('.json')))
      catalogues.push(buildCatalogue(JSON.parse(readFileSync(join(fixtures, f), 'utf8')) as { tools: unknown[] }).tools);
    let found = 0;
    for (const c of catalogues)
      for (const threshold of [0.6, 0.75, 0.9]) {
        const fast = scanConfusable(c, threshold, Infinity);
        assert.deepEqual(fast, scanConfusable(c, threshold, Infinity, true));
        found += fast.total;
      }
    assert.ok(found > 1000, `the comparison saw pairs (${found})`);
  });

  it('pairs past the listed ones, counted by group, total exactly what the all-pairs scan counts', () => {
    const catalogues: CatalogueTool[][] = [tools(scaleTools(300, { names: 'similar' })), tools(scaleTools(300)), tools(mixedCatalogue(240))];
    for (const f of readdirSync(fixtures).filter((x) => x.endsWith('.json')))
      catalogues.push(buildCatalogue(JSON.parse(readFileSync(join(fixtures, f), 'utf8')) as { tools: unknown[] }).tools);
    let grouped = 0;
    for (const c of catalogues)
      for (const threshold of [0.6, 0.75, 0.9]) {
        const all = scanConfusable(c, threshold, Infinity, true);
        for (const cap of [0, 1, 7, 50]) {
          const capped = scanConfusable(c, threshold, cap);
          assert.deepEqual(capped, { pairs: all.pairs.slice(0, cap), total: all.total }, `cap ${cap}, threshold ${threshold}`);
          if (all.total > cap) grouped++;
        }
      }
    assert.ok(grouped > 20, `the grouped count ran (${grouped} times)`);
  });

  it('a near-identical catalogue lists the first pairs and states how many there are, without overflowing', () => {
    const n = 2000;
    const findings = confusableFindings(tools(scaleTools(n, { names: 'similar' })), 0.75);
    assert.equal(findings.length, CONFUSABLE_PAIR_CAP + 1);
    const total = (n * (n - 1)) / 2;
    const summary = findings.at(-1);
    assert.equal(summary?.subject, 'server');
    assert.match(summary?.message ?? '', new RegExp(`^${total.toLocaleString('en')} confusable pairs in all; the first ${CONFUSABLE_PAIR_CAP} `));
    assert.deepEqual(findings[0]?.names, ['get_record_00000', 'get_record_00001']);
  });
});
