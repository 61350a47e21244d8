import type { CheckDefinition } from '../types.js';
import { capabilitiesPerRequest } from './capabilities-per-request.js';
import { clientInfoOptional } from './client-info-optional.js';
import { missingMeta, missingProtocolVersion, missingClientCapabilities } from './required-keys.js';

/** The meta checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [capabilitiesPerRequest, clientInfoOptional, missingMeta, missingProtocolVersion, missingClientCapabilities];
