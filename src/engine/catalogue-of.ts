import type { Masker } from '../core/mask.js';
import { buildCatalogue, type Catalogue, type RawCatalogueInput } from '../contracts/index.js';

const MASKED_NOTE = 'the server sent secrets of this run (header or environment values); they are written as *** here, and the hashes cover the masked text';

/** The catalogue of what the lists gave; a token the server echoed is masked (a snapshot is meant to be committed). */
export function catalogueOf(input: RawCatalogueInput, masker?: Masker): Catalogue {
  if (masker?.needsMasking(JSON.stringify(input))) return buildCatalogue({ ...masker.json(input), masked: MASKED_NOTE });
  return buildCatalogue(input);
}
