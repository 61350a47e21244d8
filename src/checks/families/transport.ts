import type { CheckDefinition } from '../types.js';
import { headerNamesCaseInsensitive, methodValueCase, nameBase64, valueWhitespace } from '../http-headers/header-syntax.js';
import { paramAbsent, paramIntegerNumeric, paramInvalid, paramMatch, paramMismatch, paramMissing } from '../http-headers/param-checks.js';
import { paramDeclarations } from '../http-headers/param-declarations.js';
import { versionHeaderMismatch, versionHeaderMissing } from '../http-headers/version-header.js';
import { dnsHostValidated, originValidated } from '../http-transport/dns-rebinding.js';
import { errorCarriesId } from '../http-transport/error-id.js';
import { notification202 } from '../http-transport/notification-202.js';
import { oldVerbs405 } from '../http-transport/old-verbs.js';
import { noSessionMinted, sessionIgnored } from '../http-transport/sessions.js';
import { sseAccelBuffering, sseNoServerRequests, sseStreamEnds } from '../http-transport/sse.js';
import { removedInitialize, removedPing, removedSetLevel, removedSubscribe, removedUnsubscribe } from '../removed/removed-methods.js';
import { stdioExitOnEof } from '../stdio/exit-on-eof.js';
import { stdioNoServerRequests } from '../stdio/no-server-requests.js';

/** The transport family of checks; each lives in its own file under src/checks/<area>/ and is listed here. */
export const TRANSPORT_CHECKS: CheckDefinition[] = [
  // Streamable HTTP request headers (SEP-2243)
  versionHeaderMissing,
  versionHeaderMismatch,
  headerNamesCaseInsensitive,
  methodValueCase,
  valueWhitespace,
  nameBase64,
  paramDeclarations,
  paramMissing,
  paramMismatch,
  paramInvalid,
  paramMatch,
  paramAbsent,
  paramIntegerNumeric,
  // Methods removed in 2026-07-28
  removedInitialize,
  removedPing,
  removedSetLevel,
  removedSubscribe,
  removedUnsubscribe,
  // Streamable HTTP transport behaviour
  oldVerbs405,
  noSessionMinted,
  sessionIgnored,
  notification202,
  sseNoServerRequests,
  sseStreamEnds,
  sseAccelBuffering,
  errorCarriesId,
  originValidated,
  dnsHostValidated,
  // stdio
  stdioNoServerRequests,
  stdioExitOnEof,
];
