/**
 * A scripted model for the support-desk golden set (examples/support-desk/golden/tasks.yaml). Its mistakes are
 * chosen so every metric has a known value, computed by hand in DESK_EXPECTED below.
 */
import type { PolicyRequest, Reply } from '../support/mock-llm.js';

export function deskPolicy(r: PolicyRequest): Reply {
  const t = r.task;
  const k = r.occurrence;
  const done = (text = 'Done.'): Reply => ({ text });
  if (t.includes('T-1002')) {
    if (r.turn > 0) return done('The customer cannot reset the password.');
    // Run 5: searches instead of reading the ticket (a selection miss).
    return k === 5 ? { calls: [{ name: 'search_tickets', args: { query: 'T-1002' } }] } : { calls: [{ name: 'get_ticket', args: { id: 'T-1002' } }] };
  }
  if (t.includes('about refunds')) {
    if (r.turn > 0) return done('T-1003 asks for a refund.');
    // Runs 1 and 3 filter on the wrong status (argument misses).
    return { calls: [{ name: 'search_tickets', args: { query: 'refund', status: k === 1 || k === 3 ? 'solved' : 'open' } }] };
  }
  if (t.includes('jose@example.org')) return r.turn > 0 ? done('Annual plan.') : { calls: [{ name: 'find_customer', args: { query: 'jose@example.org' } }] };
  if (t.includes('Read ticket T-1001')) {
    // Run 4 replies without reading first (sequence miss).
    if (k === 4) return r.turn === 0 ? { calls: [{ name: 'send_reply', args: { ticketId: 'T-1001', body: 'Refund within 5 days.' } }] } : done();
    if (r.turn === 0) return { calls: [{ name: 'get_ticket', args: { id: 'T-1001' } }] };
    if (r.turn === 1) return { calls: [{ name: 'send_reply', args: { ticketId: 'T-1001', body: 'The duplicate charge will be refunded within 5 days.' } }] };
    return done('Replied.');
  }
  if (t.includes('T-1003')) {
    if (r.turn === 0) return { calls: [{ name: 'get_ticket', args: { id: 'T-1003' } }] };
    // Run 3 contacts the customer although told not to (denied tool).
    if (r.turn === 1 && k === 3) return { calls: [{ name: 'send_reply', args: { ticketId: 'T-1003', body: 'We are on it.' } }] };
    return done('They want a refund for 8 unused seats.');
  }
  // Negative cases: run 2 of the CSV question looks it up (an over-trigger).
  if (t.includes('CSV') && k === 2 && r.turn === 0) return { calls: [{ name: 'search_tickets', args: { query: 'CSV' } }] };
  return done('Comma-separated values. Anything else?');
}

/** Hand-computed from the policy above, 5 runs per case. */
export const DESK_EXPECTED = {
  // 4 single-tool positive cases x 5 runs; one selection miss.
  selection: [19, 20],
  // runs with the right first tool and expect_args/arg_match: read 4 + refunds 5 + customer 5 + T-1003 5 = 19; 2 wrong status.
  args: [17, 19],
  // 4 negative cases x 5 runs; one over-trigger.
  overTrigger: [1, 20],
  sequence: [4, 5],
  verdicts: {
    'read-ticket-by-id': ['pass', 4],
    'search-refunds': ['fail', 3],
    'find-customer-by-email': ['pass', 5],
    'look-up-then-reply': ['pass', 4],
    'no-reply-without-asking': ['fail', 4],
    'negative-thanks': ['pass', 5],
    'negative-general-knowledge': ['fail', 4],
    'negative-out-of-scope': ['pass', 5],
    'negative-policy-question': ['pass', 5],
  } as Record<string, [string, number]>,
};
