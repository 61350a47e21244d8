/**
 * Where the official suite and mcp-assay legitimately differ on a mapped pair, server by server, with the reason.
 * The oracle accepts exactly these mismatches; one that no longer occurs is stale and fails the oracle too.
 */
import type { KnownDifference } from './mapping.js';

export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  {
    key: 'wire schema',
    servers: [
      'flawed:cache-hints-missing',
      'flawed:discover-missing-fields',
      'flawed:headers-name-unchecked+cache-hints-missing+unknown-method-wrong+tools-order-unstable',
    ],
    official: 'FAILURE',
    ours: 'pass',
    why: 'one finding per root cause: a result missing ttlMs/cacheScope (or discover fields) fails caching/cacheable-results or discover/implemented, and the wire check points there ("same cause as") instead of failing the same messages again',
  },
  {
    key: 'wire schema',
    servers: ['flawed:resource-missing-legacy-code'],
    official: 'SUCCESS',
    ours: 'fail',
    why: 'ours applies the error-code policy: -32002 is retired at 2026-07-28 (SEP-2164); a JSON Schema cannot say that, so the suite accepts it',
  },
  {
    key: 'wire schema',
    servers: ['flawed:result-type-unknown'],
    official: 'SUCCESS',
    ours: 'fail',
    why: 'an unrecognised resultType makes a result invalid (basic/index, SEP-2322); the schema types resultType as any string, so the suite accepts "done"',
  },
  {
    key: 'wire schema',
    servers: ['flawed:version-error-bad-data'],
    official: 'SUCCESS',
    ours: 'fail',
    why: 'the suite sends a bogus version only in server-stateless, which uses raw fetch and is not wire-validated; ours validates every message, so the -32022 without data fails',
  },
  {
    key: 'cache hints',
    servers: ['flawed:discover-missing-fields'],
    official: 'SUCCESS',
    ours: 'fail',
    why: 'DiscoverResult is a cacheable result too (server/discover; schema requires ttlMs and cacheScope); the caching scenario never inspects server/discover',
  },
  {
    key: 'unsupported version',
    servers: ['flawed:discover-unimplemented'],
    official: 'FAILURE',
    ours: 'pass',
    why: 'the suite checks -32022 data.supported against server/discover, so it fails whenever discover is broken; ours judges the -32022 itself and leaves discover to discover/implemented',
  },

  {
    key: 'cache hints',
    servers: ['flawed:cache-scope-per-page'],
    official: 'SUCCESS',
    ours: 'fail',
    why: 'all pages of one list MUST share one cacheScope (server/utilities/caching); the caching scenario reads only the first page',
  },
  {
    key: 'prompts list shape',
    servers: ['flawed:prompts-list-invalid'],
    official: 'SUCCESS',
    ours: 'fail',
    why: 'the prompts-list check asks only for a name per prompt; an argument with required "yes" is left to its wire validation (which agrees with ours)',
  },
  {
    key: 'discover capabilities',
    servers: ['flawed:completion-unadvertised'],
    official: 'SUCCESS',
    ours: 'fail',
    why: 'the suite matches tools, prompts and resources against their handlers, not completions; ours also probes completion/complete',
  },
  {
    key: 'meta clientInfo optional',
    servers: ['flawed:discover-unimplemented'],
    official: 'FAILURE',
    ours: 'pass',
    why: 'the suite probes a request without clientInfo with server/discover, so a server without discover fails it; ours probes with a method the server serves',
  },
  {
    key: 'DNS rebinding',
    servers: ['flawed:discover-unimplemented'],
    official: 'FAILURE',
    ours: 'pass',
    why: 'the suite\'s "own Host is served" request is a server/discover, so a server without discover fails it; ours uses tools/list',
  },
];

/** Official failures that mean "the fixture tool, prompt or resource is missing", not a verdict on the server. */
export const NOT_TESTABLE: readonly RegExp[] = [
  /^Not testable/i,
  /^Prerequisite failed/i,
  /\b(Tool|Prompt) '?[\w./-]+'? not found/,
  /Resource not found: test:\/\//,
  /fixture .* unavailable/i,
];
