import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError } from '../../src/config/index.js';
import { parseConfig } from '../../src/config/parse.js';

/** Parses `text` expecting a ConfigError; returns it for exact assertions on location and key. */
function fails(text: string, env: NodeJS.ProcessEnv = {}): ConfigError {
  try {
    parseConfig(text, 'assay.yaml', env);
  } catch (err) {
    assert.ok(err instanceof ConfigError, `expected ConfigError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected parseConfig to throw');
}

function where(e: ConfigError): string {
  return `${e.line}:${e.column} ${e.key ?? ''}`;
}

describe('config errors point at the offending node', () => {
  it('unknown key: at the key, with the closest known key as hint', () => {
    const e = fails('servers:\n  desk:\n    url: http://127.0.0.1:3000/mcp\n    timout: 5000\n');
    assert.equal(where(e), '4:5 servers.desk.timout');
    assert.equal(e.reason, 'unknown key');
    assert.equal(e.hint, 'did you mean `timeout`?');
    assert.equal(e.message, 'assay.yaml:4:5 servers.desk.timout: unknown key (hint: did you mean `timeout`?)');
  });

  it('a required revision other than 2026-07-28 is named at its line', () => {
    const e = fails("check:\n  require: ['2025-06-18']\n");
    assert.equal(where(e), '2:13 check.require[0]');
    assert.match(e.reason, /2026-07-28/);
  });

  it('unknown key with nothing close lists the known keys', () => {
    const e = fails('check:\n  strict: true\n  zzzzzzzzzz: 1\n');
    assert.equal(where(e), '3:3 check.zzzzzzzzzz');
    assert.match(e.hint ?? '', /^known keys: timeout, deadline, strict, require, failOnContracts, only, skip, allowTools, toolArgs$/);
  });

  it('unknown top-level key, case slip', () => {
    const e = fails('Servers: {}\n');
    assert.equal(where(e), '1:1 Servers');
    assert.equal(e.hint, 'did you mean `servers`?');
  });

  it('wrong type: at the value, with a hint', () => {
    const e = fails('check:\n  timeout: "5000"\n');
    assert.equal(where(e), '2:12 check.timeout');
    assert.equal(e.reason, 'expected a number, got the string "5000"');
    assert.equal(e.hint, 'write the number without quotes');
  });

  it('wrong type inside a list: number where a string is needed', () => {
    const e = fails('servers:\n  local:\n    command: node\n    args: [--port, 3000]\n');
    assert.equal(where(e), '4:20 servers.local.args[1]');
    assert.equal(e.hint, 'quote it: "3000"');
  });

  it('non-positive and fractional timeouts', () => {
    assert.equal(where(fails('check:\n  deadline: 0\n')), '2:13 check.deadline');
    const e = fails('check:\n  timeout: 1.5\n');
    assert.equal(where(e), '2:12 check.timeout');
    assert.match(e.reason, /whole number/);
  });

  it('both url and command: at the second of the two keys', () => {
    const e = fails('servers:\n  desk:\n    url: http://127.0.0.1:3000/mcp\n    command: node\n');
    assert.equal(where(e), '4:5 servers.desk.command');
    assert.match(e.reason, /either `url` or `command`, not both/);
  });

  it('neither url nor command: at the server name', () => {
    const e = fails('servers:\n  ok:\n    command: node\n  desk:\n    timeout: 5\n');
    assert.equal(where(e), '4:3 servers.desk');
    assert.equal(e.reason, 'needs `url` or `command`');
  });

  it('a server with an empty value points at its name', () => {
    const e = fails('servers:\n  desk:\n');
    assert.equal(where(e), '2:3 servers.desk');
    assert.match(e.hint ?? '', /null/);
  });

  it('command-only keys on a url server, and a non-http url', () => {
    assert.equal(where(fails('servers:\n  d:\n    url: http://x/\n    env: { A: b }\n')), '4:5 servers.d.env');
    assert.equal(where(fails('servers:\n  d:\n    command: node\n    headers: { A: b }\n')), '4:5 servers.d.headers');
    const e = fails('servers:\n  d:\n    url: ftp://x/\n');
    assert.equal(where(e), '3:10 servers.d.url');
  });

  it('unset ${VAR}: at the reference itself', () => {
    const e = fails('servers:\n  desk:\n    url: http://x/\n    headers:\n      Authorization: "Bearer ${DESK_TOKEN}"\n');
    assert.equal(where(e), '5:30 servers.desk.headers.Authorization');
    assert.equal(e.reason, 'environment variable DESK_TOKEN is not set');
  });

  it('malformed ${ reference', () => {
    const e = fails('servers:\n  d:\n    command: node\n    args: ["x ${1BAD}"]\n');
    assert.equal(where(e), '4:15 servers.d.args[0]');
    assert.match(e.reason, /malformed variable reference/);
  });

  it('YAML syntax error: location and the key it broke in', () => {
    const e = fails('check:\n  timeout: 1\n   deadline: 2\n');
    assert.equal(where(e), '2:12 check.timeout');
    assert.match(e.reason, /^YAML syntax error: /);
  });

  it('duplicate key is a syntax error at the second occurrence', () => {
    const e = fails('check:\n  timeout: 1\n  timeout: 2\n');
    assert.equal(where(e), '3:3 check.timeout');
    assert.equal(e.hint, 'each key may appear once in a mapping');
  });

  it('waiver without a reason: required', () => {
    const e = fails('contracts:\n  waivers:\n    - rule: lint/description-thin\n      tool: search\n');
    assert.equal(where(e), '3:7 contracts.waivers[0].reason');
    assert.equal(e.reason, 'is required');
    const blank = fails('contracts:\n  waivers:\n    - { rule: lint/*, reason: "  " }\n');
    assert.equal(where(blank), '3:31 contracts.waivers[0].reason');
  });

  it('unknown rule level suggests the closest', () => {
    const e = fails('contracts:\n  rules:\n    lint/description-thin: warn\n');
    assert.equal(where(e), '3:28 contracts.rules.lint/description-thin');
    assert.equal(e.hint, 'did you mean `warning`?');
  });

  it('an unknown rule id is an error at the key, naming the closest id', () => {
    const e = fails('contracts:\n  rules:\n    risk/*: warning\n    lint/description-tin: off\n');
    assert.equal(where(e), '4:5 contracts.rules.lint/description-tin');
    assert.equal(e.reason, 'no contract rule has this id');
    assert.equal(e.hint, 'did you mean `lint/description-thin`?');
    assert.equal(e.message, 'assay.yaml:4:5 contracts.rules.lint/description-tin: no contract rule has this id (hint: did you mean `lint/description-thin`?)');
  });

  it('an id of no family, and an unknown family pattern, are errors too (never silently lint)', () => {
    const e = fails('contracts:\n  rules:\n    descripton-thin: off\n');
    assert.equal(where(e), '3:5 contracts.rules.descripton-thin');
    assert.equal(e.reason, 'no contract rule has this id');
    assert.equal(fails('contracts:\n  rules:\n    lnt/*: off\n').hint, 'did you mean `lint/*`?');
  });

  it('a waiver naming an unknown rule is an error at the value, with a suggestion', () => {
    const e = fails('contracts:\n  waivers:\n    - rule: poisoning/credentials\n      reason: test keys\n');
    assert.equal(where(e), '3:13 contracts.waivers[0].rule');
    assert.equal(e.reason, 'no contract rule has this id');
    assert.equal(e.hint, 'did you mean `poisoning/credential`?');
    const far = fails('contracts:\n  waivers:\n    - { rule: zzzz, reason: r }\n');
    assert.match(far.hint ?? '', /^rule ids: risk\/inventory, .*, poisoning\/credential, risk\/\*, .*, \*$/);
  });

  it('the whole file must be a mapping', () => {
    const e = fails('- a\n- b\n');
    assert.equal(`${e.line}:${e.column}`, '1:1');
    assert.equal(e.key, undefined);
    assert.equal(e.reason, 'expected a mapping, got a list');
  });

  it('reports the problem nearest the top of the file first', () => {
    const e = fails('check:\n  timeout: x\nservers:\n  d:\n    urll: http://x/\n');
    assert.equal(where(e), '2:12 check.timeout');
  });

  it('an alias bomb is refused, not expanded', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++)
      bomb.push(
        `${'b'.repeat(i)}: &${'b'.repeat(i)} [${Array(9)
          .fill(i === 1 ? '*a' : `*${'b'.repeat(i - 1)}`)
          .join(', ')}]`,
      );
    assert.throws(() => parseConfig(bomb.join('\n'), 'assay.yaml', {}), ConfigError);
  });
});
