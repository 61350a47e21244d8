/** Why a wait on the server ended without an answer. Checks turn these into `inconclusive` or findings. */
export type TransportFailure =
  | 'timeout'
  | 'closed'
  | 'connect'
  | 'spawn'
  | 'too-large'
  | 'aborted'
  | 'protocol';

export class TransportError extends Error {
  constructor(
    readonly failure: TransportFailure,
    message: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export function isTransportError(e: unknown): e is TransportError {
  return e instanceof TransportError;
}
