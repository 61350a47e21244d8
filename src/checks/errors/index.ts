import type { CheckDefinition } from '../types.js';
import { codeAllocation } from './code-allocation.js';
import { unknownMethod } from './unknown-method.js';
import { unsupportedVersion } from './unsupported-version.js';
import { versionEveryRequest } from './version-every-request.js';

/** The errors checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [codeAllocation, unknownMethod, unsupportedVersion, versionEveryRequest];
