import type { CheckDefinition } from '../types.js';
import { stdioExitOnEof } from './exit-on-eof.js';
import { stdioNoServerRequests } from './no-server-requests.js';
import { stdoutJsonOnly } from './stdout-json-only.js';

/** The stdio checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [stdioExitOnEof, stdioNoServerRequests, stdoutJsonOnly];
