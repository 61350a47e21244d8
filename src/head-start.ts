/**
 * `check` gets a head start while the CLI loads its checks: `check -- <command>` starts the server's own process
 * (target/head-start.ts), `check <url>` sends the era probe's first request (target/http-head-start.ts). Each side
 * loads only its own code, and only when its target is on the command line (`check --help` loads neither).
 */
export async function startAhead(argv: readonly string[]): Promise<void> {
  if (argv.includes('--')) (await import('./target/head-start.js')).startAhead(argv);
  else if (argv.some((a) => /^https?:\/\//i.test(a))) (await import('./target/http-head-start.js')).probeAhead(argv);
}
