/**
 * `find_customer`: a read-only lookup that asks the user which customer they mean when a name matches several,
 * through an MRTR `input_required` result carrying a form elicitation (MRTR §server requirements). The candidate list
 * travels in `requestState`, sealed with the SDK's HMAC codec so a tampered or expired state is refused (-32602).
 */
import { randomBytes } from 'node:crypto';
import { createRequestStateCodec, inputRequired, inputResponse, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { Customer, Desk } from './data.js';

/** What a minted state carries: the query it answers and the ids offered, nothing secret (the codec signs, not encrypts). */
interface PickState {
  tool: 'find_customer';
  query: string;
  ids: string[];
}

/** Env var holding a shared secret (32+ bytes) when several processes serve one desk; otherwise a per-process key. */
export const STATE_KEY_ENV = 'SUPPORT_DESK_STATE_KEY';
const PICK_KEY = 'pick_customer';
const MAX_CHOICES = 10;

// One codec per process: the HTTP entry builds a server per request, and every round must verify with the same key.
const codec = createRequestStateCodec<PickState>({
  key: process.env[STATE_KEY_ENV] ?? randomBytes(32),
  ttlSeconds: 600,
  // Bound to the method, so state minted for another kind of request is refused (MRTR: bind the originating request).
  bind: (ctx) => ctx.mcpReq.method,
});

/** The `requestState.verify` hook for the server options: the SDK runs it before the handler on every round. */
export const verifyRequestState: typeof codec.verify = (...args) => codec.verify(...args);

const customerShape = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  plan: z.enum(['monthly', 'annual']),
  customerSince: z.string(),
  ticketIds: z.array(z.string()),
});

const outputShape = z.object({
  customer: customerShape.nullable().describe('The customer found, or null when none matched or the user did not choose.'),
  matches: z.number().int().describe('How many customers matched the query.'),
});

type Output = z.infer<typeof outputShape>;

function answer(out: Output, text: string) {
  return { content: [{ type: 'text' as const, text }], structuredContent: out };
}

/** The form the user sees: one titled choice per matching customer (elicitation §titled single select). */
function pickRequest(query: string, matches: Customer[]) {
  return inputRequired.elicit({
    message: `${matches.length} customers match "${query}". Which one do you mean?`,
    requestedSchema: {
      type: 'object',
      properties: {
        customer: {
          type: 'string',
          title: 'Customer',
          description: 'The customer this conversation is about.',
          oneOf: matches.map((c) => ({ const: c.id, title: `${c.name} <${c.email}>` })),
        },
      },
      required: ['customer'],
    },
  });
}

export function registerFindCustomer(server: McpServer, desk: Desk): void {
  const record = (c: Customer) => ({ ...c, ticketIds: desk.ticketIdsOf(c) });
  server.registerTool(
    'find_customer',
    {
      title: 'Find customer',
      description:
        'Look up one customer by part of their name or email and return their plan and ticket ids. When 2 to 10 customers ' +
        'match, it asks the user to pick one (this needs the client to support form elicitation); if the user declines, or ' +
        'more match, customer is null and you should ask for the email. Read-only: it never changes customers or tickets.',
      inputSchema: z.object({
        query: z
          .string()
          .min(2)
          .max(100)
          .describe('Part of the customer name or email, e.g. "Ana" or "northwind".')
          .meta({ examples: ['Ana', 'northwind'] }),
      }),
      outputSchema: outputShape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query }, ctx) => {
      const q = query.trim();
      const matches = desk.findCustomers(q);
      if (matches.length === 0) return answer({ customer: null, matches: 0 }, `No customer matches "${q}". Try part of the email address.`);
      if (matches.length === 1) {
        const only = record(matches[0]!);
        return answer({ customer: only, matches: 1 }, JSON.stringify(only));
      }
      // Too many to choose from in a form: ask the caller for a narrower query instead of the user.
      if (matches.length > MAX_CHOICES)
        return answer({ customer: null, matches: matches.length }, `${matches.length} customers match "${q}"; use more of the name or the email.`);
      // The state was verified by the SDK before this handler ran; it must also belong to this very query.
      const state = ctx.mcpReq.requestState<PickState>();
      const offered = state?.tool === 'find_customer' && state.query === q ? state.ids : undefined;
      const reply = inputResponse(ctx.mcpReq.inputResponses, PICK_KEY);
      if (offered && reply.kind === 'elicit') {
        if (reply.action !== 'accept')
          return answer({ customer: null, matches: matches.length }, 'The user did not choose a customer; ask them for an email address.');
        const chosen = matches.find((c) => c.id === reply.content?.['customer'] && offered.includes(c.id));
        if (chosen) return answer({ customer: record(chosen), matches: matches.length }, JSON.stringify(record(chosen)));
      }
      // No state, a state for another query, no answer yet or an answer outside the offer: ask (again), never fail.
      const requestState = await codec.mint({ tool: 'find_customer', query: q, ids: matches.map((c) => c.id) }, ctx);
      return inputRequired({ inputRequests: { [PICK_KEY]: pickRequest(q, matches) }, requestState });
    },
  );
}
