import type { CheckDefinition } from '../types.js';
import { completionComplete } from '../completion/complete.js';
import { capabilitiesMatch } from '../discover/capabilities-match.js';
import { discoverServerInfo } from '../discover/server-info.js';
import { codeAllocation } from '../errors/code-allocation.js';
import { versionEveryRequest } from '../errors/version-every-request.js';
import { capabilitiesPerRequest } from '../meta/capabilities-per-request.js';
import { clientInfoOptional } from '../meta/client-info-optional.js';
import { invalidCursor } from '../pagination/invalid-cursor.js';
import { missingPromptArgument, unknownPrompt } from '../prompts/errors.js';
import { getListedPrompt } from '../prompts/get-listed.js';
import { promptsListValid } from '../prompts/list-valid.js';
import { resourcesListValid } from '../resources/list-valid.js';
import { readListedResource } from '../resources/read-listed.js';
import { resourceTemplatesList } from '../resources/templates-list.js';
import { executionErrorIsResult } from '../results/execution-errors.js';
import { resultsServerInfo } from '../results/server-info.js';
import { structuredContentText, structuredContentValid } from '../results/structured-content.js';
import { toolNameFormat } from '../tools/name-format.js';
import { unknownTool } from '../tools/unknown-tool.js';
import { traceContextAccepted } from '../trace/context-accepted.js';

/** The surface family of checks; each lives in its own file under src/checks/<area>/ and is listed here. */
export const SURFACE_CHECKS: CheckDefinition[] = [
  clientInfoOptional,
  capabilitiesPerRequest,
  discoverServerInfo,
  capabilitiesMatch,
  versionEveryRequest,
  codeAllocation,
  resultsServerInfo,
  structuredContentValid,
  structuredContentText,
  executionErrorIsResult,
  unknownTool,
  toolNameFormat,
  resourcesListValid,
  readListedResource,
  resourceTemplatesList,
  promptsListValid,
  getListedPrompt,
  unknownPrompt,
  missingPromptArgument,
  completionComplete,
  invalidCursor,
  traceContextAccepted,
];
