import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { defaultStartupMs, deriveTimeouts, startupMs, STARTUP_FLOOR_MS } from '../../src/core/timeouts.js';

describe('Timeouts: every wait derived once from --timeout, --deadline and the startup allowance', () => {
  it('gives the documented values for the defaults (10 s per request, 120 s per target)', () => {
    assert.deepEqual(deriveTimeouts({ timeoutMs: 10_000, deadlineMs: 120_000 }, 'stdio'), {
      request: 10_000,
      startup: 30_000,
      checkBudget: 80_000,
      runDeadline: 120_000,
      respawnStartup: 15_000,
      respawnRequest: 10_000,
      listenWindow: 1000,
      listenHold: 12_000,
      taskFollow: 15_000,
      sseSniff: 3000,
      sseSniffRead: 1000,
    });
  });

  it('holds a second copy of an HTTP server (the same server) to the plain request timeout', () => {
    const t = deriveTimeouts({ timeoutMs: 2000, deadlineMs: 60_000 }, 'http');
    assert.equal(t.respawnStartup, 2000);
    assert.equal(t.respawnRequest, 2000);
    const s = deriveTimeouts({ timeoutMs: 2000, deadlineMs: 60_000 }, 'stdio');
    assert.equal(s.respawnStartup, 15_000);
    assert.equal(s.respawnRequest, 10_000);
  });

  it('keeps floors and caps for short and long request timeouts', () => {
    const short = deriveTimeouts({ timeoutMs: 400, deadlineMs: 5000 }, 'http');
    assert.equal(short.checkBudget, 30_000, 'a check gets at least 30 s');
    assert.equal(short.listenWindow, 500, 'the listen window never goes below 0.5 s');
    assert.equal(short.listenHold, 400 + 500 + 1000);
    assert.equal(short.taskFollow, 800);
    assert.deepEqual([short.sseSniff, short.sseSniffRead], [400, 400], 'an old-transport question never outwaits one request');
    const long = deriveTimeouts({ timeoutMs: 60_000, deadlineMs: 600_000 }, 'stdio');
    assert.equal(long.checkBudget, 480_000, 'eight requests when requests may take long');
    assert.equal(long.listenWindow, 1000, 'the listen window never goes above 1 s');
    assert.equal(long.taskFollow, 15_000, 'a task is followed 15 s at most');
    assert.equal(long.respawnStartup, 60_000, 'never less than one request');
    assert.equal(long.startup, 60_000);
  });

  it('uses a given startup allowance, but never below one request', () => {
    assert.equal(deriveTimeouts({ timeoutMs: 5000, deadlineMs: 60_000, startupTimeoutMs: 12_000 }, 'stdio').startup, 12_000);
    assert.equal(deriveTimeouts({ timeoutMs: 5000, deadlineMs: 60_000, startupTimeoutMs: 1000 }, 'stdio').startup, 5000);
    assert.equal(startupMs({ timeoutMs: 45_000 }), 45_000);
    assert.equal(defaultStartupMs(1000), STARTUP_FLOOR_MS);
  });

  it('is pure: the same input gives equal, independent values and the input is left alone', () => {
    const input = { timeoutMs: 3000, deadlineMs: 90_000 };
    const a = deriveTimeouts(input, 'stdio');
    const b = deriveTimeouts(input, 'stdio');
    assert.deepEqual(a, b);
    assert.notEqual(a, b);
    assert.deepEqual(input, { timeoutMs: 3000, deadlineMs: 90_000 });
  });
});
