import type { Masker } from '../core/mask.js';
import { buildCatalogue, type Catalogue, type RawCatalogueInput } from '../contracts/index.js';

const MASKED_NOTE = 'the server sent secrets of this run (header or environment values); they are written as *** here, and the hashes cover the masked text';

/** The catalogue of what the lists gave; a token the server echoed is masked (a snapshot is meant to be committed). */
export function catalogueOf(input: RawCatalogueInput, masker?: Masker): Catalogue {
  if (!masker) return buildCatalogue(input);
  // JSON text holds a secret with a quote, a backslash or a control character only escaped: look in each string instead.
  if (masker.secrets().some((s) => JSON.stringify(s).length !== s.length + 2))
    return anyString(input, (s) => masker.needsMasking(s), 0) ? maskedCatalogue(input, masker) : buildCatalogue(input);
  // Each listed entity is searched in the canonical text the catalogue writes to hash it anyway, so a 5,000-tool list
  // (6.7 MB) is not serialised a second time; what is not in a list (server info, instructions) is small.
  const { tools: _t, prompts: _p, resources: _r, resourceTemplates: _rt, ...rest } = input;
  let leaks = masker.needsMasking(JSON.stringify(rest));
  const plain = buildCatalogue(input, (text) => {
    if (!leaks) leaks = masker.needsMasking(text);
  });
  return leaks ? maskedCatalogue(input, masker) : plain;
}

function maskedCatalogue(input: RawCatalogueInput, masker: Masker): Catalogue {
  return buildCatalogue({ ...masker.json(input), masked: MASKED_NOTE });
}

/** True when `test` holds for some string in `v`, object keys included (the masker masks keys too). */
function anyString(v: unknown, test: (s: string) => boolean, depth: number): boolean {
  if (typeof v === 'string') return test(v);
  if (!v || typeof v !== 'object' || depth > 512) return false;
  if (Array.isArray(v)) return v.some((x) => anyString(x, test, depth + 1));
  return Object.entries(v).some(([k, x]) => test(k) || anyString(x, test, depth + 1));
}
