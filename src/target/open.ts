import type { TargetSpec } from '../core/target-spec.js';
import { HttpTransport } from './http.js';
import type { WireRecorder } from './recorder.js';
import { StdioTransport } from './stdio.js';
import type { Transport } from './transport.js';

/** A transport for a target: a connection pool for a URL, a spawned process for a command. */
export function openTransport(spec: TargetSpec, recorder: WireRecorder): Transport {
  if (spec.kind === 'http') return new HttpTransport({ url: spec.url, ...(spec.headers ? { headers: spec.headers } : {}) }, recorder);
  return new StdioTransport(
    {
      command: spec.command,
      args: spec.args,
      ...(spec.env ? { env: spec.env } : {}),
      ...(spec.secretEnv ? { secretEnv: spec.secretEnv } : {}),
      ...(spec.cwd ? { cwd: spec.cwd } : {}),
    },
    recorder,
  );
}
