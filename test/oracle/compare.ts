/**
 * Compares the official suite's verdicts with mcp-assay's for one server, by the mapping table, and renders the
 * result as a plain-text table.
 */
import type { CheckResult, Status } from '../../src/core/types.js';
import { KNOWN_DIFFERENCES, NOT_TESTABLE } from './known-differences.js';
import { MAPPINGS, type KnownDifference, type Mapping, type OfficialSelector } from './mapping.js';
import type { OfficialCheck, OfficialStatus } from './official.js';
import { UNMAPPED, type Unmapped } from './unmapped.js';

export type Verdict = 'agree' | 'agree (ours stricter)' | 'agree (suite stricter)' | 'known difference' | 'DISAGREE' | 'excluded';

export interface Row {
  key: string;
  officialIds: string;
  official: OfficialStatus | 'not testable' | 'not run';
  ours: string;
  ourStatus: Status | 'no result';
  verdict: Verdict;
  note?: string;
  /** The KNOWN_DIFFERENCES entry that explains a mismatch. */
  difference?: KnownDifference;
}

export interface ServerComparison {
  server: string;
  rows: Row[];
  /** Official checks listed in UNMAPPED, with the reason. */
  unmapped: { check: OfficialCheck; entry: Unmapped }[];
  /** Official checks that are neither mapped nor listed: the mapping needs an entry. */
  unclassified: OfficialCheck[];
  /** Our fail/warn results that no mapping covers. */
  oursOnly: CheckResult[];
}

export function glob(pattern: string, value: string): boolean {
  return pattern.endsWith('*') ? value.startsWith(pattern.slice(0, -1)) : pattern === value;
}

export function matches(sel: OfficialSelector, c: OfficialCheck): boolean {
  if (sel.id !== undefined && !glob(sel.id, c.id)) return false;
  if (sel.name !== undefined && !glob(sel.name, c.name)) return false;
  if (sel.scenario !== undefined && !glob(sel.scenario, c.scenario)) return false;
  return Object.entries(sel.detail ?? {}).every(([k, v]) => c.details?.[k] === v);
}

export function isNotTestable(c: OfficialCheck): boolean {
  return c.status === 'FAILURE' && NOT_TESTABLE.some((re) => re.test(c.errorMessage ?? ''));
}

const OFFICIAL_RANK: Partial<Record<OfficialStatus, number>> = { SUCCESS: 0, WARNING: 1, FAILURE: 2 };

/** Occurrences collapse to the most severe, FAILURE > WARNING > SUCCESS, as the suite's own baselines do (§4). */
export function officialVerdict(found: readonly OfficialCheck[]): Row['official'] {
  if (!found.length) return 'not run';
  const graded = found.filter((c) => OFFICIAL_RANK[c.status] !== undefined && !isNotTestable(c));
  if (!graded.length) return 'not testable';
  return graded.reduce<OfficialStatus>((w, c) => (OFFICIAL_RANK[c.status]! > OFFICIAL_RANK[w]! ? c.status : w), 'SUCCESS');
}

const OUR_RANK: Partial<Record<Status, number>> = { pass: 0, warn: 1, fail: 2 };

/** Several of our checks under one mapping: an undecided one wins (it must be looked at), then the most severe. */
export function ourVerdict(results: readonly (CheckResult | undefined)[]): Row['ourStatus'] {
  if (results.some((r) => r === undefined)) return 'no result';
  const rs = results as CheckResult[];
  const undecided = rs.find((r) => r.status === 'inconclusive' || r.status === 'error');
  if (undecided) return undecided.status;
  const graded = rs.filter((r) => OUR_RANK[r.status] !== undefined);
  if (!graded.length) return rs[0]?.status ?? 'no result';
  return graded.reduce<Status>((w, r) => (OUR_RANK[r.status]! > OUR_RANK[w]! ? r.status : w), 'pass');
}

const SAME: Record<string, Status> = { SUCCESS: 'pass', FAILURE: 'fail', WARNING: 'warn' };

export function judge(
  m: Mapping,
  server: string,
  official: Row['official'],
  ours: Row['ourStatus'],
  known: readonly KnownDifference[] = KNOWN_DIFFERENCES,
): Pick<Row, 'verdict' | 'note' | 'difference'> {
  if (official === 'not run' || official === 'not testable') return { verdict: 'excluded', note: `official: ${official}` };
  if (ours === 'precondition-failed' || ours === 'skip') return { verdict: 'excluded', note: `ours: ${ours}` };
  if (SAME[official] === ours) return { verdict: 'agree' };
  if (m.relation === 'ours-stricter' && official === 'WARNING' && ours === 'fail')
    return { verdict: 'agree (ours stricter)', note: 'the suite warns on a MUST' };
  if (m.relation === 'suite-stricter' && official === 'FAILURE' && ours === 'warn')
    return { verdict: 'agree (suite stricter)', note: 'the suite fails what we grade SHOULD' };
  const k = known.find((d) => d.key === m.key && d.servers.some((p) => glob(p, server)) && d.official === official && d.ours === ours);
  if (k) return { verdict: 'known difference', note: k.why, difference: k };
  return { verdict: 'DISAGREE', note: `official ${official} should pair with ours ${SAME[official] ?? '?'}` };
}

/** The official ids a mapping names; the variant (check name, detail) is in the mapping key. */
function officialLabel(sels: readonly OfficialSelector[]): string {
  return [...new Set(sels.map((s) => s.id ?? `scenario ${s.scenario ?? '?'}`))].join(' + ');
}

export function compare(
  server: string,
  official: readonly OfficialCheck[],
  ours: readonly CheckResult[],
  mappings: readonly Mapping[] = MAPPINGS,
): ServerComparison {
  const byId = new Map(ours.map((r) => [r.checkId, r]));
  const claimed = new Set<OfficialCheck>();
  const rows: Row[] = mappings.map((m) => {
    const found = official.filter((c) => m.official.some((s) => matches(s, c)));
    found.forEach((c) => claimed.add(c));
    const o = officialVerdict(found);
    const u = ourVerdict(m.ours.map((id) => byId.get(id)));
    return { key: m.key, officialIds: officialLabel(m.official), official: o, ours: m.ours.join(' + '), ourStatus: u, ...judge(m, server, o, u) };
  });
  const unmapped: ServerComparison['unmapped'] = [];
  const unclassified: OfficialCheck[] = [];
  for (const c of official.filter((x) => !claimed.has(x))) {
    const u = UNMAPPED.find((x) => matches(x.official, c));
    if (u) unmapped.push({ check: c, entry: u });
    else unclassified.push(c);
  }
  const mapped = new Set(mappings.flatMap((m) => m.ours));
  const oursOnly = ours.filter((r) => !mapped.has(r.checkId) && (r.status === 'fail' || r.status === 'warn'));
  return { server, rows, unmapped, unclassified, oursOnly };
}

function table(header: string[], body: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join(' | ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)];
}

/** The per-server report: the mapped pairs, then what only one side judged. */
export function renderComparison(c: ServerComparison): string {
  const out = [`== ${c.server}`];
  const body = c.rows.map((r) => [r.key, r.officialIds, r.official, r.ours, r.ourStatus, r.verdict + (r.note && r.verdict !== 'agree' ? `: ${r.note}` : '')]);
  out.push(...table(['requirement', 'official check', 'official', 'mcp-assay check', 'ours', 'agree?'], body));
  // What the suite flags that we do not judge; fixture-driven and extension scenarios say nothing about this server.
  const judged = (u: { check: OfficialCheck; entry: Unmapped }) => u.entry.kind === 'gap' || u.entry.kind === 'covered';
  const seen = c.unmapped.filter((u) => judged(u) && (u.check.status === 'FAILURE' || u.check.status === 'WARNING') && !isNotTestable(u.check));
  const distinct = [...new Set(seen.map((u) => `${u.check.id} ${u.check.status}`))];
  if (distinct.length) out.push(`suite only (no counterpart): ${distinct.join(', ')}`);
  const kinds = new Map<string, number>();
  for (const u of c.unmapped) kinds.set(u.entry.kind, (kinds.get(u.entry.kind) ?? 0) + 1);
  out.push(`not mapped (see unmapped.ts): ${[...kinds].map(([k, n]) => `${n} ${k}`).join(', ')} official check occurrences`);
  if (c.oursOnly.length) out.push(`mcp-assay only: ${c.oursOnly.map((r) => `${r.checkId} ${r.status}`).join(', ')}`);
  if (c.unclassified.length)
    out.push(`UNCLASSIFIED official checks (add to mapping.ts or unmapped.ts): ${[...new Set(c.unclassified.map((x) => `${x.scenario}:${x.id}`))].join(', ')}`);
  return out.join('\n');
}

/** KNOWN_DIFFERENCES entries (per server pattern) that no comparison used: stale, like a baseline entry that now passes. */
export function unusedDifferences(done: readonly ServerComparison[], known: readonly KnownDifference[] = KNOWN_DIFFERENCES): string[] {
  const used = done.flatMap((c) => c.rows.filter((r) => r.difference).map((r) => ({ d: r.difference!, server: c.server })));
  const ran = done.map((c) => c.server);
  return known.flatMap((d) =>
    d.servers
      .filter((p) => ran.some((s) => glob(p, s)) && !used.some((u) => u.d === d && glob(p, u.server)))
      .map((p) => `${d.key} on ${p}: official ${d.official} / ours ${d.ours} no longer occurs`),
  );
}

/** One comparison's problems, for the assertion message; empty when the server passes the oracle. */
export function problems(c: ServerComparison): string[] {
  return [
    ...c.rows
      .filter((r) => r.verdict === 'DISAGREE')
      .map((r) => `${c.server}: ${r.key}: official ${r.officialIds} = ${r.official}, ours ${r.ours} = ${r.ourStatus} (${r.note ?? ''})`),
    ...[...new Set(c.unclassified.map((x) => `${x.scenario}:${x.id}`))].map(
      (x) => `${c.server}: official check ${x} is not classified in mapping.ts or unmapped.ts`,
    ),
  ];
}
