/**
 * Finds the relative paths a bundle's chunks name that do not exist beside them. Modules that locate files relative
 * to themselves (`import.meta.url`) keep those paths when bundled, but a chunk sits somewhere else than its module
 * did, so such a path can point at nothing; the build and a test both refuse a bundle where it does.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A quoted relative path: './x', "../y", or a template such as `./generated/${file}.cjs`. */
const RELATIVE = /(["'`])(\.{1,2}\/[^"'`\s]*)\1/g;

export interface BundleReference {
  chunk: string;
  line: number;
  reference: string;
}

/** Every relative path named in code (not in comments) of the bundle's top-level chunks. */
export function bundleReferences(dir: string): BundleReference[] {
  const found: BundleReference[] = [];
  for (const chunk of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const lines = readFileSync(path.join(dir, chunk), 'utf8').split('\n');
    lines.forEach((text, i) => {
      const t = text.trimStart();
      if (t.startsWith('*') || t.startsWith('//') || t.startsWith('/*')) return;
      for (const m of text.matchAll(RELATIVE)) found.push({ chunk, line: i + 1, reference: m[2]! });
    });
  }
  return found;
}

/** Whether a reference (a template's `${...}` parts matching any name) resolves to an existing file or folder. */
function resolves(dir: string, reference: string): boolean {
  if (!reference.includes('${')) return existsSync(path.resolve(dir, reference));
  const full = path.resolve(dir, reference);
  const folder = path.dirname(full);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return false;
  const pattern = new RegExp(
    '^' +
      path
        .basename(full)
        .split(/\$\{[^}]*\}/)
        .map((s) => s.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&'))
        .join('.+') +
      '$',
  );
  return readdirSync(folder).some((f) => pattern.test(f));
}

/**
 * The references that point at nothing, as `chunk:line reference`. A `.ts` path is not one: no built file is
 * TypeScript, and only a module running from source (its own URL ends in .ts) loads one.
 */
export function danglingReferences(dir: string): string[] {
  return bundleReferences(dir)
    .filter((r) => !r.reference.endsWith('.ts') && !resolves(dir, r.reference))
    .map((r) => `${r.chunk}:${r.line} ${r.reference}`);
}
