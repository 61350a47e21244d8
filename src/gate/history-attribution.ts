import type { HistoryEntry, HistoryMove, MoveCause } from '../core/history-types.js';
import { newcombe } from '../core/regression-stats.js';
import { canonicalJson } from '../core/canonical.js';

const list = (xs: string[]): string => xs.sort().join(', ');

/** Which tools differ between two catalogues, in words; undefined when either side has no per-tool digest. */
export function catalogueChanges(a: HistoryEntry, b: HistoryEntry): string | undefined {
  const ta = a.catalogue?.tools;
  const tb = b.catalogue?.tools;
  if (!ta || !tb) return undefined;
  const added = Object.keys(tb).filter((k) => !Object.hasOwn(ta, k));
  const removed = Object.keys(ta).filter((k) => !Object.hasOwn(tb, k));
  const both = Object.keys(tb).filter((k) => Object.hasOwn(ta, k) && ta[k]!.hash !== tb[k]!.hash);
  const described = both.filter((k) => ta[k]!.description !== tb[k]!.description);
  const other = both.filter((k) => ta[k]!.description === tb[k]!.description);
  const parts = [
    added.length ? `tools added: ${list(added)}` : '',
    removed.length ? `tools removed: ${list(removed)}` : '',
    described.length ? `description changed: ${list(described)}` : '',
    other.length ? `schema or annotations changed: ${list(other)}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join('; ') : 'instructions, prompts or resources changed';
}

/** Everything that differs between run a and run b and could move model m (and case c). */
export function causesBetween(a: HistoryEntry, b: HistoryEntry, model: { before: string; after: string }, caseId?: string): MoveCause[] {
  const out: MoveCause[] = [];
  if (a.catalogue && b.catalogue && a.catalogue.hash !== b.catalogue.hash)
    out.push({
      kind: 'catalogue',
      detail: `the server catalogue changed: ${catalogueChanges(a, b) ?? `hash ${a.catalogue.hash.slice(0, 12)} -> ${b.catalogue.hash.slice(0, 12)}`}`,
    });
  if (caseId !== undefined) {
    if (a.cases[caseId] && b.cases[caseId] && a.cases[caseId].hash !== b.cases[caseId].hash)
      out.push({ kind: 'golden', detail: 'the case itself changed in the golden set' });
  } else if (a.golden && b.golden && a.golden.hash !== b.golden.hash) {
    const ids = new Set([...Object.keys(a.cases), ...Object.keys(b.cases)]);
    const changed = [...ids].filter((id) => a.cases[id] && b.cases[id] && a.cases[id].hash !== b.cases[id].hash).length;
    const added = [...ids].filter((id) => !a.cases[id]).length;
    const removed = [...ids].filter((id) => !b.cases[id]).length;
    out.push({ kind: 'golden', detail: `the golden set changed (${changed} cases changed, ${added} added, ${removed} removed)` });
  }
  if (model.before !== model.after) out.push({ kind: 'model', detail: `the model changed: ${model.before} -> ${model.after}` });
  else {
    const pa = a.models.find((m) => m.id === model.before)?.params;
    const pb = b.models.find((m) => m.id === model.after)?.params;
    if (pa && pb && canonicalJson(pa) !== canonicalJson(pb))
      out.push({ kind: 'model', detail: `model parameters changed: ${canonicalJson(pa)} -> ${canonicalJson(pb)}` });
  }
  if (a.harnessVersion !== b.harnessVersion) out.push({ kind: 'harness', detail: `mcp-assay changed: ${a.harnessVersion} -> ${b.harnessVersion}` });
  if (!out.length)
    out.push({
      kind: 'nothing-visible',
      detail: 'nothing mcp-assay can see changed (same catalogue, golden set, model id and parameters, harness): likely a silent model update by the provider',
    });
  return out;
}

/** A run's model that continues model m of the previous run: the same id, or the only model when both runs have one. */
function successor(a: HistoryEntry, b: HistoryEntry, id: string): string | undefined {
  if (b.models.some((m) => m.id === id)) return id;
  const gone = a.models.filter((m) => !b.models.some((n) => n.id === m.id));
  const fresh = b.models.filter((m) => !a.models.some((n) => n.id === m.id));
  return gone.length === 1 && fresh.length === 1 && gone[0]!.id === id ? fresh[0]!.id : undefined;
}

const rate = ([c, n]: [number, number]): number => (n ? c / n : NaN);

/** Every change of a pass rate between consecutive runs, per model (pooled) and per case, with its causes. */
export function historyMoves(entries: readonly HistoryEntry[]): HistoryMove[] {
  const moves: HistoryMove[] = [];
  for (let i = 1; i < entries.length; i++) {
    const a = entries[i - 1]!;
    const b = entries[i]!;
    for (const m of a.models) {
      const next = successor(a, b, m.id);
      if (!next) continue;
      const pa = a.scores.models[m.id];
      const pb = b.scores.models[next];
      if (pa && pb && pa.runs && pb.runs && rate([pa.passes, pa.runs]) !== rate([pb.passes, pb.runs])) {
        const d = newcombe(pb.passes, pb.runs, pa.passes, pa.runs);
        const causes = causesBetween(a, b, { before: m.id, after: next });
        if (causes[0]!.kind === 'nothing-visible' && d.low <= 0 && d.high >= 0)
          causes[0]!.detail += ', or sampling noise (the 95% interval of the change includes 0)';
        moves.push({
          from: i - 1,
          to: i,
          model: next,
          before: [pa.passes, pa.runs],
          after: [pb.passes, pb.runs],
          interval: { low: d.low, high: d.high },
          causes,
        });
      }
      for (const [caseId, ca] of Object.entries(a.cases)) {
        const before = ca.models[m.id];
        const after = b.cases[caseId]?.models[next];
        if (!before || !after || !before[1] || !after[1] || rate(before) === rate(after)) continue;
        moves.push({ from: i - 1, to: i, model: next, caseId, before, after, causes: causesBetween(a, b, { before: m.id, after: next }, caseId) });
      }
    }
  }
  return moves;
}
