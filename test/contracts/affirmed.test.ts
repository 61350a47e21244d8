/** Description phrases count only where they are affirmed, not in "not for ..." advice. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { saysAffirmatively } from '../../src/contracts/risk/affirmed.js';
import { classifyTool } from '../../src/contracts/risk/risk.js';

const FS = /\bfile\s*system\b/i;

test('a phrase after a negation in the same clause does not count; one in another clause, or before the negation, does', () => {
  assert.equal(saysAffirmatively(FS, 'Search the web. **Not recommended for:** When you need to search the filesystem.'), false);
  assert.equal(saysAffirmatively(FS, "Don't use it for the filesystem"), false);
  assert.equal(saysAffirmatively(FS, 'Use it instead of a filesystem walk'), false);
  assert.equal(saysAffirmatively(FS, 'Not for web pages; searches the filesystem'), true);
  assert.equal(saysAffirmatively(FS, 'Not for web pages, but searches the filesystem'), true);
  assert.equal(saysAffirmatively(FS, 'Searches the filesystem, not the web'), true);
  assert.equal(saysAffirmatively(FS, 'Not for the filesystem.\nReads the filesystem index.'), true, 'one affirmed mention is enough');
  assert.equal(saysAffirmatively(FS, 'Searches the web'), false);
});

test('a web search tool whose description says it is not for the filesystem is not classed as a file tool', () => {
  const web = {
    name: 'web_search',
    description: 'Search the web and return results.\n**Not recommended for:** When you need to search the filesystem.',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
    annotations: { readOnlyHint: true },
  };
  assert.ok(!classifyTool(web).classes.includes('file'), JSON.stringify(classifyTool(web)));
  const local = { ...web, name: 'grep_tool', description: 'Searches the filesystem for a pattern.' };
  assert.ok(classifyTool(local).classes.includes('file'));
});

test('a tool that says it does not run code is not code-exec; one that says it runs code is', () => {
  const schema = { type: 'object', properties: { id: { type: 'string' } } };
  const plain = {
    name: 'lookup',
    description: 'Looks up an order. It does not execute arbitrary code.',
    inputSchema: schema,
  };
  assert.ok(!classifyTool(plain).classes.includes('code-exec'), JSON.stringify(classifyTool(plain)));
  const exec = { ...plain, description: 'Executes arbitrary code in a sandbox.' };
  assert.ok(classifyTool(exec).classes.includes('code-exec'));
});
