/**
 * How the official conformance suite's server checks relate to mcp-assay's checks: the data the oracle compares by.
 * Statuses: official SUCCESS ~ our pass, FAILURE ~ fail, WARNING ~ warn. `ours-stricter` also accepts WARNING ~ fail,
 * for requirements the spec states as MUST while the suite only warns. Any other difference must be listed in
 * KNOWN_DIFFERENCES (known-differences.ts) with its reason, or the oracle fails.
 */
import type { Status } from '../../src/core/types.js';
import type { OfficialStatus } from './official.js';

/** Picks official check occurrences: by id, optionally by the check's `name`, a `details` field, or its scenario. */
export interface OfficialSelector {
  id?: string;
  name?: string;
  detail?: Readonly<Record<string, string>>;
  /** Scenario name; a trailing `*` matches by prefix. */
  scenario?: string;
}

/**
 * same: statuses pair exactly. ours-stricter: the spec says MUST and the suite only WARNs, so WARNING ~ fail agrees
 * too. suite-stricter: the suite FAILs what the spec (and ours) grade SHOULD, so FAILURE ~ warn agrees too.
 */
export type Relation = 'same' | 'ours-stricter' | 'suite-stricter';

export interface Mapping {
  /** Short label used in tables and in KNOWN_DIFFERENCES. */
  key: string;
  official: readonly OfficialSelector[];
  ours: readonly string[];
  relation: Relation;
  why: string;
}

export interface KnownDifference {
  key: string;
  /** Server labels of the oracle matrix (see servers.ts) where the difference shows; a trailing `*` matches by prefix. */
  servers: readonly string[];
  official: OfficialStatus;
  ours: Status;
  why: string;
}

/** One official id to one check of ours. */
const one = (key: string, official: string, ours: string, why: string, relation: Relation = 'same'): Mapping => ({
  key,
  official: [{ id: official }],
  ours: [ours],
  relation,
  why,
});

const meta = (field: string, ours: string): Mapping => ({
  key: `meta ${field}`,
  official: [{ id: `sep-2575-request-meta-invalid-${field}` }, { id: 'sep-2575-http-server-meta-invalid-400', detail: { fieldIssue: field } }],
  ours: [ours],
  relation: 'same',
  why: 'a request whose _meta lacks a required key gets -32602 with HTTP 400 (basic/index#meta, SEP-2575)',
});

const header = (caseName: string, ours: string, what: string): Mapping => ({
  key: `header ${what}`,
  official: [
    { id: 'sep-2243-server-reject-invalid-headers', name: `ServerRejects${caseName}` },
    { id: 'sep-2243-server-reject-error-code', name: `ServerRejects${caseName}ErrorCode` },
  ],
  ours: [ours],
  relation: 'ours-stricter',
  why: `${what}: HTTP 400 and -32020 are both MUST (transports#headers, SEP-2243); the suite only WARNs on a wrong code`,
});

export const MAPPINGS: readonly Mapping[] = [
  meta('missing-meta', 'meta/missing-meta'),
  meta('missing-protocol-version', 'meta/missing-protocol-version'),
  meta('missing-client-capabilities', 'meta/missing-client-capabilities'),
  one(
    'discover implemented',
    'sep-2575-server-implements-discover',
    'discover/implemented',
    'every server implements server/discover with supportedVersions and capabilities (SEP-2575)',
  ),
  {
    key: 'unsupported version',
    official: [{ id: 'sep-2575-server-unsupported-version-error' }, { id: 'sep-2575-http-server-unsupported-version-400' }],
    ours: ['errors/unsupported-version'],
    relation: 'same',
    why: 'an unsupported version gets -32022 (HTTP 400) with data.supported and data.requested (basic/index#error-codes)',
  },
  one(
    'unknown method',
    'sep-2575-http-server-method-not-found-404',
    'errors/unknown-method',
    'an unknown method gets -32601 with HTTP 404 (transports#status-codes)',
  ),
  {
    key: 'undeclared capability',
    official: [{ id: 'sep-2575-server-rejects-undeclared-capability' }, { id: 'sep-2575-missing-capability-http-400' }],
    ours: ['capabilities/undeclared-client-capability'],
    relation: 'same',
    why: 'a request needing an undeclared client capability gets -32021 (HTTP 400); the suite needs its fixture tool, so this is compared only where both tools can test it',
  },
  {
    key: 'cache hints',
    official: [{ id: 'sep-2549-*' }],
    ours: ['caching/cacheable-results'],
    relation: 'same',
    why: 'list results and resources/read carry an integer ttlMs >= 0 and cacheScope public|private (server/utilities/caching, SEP-2549)',
  },
  one('tools order', 'tools-list-deterministic-order', 'tools/list-order-stable', 'SHOULD: tools/list keeps a deterministic order; both warn'),
  {
    key: 'resource not found',
    official: [{ id: 'sep-2164-no-empty-contents' }, { id: 'sep-2164-error-code' }],
    ours: ['resources/read-missing'],
    relation: 'ours-stricter',
    why: 'a missing resource gets -32602, never empty contents (server/resources#errors, SEP-2164); the suite only WARNs on the code',
  },
  header('MismatchedMethodHeader', 'http-headers/method-mismatch', 'Mcp-Method mismatch'),
  header('MissingMethodHeader', 'http-headers/method-missing', 'Mcp-Method missing'),
  header('MismatchedNameHeader', 'http-headers/name-mismatch', 'Mcp-Name mismatch'),
  header('MissingNameHeader', 'http-headers/name-missing', 'Mcp-Name missing'),
  one(
    'meta clientInfo optional',
    'sep-2575-request-meta-client-info-optional',
    'meta/client-info-optional',
    'a request whose _meta omits clientInfo is served (basic/index#meta)',
  ),
  one(
    'discover serverInfo',
    'sep-2575-server-identifies-in-result-meta',
    'discover/server-info',
    'SHOULD: the DiscoverResult names the server in _meta serverInfo; both warn',
  ),
  {
    key: 'discover capabilities',
    official: [{ id: 'sep-2575-server-declares-prompts-in-discover' }, { id: 'sep-2575-discover-capabilities-match-handlers' }],
    ours: ['discover/capabilities-match'],
    relation: 'same',
    why: 'advertised capabilities have working methods and unadvertised ones answer -32601 (server/discover)',
  },
  one(
    'protocol-version header mismatch',
    'sep-2575-http-server-header-mismatch-400',
    'http-headers/protocol-version-mismatch',
    'an MCP-Protocol-Version header that disagrees with _meta gets 400 and -32020',
  ),
  ...(
    [
      ['initialize', 'initialize'],
      ['ping', 'ping'],
      ['logging-setlevel', 'logging-set-level'],
      ['resources-subscribe', 'resources-subscribe'],
      ['resources-unsubscribe', 'resources-unsubscribe'],
    ] as const
  ).map(([theirs, ours]) =>
    one(
      `removed ${ours}`,
      `sep-2575-http-server-method-not-found-404-${theirs}`,
      `removed/${ours}`,
      'a method removed at 2026-07-28 gets -32601 with HTTP 404',
    ),
  ),
  one(
    'no server requests on a stream',
    'sep-2575-http-server-no-independent-requests-on-stream',
    'http-transport/sse-no-server-requests',
    'a response stream carries no server-to-client request; the suite needs its fixture tool',
  ),
  one(
    'no log without logLevel',
    'sep-2575-server-no-log-without-loglevel',
    'logging/no-message-without-loglevel',
    'no notifications/message unless the request set logLevel; the suite needs its fixture tool',
  ),
  one(
    'subscription ack first',
    'sep-2575-server-sends-subscription-ack',
    'subscriptions/ack-first',
    'subscriptions/listen is acknowledged before any notification on it',
  ),
  one(
    'subscription id tagged',
    'sep-2575-server-tags-subscription-id',
    'subscriptions/notifications-tagged',
    'every notification of a subscription carries its subscriptionId',
  ),
  one(
    'subscription filter',
    'sep-2575-server-honors-notification-filter',
    'subscriptions/filter-honoured',
    'a subscription carries only the notification types asked for',
  ),
  one(
    'error carries id',
    'sep-2575-http-server-error-jsonrpc-id',
    'http-transport/error-carries-id',
    'every error response carries the id of the request it answers',
  ),
  one('tool name format', 'tools-name-format', 'tools/name-format', 'SHOULD: tool names are 1-128 characters of A-Za-z0-9_.-; both warn'),
  {
    key: 'DNS rebinding',
    official: [{ id: 'localhost-host-*' }],
    ours: ['http-transport/origin-validated', 'http-transport/host-validated'],
    relation: 'same',
    why: 'a local server refuses a foreign Host/Origin and serves its own (transports#security-warning); the suite forges both at once, ours each alone',
  },
  one('header name case', 'sep-2243-header-name-case-insensitive', 'http-headers/name-case-insensitive', 'MCP header names match case-insensitively'),
  {
    key: 'header value case',
    official: [{ id: 'sep-2243-server-reject-*', name: 'ServerRejectsCaseMismatchValue*' }],
    ours: ['http-headers/method-value-case'],
    relation: 'ours-stricter',
    why: 'header values are case-sensitive: Mcp-Method TOOLS/LIST gets 400 and -32020; the suite only WARNs on a wrong code',
  },
  one(
    'header value whitespace',
    'sep-2243-server-accepts-whitespace-header-value',
    'http-headers/value-whitespace',
    'whitespace around a header value is not part of it (RFC 9110 §5.5); ours grades it SHOULD, the suite FAILs',
    'suite-stricter',
  ),
  {
    key: 'Mcp-Param match',
    official: [
      { id: 'sep-2243-server-decode-base64', name: 'ServerAcceptsValidBase64' },
      { id: 'sep-2243-server-validate-param-match', name: 'ServerLiteralMissingBase64Prefix' },
    ],
    ours: ['http-headers/param-match'],
    relation: 'same',
    why: 'an Mcp-Param header equal to its argument, plain or =?base64?…?=, is served (SEP-2243); the suite needs a string x-mcp-header parameter',
  },
  {
    key: 'Mcp-Param invalid',
    official: [{ id: 'sep-2243-server-reject-invalid-param-chars' }, { id: 'sep-2243-server-reject-param-mismatch', name: 'ServerRejectsInvalidBase64*' }],
    ours: ['http-headers/param-invalid'],
    relation: 'same',
    why: 'an Mcp-Param header with broken base64 gets 400 and -32020',
  },
  {
    key: 'Mcp-Param missing',
    official: [
      { id: 'sep-2243-server-validate-param-match', name: 'ServerRejectsMissingCustomHeader' },
      { id: 'sep-2243-server-reject-param-mismatch', name: 'ServerRejectsMissingCustomHeaderErrorCode' },
    ],
    ours: ['http-headers/param-missing'],
    relation: 'same',
    why: 'a tools/call whose x-mcp-header argument has no Mcp-Param header gets 400 and -32020',
  },
  one('resources list shape', 'resources-list', 'resources/list-valid', 'resources/list items carry a uri and a name'),
  one('prompts list shape', 'prompts-list', 'prompts/list-valid', 'prompts/list items carry a name and well-formed arguments'),
  one(
    'input_required methods',
    'sep-2322-not-on-unsupported-requests',
    'mrtr/input-required-methods-only',
    'only tools/call, prompts/get and resources/read may answer input_required (SEP-2322)',
  ),
  {
    key: 'tasks removed methods',
    official: [{ id: 'sep-2663-tasks-result-removed-method-not-found' }, { id: 'tasks-removed-tasks-list' }],
    ours: ['tasks/removed-methods'],
    relation: 'same',
    why: 'tasks/result and tasks/list, removed with the 2025-11-25 tasks, get -32601 (Tasks extension, SEP-2663)',
  },
  one(
    'tasks undeclared extension',
    'sep-2663-tasks-methods-non-declaring',
    'tasks/requires-extension-declared',
    'tasks/* without the extension declared get -32021 (SEP-2663)',
  ),
  one('tasks unknown id', 'sep-2663-tasks-get-invalid-task-id-32602', 'tasks/unknown-task-id', 'tasks/get for an unknown taskId gets -32602 (SEP-2663)'),
  {
    key: 'wire schema',
    official: [{ id: 'wire-schema-valid' }],
    ours: ['wire/server-messages-valid'],
    relation: 'same',
    why: 'every message the server sends is valid 2026-07-28 wire; the suite validates the scenarios it instruments, ours every message of the run',
  },
];
