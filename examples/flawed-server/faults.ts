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
  // Surface faults: _meta, discover, tool results, resources, prompts, completion, pagination, error codes, trace context.
  'client-info-required': 'requests without _meta clientInfo are refused with -32602 although clientInfo is optional',
  'capabilities-carried-over': 'client capabilities declared earlier in the same trace (traceparent trace-id) are granted to later requests',
  'server-info-missing': 'no result carries _meta io.modelcontextprotocol/serverInfo',
  'completion-unimplemented': 'discover advertises completions but completion/complete answers -32601',
  'completion-unadvertised': 'completion/complete is served although discover does not advertise completions',
  'version-unchecked-after-call': 'once a tools/call was served, tools/call requests naming an unsupported version are served',
  'structured-content-invalid': 'list_cities returns structuredContent.cities as one string, against its outputSchema',
  'text-mirror-missing': 'structured tool results carry a prose text block instead of the serialized JSON',
  'tool-errors-as-rpc': 'tool execution errors (bad argument values, unknown city) come as JSON-RPC -32603, not isError results',
  'unknown-tool-result': 'an unknown tool name gets an isError tool result instead of -32602',
  'tool-names-invalid': 'tools/list adds a tool named "find city" and lists list_cities twice',
  'error-code-reserved': 'an unknown tool gets -32050, an undefined code from the range reserved for the spec',
  'resources-list-invalid': 'resources/list items lack their required name',
  'resource-read-wrong-uri': 'resources/read answers contents whose uri is not the URI that was read',
  'templates-list-invalid': 'resources/templates/list items carry uri instead of uriTemplate',
  'prompts-list-invalid': 'prompts/list declares the plan_trip argument required as the string "yes"',
  'prompt-messages-invalid': 'prompts/get answers a message with role "system"',
  'prompt-unknown-wrong-code': 'prompts/get of an unknown prompt answers -32601 instead of -32602',
  'prompt-missing-argument-served': 'prompts/get without the required argument is served with a placeholder instead of -32602',
  'completion-invalid': 'completion/complete answers values as objects instead of strings',
  'cursor-ignored': 'a list cursor the server never issued is served as the first page instead of -32602',
  'cache-scope-per-page': 'the second page of resources/list says cacheScope "private" while the first says "public"',
  'trace-context-rejected': 'requests carrying traceparent, tracestate or baggage in _meta are refused with -32602',
  // Transport faults: HTTP headers (SEP-2243), removed methods, the HTTP transport, stdio.
  'headers-version-optional': 'a POST without MCP-Protocol-Version is served as 2026-07-28 instead of 400/-32020 (HTTP)',
  'headers-version-unchecked': 'an MCP-Protocol-Version header that disagrees with _meta is not compared, so the body version decides (HTTP)',
  'headers-name-case-sensitive': 'MCP header names are matched by their exact spelling, so mcp-method or MCP-METHOD count as missing (HTTP)',
  'headers-method-case-insensitive': 'Mcp-Method is compared ignoring case, so TOOLS/LIST is accepted for tools/list (HTTP)',
  'headers-whitespace-rejected': 'an Mcp-* header value with whitespace around it is refused with -32020; responses close the connection (HTTP)',
  'headers-base64-undecoded': 'a =?base64?...?= Mcp-Name is compared without decoding it (HTTP)',
  'param-missing-accepted': 'a tools/call without the Mcp-Param header of an argument in the body is served (HTTP)',
  'param-mismatch-accepted': 'an Mcp-Param header that disagrees with its argument is served (HTTP)',
  'param-invalid-accepted': 'an Mcp-Param header whose base64 value is broken is ignored instead of refused (HTTP)',
  'param-base64-undecoded': 'an Mcp-Param =?base64?...?= value is compared without decoding it (HTTP)',
  'param-null-expected': 'an x-mcp-header argument sent as null still needs its Mcp-Param header (HTTP)',
  'param-integer-as-string': 'integer Mcp-Param values are compared as text, so 5.0 differs from 5 (HTTP)',
  'x-mcp-header-invalid': 'tools/list adds tag_city, whose x-mcp-header declarations are empty, not tokens, duplicated, on number/object and under items/oneOf',
  'removed-methods-served': 'ping, logging/setLevel, resources/subscribe and resources/unsubscribe answer an empty result',
  'initialize-wrong-code': 'initialize with the modern envelope gets -32600 (HTTP 400) instead of -32601 / 404',
  'initialize-versions-unlisted': 'a 2025-era initialize gets -32022 without data.supported naming the versions the server speaks',
  'http-old-verbs-served': 'GET opens an event stream that stays open and DELETE answers 200, instead of 405 (HTTP)',
  'session-id-minted': 'every response carries an Mcp-Session-Id header (HTTP)',
  'session-id-enforced': 'a request with an unknown Mcp-Session-Id gets 404 "session not found" (HTTP)',
  'notification-200': 'notifications get HTTP 200 with a JSON body instead of 202 and no body (HTTP)',
  'notification-202-body': 'notifications get HTTP 202 with the JSON body null instead of no body (HTTP)',
  'sse-server-request': 'answers are event streams, each starting with a roots/list request from the server (HTTP)',
  'sse-stream-open': 'answers are event streams that stay open after the final response (HTTP)',
  'sse-no-accel-buffering': 'answers are event streams that lack the X-Accel-Buffering: no header (HTTP)',
  'error-id-missing': 'error responses leave out the id of the request they answer (HTTP)',
  'origin-unchecked': 'a foreign Origin is not refused (HTTP DNS-rebinding protection)',
  'host-unchecked': 'a foreign Host is not refused when no Origin is sent (HTTP DNS-rebinding protection)',
  'stdio-server-request': 'after its first response the stdio server writes a roots/list request to stdout',
  'stdio-ignore-eof': 'the stdio server keeps running after its stdin is closed, until SIGTERM',
  'stdio-request-before-result': 'the stdio server writes a sampling/createMessage request before each tools/call result',
  'response-id-wrong': 'every response carries an id the client never sent',
  'response-id-null': 'every response carries id null although the request id was readable',
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
  return validateFaults(
    raw
      .split(',')
      .map((f) => f.trim())
      .filter((f) => f !== ''),
  );
}
