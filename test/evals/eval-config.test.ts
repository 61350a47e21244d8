import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError } from '../../src/config/index.js';
import { parseConfig } from '../../src/config/parse.js';

describe('config `eval:` section', () => {
  it('is read, with paths resolved against the config file', () => {
    const cfg = parseConfig(
      'eval:\n  golden: golden/tasks.yaml\n  runs: 3\n  models:\n    - {id: openai:qwen2.5, baseURL: "http://127.0.0.1:11434/v1"}\n  prices: {"openai:qwen2.5": {inputPerMTok: 0, outputPerMTok: 0}}\n',
      '/repo/mcp-assay.config.yaml',
      {},
    );
    assert.equal(cfg.eval?.golden, '/repo/golden/tasks.yaml');
    assert.equal(cfg.eval?.runs, 3);
    assert.equal(cfg.eval?.models?.[0]?.baseURL, 'http://127.0.0.1:11434/v1');
  });

  it('is strict: an unknown key or a key written into the file names its line', () => {
    assert.throws(
      () => parseConfig('eval:\n  modles: []\n', 'c.yaml', {}),
      (e: unknown) => e instanceof ConfigError && e.message === 'c.yaml:2:3 eval.modles: unknown key (hint: did you mean `models`?)',
    );
    assert.throws(
      () => parseConfig('eval:\n  models:\n    - {id: openai:x, apiKey: sk-123}\n', 'c.yaml', {}),
      /c\.yaml:3:22 eval\.models\[0\]\.apiKey: unknown key/,
    );
  });

  it('`semantic` takes embeddings:openai:MODEL or judge:provider:MODEL; anything else names its line', () => {
    assert.equal(
      parseConfig('eval:\n  semantic: embeddings:openai:text-embedding-3-small\n', 'c.yaml', {}).eval?.semantic,
      'embeddings:openai:text-embedding-3-small',
    );
    assert.equal(parseConfig('eval:\n  semantic: judge:anthropic:claude-haiku-4-5\n', 'c.yaml', {}).eval?.semantic, 'judge:anthropic:claude-haiku-4-5');
    assert.throws(
      () => parseConfig('eval:\n  runs: 2\n  semantic: cosine\n', 'c.yaml', {}),
      (e: unknown) => e instanceof ConfigError && /^c\.yaml:3:\d+ eval\.semantic: .*embeddings:openai:MODEL/.test(e.message),
    );
  });
});
