import type { CheckDefinition } from '../types.js';
import { originValidated, dnsHostValidated } from './dns-rebinding.js';
import { errorCarriesId } from './error-id.js';
import { notification202 } from './notification-202.js';
import { oldVerbs405 } from './old-verbs.js';
import { noSessionMinted, sessionIgnored } from './sessions.js';
import { sseNoServerRequests, sseAccelBuffering, sseStreamEnds } from './sse.js';

/** The http-transport checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [
  originValidated,
  dnsHostValidated,
  errorCarriesId,
  notification202,
  oldVerbs405,
  noSessionMinted,
  sessionIgnored,
  sseNoServerRequests,
  sseAccelBuffering,
  sseStreamEnds,
];
