import type { CheckDefinition } from '../types.js';
import { methodHeaderMissing, methodHeaderMismatch, nameHeaderMissing, nameHeaderMismatch } from './header-checks.js';
import { headerNamesCaseInsensitive, methodValueCase, valueWhitespace, nameBase64 } from './header-syntax.js';
import { paramMissing, paramMismatch, paramInvalid, paramMatch, paramAbsent, paramIntegerNumeric } from './param-checks.js';
import { paramDeclarations } from './param-declarations.js';
import { versionHeaderMissing, versionHeaderMismatch } from './version-header.js';

/** The http-headers checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [
  methodHeaderMissing,
  methodHeaderMismatch,
  nameHeaderMissing,
  nameHeaderMismatch,
  headerNamesCaseInsensitive,
  methodValueCase,
  valueWhitespace,
  nameBase64,
  paramMissing,
  paramMismatch,
  paramInvalid,
  paramMatch,
  paramAbsent,
  paramIntegerNumeric,
  paramDeclarations,
  versionHeaderMissing,
  versionHeaderMismatch,
];
