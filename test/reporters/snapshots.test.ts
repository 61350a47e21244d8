import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REPORTERS } from '../../src/reporters/all.js';
import { fixtureReport } from './fixture-report.js';
import { matchSnapshot, repoRoot } from './snapshot.js';

describe('reporter snapshots of the fixture report', () => {
  for (const reporter of Object.values(REPORTERS)) {
    it(`${reporter.id}`, () => {
      matchSnapshot(`${reporter.id}${reporter.fileExtension}`, reporter.render(fixtureReport()));
    });
  }
  it('console, verbose and coloured', () => {
    matchSnapshot('console-verbose-color.txt', REPORTERS.console.render(fixtureReport(), { verbose: true, color: true }));
  });
  it('junit, verbose (wire evidence in system-out)', () => {
    matchSnapshot('junit-verbose.xml', REPORTERS.junit.render(fixtureReport(), { verbose: true }));
  });
});

describe('the snapshot helper', () => {
  it('fails on a missing or different snapshot unless UPDATE_SNAPSHOTS=1', () => {
    const saved = process.env.UPDATE_SNAPSHOTS;
    delete process.env.UPDATE_SNAPSHOTS;
    try {
      assert.throws(() => matchSnapshot('no-such-snapshot.txt', 'x'), /missing; run with UPDATE_SNAPSHOTS=1/);
      assert.ok(!existsSync(path.join(repoRoot(), 'test', 'reporters', '__snapshots__', 'no-such-snapshot.txt')));
      assert.throws(() => matchSnapshot('markdown.md', 'not the markdown'), /differs/);
    } finally {
      if (saved !== undefined) process.env.UPDATE_SNAPSHOTS = saved;
    }
  });
});
