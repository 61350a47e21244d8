import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderDiffMarkdown, type CatalogueChange } from '../../src/contracts/index.js';
import { timeDiff } from '../../bench/contracts-diff.js';

const change = (over: Partial<CatalogueChange>): CatalogueChange => ({
  kind: 'breaking',
  subject: 'create_order',
  change: 'required-param-added',
  detail: 'required parameter `currency` was added',
  path: 'input.currency',
  ...over,
});

describe('diff as Markdown for a pull request', () => {
  it('says when nothing changed', () => {
    assert.match(renderDiffMarkdown([], { old: 'main', new: 'HEAD' }), /No contract changes\./);
  });
  it('summarises, then tables breaking and escalations, with the rest folded', () => {
    const md = renderDiffMarkdown(
      [
        change({}),
        change({ kind: 'escalation', subject: 'get_order', change: 'read-only-dropped', detail: 'readOnlyHint true → false' }),
        change({ kind: 'non-breaking', subject: 'list_orders', change: 'description-changed', detail: '"a" → "b"' }),
      ],
      { old: 'catalogue.json', new: 'http://localhost:3000/mcp' },
    );
    assert.match(md, /❌ \*\*1 breaking\*\*, \*\*1 risk escalation\*\*, 1 non-breaking/);
    assert.ok(md.indexOf('#### Breaking (1)') < md.indexOf('#### Risk escalations (1)'));
    assert.match(md, /<details><summary>Non-breaking \(1\) \(1 description or instruction edits/);
    assert.match(md, /\| `create_order` \| required-param-added \| `input.currency` \|/);
  });
  it('marks allowed changes and turns the verdict green when all are allowed', () => {
    const md = renderDiffMarkdown([change({ allowed: 'v2 release, clients updated' })], { old: 'a', new: 'b' });
    assert.match(md, /✅ 1 breaking \(1 allowed\)/);
    assert.match(md, /\*\*Allowed:\*\* v2 release, clients updated/);
  });
  it('escapes server text: table pipes, HTML, mentions, hidden characters, secrets', () => {
    const md = renderDiffMarkdown([change({ subject: 'evil|tool', detail: '<img src=x> @octocat a\u200bb token ghp_abcdefghijklmnopqrstuvwxyz0123456789' })], {
      old: 'a',
      new: 'b',
    });
    assert.match(md, /`evil\\\|tool`/);
    assert.ok(!md.includes('<img'));
    assert.ok(!md.includes('@octocat'));
    assert.match(md, /a\\\\u200bb/);
    assert.ok(
      !/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/.test(
        renderDiffMarkdown([change({ subject: 'x\u001b[31m', detail: 'bell\u0007 csi\u009b2J rlo\u202e' })], { old: 'a', new: 'b' }),
      ),
    );
    assert.ok(!md.includes('ghp_abcdefghijklmnopqrstuvwxyz0123456789'));
  });
});

describe('diff speed', () => {
  it('diffs two 500-tool catalogues in under a second (median of 3)', () => {
    const r = timeDiff(500, 3);
    assert.ok(r.changes > 40, `expected the generated change set, got ${r.changes}`);
    assert.ok(r.medianMs < 1000, `median ${r.medianMs.toFixed(1)} ms`);
  });
});
