import type { SharedState } from '../checks/index.js';
import type { ProbeOutcome } from '../target/probe.js';
import { describe } from '../target/client.js';
import { field } from '../spec/read.js';
import type { Catalogue, RawCatalogueInput } from '../contracts/index.js';
import type { Masker } from '../core/mask.js';
import { catalogueOf } from './catalogue-of.js';

export interface FetchedCatalogue {
  catalogue: Catalogue;
  /** Lists that could not be read completely (the catalogue then lacks them). */
  problems: string[];
}

/** What the catalogue is built from: the (memoised) list calls the checks share. Lists the server does not offer stay empty. */
export async function catalogueInput(shared: SharedState, probe: ProbeOutcome): Promise<{ input: RawCatalogueInput; problems: string[] }> {
  const problems: string[] = [];
  const read = async (method: 'tools/list' | 'prompts/list' | 'resources/list' | 'resources/templates/list', cap: string): Promise<unknown[]> => {
    if (shared.offers(cap) === false) return [];
    const l = await shared.list(method);
    // Unreadable is never "empty": only a list the server says it does not have is. That is -32601 without the
    // capability, and -32601 on resources/templates/list with it: the capability says the server "offers any resources to
    // read" (ServerCapabilities, both eras), templates are optional beside them, and servers on the low-level Server of the
    // 1.x SDK (@modelcontextprotocol/server-puppeteer 2025.5.12) declare resources and register no templates handler.
    const notFound = (l.broken?.response?.error as { code?: unknown } | undefined)?.code === -32601;
    const absent = notFound && (shared.offers(cap) === undefined || method === 'resources/templates/list');
    if (l.broken && !absent) problems.push(`${method} did not answer with a list (${describe(l.broken)})`);
    return l.items;
  };
  const input: RawCatalogueInput = {
    tools: await read('tools/list', 'tools'),
    prompts: await read('prompts/list', 'prompts'),
    resources: await read('resources/list', 'resources'),
    resourceTemplates: await read('resources/templates/list', 'resources'),
  };
  const instructions = probe.discover?.instructions ?? field(probe.legacyInit, 'instructions');
  if (typeof instructions === 'string') input.instructions = instructions;
  if (probe.server) input.server = { ...probe.server };
  if (probe.protocolVersion) input.protocolVersion = probe.protocolVersion;
  return { input, problems };
}

/** The server's catalogue, from the list calls the checks share. */
export async function catalogueFrom(shared: SharedState, probe: ProbeOutcome, masker?: Masker): Promise<FetchedCatalogue> {
  const { input, problems } = await catalogueInput(shared, probe);
  return { catalogue: catalogueOf(input, masker), problems };
}
