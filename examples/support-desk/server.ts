/**
 * A small support-desk MCP server on the official SDK: four tools, a policy resource, a ticket
 * template and a reply-drafting prompt, with completion for ticket ids. The factory is shared by the
 * HTTP and stdio entries.
 */
import { completable, McpServer, ResourceTemplate, ResourceNotFoundError } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { Desk, REFUND_POLICY, type Ticket } from './data.js';
import { registerFindCustomer, verifyRequestState } from './find-customer.js';

export { Desk } from './data.js';

export const SUPPORT_DESK_INFO = { name: 'support-desk', version: '1.0.0' } as const;

/** One desk per process: the HTTP entry builds a fresh server per request, so state lives here. */
const sharedDesk = new Desk();

const ticketId = z
  .string()
  .regex(/^T-\d{4}$/)
  .describe('Ticket id, e.g. "T-1001".');
const status = z.enum(['open', 'pending', 'solved']);

const ticketShape = z.object({
  id: z.string(),
  subject: z.string(),
  customerEmail: z.string(),
  status,
  priority: z.enum(['low', 'normal', 'high']),
  createdAt: z.string(),
  messages: z.array(z.object({ from: z.enum(['customer', 'agent']), at: z.string(), body: z.string() })),
});

const summaryShape = z.object({ id: z.string(), subject: z.string(), status, priority: z.enum(['low', 'normal', 'high']) });

function json(value: unknown): { type: 'text'; text: string } {
  return { type: 'text', text: JSON.stringify(value) };
}

function missingTicket(id: string) {
  return { isError: true, content: [{ type: 'text' as const, text: `No ticket with id ${id}. Use search_tickets to find ids.` }] };
}

const summary = (t: Ticket) => ({ id: t.id, subject: t.subject, status: t.status, priority: t.priority });

export function createSupportDeskServer(desk: Desk = sharedDesk): McpServer {
  const server = new McpServer(SUPPORT_DESK_INFO, {
    instructions: 'Support desk for customer tickets. Look tickets up before replying; replies are emailed to the customer.',
    // Lists never change at run time, so they may be shared; ticket reads are per desk (CACHE).
    cacheHints: {
      'server/discover': { ttlMs: 300_000, cacheScope: 'public' },
      'tools/list': { ttlMs: 300_000, cacheScope: 'public' },
      'prompts/list': { ttlMs: 300_000, cacheScope: 'public' },
      'resources/templates/list': { ttlMs: 300_000, cacheScope: 'public' },
      'resources/list': { ttlMs: 0, cacheScope: 'private' },
      'resources/read': { ttlMs: 0, cacheScope: 'private' },
    },
    // requestState comes back from the client: verify its HMAC before any handler trusts it (MRTR, MUST).
    requestState: { verify: verifyRequestState },
  });

  server.registerTool(
    'get_ticket',
    {
      title: 'Get ticket',
      description:
        'Fetch one support ticket by id, with its full message history. Use it when you already know the ticket id. ' +
        'It does not search; use search_tickets to find ids, and it never changes the ticket.',
      inputSchema: z.object({ id: ticketId }),
      outputSchema: ticketShape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ id }) => {
      const ticket = desk.get(id);
      if (!ticket) return missingTicket(id);
      return { content: [json(ticket)], structuredContent: ticket };
    },
  );

  server.registerTool(
    'search_tickets',
    {
      title: 'Search tickets',
      description:
        'Search tickets whose subject or messages contain the query text, optionally filtered by status. Returns short ' +
        'summaries (id, subject, status, priority), in the order the tickets were opened. Use get_ticket to read a whole ticket. Read-only.',
      // status and limit are mirrored into Mcp-Param-Status / Mcp-Param-Limit, so a gateway can route searches of
      // solved tickets to the archive and enforce page-size quotas without reading the body (HTTP §custom headers).
      inputSchema: z.object({
        query: z.string().max(200).describe('Words to look for; an empty string matches every ticket.'),
        status: status.optional().describe('Only return tickets in this status.').meta({ 'x-mcp-header': 'Status' }),
        limit: z.number().int().min(1).max(50).optional().describe('Maximum number of tickets to return (default 10).').meta({ 'x-mcp-header': 'Limit' }),
      }),
      outputSchema: z.object({ tickets: z.array(summaryShape), count: z.number().int() }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query, status: wanted, limit }) => {
      const tickets = desk.search(query, wanted, limit ?? 10).map(summary);
      const out = { tickets, count: tickets.length };
      return { content: [json(out)], structuredContent: out };
    },
  );

  server.registerTool(
    'send_reply',
    {
      title: 'Send reply to customer',
      description:
        'Email a reply to the customer of a ticket and append it to the ticket history; an open ticket becomes pending. ' +
        'The email leaves immediately and cannot be recalled, and calling twice sends two emails unless both calls carry the ' +
        'same idempotencyKey. Do not use it for internal notes or drafts; use the draft_reply prompt to prepare text first.',
      inputSchema: z.object({
        ticketId,
        body: z.string().min(1).max(5000).describe('Plain-text reply, as the customer will read it.'),
        idempotencyKey: z
          .string()
          .min(1)
          .max(100)
          .optional()
          .describe('Any unique string; a retry with the same key returns the first reply and sends nothing.'),
      }),
      outputSchema: z.object({
        replyId: z.string(),
        ticketId: z.string(),
        to: z.string(),
        sentAt: z.string(),
        deliveryStatus: z.enum(['sent', 'already-sent']).describe('already-sent: an earlier call with this idempotencyKey sent it.'),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    ({ ticketId: id, body, idempotencyKey }) => {
      const ticket = desk.get(id);
      if (!ticket) return missingTicket(id);
      const { replyId, to, sentAt, replayed } = desk.reply(ticket, body, idempotencyKey);
      const out = { replyId, ticketId: id, to, sentAt, deliveryStatus: replayed ? ('already-sent' as const) : ('sent' as const) };
      return { content: [json(out)], structuredContent: out };
    },
  );

  registerFindCustomer(server, desk);

  server.registerResource(
    'refund-policy',
    'desk://policies/refunds',
    {
      title: 'Refund policy',
      description: 'The rules agents follow when a customer asks for money back.',
      mimeType: 'text/markdown',
      cacheHint: { ttlMs: 3_600_000, cacheScope: 'public' },
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: REFUND_POLICY }] }),
  );

  server.registerResource(
    'ticket',
    new ResourceTemplate('desk://tickets/{id}', {
      list: () => ({
        resources: desk.tickets.map((t) => ({ uri: `desk://tickets/${t.id}`, name: t.id, title: t.subject, mimeType: 'application/json' })),
      }),
      complete: { id: (value) => desk.ticketIdsStartingWith(value) },
    }),
    { title: 'Ticket', description: 'One ticket with its message history, as JSON.', mimeType: 'application/json' },
    (uri, variables) => {
      const id = String(variables['id']);
      const ticket = desk.get(id);
      // A missing resource is -32602 with data.uri, never empty contents (RES, CL minor 6).
      if (!ticket) throw new ResourceNotFoundError(uri.href);
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(ticket) }] };
    },
  );

  server.registerPrompt(
    'draft_reply',
    {
      title: 'Draft a reply',
      description: 'Prepare a courteous reply to a ticket, following the refund policy. It drafts only; nothing is sent.',
      argsSchema: z.object({
        ticketId: completable(z.string().describe('The ticket to answer, e.g. "T-1001".'), (value) => desk.ticketIdsStartingWith(value)),
      }),
    },
    ({ ticketId: id }) => {
      const ticket = desk.get(id);
      const context = ticket ? JSON.stringify(ticket) : `Ticket ${id} was not found; ask the agent for the right id.`;
      return {
        description: `Draft a reply to ${id}`,
        messages: [
          {
            role: 'user' as const,
            content: { type: 'text' as const, text: `Draft a short, friendly reply to this ticket. Follow the refund policy.\n\n${context}` },
          },
          {
            role: 'user' as const,
            content: { type: 'resource' as const, resource: { uri: 'desk://policies/refunds', mimeType: 'text/markdown', text: REFUND_POLICY } },
          },
        ],
      };
    },
  );

  return server;
}
