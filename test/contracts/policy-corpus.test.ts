import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parsePolicy } from '../../src/config/policy-parse.js';
import { enforcePolicy, inventoryRows } from '../../src/contracts/index.js';
import { CORPUS_DIR, loadCorpus } from './corpus-score.js';

const POLICY_DIR = join(CORPUS_DIR, '..', 'policies');
const corpus = new Map(loadCorpus().map((f) => [f.file, f]));

interface PolicyCase {
  file: string;
  split: string;
  about: string;
  catalogues: string[];
  policy: string;
  expected: [string, string, string][];
}

const cases: PolicyCase[] = readdirSync(POLICY_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({ file, ...(JSON.parse(readFileSync(join(POLICY_DIR, file), 'utf8')) as Omit<PolicyCase, 'file'>) }));

/** Every violation a case's policy raises on its catalogues, as `rule server/tool`. */
function violations(c: PolicyCase): string[] {
  const policy = parsePolicy(c.policy, c.file);
  const rows = c.catalogues.flatMap((f) => {
    const fx = corpus.get(f);
    if (!fx) throw new Error(`${c.file}: ${f} is not in the catalogue corpus`);
    return inventoryRows(fx.catalogue.server.name ?? f, fx.catalogue, policy);
  });
  return enforcePolicy(policy, rows).map((v) => `${v.rule} ${v.server}/${v.tool}`);
}

describe('policy corpus', () => {
  it('scores the labelled policy cases (precision and recall of violations)', () => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    const notes: string[] = [];
    for (const c of cases) {
      const want = new Set(c.expected.map(([r, s, t]) => `${r} ${s}/${t}`));
      const got = new Set(violations(c));
      for (const w of want) {
        if (got.has(w)) tp++;
        else {
          fn++;
          notes.push(`${c.file}: missed ${w}`);
        }
      }
      for (const g of got) {
        if (want.has(g)) continue;
        fp++;
        notes.push(`${c.file}: extra ${g}`);
      }
    }
    console.log(`\npolicy corpus: ${cases.length} cases, ${tp} TP, ${fp} FP, ${fn} FN\n${notes.join('\n')}`);
    assert.ok(cases.length >= 2);
    assert.ok(tp / Math.max(1, tp + fp) >= 0.9 && tp / Math.max(1, tp + fn) >= 0.9, notes.join('\n'));
  });
});
