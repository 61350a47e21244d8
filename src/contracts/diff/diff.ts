/**
 * Breaking-change diff of two catalogues. Every difference is classified: breaking (a caller or consumer
 * that worked before can now fail), escalation (a tool's declared risk grew), or non-breaking.
 */
import { hashJson } from '../shared/canonical.js';
import type { Catalogue, CatalogueTool } from '../catalogue/catalogue.js';
import { beforeAfter, compareTool, describeHints, excerpt } from './diff-tool.js';
import { diffPrompts, diffResources, diffTemplates } from './diff-surface.js';
import { nameSimilarity, textSimilarity } from '../shared/text.js';
import { typedView } from '../catalogue/typed-view.js';
import type { CatalogueChange, DiffAllowance } from './change.js';

function byName(tools: readonly CatalogueTool[]): Map<string, CatalogueTool> {
  const m = new Map<string, CatalogueTool>();
  for (const t of tools) if (!m.has(t.name)) m.set(t.name, t);
  return m;
}

/** A removed tool whose input schema reappears under a new name, with a similar name or description, was renamed. */
function pairRenames(removed: CatalogueTool[], added: CatalogueTool[]): Map<string, CatalogueTool> {
  const pairs = new Map<string, CatalogueTool>();
  const taken = new Set<string>();
  const bySchema = new Map<string, CatalogueTool[]>();
  for (const a of added) {
    const h = hashJson(a.inputSchema ?? null);
    bySchema.set(h, [...(bySchema.get(h) ?? []), a]);
  }
  for (const r of removed) {
    let best: { t: CatalogueTool; score: number } | undefined;
    for (const a of bySchema.get(hashJson(r.inputSchema ?? null)) ?? []) {
      if (taken.has(a.name)) continue;
      const score = Math.max(nameSimilarity(r.name, a.name), r.description === a.description ? 1 : textSimilarity(r.description ?? '', a.description ?? ''));
      if (score >= 0.5 && (!best || score > best.score)) best = { t: a, score };
    }
    if (best) {
      pairs.set(r.name, best.t);
      taken.add(best.t.name);
    }
  }
  return pairs;
}

function diffTools(oldC: Catalogue, newC: Catalogue): CatalogueChange[] {
  const out: CatalogueChange[] = [];
  const o = byName(oldC.tools);
  const n = byName(newC.tools);
  const removed = [...o.values()].filter((t) => !n.has(t.name));
  const added = [...n.values()].filter((t) => !o.has(t.name));
  const renames = pairRenames(removed, added);
  const renamedTo = new Set([...renames.values()].map((t) => t.name));
  for (const r of removed) {
    const to = renames.get(r.name);
    if (to) {
      out.push({
        kind: 'breaking',
        subject: r.name,
        change: 'tool-renamed',
        detail: `renamed to \`${to.name}\` (same input schema); calls by the old name fail`,
      });
      out.push(...compareTool(r.name, r, { ...to, name: r.name }));
    } else {
      out.push({ kind: 'breaking', subject: r.name, change: 'tool-removed', detail: 'the tool is gone; calls to it fail' });
    }
  }
  for (const a of added) {
    if (renamedTo.has(a.name)) continue;
    out.push({
      kind: 'non-breaking',
      subject: a.name,
      change: 'tool-added',
      detail: `new tool (${describeHints(a.annotations)}); ${excerpt(a.description, 60)}`,
    });
  }
  for (const [name, ot] of o) {
    const nt = n.get(name);
    // The snapshot already holds a hash per tool, so unchanged tools cost one string comparison.
    if (nt && oldC.hashes.tools[name] !== newC.hashes.tools[name]) out.push(...compareTool(name, ot, nt));
  }
  return out;
}

function diffInstructions(oldC: Catalogue, newC: Catalogue): CatalogueChange[] {
  if (oldC.instructions === newC.instructions) return [];
  return [
    {
      kind: 'non-breaking',
      subject: 'server',
      change: 'instructions-changed',
      path: 'instructions',
      detail: `server instructions ${beforeAfter(oldC.instructions, newC.instructions)}; they steer the model, re-run behaviour evals`,
    },
  ];
}

const KIND_ORDER: Record<CatalogueChange['kind'], number> = { breaking: 0, escalation: 1, 'non-breaking': 2 };

function compareChanges(a: CatalogueChange, b: CatalogueChange): number {
  const keys = (c: CatalogueChange): string[] => [c.subject, c.path ?? '', c.change, c.detail];
  const d = KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
  if (d) return d;
  const ka = keys(a);
  const kb = keys(b);
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return (ka[i] as string) < (kb[i] as string) ? -1 : 1;
  return 0;
}

/** Names of tools that were added, removed or changed (by the per-tool hash, which names the first tool of a name). */
function comparedNames(a: Catalogue, b: Catalogue): Set<string> {
  const out = new Set<string>();
  const names = (c: Catalogue): Set<string> => new Set(c.tools.map((t) => t.name));
  const inA = names(a);
  const inB = names(b);
  for (const n of inA) if (!inB.has(n) || a.hashes.tools[n] !== b.hashes.tools[n]) out.add(n);
  for (const n of inB) if (!inA.has(n)) out.add(n);
  return out;
}

export function diffCatalogues(oldOriginal: Catalogue, newOriginal: Catalogue): CatalogueChange[] {
  if (oldOriginal.hashes.catalogue === newOriginal.hashes.catalogue) return [];
  // Fields of the wrong type are left out of both sides (the contracts analysis reports them). Only tools whose name
  // is missing on one side or whose hash differs are compared, so only those are viewed.
  const compared = comparedNames(oldOriginal, newOriginal);
  const oldC = typedView({ ...oldOriginal, tools: oldOriginal.tools.filter((t) => compared.has(t.name)) }).view;
  const newC = typedView({ ...newOriginal, tools: newOriginal.tools.filter((t) => compared.has(t.name)) }).view;
  const out = [
    ...diffTools(oldC, newC),
    ...diffPrompts(oldC.prompts, newC.prompts),
    ...diffResources(oldC.resources, newC.resources),
    ...diffTemplates(oldC.resourceTemplates, newC.resourceTemplates),
    ...diffInstructions(oldC, newC),
  ];
  return out.sort(compareChanges);
}

/** Marks the changes a reviewer accepted; every given field of an allowance must match. */
export function applyDiffAllowances(changes: readonly CatalogueChange[], allow: readonly DiffAllowance[]): CatalogueChange[] {
  return changes.map((c) => {
    const hit = allow.find((a) => (!a.kind || a.kind === c.kind) && (!a.change || a.change === c.change) && (!a.subject || a.subject === c.subject));
    return hit ? { ...c, allowed: hit.reason } : { ...c };
  });
}

/** 1 when a breaking change or a risk escalation is not allowed; 0 otherwise. */
export function diffExitCode(changes: readonly CatalogueChange[]): 0 | 1 {
  return changes.some((c) => c.kind !== 'non-breaking' && !c.allowed) ? 1 : 0;
}
