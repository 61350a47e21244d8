import type { CheckDefinition } from '../types.js';
import { capabilitiesMatch } from './capabilities-match.js';
import { discoverImplemented } from './implemented.js';
import { discoverServerInfo } from './server-info.js';
import { discoverSupportedVersions } from './supported-versions.js';

/** The discover checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [capabilitiesMatch, discoverImplemented, discoverServerInfo, discoverSupportedVersions];
