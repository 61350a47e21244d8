/**
 * A generated catalogue of N realistic tools (five properties, an enum, nested objects, an output schema), for the
 * scale benchmark and the scale verdict test. Deterministic: the same arguments give the same tools on every run.
 */

export interface ScaleTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  annotations: Record<string, boolean>;
}

export interface ScaleOptions {
  /** `diverse`: names and descriptions like a large real catalogue; `similar`: near-identical names and descriptions. */
  names?: 'diverse' | 'similar';
  /** Change this many tools (spread over the catalogue), for the diff side of the benchmark. */
  changed?: number;
}

const VERBS = [
  'get',
  'list',
  'create',
  'update',
  'delete',
  'search',
  'archive',
  'export',
  'approve',
  'assign',
  'close',
  'merge',
  'tag',
  'import',
  'restore',
  'count',
  'notify',
  'schedule',
  'validate',
  'publish',
];
const NOUNS = [
  'order',
  'invoice',
  'customer',
  'ticket',
  'project',
  'report',
  'asset',
  'shipment',
  'contract',
  'refund',
  'vendor',
  'warehouse',
  'employee',
  'payroll',
  'campaign',
  'lead',
  'quote',
  'subscription',
  'license',
  'device',
  'incident',
  'alert',
  'dashboard',
  'dataset',
  'pipeline',
];
const SCOPES = ['', 'team', 'region', 'account', 'batch', 'draft', 'archived', 'shared', 'eu', 'us'];
const READS = new Set(['get', 'list', 'search', 'export', 'count', 'validate']);
const PURPOSE: Record<string, string> = {
  get: 'Fetch one {n} by id with its status and owner',
  list: 'List {n} records page by page, newest first',
  create: 'Create a new {n} from the given fields and return its id',
  update: 'Change fields of an existing {n}; unspecified fields stay as they are',
  delete: 'Permanently remove a {n}; this cannot be undone',
  search: 'Find {n} records whose text matches a query, ranked by relevance',
  archive: 'Move a {n} to the archive so it stops appearing in lists',
  export: 'Produce a CSV export of {n} records matching a filter',
  approve: 'Mark a pending {n} as approved by the current user',
  assign: 'Give a {n} to another owner and notify them',
  close: 'Close an open {n} with a resolution note',
  merge: 'Combine two duplicate {n} records into one',
  tag: 'Attach labels to a {n} for later filtering',
  import: 'Load {n} records from an uploaded file',
  restore: 'Bring an archived {n} back into active lists',
  count: 'Count {n} records matching a filter without returning them',
  notify: 'Send a notification about a {n} to its watchers',
  schedule: 'Plan a future action on a {n} at a given time',
  validate: 'Check a {n} against business rules and report problems',
  publish: 'Make a {n} visible to external users',
};

function inputSchema(noun: string, i: number): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      id: { type: 'string', description: `Id of the ${noun}`, maxLength: 64 },
      status: { type: 'string', enum: ['open', 'pending', 'closed', 'archived'], description: 'Only records in this status' },
      limit: { type: 'integer', minimum: 1, maximum: 50 * (1 + (i % 4)), description: 'Maximum number of records' },
      tags: { type: 'array', items: { type: 'string', maxLength: 40 }, maxItems: 20, description: 'Labels to match' },
      filter: {
        type: 'object',
        description: 'Structured filter',
        properties: {
          createdAfter: { type: 'string', format: 'date-time' },
          owner: { type: 'object', properties: { id: { type: 'string' }, team: { type: 'string', enum: ['sales', 'support', 'ops'] } }, required: ['id'] },
        },
      },
    },
    required: ['id'],
    additionalProperties: false,
  };
}

function outputSchema(noun: string): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      id: { type: 'string' },
      status: { type: 'string', enum: ['open', 'pending', 'closed', 'archived'] },
      owner: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } }, required: ['id'] },
      [`${noun}Count`]: { type: 'integer', minimum: 0 },
    },
    required: ['id', 'status'],
  };
}

function diverse(i: number): ScaleTool {
  const verb = VERBS[i % VERBS.length] as string;
  const noun = NOUNS[Math.floor(i / VERBS.length) % NOUNS.length] as string;
  const round = Math.floor(i / (VERBS.length * NOUNS.length));
  const scope = SCOPES[round % SCOPES.length] as string;
  const suffix = round >= SCOPES.length ? `_v${Math.floor(round / SCOPES.length) + 1}` : '';
  const name = [verb, scope, noun].filter(Boolean).join('_') + suffix;
  const where = scope ? ` (${scope} only)` : '';
  const read = READS.has(verb);
  return {
    name,
    title: name.replace(/_/g, ' '),
    description: `${(PURPOSE[verb] as string).replace('{n}', noun)}${where}. ${read ? 'Read-only.' : `Changes ${noun} data.`}`,
    inputSchema: inputSchema(noun, i),
    outputSchema: outputSchema(noun),
    annotations: { readOnlyHint: read, destructiveHint: verb === 'delete', idempotentHint: verb !== 'create', openWorldHint: false },
  };
}

function similar(i: number): ScaleTool {
  const name = `get_record_${String(i).padStart(5, '0')}`;
  return {
    name,
    title: `Get record ${i}`,
    description: 'Fetch one record by id and return it with its status and owner. Read-only.',
    inputSchema: inputSchema('record', i),
    outputSchema: outputSchema('record'),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  };
}

/** One of several change kinds the diff classifies, chosen by position. */
function change(t: ScaleTool, k: number): void {
  const input = t.inputSchema as { properties: Record<string, Record<string, unknown>>; required: string[] };
  switch (k % 4) {
    case 0:
      input.properties.region = { type: 'string' };
      input.required.push('region');
      break;
    case 1:
      t.description = `${t.description} Prefer this tool for bulk work.`;
      break;
    case 2:
      (input.properties.limit as Record<string, unknown>).maximum = 10;
      break;
    default:
      t.annotations = { ...t.annotations, readOnlyHint: false, destructiveHint: true };
  }
}

export function scaleTools(n: number, opts: ScaleOptions = {}): ScaleTool[] {
  const make = opts.names === 'similar' ? similar : diverse;
  const tools = Array.from({ length: n }, (_, i) => make(i));
  const k = Math.min(opts.changed ?? 0, n);
  for (let c = 0; c < k; c++) change(tools[Math.floor((c * n) / k)] as ScaleTool, c);
  return tools;
}
