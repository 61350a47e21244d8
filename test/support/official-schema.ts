/** The official 2026-07-28 schema as a test oracle. Tests only: the product never reads the shared spec. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestContext } from 'node:test';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule.default;
const OFFICIAL_ID = 'urn:official:mcp:2026-07-28';
export const MODERN_REVISION_DIR = '2026-07-28';

/** The repository root: the nearest folder above this file whose package.json is ours (works from src and dist). */
function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'mcp-assay') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('official-schema: could not find the mcp-assay repository root');
    dir = parent;
  }
}

/** The shared spec folder (`MCP_ASSAY_SPEC_DIR`, else `<repo>/../shared/spec`), or undefined when it is absent. */
export function specDir(): string | undefined {
  const dir = process.env.MCP_ASSAY_SPEC_DIR ? resolve(process.env.MCP_ASSAY_SPEC_DIR) : resolve(repoRoot(), '..', 'shared', 'spec');
  return existsSync(join(dir, MODERN_REVISION_DIR, 'schema.json')) ? dir : undefined;
}

/**
 * The spec folder for a test that needs it. Absent: skips the test locally, fails it on CI (`CI` set),
 * so a CI run can never pass by skipping the oracle.
 */
export function specDirOrSkip(t: TestContext): string | undefined {
  const dir = specDir();
  if (dir) return dir;
  const where = process.env.MCP_ASSAY_SPEC_DIR ?? '<repo>/../shared/spec';
  if (process.env.CI) {
    throw new Error(
      `official spec not found at ${where}: CI must provide it (set MCP_ASSAY_SPEC_DIR to the folder holding ${MODERN_REVISION_DIR}/schema.json)`,
    );
  }
  t.skip(`official spec not found at ${where} (set MCP_ASSAY_SPEC_DIR to run this test)`);
  return undefined;
}

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function officialValidator(typeName: string): ValidateFunction {
  let validate = validators.get(typeName);
  if (validate) return validate;
  if (!ajv) {
    const dir = specDir();
    if (!dir) throw new Error('official-schema: the shared spec folder is absent (see specDir())');
    const schema = JSON.parse(readFileSync(join(dir, MODERN_REVISION_DIR, 'schema.json'), 'utf8')) as Record<string, unknown>;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...schema, $id: OFFICIAL_ID });
  }
  validate = ajv.getSchema(`${OFFICIAL_ID}#/$defs/${typeName}`);
  if (!validate) throw new Error(`official-schema: no definition ${typeName}`);
  validators.set(typeName, validate);
  return validate;
}

/** Errors of `value` against the official definition `typeName` (empty = valid). */
export function officialValidate(typeName: string, value: unknown): string[] {
  const validate = officialValidator(typeName);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
}
