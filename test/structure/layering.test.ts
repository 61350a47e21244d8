import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { importGraph, layerViolations, loadLayers, SRC, stalePending } from './graph.js';

/** The layer order itself is lint/layers.js (also read by the lint rule); these tests hold src/ to it. */
describe('layering', async () => {
  const layers = await loadLayers();
  const graph = importGraph(SRC);

  it('places every folder and root file of src/ in the layer table, and names nothing that is gone', () => {
    const present = readdirSync(SRC).filter((f) => statSync(path.join(SRC, f)).isDirectory() || f.endsWith('.ts'));
    assert.deepEqual(
      present.filter((f) => !(f in layers.LAYERS)),
      [],
      'not in lint/layers.js: place each new layer there',
    );
    assert.deepEqual(
      Object.keys(layers.LAYERS).filter((l) => !present.includes(l)),
      [],
      'in lint/layers.js but not in src/',
    );
  });

  it('declares an order: what each layer may import is a known layer, and the allowances have no cycle', () => {
    const names = Object.keys(layers.LAYERS);
    for (const [name, l] of Object.entries(layers.LAYERS)) {
      for (const to of [...l.may, ...(l.pending ?? [])]) assert.ok(names.includes(to) && to !== name, `${name} may import unknown or self layer ${to}`);
    }
    const done = new Set<string>();
    const visit = (name: string, trail: string[]): void => {
      assert.ok(!trail.includes(name), `the layer allowances loop: ${[...trail, name].join(' -> ')}`);
      if (done.has(name)) return;
      for (const to of layers.LAYERS[name]!.may) visit(to, [...trail, name]);
      done.add(name);
    };
    names.forEach((n) => visit(n, []));
  });

  it('no file imports a layer its own layer may not import', () => {
    assert.deepEqual(layerViolations(graph, layers), []);
  });

  it('keeps no pending allowance that nothing uses any more', () => {
    assert.deepEqual(stalePending(graph, layers), [], 'delete these from `pending` in lint/layers.js');
  });

  it('catches an upward import, an import past the public API, and a file outside the table', () => {
    const bad = new Map([
      ['core/ids.ts', ['core/types.ts', 'engine/run.ts']],
      ['reporters/json.ts', ['core/types.ts', 'gate/index.ts']],
      ['engine/run.ts', ['checks/index.ts', 'reporters/json.ts', 'version.ts']],
      ['index.ts', ['engine/run.ts', 'cli/main.ts']],
      ['faults/proxy.ts', ['core/types.ts']],
    ]);
    const strict = { ...layers, LAYERS: { ...layers.LAYERS, cli: { may: layers.LAYERS.cli!.may } } };
    assert.deepEqual(layerViolations(bad, strict), [
      'core/ids.ts imports engine/run.ts (engine)',
      'reporters/json.ts imports gate/index.ts (gate)',
      'index.ts imports cli/main.ts (cli)',
      'faults/proxy.ts imports core/types.ts (core)',
    ]);
    assert.deepEqual(layerViolations(new Map([['cli/x.ts', ['engine/run.ts', 'index.ts', 'cli/y.ts']]]), strict), ['cli/x.ts imports engine/run.ts (engine)']);
  });
});
