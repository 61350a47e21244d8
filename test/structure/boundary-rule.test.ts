import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Linter, type ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { REPO, SRC } from './graph.js';

/** The lint rule that enforces lint/layers.js in the editor and in CI, run on small sources placed in src/. */
describe('import-boundaries lint rule', async () => {
  const plugin = ((await import(pathToFileURL(path.join(REPO, 'lint/import-boundaries.js')).href)) as { default: ESLint.Plugin }).default;
  const linter = new Linter({ configType: 'flat', cwd: REPO });
  const config = [
    { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { local: plugin }, rules: { 'local/import-boundaries': 'error' as const } },
  ];
  const lint = (file: string, code: string): string[] => linter.verify(code, config, { filename: path.join(SRC, file) }).map((m) => m.message);

  it('accepts imports down the order, within a layer, and outside src/', () => {
    assert.deepEqual(lint('engine/x.ts', "import { a } from '../core/types.js';\nimport { b } from './run.js';\nimport { c } from '../checks/index.js';"), []);
    assert.deepEqual(lint('checks/tools/x.ts', "import type { T } from '../../target/client.js';\nimport { f } from 'node:fs';"), []);
    assert.deepEqual(lint('index.ts', "export { assay } from './engine/run.js';\nexport type * from './core/types.js';"), []);
  });

  it('reports an upward or sideways import in every form', () => {
    assert.deepEqual(lint('core/x.ts', "import { assay } from '../engine/run.js';"), [
      "src/core may import nothing of ours; '../engine/run.js' reaches engine",
    ]);
    assert.equal(lint('reporters/x.ts', "export * from '../gate/index.js';").length, 1);
    assert.equal(lint('gate/x.ts', "export { r } from '../reporters/json.js';").length, 1);
    assert.equal(lint('spec/x.ts', "const t = await import('../target/client.js');").length, 1);
    assert.equal(lint('version.ts', "import { x } from './core/types.js';").length, 1);
    assert.equal(lint('index.ts', "export { main } from './cli/main.js';").length, 1);
  });

  it('reports a file in a folder the layer table does not know', () => {
    assert.deepEqual(lint('faults/proxy.ts', "import { a } from '../core/types.js';"), [
      'src/faults is not in the layer table (lint/layers.js); place it there before it imports anything',
    ]);
  });
});
