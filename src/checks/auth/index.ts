import type { CheckDefinition } from '../types.js';
import { authNoToken401, authWwwAuthenticate, authResourceMetadataParam } from './challenge.js';
import { authProtectedResourceMetadata } from './metadata.js';
import { authTokenAccepted, authAudienceValidated, authExpiredRefused, authMalformedRefused } from './tokens.js';

/** The auth checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [
  authNoToken401,
  authWwwAuthenticate,
  authResourceMetadataParam,
  authProtectedResourceMetadata,
  authTokenAccepted,
  authAudienceValidated,
  authExpiredRefused,
  authMalformedRefused,
];
