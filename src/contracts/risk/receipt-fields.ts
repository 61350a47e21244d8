/**
 * The fields a result contract asks for (a receipt id, a recipient, an audit reference, …), each with the names
 * servers commonly give it. Users add their own names per field (`contracts.fields` in the config).
 */
import { RECEIPT_FIELDS, type ReceiptField } from '../../core/rules.js';
import { asNode, deref, propertiesOf, type SchemaNode } from '../schema/schema-util.js';
import { nameTokens } from '../shared/text.js';

export { RECEIPT_FIELDS, type ReceiptField };

const words = (s: string): string[] => s.trim().split(/\s+/);

export const DEFAULT_FIELD_NAMES: Readonly<Record<ReceiptField, readonly string[]>> = {
  source: words('source sources sourceUrl sourceUrls sourceId origin provenance citation citations dataSource references url urls link links'),
  timestamp: words(
    'timestamp asOf generatedAt fetchedAt retrievedAt observedAt updatedAt lastUpdated lastModified modifiedAt createdAt time dateTime date period',
  ),
  receiptId: words('receiptId receipt operationId transactionId txId txnId changeId eventId requestId confirmationId commitId revisionId versionId jobId'),
  changedIds: words(
    'changedIds changedResourceIds changedResources changed affectedIds affectedResources resourceIds resourceId updatedIds createdIds createdId deletedIds modifiedIds ids id',
  ),
  rollbackHint: words(
    'rollback rollbackHint undo undoHint undoToken revert revertWith revertHint compensation compensatingAction previousVersion previousState restoreWith',
  ),
  recipient: words('recipient recipients to toAddress destination channel channelId chatId address phoneNumber email'),
  messageId: words('messageId msgId deliveryId notificationId emailId replyId postId smsId sid ts'),
  deliveryStatus: words('deliveryStatus delivery status state delivered sent queued accepted'),
  idempotencyKey: words('idempotencyKey dedupeKey dedupKey deduplicationId deduplicationKey clientRequestId clientToken requestId nonce'),
  approvalId: words('approvalId approval approvalToken approvedBy approver changeRequestId changeTicket authorizationId'),
  auditRef: words('auditId auditLogId auditRef auditReference auditLog auditEventId auditUrl auditTrail audit'),
};

/** Lower case, no separators: `delivery_status`, `deliveryStatus` and `Delivery-Status` are one name. */
export function normalizeName(n: string): string {
  return n.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export type FieldNames = Record<ReceiptField, Set<string>>;

/** Defaults plus the user's names for each field. */
export function fieldNames(extra: Partial<Record<string, readonly string[]>> = {}): FieldNames {
  const out = {} as FieldNames;
  for (const f of RECEIPT_FIELDS) out[f] = new Set([...DEFAULT_FIELD_NAMES[f], ...(extra[f] ?? [])].map(normalizeName));
  return out;
}

const has = (tokens: readonly string[], ...words: string[]): boolean => tokens.some((t) => words.includes(t));
const last = (tokens: readonly string[]): string => tokens[tokens.length - 1] ?? '';
const RECEIPT_WORDS = ['receipt', 'transaction', 'operation', 'confirmation'];

/**
 * Beyond the exact synonyms, the words a name is made of: `approval_ticket` is an approval, `audit_event` an audit
 * reference, `previous_stage` a rollback hint, `deal_id` the id of what changed, `user_id` a recipient.
 */
const TOKEN_RULES: Record<ReceiptField, (t: readonly string[]) => boolean> = {
  source: (t) => has(t, 'source', 'sources', 'origin', 'provenance', 'citation', 'citations'),
  timestamp: (t) => has(t, 'timestamp', 'time', 'date') || (t.length > 1 && last(t) === 'at') || t.join(' ') === 'as of',
  receiptId: (t) => has(t, ...RECEIPT_WORDS),
  changedIds: (t) => ['id', 'ids'].includes(last(t)) && !has(t, ...RECEIPT_WORDS, 'idempotency', 'request', 'approval', 'audit'),
  rollbackHint: (t) => has(t, 'rollback', 'undo', 'revert', 'restore', 'previous', 'compensation', 'compensating'),
  recipient: (t) => has(t, 'recipient', 'recipients', 'to', 'user', 'contact', 'member', 'customer', 'channel', 'phone', 'email', 'address'),
  messageId: (t) => has(t, 'message', 'msg', 'notification', 'delivery', 'email', 'post', 'reply') && ['id', 'ids'].includes(last(t)),
  deliveryStatus: (t) => has(t, 'status', 'state', 'delivered', 'delivery'),
  idempotencyKey: (t) => has(t, 'idempotency', 'idempotent', 'dedupe', 'dedup', 'deduplication', 'nonce'),
  approvalId: (t) => has(t, 'approval', 'approved', 'approver') || t.join(' ').includes('change request'),
  auditRef: (t) => has(t, 'audit'),
};

/** A property name as the rules read it: normalised for the synonyms, and split into words. */
export interface PromisedName {
  norm: string;
  tokens: readonly string[];
}

const MAX_NODES = 500;

/** Property names recur across a catalogue's schemas (`id`, `status`): each is split into words once (read only). */
const tokenCache = new Map<string, readonly string[]>();
function tokensOf(name: string): readonly string[] {
  let t = tokenCache.get(name);
  if (t === undefined) {
    if (tokenCache.size >= 4096) tokenCache.clear();
    t = Object.freeze(nameTokens(name));
    tokenCache.set(name, t);
  }
  return t;
}

/**
 * Property names a schema promises: the root's properties (through `allOf`/`anyOf`/`oneOf` and local `$ref`s) and,
 * one level down, nested objects' and array items' properties, both alone and prefixed by their parent
 * (`receipt.id` counts as `receiptId`).
 */
export function promisedNames(schema: unknown): PromisedName[] {
  const out = new Map<string, PromisedName>();
  let budget = MAX_NODES;
  const add = (tokens: readonly string[]): void => {
    const norm = tokens.join('');
    out.set(norm, { norm, tokens });
  };
  const visit = (node: SchemaNode | undefined, prefix: readonly string[], depth: number): void => {
    if (!node || budget-- <= 0) return;
    const n = deref(schema, node);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const branches = n[key];
      if (Array.isArray(branches)) for (const b of branches) visit(asNode(b), prefix, depth);
    }
    const items = asNode(n.items);
    if (items && depth > 0) visit(items, prefix, depth);
    for (const [name, sub] of Object.entries(propertiesOf(n))) {
      const tokens = tokensOf(name);
      add(tokens);
      if (prefix.length) add([...prefix, ...tokens]);
      if (depth < 1) visit(asNode(sub), tokens, depth + 1);
    }
  };
  visit(asNode(schema), [], 0);
  return [...out.values()];
}

/** The first promised name that stands for `field` (an exact synonym, or by the words it is made of). */
export function findField(names: readonly PromisedName[], field: ReceiptField, known: FieldNames): string | undefined {
  return (names.find((n) => known[field].has(n.norm)) ?? names.find((n) => TOKEN_RULES[field](n.tokens)))?.norm;
}
