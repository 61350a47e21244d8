/** Why a wait on the server ended without an answer. Checks turn these into `inconclusive` or findings. */
export type TransportFailure = 'timeout' | 'closed' | 'connect' | 'spawn' | 'too-large' | 'aborted' | 'protocol';

/** Server messages one answer (or one listen stream) may bring before it is cut: progress and logs fit, a flood does not. */
export const MAX_MESSAGES_PER_EXCHANGE = 10_000;

/** The failure of an exchange that brought more than MAX_MESSAGES_PER_EXCHANGE messages. */
export function floodError(where: string): TransportError {
  return new TransportError('too-large', `${where} brought more than ${MAX_MESSAGES_PER_EXCHANGE} server messages without the final response`);
}

export class TransportError extends Error {
  constructor(
    readonly failure: TransportFailure,
    message: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/** Where a failure happened, for its message; `signal`: a deadline whose reason explains an abort. */
export interface FailureSource {
  url?: string;
  /** A process we tried to start: any error is a `spawn` failure. */
  command?: string;
  signal?: AbortSignal;
}

const CONNECT_CODES = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT)/;
const CLOSED_CODES = /^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)/;
const TIMEOUT_CODES = /TIMEOUT/;

/**
 * The one mapping from what undici, net and child_process throw to the failure kinds checks judge: our own
 * deadlines keep their reason, a refused or unresolvable address is `connect`, a connection cut mid-way is `closed`,
 * undici's own timers are `timeout`, anything else about the exchange is `protocol`.
 */
export function toTransportError(e: unknown, where: FailureSource = {}): TransportError {
  if (e instanceof TransportError) return e;
  if (where.signal?.aborted && where.signal.reason instanceof TransportError) return where.signal.reason;
  const err = (typeof e === 'object' && e !== null ? e : {}) as { code?: unknown; message?: unknown };
  const code = typeof err.code === 'string' ? err.code : '';
  const message = typeof err.message === 'string' ? err.message : String(e);
  if (where.command !== undefined)
    return new TransportError('spawn', `cannot start \`${where.command}\`: ${code === 'ENOENT' ? 'command not found' : message}`);
  const at = where.url ? `${where.url}: ` : '';
  if (CONNECT_CODES.test(code)) return new TransportError('connect', `${at}${code} ${message}`.trim());
  if (CLOSED_CODES.test(code)) return new TransportError('closed', `${at}${code} ${message}`.trim());
  if (TIMEOUT_CODES.test(code)) return new TransportError('timeout', message || 'timed out');
  return new TransportError('protocol', `${code ? code + ': ' : ''}${message}`);
}
