import type { CheckDefinition } from './types.js';
import { undeclaredCapability } from './capabilities/undeclared.js';
import { cacheableResults } from './caching/cacheable-results.js';
import { discoverImplemented } from './discover/implemented.js';
import { discoverSupportedVersions } from './discover/supported-versions.js';
import { unknownMethod } from './errors/unknown-method.js';
import { unsupportedVersion } from './errors/unsupported-version.js';
import { methodHeaderMismatch, methodHeaderMissing, nameHeaderMismatch, nameHeaderMissing } from './http-headers/header-checks.js';
import { missingClientCapabilities, missingMeta, missingProtocolVersion } from './meta/required-keys.js';
import { readMissingResource } from './resources/read-missing.js';
import { resultTypePresent } from './results/result-type.js';
import { stdoutJsonOnly } from './stdio/stdout-json-only.js';
import { serverMessagesValid } from './wire/server-messages-valid.js';
import { idCorrelation } from './wire/id-correlation.js';
import { toolsListOrderStable } from './tools/list-order-stable.js';
import { inputSchemaObject, schemaBounded, schemaNoNetworkRef, schemaValid } from './tools/schema-checks.js';

import { TRANSPORT_CHECKS } from './families/transport.js';
import { SURFACE_CHECKS } from './families/surface.js';
import { FLOW_CHECKS } from './families/flows.js';
import { LEGACY_CHECKS } from './families/eras.js';
import { AUTH_CHECKS } from './families/auth.js';

/** The catalogue: static, sorted by id, listable without running anything. */
export const CHECKS: readonly CheckDefinition[] = [
  discoverImplemented,
  discoverSupportedVersions,
  toolsListOrderStable,
  cacheableResults,
  resultTypePresent,
  inputSchemaObject,
  schemaValid,
  schemaNoNetworkRef,
  schemaBounded,
  unsupportedVersion,
  missingMeta,
  missingProtocolVersion,
  missingClientCapabilities,
  unknownMethod,
  readMissingResource,
  undeclaredCapability,
  methodHeaderMissing,
  methodHeaderMismatch,
  nameHeaderMissing,
  nameHeaderMismatch,
  stdoutJsonOnly,
  serverMessagesValid,
  idCorrelation,
  ...TRANSPORT_CHECKS,
  ...SURFACE_CHECKS,
  ...FLOW_CHECKS,
  ...LEGACY_CHECKS,
  ...AUTH_CHECKS,
].sort((a, b) => a.id.localeCompare(b.id));

/** The area of a check is the first segment of its id. */
export function areaOf(id: string): string {
  return id.split('/')[0] ?? id;
}

/** `--only` / `--skip` select by id prefix. */
export function selectChecks(all: readonly CheckDefinition[], only: readonly string[] = [], skip: readonly string[] = []): CheckDefinition[] {
  const hit = (id: string, prefixes: readonly string[]) => prefixes.some((p) => id.startsWith(p));
  return all.filter((c) => (!only.length || hit(c.id, only)) && !hit(c.id, skip));
}

export type { CheckDefinition, CheckContext, CheckOptions, CheckFailure, CheckEra } from './types.js';
export { checkEras, erasOfSpec, ERA_LABEL } from './eras.js';
export { CheckStop } from './types.js';
export { SharedState } from './shared.js';
