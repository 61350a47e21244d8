/**
 * Every reporter, declared once. A declaration gives the report-file option (`--<key> <file>` on check, contracts and
 * eval, `reports.<key>` in the config: config/options.ts makes both from it), the reporter's entry in docs/report.md
 * (`npm run docs:options`), and what the reporter contract test expects it to show. Plain data plus a loader: `--help`
 * reads it without loading any renderer.
 */
import type { Report } from '../core/types.js';
import type { RenderOptions } from './types.js';

/** A rendering of a finished, read-only Report. A reporter never decides pass or fail. */
export type Render = (report: Report, opts?: RenderOptions) => string;
/** The same rendering in pieces, for a file written without holding the whole text. */
export type RenderPieces = (report: Report, opts?: RenderOptions) => Iterable<string>;

export interface ReporterDecl {
  fileExtension: `.${string}`;
  /** What it is for and what it holds (docs/report.md). */
  about: string;
  /**
   * What it lists: every result and finding; the results that did not pass and every finding; or contract findings
   * and failed security checks only.
   */
  shows: 'all' | 'problems' | 'security';
  /** The report file it writes (`key`: one lower-case word, the flag and the config key); none: it writes to stdout. */
  file?: { key: string; help: string };
  /** Its module, which exports `render` (and may export `renderPieces`). */
  load: () => Promise<{ render: Render; renderPieces?: RenderPieces }>;
}

export const REPORTER_DECLS = {
  console: {
    fileExtension: '.txt',
    about:
      'per target a header (target, era and why, server, protocol), results grouped by area, details on anything that is not a pass, then findings by severity, and a closing line `N passed, N failed, …`. `--verbose` adds wire evidence, timings and server stderr.',
    shows: 'all',
    load: () => import('./console.js'),
  },
  json: {
    fileExtension: '.json',
    about: 'the Report itself (`--json`), as described above and in [report-schema.json](report-schema.json).',
    shows: 'all',
    file: { key: 'json', help: 'write the JSON report' },
    load: () => import('./json.js'),
  },
  junit: {
    fileExtension: '.xml',
    about:
      'one `<testsuite>` per target, one `<testcase classname="<area>" name="<checkId>">` per result. `fail` is a `<failure>`, `error` and `inconclusive` are `<error>`, `skip` and `precondition-failed` are `<skipped>`, `warn` passes with a `<system-out>` note. Findings are test cases too (`error` severity is a failure, waived ones are skipped). A target that could not be checked gets an `<error>` case `target/outcome`.',
    shows: 'all',
    file: { key: 'junit', help: 'write a JUnit XML report' },
    load: () => import('./junit.js'),
  },
  markdown: {
    fileExtension: '.md',
    about:
      'for a CI job summary: headline, a table per target, failures and warnings with expected and actual, checks not run, findings, and wire evidence for failures inside `<details>`.',
    shows: 'problems',
    file: { key: 'md', help: 'write a Markdown report' },
    load: () => import('./markdown.js'),
  },
  html: {
    fileExtension: '.html',
    about:
      "one self-contained page (`--html`): conformance by area with wire evidence, contracts and the risk inventory, the eval matrix with Wilson intervals, traces of failed runs, latency and cost charts, the trend from the history. A Content-Security-Policy admits only the page's own hashed script and style. See [ci.md](ci.md).",
    shows: 'all',
    file: { key: 'html', help: 'write a self-contained HTML report' },
    load: () => import('./html-reporter.js'),
  },
  sarif: {
    fileExtension: '.sarif',
    about: 'contract findings and failed security checks as SARIF 2.1.0 (`--sarif`), for GitHub code scanning.',
    shows: 'security',
    file: { key: 'sarif', help: 'write contract and security findings as SARIF 2.1.0 (GitHub code scanning)' },
    load: () => import('./sarif.js'),
  },
  github: {
    fileExtension: '.txt',
    about:
      'GitHub Actions workflow commands (`--github`): an `::error`, `::warning` or `::notice` line per check that did not pass, per finding and per eval case that missed its gate, errors first, then the summary. A step that prints the file (`cat`, or `--github /dev/stdout`) turns them into annotations on the run and the pull request; eval cases point at their line of the golden set, findings of a snapshot at its file. Server text cannot end a line or start a command of its own (`%`, CR and LF are escaped, and `:` and `,` in titles), and secret shapes are masked.',
    shows: 'problems',
    file: { key: 'github', help: 'write GitHub Actions annotations (workflow commands; print the file in a step)' },
    load: () => import('./github.js'),
  },
} as const satisfies Record<string, ReporterDecl>;

export type ReporterId = keyof typeof REPORTER_DECLS;

/** A loaded reporter: its declaration's id and extension, and its module's render (and renderPieces, if any). */
export interface Reporter {
  id: ReporterId;
  fileExtension: string;
  render: Render;
  renderPieces?: RenderPieces;
}

type FileKeyOf<D> = D extends { file: { key: infer K extends string } } ? K : never;
/** The report-file keys (json, junit, md, html, sarif, …): flag names and `reports:` keys. */
export type ReportFileKey = { [R in ReporterId]: FileKeyOf<(typeof REPORTER_DECLS)[R]> }[ReporterId];
