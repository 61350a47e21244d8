import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from './graph.js';

/** npm puts node_modules/.bin first on every script's PATH, so a package that ships a `node` bin would swap the runtime. */
describe('the runtime npm scripts use', () => {
  it('has no `node` in node_modules/.bin, so `npm test` and `npm run demo` run on the Node the user installed', () => {
    assert.equal(existsSync(path.join(REPO, 'node_modules/.bin/node')), false, 'a dependency links a node binary; install it apart (see scripts/node22.ts)');
  });

  it('declares no dependency whose package ships a `node` bin', () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const names = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})];
    const shipsNode = names.filter((name) => {
      const file = path.join(REPO, 'node_modules', name, 'package.json');
      if (!existsSync(file)) return false;
      const bin = (JSON.parse(readFileSync(file, 'utf8')) as { bin?: string | Record<string, string> }).bin;
      return typeof bin === 'object' && 'node' in bin;
    });
    assert.deepEqual(shipsNode, []);
  });
});
