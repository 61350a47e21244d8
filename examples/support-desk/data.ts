/** In-memory data for the support-desk example: customers, a few tickets and the refund policy. */

export type TicketStatus = 'open' | 'pending' | 'solved';

export interface Ticket {
  id: string;
  subject: string;
  customerEmail: string;
  status: TicketStatus;
  priority: 'low' | 'normal' | 'high';
  createdAt: string;
  messages: { from: 'customer' | 'agent'; at: string; body: string }[];
}

export interface SentReply {
  replyId: string;
  ticketId: string;
  to: string;
  body: string;
  sentAt: string;
}

export interface Customer {
  id: string;
  name: string;
  email: string;
  plan: 'monthly' | 'annual';
  customerSince: string;
}

/** Two customers share the first name "Ana", so a lookup by "Ana" is ambiguous. */
const CUSTOMERS: readonly Customer[] = [
  { id: 'C-201', name: 'Ana Lima', email: 'ana.lima@example.com', plan: 'annual', customerSince: '2024-03-11' },
  { id: 'C-202', name: 'Ana Souza', email: 'ana.souza@example.net', plan: 'monthly', customerSince: '2025-09-02' },
  { id: 'C-203', name: 'Kemi Okafor', email: 'k.okafor@example.com', plan: 'monthly', customerSince: '2023-11-20' },
  { id: 'C-204', name: 'Northwind Traders', email: 'billing@northwind.example', plan: 'annual', customerSince: '2022-06-01' },
  { id: 'C-205', name: 'José Martins', email: 'jose@example.org', plan: 'annual', customerSince: '2021-01-15' },
];

/** Lower case without accents, so "jose" finds "José". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

const SEED: Ticket[] = [
  {
    id: 'T-1001',
    subject: 'Charged twice for the annual plan',
    customerEmail: 'ana.lima@example.com',
    status: 'open',
    priority: 'high',
    createdAt: '2026-08-01T09:12:00Z',
    messages: [{ from: 'customer', at: '2026-08-01T09:12:00Z', body: 'My card shows two charges of 120 EUR on 1 August.' }],
  },
  {
    id: 'T-1002',
    subject: 'Cannot reset my password',
    customerEmail: 'k.okafor@example.com',
    status: 'pending',
    priority: 'normal',
    createdAt: '2026-08-02T14:30:00Z',
    messages: [
      { from: 'customer', at: '2026-08-02T14:30:00Z', body: 'The reset link says it expired immediately.' },
      { from: 'agent', at: '2026-08-02T15:02:00Z', body: 'Could you tell us which browser you use?' },
    ],
  },
  {
    id: 'T-1003',
    subject: 'Refund request for unused seats',
    customerEmail: 'billing@northwind.example',
    status: 'open',
    priority: 'normal',
    createdAt: '2026-08-03T08:05:00Z',
    messages: [{ from: 'customer', at: '2026-08-03T08:05:00Z', body: 'We bought 20 seats but only use 12. Can we get a refund for 8?' }],
  },
  {
    id: 'T-1004',
    subject: 'Export to CSV drops accented characters',
    customerEmail: 'jose@example.org',
    status: 'solved',
    priority: 'low',
    createdAt: '2026-07-28T11:45:00Z',
    messages: [
      { from: 'customer', at: '2026-07-28T11:45:00Z', body: 'Names like "José" come out as "Jos?".' },
      { from: 'agent', at: '2026-07-29T10:00:00Z', body: 'Fixed in release 4.2; please choose UTF-8 in the export dialog.' },
    ],
  },
];

export const REFUND_POLICY = [
  '# Refund policy',
  '',
  '- Duplicate charges are refunded in full within 5 business days.',
  '- Unused seats on annual plans are refunded pro rata within 30 days of purchase.',
  '- Monthly plans are not refunded; cancelling stops the next charge.',
  '- Refunds go back to the original payment method only.',
].join('\n');

/** A desk instance: tickets plus the replies sent so far. Each server instance gets its own copy. */
export class Desk {
  readonly tickets: Ticket[] = SEED.map((t) => ({ ...t, messages: t.messages.map((m) => ({ ...m })) }));
  readonly sent: SentReply[] = [];
  private readonly byKey = new Map<string, SentReply>();

  readonly customers: readonly Customer[] = CUSTOMERS;

  /** Customers whose name or email contains `query` (case- and accent-insensitive). */
  findCustomers(query: string): Customer[] {
    const q = fold(query);
    return q === '' ? [] : this.customers.filter((c) => fold(c.name).includes(q) || c.email.toLowerCase().includes(q));
  }

  ticketIdsOf(customer: Customer): string[] {
    return this.tickets.filter((t) => t.customerEmail === customer.email).map((t) => t.id);
  }

  /** Ticket ids starting with what was typed so far (completion), case-insensitive. */
  ticketIdsStartingWith(prefix: string): string[] {
    const p = prefix.trim().toUpperCase();
    return this.tickets.map((t) => t.id).filter((id) => id.startsWith(p));
  }

  get(id: string): Ticket | undefined {
    return this.tickets.find((t) => t.id === id);
  }

  search(query: string, status: TicketStatus | undefined, limit: number): Ticket[] {
    const q = query.trim().toLowerCase();
    return this.tickets
      .filter((t) => status === undefined || t.status === status)
      .filter((t) => q === '' || t.subject.toLowerCase().includes(q) || t.messages.some((m) => m.body.toLowerCase().includes(q)))
      .slice(0, limit);
  }

  /** A retry with the same idempotency key returns the first reply instead of emailing the customer again. */
  reply(ticket: Ticket, body: string, idempotencyKey?: string): SentReply & { replayed: boolean } {
    const earlier = idempotencyKey === undefined ? undefined : this.byKey.get(`${ticket.id}\u0000${idempotencyKey}`);
    if (earlier) return { ...earlier, replayed: true };
    const sent: SentReply = {
      replyId: `R-${ticket.id}-${this.sent.length + 1}`,
      ticketId: ticket.id,
      to: ticket.customerEmail,
      body,
      sentAt: new Date().toISOString(),
    };
    this.sent.push(sent);
    if (idempotencyKey !== undefined) this.byKey.set(`${ticket.id}\u0000${idempotencyKey}`, sent);
    ticket.messages.push({ from: 'agent', at: sent.sentAt, body });
    if (ticket.status === 'open') ticket.status = 'pending';
    return { ...sent, replayed: false };
  }
}
