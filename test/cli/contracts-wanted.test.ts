import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { contractsWanted } from '../../src/cli/check-command.js';

describe('whether check runs the contract analysis', () => {
  it('runs by default and stops with --no-contracts or --skip contracts', () => {
    assert.equal(contractsWanted(true, [], []), true);
    assert.equal(contractsWanted(false, [], []), false);
    assert.equal(contractsWanted(true, [], ['contracts']), false);
    assert.equal(contractsWanted(true, [], ['http-headers/']), true);
  });
  it('with --only, runs only when contracts is one of the prefixes', () => {
    assert.equal(contractsWanted(true, ['http-headers/'], []), false);
    assert.equal(contractsWanted(true, ['http-headers/', 'contracts'], []), true);
    assert.equal(contractsWanted(true, ['contr'], []), true);
  });
});
