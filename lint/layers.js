// The layer order of src/ (ARCHITECTURE.md, "Layout and the direction of imports"), declared once: the
// import-boundary lint rule (lint/import-boundaries.js) and the structure tests (test/structure/) both read it.
// Each key is a folder of src/ or a file at its root; `may` lists what its files may import besides their own layer.
// A folder or root file missing here fails the layering test, so a new layer is placed deliberately.

/** @type {Record<string, { may: string[], pending?: string[], why?: string }>} */
export const LAYERS = {
  core: { may: [], why: 'types and pure logic; imports nothing of ours' },
  'version.ts': { may: [], why: 'the package version, a leaf anyone may read' },
  spec: { may: ['core'] },
  target: { may: ['core', 'spec', 'version.ts'] },
  checks: { may: ['core', 'spec', 'target'] },
  contracts: { may: ['core', 'spec'] },
  evals: { may: ['core', 'config'], why: "the golden-set loader reuses the config loader's YAML location and error style" },
  providers: { may: ['core'] },
  reporters: { may: ['core'] },
  gate: { may: ['core'] },
  config: { may: ['core', 'reporters'], why: 'the report-file options and `reports:` keys come from the reporter declarations' },
  engine: {
    may: ['core', 'version.ts', 'spec', 'target', 'checks', 'contracts', 'evals', 'providers', 'reporters', 'gate', 'config'],
    why: 'the only layer that wires the others together',
  },
  // The public API, in three entry points (package.json `exports`), so that a command loads only the part it uses.
  'index.ts': {
    may: ['core', 'version.ts', 'spec', 'target', 'checks', 'contracts', 'evals', 'providers', 'reporters', 'gate', 'config', 'engine'],
    why: 'the public API (mcp-assay): checks, contracts, config, reports, gate and history',
  },
  'eval.ts': { may: ['core', 'engine', 'evals', 'providers'], why: 'the public API for model evals (mcp-assay/eval)' },
  'head-start.ts': {
    may: ['target'],
    why: '`check -- <command>` starts the server while the CLI loads the rest (target/head-start.ts): read before the public API',
  },
  'offline.ts': {
    may: ['core', 'config', 'contracts'],
    why: 'what the commands on snapshot files need (config, catalogue files, diff), so `diff a.json b.json` loads neither engine nor checks',
  },
  'options.ts': { may: ['core', 'config'], why: 'the option table and exit codes (mcp-assay/options): plain data, read by --help' },
  cli: {
    may: ['index.ts', 'eval.ts', 'offline.ts', 'options.ts', 'version.ts', 'head-start.ts'],
    why: 'the CLI uses the public API only (version.ts directly, so --version loads nothing else; head-start.ts before the API); its own modules load lazily',
  },
};

/** The layer a path inside src/ belongs to: its first folder, or the file name for a file at src/'s root. */
export function layerOf(relativeToSrc) {
  const parts = relativeToSrc.split(/[\\/]/);
  // Imports name the emitted `.js`; the layer table names the source file.
  return parts.length === 1 ? parts[0].replace(/\.js$/, '.ts') : parts[0];
}
