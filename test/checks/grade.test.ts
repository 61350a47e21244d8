import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gradeFailure } from '../../src/engine/grade.js';

describe('grading a miss', () => {
  it('MUST fails; SHOULD warns, and fails under --strict', () => {
    assert.equal(gradeFailure('MUST', false), 'fail');
    assert.equal(gradeFailure('SHOULD', false), 'warn');
    assert.equal(gradeFailure('SHOULD', true), 'fail');
    assert.equal(gradeFailure('MAY', true), 'fail');
  });
  it('advice on a deprecated feature stays a warning, also under --strict', () => {
    assert.equal(gradeFailure('SHOULD', true, true), 'warn');
    assert.equal(gradeFailure('MUST', true, true), 'warn');
  });
});
