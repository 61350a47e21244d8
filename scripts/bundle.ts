/**
 * Build step: bundles the CLI (dist/src/cli/main.js, the tsc output) into dist/bundle, so a command loads a handful of
 * files instead of some 300 modules. Code splitting keeps each command's code (and the reporters, providers and
 * config parser) in chunks of its own that load only when used. The validators the build generates are loaded by path
 * at run time, so they are copied beside the chunks; then every relative path the chunks refer to is checked to exist.
 * Runs after tsc and the validator generators, from dist.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { danglingReferences } from './bundle-references.js';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUNDLE_DIR = path.join(dist, 'bundle');

/** The modules that load build output from `./generated/` next to themselves (validator-table.ts, json-schema.ts, cli/main.ts). */
const GENERATED = [path.join(dist, 'src/spec/wire/generated'), path.join(dist, 'src/core/generated'), path.join(dist, 'src/cli/generated')];

// Bundled CommonJS (commander, Ajv, undici) calls `require`, which an ES module lacks: each chunk makes its own.
const REQUIRE_BANNER = "import { createRequire as __mcpAssayCreateRequire } from 'node:module'; const require = __mcpAssayCreateRequire(import.meta.url);";

/**
 * Modules that load CommonJS packages on first use through their own `load = createRequire(import.meta.url)`, with
 * how many such loads each has. The bundler cannot see through `load`, so those packages would be read file by file
 * from node_modules at run time (some 110 files for Ajv and undici); as `require` it bundles them, still evaluated only
 * when first called. A count that no longer matches fails the build, so a changed module is looked at again.
 */
const LAZY_REQUIRES: Record<string, number> = { 'src/target/undici.js': 4, 'src/core/json-schema.js': 6 };

/**
 * Packages left out of the bundle, loaded from node_modules when first called. re2js (about 270 KB) judges server
 * `pattern`s only, which most runs never meet; bundled, it sat in the chunk of the contracts analysis and Ajv that a
 * check loads before it reads the probe's answer.
 */
const UNBUNDLED = ['re2js'];
const PACKAGE_LOAD = /\bload\((['"])([a-z@][^'"]*)\1\)/g;

const bundleLazyRequires: Plugin = {
  name: 'bundle-lazy-requires',
  setup(b) {
    const files = new Map(Object.entries(LAZY_REQUIRES).map(([f, n]) => [path.join(dist, f), n]));
    b.onLoad({ filter: /\.js$/ }, (args) => {
      const expected = files.get(args.path);
      if (expected === undefined) return undefined;
      let n = 0;
      const contents = readFileSync(args.path, 'utf8').replace(PACKAGE_LOAD, (_m, q: string, spec: string) => (n++, `require(${q}${spec}${q})`));
      if (n !== expected) throw new Error(`bundle: ${args.path} has ${n} package loads through createRequire, expected ${expected}`);
      return { contents, loader: 'js' };
    });
  },
};

function copyGenerated(): number {
  const into = path.join(BUNDLE_DIR, 'generated');
  mkdirSync(into, { recursive: true });
  const seen = new Map<string, string>();
  for (const dir of GENERATED) {
    for (const f of readdirSync(dir)) {
      const other = seen.get(f);
      if (other) throw new Error(`bundle: ${f} is generated in both ${other} and ${dir}; the bundle has one generated/ folder`);
      seen.set(f, dir);
      copyFileSync(path.join(dir, f), path.join(into, f));
    }
  }
  return seen.size;
}

async function main(): Promise<void> {
  rmSync(BUNDLE_DIR, { recursive: true, force: true });
  const result = await build({
    // The contracts worker is an entry of its own: the run starts it by its file name beside the chunks.
    entryPoints: { main: path.join(dist, 'src/cli/main.js'), 'contracts-worker': path.join(dist, 'src/engine/contracts-worker.js') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outdir: BUNDLE_DIR,
    chunkNames: 'chunk-[hash]',
    // Linked maps (tsc's own maps chained in), so a stack trace can be mapped back to src/**/*.ts.
    sourcemap: 'linked',
    // A trace needs file and line; the sources' text would triple the maps' size.
    sourcesContent: false,
    banner: { js: REQUIRE_BANNER },
    logLevel: 'warning',
    metafile: true,
    plugins: [bundleLazyRequires],
    external: UNBUNDLED,
  });
  const chunks = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
  const copied = copyGenerated();
  const dangling = danglingReferences(BUNDLE_DIR);
  if (dangling.length) throw new Error(`bundle: references to files that do not exist:\n${dangling.join('\n')}`);
  console.log(`bundle: ${chunks.length} chunks and ${copied} generated validators -> ${BUNDLE_DIR}`);
}

await main();
