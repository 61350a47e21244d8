/**
 * Text of an HTTP body read whole. Decoding is the costly part of a large answer (a 7 MB tool list took 35-65 ms of
 * the event loop as UTF-8, while other answers waited); bytes that are all ASCII mean the same characters in Latin-1,
 * which V8 copies as they are (about 1 ms). Anything else is decoded as UTF-8, as before.
 */
import { isAscii } from 'node:buffer';

/** From this size a body's chunks are joined in one reused buffer: a fresh 7 MB buffer per answer costs its page faults every time. */
const REUSE_FROM = 256 * 1024;
/** Bodies larger than the default cap (16 MB) get a buffer of their own, so at most this much stays held. */
const REUSE_UP_TO = 16 * 1024 * 1024;
let joined: Buffer | undefined;

export function decodeBody(chunks: readonly Buffer[]): string {
  if (chunks.length === 1) return decode(chunks[0]!);
  let size = 0;
  for (const c of chunks) size += c.length;
  if (size < REUSE_FROM || size > REUSE_UP_TO) return decode(Buffer.concat(chunks, size));
  if (!joined || joined.length < size) joined = Buffer.allocUnsafeSlow(Math.min(REUSE_UP_TO, Math.max(size, (joined?.length ?? 0) * 2, 1024 * 1024)));
  let at = 0;
  for (const c of chunks) at += c.copy(joined, at);
  // Decoding copies the characters out: the buffer is free again for the next body once this returns.
  return decode(joined.subarray(0, size));
}

function decode(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}
