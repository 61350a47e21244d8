/** Checks that wait on the clock start first; everything else keeps catalogue order. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHECKS } from '../../src/checks/index.js';
import { startOrder } from '../../src/engine/schedule.js';

test('the listen-window and second-process checks are declared slow', () => {
  const slow = CHECKS.filter((c) => c.slow !== undefined).map((c) => c.id);
  for (const id of ['subscriptions/notifications-tagged', 'subscriptions/filter-honoured', 'errors/version-every-request', 'legacy/version-negotiation'])
    assert.ok(slow.includes(id), `${id} is declared slow`);
  // Its verdict is a time bound (exit within 1.5 s of EOF): it does not start amid the burst of every other start.
  assert.ok(!slow.includes('stdio/exit-on-eof'));
});

test('the listen windows start first, then the other slow checks, then the rest, each group in catalogue order', () => {
  const order = startOrder(CHECKS);
  assert.deepEqual([...order].map((c) => c.id).sort(), CHECKS.map((c) => c.id).sort(), 'the same checks, none lost or doubled');
  const firstQuick = order.findIndex((c) => c.slow === undefined);
  assert.ok(firstQuick > 0, 'some checks start first');
  assert.ok(
    order.slice(firstQuick).every((c) => c.slow === undefined),
    'no slow check starts after a quick one',
  );
  const windows = order.findIndex((c) => !c.holdsWindow);
  assert.deepEqual(
    order
      .slice(0, windows)
      .map((c) => c.id)
      .sort(),
    ['subscriptions/filter-honoured', 'subscriptions/notifications-tagged'],
    'the two listen windows open before any other check starts',
  );
  assert.ok(order.slice(windows).every((c) => !c.holdsWindow && (c.slow !== undefined || order.indexOf(c) >= firstQuick)));
  const inCatalogue = (xs: typeof order) => xs.map((c) => CHECKS.indexOf(c));
  const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! < x);
  assert.ok(
    ascending(inCatalogue(order.slice(0, windows))) &&
      ascending(inCatalogue(order.slice(windows, firstQuick))) &&
      ascending(inCatalogue(order.slice(firstQuick))),
  );
  assert.ok(
    order.findIndex((c) => c.id === 'subscriptions/filter-honoured') < order.findIndex((c) => c.id === 'auth/audience-bound' || c.id.startsWith('auth/')),
  );
});
