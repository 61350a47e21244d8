import type { Level, Status } from '../core/types.js';

/** MUST misses fail; SHOULD/MAY misses warn, or fail under --strict; advice on a deprecated feature always warns. */
export function gradeFailure(level: Level, strict: boolean, advice = false): Status {
  if (advice) return 'warn';
  if (level === 'MUST') return 'fail';
  return strict ? 'fail' : 'warn';
}
