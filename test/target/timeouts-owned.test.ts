import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO } from '../support/fixtures.js';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Lines of src/<dirs> matching `re`, as `file:line: text`, outside the files allowed to. */
function offenders(dirs: string[], re: RegExp, allowed: string[] = []): string[] {
  return dirs.flatMap((d) =>
    files(path.join(REPO, 'src', d))
      .filter((f) => !allowed.includes(path.relative(path.join(REPO, 'src'), f)))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((l, i) => (re.test(l) ? [`${path.relative(REPO, f)}:${i + 1}: ${l.trim()}`] : [])),
      ),
  );
}

describe('timeouts have one owner', () => {
  it('checks read named Timeouts fields instead of deriving waits from the request timeout', () => {
    assert.deepEqual(offenders(['checks'], /options\.timeoutMs/), []);
  });

  it('the engine and the transports derive no timeout of their own', () => {
    assert.deepEqual(offenders(['engine', 'target', 'checks'], /Math\.(max|min)\([^)]*(timeoutMs|TimeoutMs|deadlineMs)/), []);
  });

  it('one deadline wrapper: no hand-made abort timers or AbortSignal.timeout in the transports, checks or engine', () => {
    assert.deepEqual(offenders(['engine', 'target', 'checks'], /AbortSignal\.timeout\(|\.abort\(new TransportError\('timeout'/), []);
  });

  it('one mapping of undici and net error codes, in target/errors.ts', () => {
    assert.deepEqual(offenders(['engine', 'target', 'checks'], /UND_ERR|ECONNREFUSED|ECONNRESET/, ['target/errors.ts']), []);
  });
});
