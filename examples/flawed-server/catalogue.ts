/** Tools, resources and prompts of the flawed server, with the schema faults applied on request. */

export interface City {
  name: string;
  country: string;
  population: number;
  timezone: string;
}

export const CITIES: readonly City[] = [
  { name: 'Lisbon', country: 'Portugal', population: 545_000, timezone: 'Europe/Lisbon' },
  { name: 'Nairobi', country: 'Kenya', population: 4_397_000, timezone: 'Africa/Nairobi' },
  { name: 'Osaka', country: 'Japan', population: 2_750_000, timezone: 'Asia/Tokyo' },
  { name: 'Quito', country: 'Ecuador', population: 2_800_000, timezone: 'America/Guayaquil' },
  { name: 'Tromsø', country: 'Norway', population: 77_000, timezone: 'Europe/Oslo' },
];

export const CITY_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    country: { type: 'string' },
    population: { type: 'integer', minimum: 0 },
    timezone: { type: 'string' },
  },
  required: ['name', 'country', 'population', 'timezone'],
  additionalProperties: false,
};

const NAME_INPUT = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1, description: 'City name, e.g. "Lisbon".', examples: ['Lisbon'] } },
  required: ['name'],
  additionalProperties: false,
};

const DEFAULT_CANARY = 'http://127.0.0.1:9/canary.json';

/**
 * 3000 levels of `items` nesting: a schema no validator should walk without a bound (SEP-2106).
 * One JSON object per level keeps it inside what JSON.stringify can serialise (about 4000 levels).
 */
function deepSchema(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'array', items: schema };
  return schema;
}

function lookupInputSchema(faults: ReadonlySet<string>): Record<string, unknown> {
  const schema: Record<string, unknown> = structuredClone(NAME_INPUT);
  const props = schema['properties'] as Record<string, unknown>;
  // Optional filters that HTTP clients mirror into Mcp-Param-* headers (x-mcp-header, SEP-2243).
  props['country'] = { type: 'string', minLength: 1, 'x-mcp-header': 'Country', description: 'Only match a city in this country, e.g. "Japan".' };
  props['minPopulation'] = { type: 'integer', minimum: 0, 'x-mcp-header': 'Min-Population', description: 'Only match a city with at least this many people.' };
  if (faults.has('schema-invalid')) props['name'] = { type: 'strng' };
  if (faults.has('schema-network-ref')) props['region'] = { $ref: process.env['FLAWED_CANARY_URL'] ?? DEFAULT_CANARY };
  if (faults.has('schema-dangling-ref')) props['region'] = { $ref: '#/$defs/missing' };
  if (faults.has('schema-hostile')) {
    props['filter'] = deepSchema(3000);
    props['loop'] = { $ref: '#/$defs/ping' };
    schema['$defs'] = { ping: { $ref: '#/$defs/pong' }, pong: { $ref: '#/$defs/ping' } };
  }
  return schema;
}

/** A tool whose x-mcp-header declarations break every rule (HTTP §custom headers); it may write, so it is never called. */
function invalidHeaderTool(): Record<string, unknown> {
  const p = (type: string, header: string, extra: Record<string, unknown> = {}) => ({ type, 'x-mcp-header': header, ...extra });
  return {
    name: 'tag_city',
    description: 'Attach a tag to a city.',
    inputSchema: {
      type: 'object',
      properties: {
        tag: p('string', ''),
        note: p('string', 'Note Text'),
        label: p('string', 'Label'),
        title: p('string', 'label'),
        weight: p('number', 'Weight'),
        extra: p('object', 'Extra'),
        aliases: { type: 'array', items: p('string', 'Alias') },
        code: { oneOf: [p('string', 'Code'), p('integer', 'Code-Number')] },
      },
    },
    annotations: { readOnlyHint: false, destructiveHint: false },
  };
}

export function toolList(faults: ReadonlySet<string>): Record<string, unknown>[] {
  const readOnly = { readOnlyHint: true, openWorldHint: false };
  const tools: Record<string, unknown>[] = [
    {
      name: 'lookup_city',
      title: 'Look up a city',
      description: 'Return country, population and time zone for one city by name. Read-only; use list_cities for the names.',
      inputSchema: lookupInputSchema(faults),
      outputSchema: CITY_OUTPUT_SCHEMA,
      annotations: readOnly,
    },
    {
      name: 'list_cities',
      title: 'List cities',
      description: 'List the names of every city this server knows. Read-only, takes no arguments.',
      inputSchema: faults.has('schema-root-not-object') ? { type: 'array', items: { type: 'string' } } : { type: 'object', additionalProperties: false },
      outputSchema: { type: 'object', properties: { cities: { type: 'array', items: { type: 'string' } } }, required: ['cities'] },
      annotations: readOnly,
    },
    {
      name: 'confirm_lookup',
      title: 'Look up a city after confirmation',
      description: 'Like lookup_city, but first asks the user to confirm through a form. Needs the elicitation capability.',
      inputSchema: structuredClone(NAME_INPUT),
      outputSchema: CITY_OUTPUT_SCHEMA,
      annotations: readOnly,
    },
    {
      name: 'delete_city',
      title: 'Delete a city',
      description: "Permanently remove a city from this server's data. Destructive: it cannot be undone.",
      inputSchema: structuredClone(NAME_INPUT),
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
  ];
  if (faults.has('tool-names-invalid')) {
    // A space is outside A-Z a-z 0-9 _ - . and a repeated name breaks uniqueness (TOOLS §tool names, SHOULD).
    const find = {
      name: 'find city',
      description: 'Find a city by a partial name.',
      inputSchema: structuredClone(NAME_INPUT),
      annotations: { readOnlyHint: false, destructiveHint: false },
    };
    tools.push(find, structuredClone(tools[1]!));
  }
  if (faults.has('x-mcp-header-invalid')) tools.push(invalidHeaderTool());
  return tools;
}

export const RESOURCES = [
  { uri: 'cities://index', name: 'city-index', title: 'City index', description: 'Names of all known cities, one a line.', mimeType: 'text/plain' },
];

export const RESOURCE_TEMPLATES = [
  { uriTemplate: 'cities://city/{name}', name: 'city', title: 'City', description: 'One city as JSON.', mimeType: 'application/json' },
];

export const PROMPTS = [
  {
    name: 'plan_trip',
    title: 'Plan a trip',
    description: 'Ask for a one-day plan in a city, using the city facts.',
    arguments: [{ name: 'city', description: 'City to visit, e.g. "Osaka".', required: true }],
  },
];
