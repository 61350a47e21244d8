import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Masker, secretsInvoked } from '../../src/core/mask.js';
import { CHECKS, selectChecks } from '../../src/checks/index.js';
import { exampleStdio, explain, run } from '../support/fixtures.js';
import { WireRecorder } from '../../src/target/recorder.js';
import { markdownText, oneLine, terminalText } from '../../src/core/escape.js';
import { boundDepth, DEPTH_PLACEHOLDER, parseBounded, wasDepthCut } from '../../src/core/json-depth.js';

describe('masking, escaping and depth bounds', () => {
  it('masks object keys as well as values, keeping colliding keys apart', () => {
    const m = new Masker(['Bearer s3cr3t-token-value']);
    const out = m.json({ 's3cr3t-token-value': 1, _meta: { 'x s3cr3t-token-value': 'Bearer s3cr3t-token-value' }, ghp_abcdefghijklmnopqrstuvwxyz0123: 2 });
    const text = JSON.stringify(out);
    assert.ok(!text.includes('s3cr3t'), text);
    assert.ok(!text.includes('ghp_abcdefghijklmnopqrstuvwxyz0123'), text);
    assert.equal(Object.keys(out).length, 3);
  });

  it('finds a secret with a quote, a backslash or a control character in serialised JSON, where it reads escaped', () => {
    for (const secret of ['C:\\keys\\prod-pass', 'pa"ss-word-1', 'tab\there-secret']) {
      const m = new Masker([secret]);
      const echoed = { content: [{ type: 'text', text: `configured with ${secret}` }] };
      assert.ok(m.needsMasking(JSON.stringify(echoed)), secret);
      assert.ok(!JSON.stringify(m.json(echoed)).includes(JSON.stringify(secret).slice(1, -1)), secret);
    }
    assert.equal(new Masker(['C:\\keys\\prod-pass']).needsMasking(JSON.stringify({ text: 'nothing here' })), false);
  });

  it('the wire record masks a message that echoes such a secret', () => {
    const secret = 'C:\\keys\\prod-pass';
    const rec = new WireRecorder(new Masker([secret]));
    const seq = rec.record({ from: 'server', channel: 'stdio', phase: 'test', json: { jsonrpc: '2.0', id: 1, result: { echo: secret } } });
    const text = JSON.stringify(rec.entries.find((e) => e.seq === seq));
    assert.ok(!text.includes('prod-pass'), text);
  });

  it('terminal and Markdown text carry no raw control, C1 or bidi character', () => {
    const hostile = 'a\u001b[2Jb\u0007c\u009b31md\u202ee\u0000f';
    for (const s of [terminalText(hostile), markdownText(hostile)]) assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/.test(s), s);
    assert.equal(terminalText('\u001b'), '\\x1b');
    assert.match(markdownText('<b>@team|x'), /&lt;b&gt;&#64;team\\\|x/);
  });

  it('cuts JSON nested deeper than the bound, recursing no deeper than the bound, and remembers it', () => {
    const n = 100_000;
    const v = parseBounded('['.repeat(n) + ']'.repeat(n));
    assert.ok(wasDepthCut(v));
    assert.doesNotThrow(() => JSON.stringify(v));
    assert.ok(JSON.stringify(v).includes(DEPTH_PLACEHOLDER));
    const shallow = boundDepth({ a: [{ b: 1 }] });
    assert.equal(wasDepthCut(shallow), false);
    assert.deepEqual(shallow, { a: [{ b: 1 }] });
    // The bound counts the root as level 1: containers at level `max` stay, their container children are cut.
    const nest = (levels: number): unknown => (levels === 1 ? { leaf: true } : { k: [nest(levels - 1)] });
    const at = boundDepth(nest(3), 5, true) as { k: [{ k: [unknown] }] };
    assert.equal(wasDepthCut(at), false);
    assert.ok(Object.isFrozen(at) && Object.isFrozen(at.k) && Object.isFrozen(at.k[0].k[0]));
    const over = boundDepth(nest(4), 5) as { k: [{ k: [{ k: unknown }] }] };
    assert.equal(wasDepthCut(over), true);
    assert.equal(over.k[0].k[0].k, DEPTH_PLACEHOLDER);
    assert.equal(Object.isFrozen(over), false);
  });
});

describe('secret shapes after an auth scheme', () => {
  it('masks credentials and leaves prose about the scheme alone', () => {
    const m = new Masker();
    assert.equal(m.text('a 401 carries a Bearer WWW-Authenticate challenge'), 'a 401 carries a Bearer WWW-Authenticate challenge');
    assert.equal(m.text('with the Bearer scheme (RFC 6750 §3); Basic authentication'), 'with the Bearer scheme (RFC 6750 §3); Basic authentication');
    assert.equal(m.text('Authorization: Bearer abc123def'), 'Authorization: Bearer ***');
    assert.equal(m.text('Basic dXNlcjpwYXNz'), 'Basic ***', 'base64 of user:pass');
    assert.equal(m.text('Bearer mF_9.B5f-4.1JqM'), 'Bearer ***');
    assert.equal(m.text('Bearer AbCdEfGhIjKlMnOpQrStUvWxYz'), 'Bearer ***', 'a long token without digits');
    assert.equal(m.text('Bearer abcdefghijk'), 'Bearer ***', 'a plain lower-case token');
    assert.equal(m.text('Bearer tokens-are-secret'), 'Bearer ***', 'a prose word is a prefix of it, not all of it');
    assert.equal(
      m.text('WWW-Authenticate: Bearer resource_metadata="https://x.test/.well-known/oauth-protected-resource"'),
      'WWW-Authenticate: Bearer resource_metadata="https://x.test/.well-known/oauth-protected-resource"',
    );
    assert.equal(m.needsMasking('the Bearer scheme'), false);
  });
});

describe('header masking by name', () => {
  it('masks credential-bearing headers and keeps CORS flags and auth challenges readable', () => {
    const m = new Masker(['Bearer live-token-123456']);
    const out = m.headers({
      Authorization: 'Bearer live-token-123456',
      'Mcp-Session-Id': 'f3a9c2d1-session',
      'X-Custom-Auth-Token': 'anything',
      'access-control-allow-credentials': 'true',
      'Access-Control-Allow-Headers': 'Authorization, Mcp-Session-Id',
      'WWW-Authenticate': 'Bearer realm="mcp", resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"',
      'www-authenticate': 'Bearer error="invalid_token", echoed="live-token-123456"',
    });
    assert.equal(out.Authorization, '***');
    assert.equal(out['Mcp-Session-Id'], '***');
    assert.equal(out['X-Custom-Auth-Token'], '***');
    assert.equal(out['access-control-allow-credentials'], 'true');
    assert.equal(out['Access-Control-Allow-Headers'], 'Authorization, Mcp-Session-Id');
    assert.equal(out['WWW-Authenticate'], 'Bearer realm="mcp", resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"');
    assert.equal(out['www-authenticate'], 'Bearer error="invalid_token", echoed="***"', 'a challenge echoing the run token still masks it');
  });
});

describe('server text quoted in one line', () => {
  it('folds newlines and runs of spaces, then clips with an ellipsis', () => {
    assert.equal(oneLine('<!DOCTYPE html>\n<html>\n  <head>', 80), '<!DOCTYPE html> <html> <head>');
    assert.equal(oneLine('a'.repeat(10), 5), 'aaaa…');
    assert.equal(oneLine('short', 5), 'short');
  });
});

describe('secrets passed on the command line or in the URL', () => {
  it('takes the values of secret-looking flags, query parameters and a URL password; not short words or other flags', () => {
    assert.deepEqual(
      secretsInvoked({
        args: [
          'server.js',
          '--api-key=sk_test_abcdef123456',
          '--token',
          'tok-987654321',
          '--auth',
          'none',
          '--port',
          '8080',
          '--password',
          '--verbose',
          '--api-key-file',
          '/run/secrets/key',
        ],
      }),
      ['sk_test_abcdef123456', 'tok-987654321'],
    );
    assert.deepEqual(secretsInvoked({ url: 'https://user:p%40ssw0rd-x@mcp.example.com/mcp?access_token=abc.def-123456&page=2' }), [
      'p@ssw0rd-x',
      'p%40ssw0rd-x',
      'abc.def-123456',
      'abc.def-123456',
    ]);
    assert.deepEqual(secretsInvoked({ url: 'not a url' }), []);
  });

  it('a stdio server started with --api-key=VALUE has that value masked in the whole report', async () => {
    const secret = 'live-key-0123456789abcdef';
    const spec = exampleStdio('support-desk/stdio', [`--api-key=${secret}`]);
    const r = await run(spec, { checks: selectChecks(CHECKS, ['tools/list-order-stable']) });
    assert.equal(r.outcome, 'completed', explain(r));
    const text = JSON.stringify(r);
    assert.ok(!text.includes(secret), 'the key leaked into the report');
    assert.match(r.target.display, /--api-key=\*\*\*/);
    // A Stripe-shaped key is masked by its shape wherever it appears, even when nothing named it secret.
    assert.equal(new Masker().text('key sk_live_4eC39HqLyjWDarjtT1zdp7dc here'), 'key *** here');
  });
});
