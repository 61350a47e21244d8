import { randomBytes } from 'node:crypto';

/** A fresh W3C trace id: 32 lowercase hex digits, never all zero (W3C Trace Context §trace-id). */
export function newTraceId(): string {
  return randomBytes(16)
    .toString('hex')
    .replace(/^0{32}$/, '1'.padStart(32, '0'));
}

/** A `traceparent` value for one request of a trace: version 00, a fresh parent id, sampled (W3C Trace Context §traceparent). */
export function traceparent(traceId: string): string {
  return `00-${traceId}-${randomBytes(8)
    .toString('hex')
    .replace(/^0{16}$/, '1'.padStart(16, '0'))}-01`;
}

/** Valid values for all three keys the spec reserves in `_meta` (BASIC §_meta, SEP-414). */
export function traceMeta(traceId: string = newTraceId()): { traceparent: string; tracestate: string; baggage: string } {
  return { traceparent: traceparent(traceId), tracestate: 'mcp-assay=t61rcWkgMzE,congo=ucfJifl5GOE', baggage: 'mcp-assay.check=trace,userId=alice' };
}
