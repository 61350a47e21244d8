/**
 * Fault switches of the flawed server. Each one breaks exactly one requirement of revision
 * 2026-07-28 (or, for the hostile ones, one assumption a harness must not make).
 */
export const FAULTS: Record<string, string> = {
  'discover-unimplemented': 'server/discover answers -32601 (HTTP 404) although every server MUST implement it',
  'discover-missing-version': 'server/discover omits 2026-07-28 from supportedVersions while still serving it',
  'discover-missing-fields': 'server/discover omits capabilities, ttlMs and cacheScope',
  'tools-order-unstable': 'tools/list rotates its order on every call instead of a deterministic order',
  'cache-hints-missing': 'list results and resources/read omit ttlMs and cacheScope',
  'cache-hints-invalid': 'tools/list sends ttlMs -5 and resources/read sends cacheScope "shared"',
  'result-type-missing': 'no result carries resultType',
  'result-type-unknown': 'results carry resultType "done"',
  'schema-root-not-object': 'list_cities has an inputSchema whose root type is "array"',
  'schema-invalid': 'lookup_city has an inputSchema with an invalid keyword value (type "strng")',
  'schema-network-ref': 'lookup_city has an inputSchema $ref to a network URL (env FLAWED_CANARY_URL)',
  'schema-dangling-ref': 'lookup_city has an inputSchema $ref to "#/$defs/missing"',
  'schema-hostile': 'lookup_city has an inputSchema nested 3000 levels deep plus a $ref cycle',
  'version-unchecked': 'requests naming any protocolVersion are served instead of -32022',
  'version-error-bad-data': '-32022 comes without data.supported/data.requested, and with HTTP 200',
  'meta-unchecked': 'requests without _meta (or its required keys) are served instead of -32602',
  'unknown-method-wrong': 'unknown and removed methods get -32603 with HTTP 200 instead of -32601 / 404',
  'resource-missing-legacy-code': 'reading a missing resource answers the retired code -32002',
  'resource-missing-empty': 'reading a missing resource answers a result with empty contents',
  'capability-unchecked': 'confirm_lookup asks for elicitation even when the client did not declare it',
  'headers-method-unchecked': 'a missing or mismatched Mcp-Method header is accepted (HTTP)',
  'headers-name-unchecked': 'a missing or mismatched Mcp-Name header is accepted (HTTP)',
  'headers-wrong-code': 'header errors get HTTP 400 but code -32600 instead of -32020 (HTTP)',
  'stdout-garbage': 'a non-JSON line on stdout at start and after each response (stdio)',
  'huge-body': 'tools/list is answered with a body of about 50 MB, streamed',
  'endless-sse': 'tools/list is answered with an SSE stream of keep-alive comments that never ends (HTTP)',
  hang: 'tools/list is never answered',
  'die-mid-run': 'after the 3rd request the stdio process exits 1 / the HTTP server drops its sockets and stops listening',
};

/** Faults the demo turns on when no --faults option is given: readable, one per check family. */
export const DEMO_FAULTS: readonly string[] = [
  'discover-missing-fields',
  'tools-order-unstable',
  'cache-hints-invalid',
  'schema-dangling-ref',
  'resource-missing-legacy-code',
  'headers-name-unchecked',
];

/** Checks a fault list; an unknown name is a start-up error. */
export function validateFaults(faults: readonly string[]): string[] {
  const unknown = faults.filter((f) => !Object.hasOwn(FAULTS, f));
  if (unknown.length > 0) {
    throw new Error(`unknown fault(s): ${unknown.join(', ')}; known: ${Object.keys(FAULTS).join(', ')}`);
  }
  return [...new Set(faults)];
}

/** Reads `--faults a,b` from argv: absent -> DEMO_FAULTS, `none` -> no faults. */
export function faultsFromArgv(argv: readonly string[]): string[] {
  const i = argv.indexOf('--faults');
  const inline = argv.find((a) => a.startsWith('--faults='));
  const raw = inline !== undefined ? inline.slice('--faults='.length) : i >= 0 ? argv[i + 1] : undefined;
  if (raw === undefined) {
    if (i >= 0) throw new Error('--faults needs a value: a comma-separated list, or "none"');
    return [...DEMO_FAULTS];
  }
  if (raw.trim() === 'none') return [];
  return validateFaults(raw.split(',').map((f) => f.trim()).filter((f) => f !== ''));
}
