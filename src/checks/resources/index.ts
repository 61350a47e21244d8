import type { CheckDefinition } from '../types.js';
import { resourcesListValid } from './list-valid.js';
import { readListedResource } from './read-listed.js';
import { readMissingResource } from './read-missing.js';
import { resourceTemplatesList } from './templates-list.js';

/** The resources checks; the catalogue (../index.ts) sorts them with every other area's. */
export const checks: readonly CheckDefinition[] = [resourcesListValid, readListedResource, readMissingResource, resourceTemplatesList];
