/**
 * Scores the contract rules against the hand-labelled corpus in test/fixtures/catalogues.
 * Each fixture's `expected.findings` is the complete set of (rule, subject) pairs that should fire
 * (risk/inventory excluded), so anything else that fires counts as a false positive.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyseCatalogue, diffCatalogues, parseCatalogue, type Catalogue, type ResultSizeObservation } from '../../src/contracts/index.js';

/** The fixtures sit in the source tree; from compiled tests under dist/ they are found by walking up to the repo root. */
function corpusDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'test', 'fixtures', 'catalogues');
    if (existsSync(candidate) && existsSync(join(dir, 'package.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('test/fixtures/catalogues not found above ' + fileURLToPath(import.meta.url));
}

export const CORPUS_DIR = corpusDir();

export interface Expected {
  /** Rule families this fixture's findings are labelled for; older fixtures cover risk, lint and poisoning. */
  labelled?: string[];
  risk: Record<string, string>;
  findings: [string, string][];
  absent?: [string, string][];
  diff?: { from: string; changes: [string, string, string][] };
}

export interface Fixture {
  file: string;
  about: string;
  /** `dev` fixtures were written while the rules were built; `holdout` ones only after, to measure them. */
  split: 'dev' | 'holdout';
  catalogue: Catalogue;
  expected: Expected;
  /** Tool results some layer saw, for the size rules. */
  observations?: { resultSizes?: ResultSizeObservation[] };
}

export function loadCorpus(): Fixture[] {
  return readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(CORPUS_DIR, file), 'utf8');
      const doc = JSON.parse(text) as { about: string; split?: 'holdout'; expected: Expected; observations?: Fixture['observations'] };
      return {
        file,
        about: doc.about,
        split: doc.split ?? 'dev',
        catalogue: parseCatalogue(text, file),
        expected: doc.expected,
        ...(doc.observations ? { observations: doc.observations } : {}),
      };
    });
}

export interface Tally {
  tp: number;
  fp: number;
  fn: number;
  misses: string[];
  extras: string[];
}

const tally = (): Tally => ({ tp: 0, fp: 0, fn: 0, misses: [], extras: [] });

function score(t: Tally, expected: Set<string>, actual: Set<string>, where: string): void {
  for (const e of expected) {
    if (actual.has(e)) t.tp++;
    else {
      t.fn++;
      t.misses.push(`${where}: ${e}`);
    }
  }
  for (const a of actual) {
    if (!expected.has(a)) {
      t.fp++;
      t.extras.push(`${where}: ${a}`);
    }
  }
}

export interface CorpusScore {
  families: Record<string, Tally>;
  diffKinds: Record<string, Tally>;
  risk: { correct: number; total: number; wrong: string[] };
  absentViolations: string[];
}

/** Fixtures written before the receipt and size rules are labelled for these families only. */
const LEGACY_FAMILIES = ['risk', 'lint', 'poisoning'];

export function scoreCorpus(fixtures: readonly Fixture[], all: readonly Fixture[] = fixtures): CorpusScore {
  const families: Record<string, Tally> = { risk: tally(), lint: tally(), poisoning: tally(), receipt: tally(), size: tally() };
  const diffKinds: Record<string, Tally> = { breaking: tally(), escalation: tally(), 'non-breaking': tally() };
  const risk = { correct: 0, total: 0, wrong: [] as string[] };
  const absentViolations: string[] = [];
  const byFile = new Map(all.map((f) => [f.file, f]));
  for (const fx of fixtures) {
    const r = analyseCatalogue(fx.catalogue, undefined, { resultSizes: fx.observations?.resultSizes ?? [] });
    for (const fam of fx.expected.labelled ?? LEGACY_FAMILIES) {
      const key = (rule: string, subject: string): string => `${rule} @ ${subject}`;
      const exp = new Set(fx.expected.findings.filter(([rule]) => rule.startsWith(fam + '/')).map(([rule, s]) => key(rule, s)));
      const act = new Set(r.findings.filter((f) => f.family === fam && f.ruleId !== 'risk/inventory').map((f) => key(f.ruleId, f.subject)));
      score(families[fam] as Tally, exp, act, fx.file);
    }
    for (const [rule, subject] of fx.expected.absent ?? []) {
      if (r.findings.some((f) => f.ruleId === rule && f.subject === subject)) absentViolations.push(`${fx.file}: ${rule} @ ${subject}`);
    }
    for (const tr of r.risk) {
      const want = fx.expected.risk[tr.tool];
      if (want === undefined) continue;
      risk.total++;
      if (want === tr.class) risk.correct++;
      else risk.wrong.push(`${fx.file}: ${tr.tool} expected ${want}, got ${tr.class} (${tr.reasons.join('; ')})`);
    }
    const d = fx.expected.diff;
    if (d) {
      const before = byFile.get(d.from);
      if (!before) throw new Error(`${fx.file}: diff base ${d.from} is not in the corpus`);
      const changes = diffCatalogues(before.catalogue, fx.catalogue);
      for (const kind of Object.keys(diffKinds)) {
        const exp = new Set(d.changes.filter(([k]) => k === kind).map(([, s, c]) => `${c} @ ${s}`));
        const act = new Set(changes.filter((c) => c.kind === kind).map((c) => `${c.change} @ ${c.subject}`));
        score(diffKinds[kind] as Tally, exp, act, fx.file);
      }
    }
  }
  return { families, diffKinds, risk, absentViolations };
}

export const precision = (t: Tally): number => (t.tp + t.fp === 0 ? 1 : t.tp / (t.tp + t.fp));
export const recall = (t: Tally): number => (t.tp + t.fn === 0 ? 1 : t.tp / (t.tp + t.fn));

export function formatScore(s: CorpusScore): string {
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`.padStart(7);
  const row = (name: string, t: Tally): string =>
    `${name.padEnd(22)} ${String(t.tp).padStart(4)} ${String(t.fp).padStart(4)} ${String(t.fn).padStart(4)} ${pct(precision(t))} ${pct(recall(t))}`;
  const lines = [`${'rule family / diff kind'.padEnd(22)}   TP   FP   FN  precis. recall`];
  for (const [k, t] of Object.entries(s.families)) lines.push(row(k, t));
  for (const [k, t] of Object.entries(s.diffKinds)) lines.push(row(`diff ${k}`, t));
  lines.push(`risk class accuracy: ${s.risk.correct}/${s.risk.total} (${((s.risk.correct / Math.max(1, s.risk.total)) * 100).toFixed(1)}%)`);
  return lines.join('\n');
}
