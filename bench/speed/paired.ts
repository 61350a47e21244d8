/**
 * Paired runs: every round runs each case once, in an order that rotates from round to round, so a load change on
 * the machine touches all cases alike; ratios are taken within a round, then their median is reported.
 */
import type { Sample } from './measure.js';

export interface Case {
  name: string;
  run: () => Promise<Sample>;
}

export interface CaseSummary {
  name: string;
  wallMs: number;
  cpuMs: number;
  rssMiB: number;
}

export interface PairedResult {
  cases: CaseSummary[];
  /** Median over rounds of (case / baseline) for wall and CPU, by case name. */
  ratios: Record<string, { wall: number; cpu: number }>;
  rounds: number;
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Runs `cases` for `rounds` rounds (after one unmeasured warm-up round); ratios are against `cases[0]`. */
export async function paired(cases: Case[], rounds: number, log: (line: string) => void = () => {}): Promise<PairedResult> {
  for (const c of cases) await c.run();
  const samples = new Map<string, Sample[]>(cases.map((c) => [c.name, []]));
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < cases.length; i++) {
      const c = cases[(i + r) % cases.length]!;
      const s = await c.run();
      samples.get(c.name)!.push(s);
      log(`  round ${r + 1}/${rounds} ${c.name}: ${Math.round(s.wallMs)} ms wall, ${Math.round(s.cpuMs)} ms CPU`);
    }
  }
  const base = samples.get(cases[0]!.name)!;
  const ratios: PairedResult['ratios'] = {};
  for (const c of cases) {
    const xs = samples.get(c.name)!;
    ratios[c.name] = { wall: median(xs.map((s, r) => s.wallMs / base[r]!.wallMs)), cpu: median(xs.map((s, r) => s.cpuMs / Math.max(1, base[r]!.cpuMs))) };
  }
  const summary = (name: string, xs: Sample[]): CaseSummary => ({
    name,
    wallMs: median(xs.map((s) => s.wallMs)),
    cpuMs: median(xs.map((s) => s.cpuMs)),
    rssMiB: median(xs.map((s) => s.rssMiB)),
  });
  return { cases: cases.map((c) => summary(c.name, samples.get(c.name)!)), ratios, rounds };
}
