import { execFile } from 'node:child_process';

/** The commit a run was made from: $GITHUB_SHA on GitHub Actions, else `git rev-parse HEAD`, else nothing. */
export function currentCommit(cwd = process.cwd()): Promise<string | undefined> {
  if (process.env.GITHUB_SHA) return Promise.resolve(process.env.GITHUB_SHA);
  return new Promise((resolve) => {
    execFile('git', ['rev-parse', 'HEAD'], { cwd, timeout: 5000 }, (err, stdout) => resolve(err ? undefined : stdout.trim() || undefined));
  });
}
