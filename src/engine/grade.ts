import type { Level, Status } from '../core/types.js';

/** MUST misses fail; SHOULD/MAY misses warn, or fail under --strict. */
export function gradeFailure(level: Level, strict: boolean): Status {
  if (level === 'MUST') return 'fail';
  return strict ? 'fail' : 'warn';
}
