/** Input the gate cannot use (a truncated report, a baseline of another golden set, …): exit 2, naming the file. */
export class GateInputError extends Error {
  override name = 'GateInputError';
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`${file}: ${reason}`);
  }
}
