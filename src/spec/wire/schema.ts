/** Our JSON Schema 2020-12 document for the 2026-07-28 wire, assembled from the per-area definitions. */
import { baseDefs } from './defs-base.js';
import { contentDefs } from './defs-content.js';
import { discoverDefs } from './defs-discover.js';
import { elicitSchemaDefs } from './defs-elicit-schemas.js';
import { mrtrDefs } from './defs-mrtr.js';
import { notificationDefs } from './defs-notifications.js';
import { promptDefs } from './defs-prompts.js';
import { resourceDefs } from './defs-resources.js';
import { taskDefs } from './defs-tasks.js';
import { toolDefs } from './defs-tools.js';
import type { JsonSchema } from './schema-helpers.js';

/** A URN, so nothing ever looks like a fetchable address. */
export const WIRE_SCHEMA_ID = 'urn:mcp-assay:wire:2026-07-28';

function mergeDefs(...groups: Record<string, JsonSchema>[]): Record<string, JsonSchema> {
  const all: Record<string, JsonSchema> = {};
  for (const group of groups) {
    for (const [name, def] of Object.entries(group)) {
      if (name in all) throw new Error(`wire model: definition ${name} is declared twice`);
      all[name] = def;
    }
  }
  return all;
}

const defs = mergeDefs(baseDefs, discoverDefs, contentDefs, toolDefs, resourceDefs, promptDefs, mrtrDefs, elicitSchemaDefs, notificationDefs, taskDefs);

export const wireSchema: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: WIRE_SCHEMA_ID,
  $defs: defs,
};

/** Every type name the model defines, sorted. */
export const WIRE_TYPE_NAMES: readonly string[] = Object.keys(defs).sort();
