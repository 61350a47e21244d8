import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO } from '../support/fixtures.js';

/** Imports point down the layer list and never up (ARCHITECTURE: core imports nothing of ours, only engine wires). */
const ALLOWED: Record<string, string[]> = {
  core: [],
  spec: ['core'],
  target: ['core', 'spec'],
  checks: ['core', 'spec', 'target'],
  contracts: ['core', 'spec'],
  // The golden-set loader reuses the config loader's YAML location and error style.
  evals: ['core', 'config'],
  providers: ['core'],
  reporters: ['core'],
  gate: ['core'],
  config: ['core'],
  engine: ['core', 'spec', 'target', 'checks', 'contracts', 'evals', 'providers', 'reporters', 'config'],
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('layering', () => {
  it('no layer imports a layer above it', () => {
    const src = path.join(REPO, 'src');
    const bad: string[] = [];
    for (const [layer, allowed] of Object.entries(ALLOWED)) {
      let all: string[];
      try {
        all = files(path.join(src, layer));
      } catch {
        continue;
      }
      for (const f of all) {
        for (const m of readFileSync(f, 'utf8').matchAll(/from '(\.\.?\/[^']+)'/g)) {
          const target = path.relative(src, path.resolve(path.dirname(f), m[1]!)).split(path.sep)[0]!;
          if (target !== layer && target in ALLOWED && !allowed.includes(target)) bad.push(`${path.relative(src, f)} imports ${target}`);
        }
      }
    }
    assert.deepEqual(bad, []);
  });
});
