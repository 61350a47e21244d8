import type { CheckDefinition } from '../types.js';
import { authNoToken401, authResourceMetadataParam, authWwwAuthenticate } from '../auth/challenge.js';
import { authProtectedResourceMetadata } from '../auth/metadata.js';
import { authAudienceValidated, authExpiredRefused, authMalformedRefused, authTokenAccepted } from '../auth/tokens.js';

/** Authorization of protected HTTP servers (basic/authorization, RFC 9728, RFC 6750). */
export const AUTH_CHECKS: readonly CheckDefinition[] = [
  authNoToken401,
  authWwwAuthenticate,
  authResourceMetadataParam,
  authProtectedResourceMetadata,
  authTokenAccepted,
  authAudienceValidated,
  authExpiredRefused,
  authMalformedRefused,
];
