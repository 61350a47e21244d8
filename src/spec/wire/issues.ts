/** Turns Ajv errors into short, pointer-addressed findings. */
import type { ErrorObject } from 'ajv/dist/2020.js';

export interface WireIssue {
  /** JSON Pointer into the message ('' is the whole message). */
  path: string;
  /** Why it is wrong, in one sentence. */
  message: string;
}

export const pointerToken = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

function describe(error: ErrorObject): { at: string; message: string } {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { at: `/${pointerToken(String(params.missingProperty))}`, message: 'required member is missing' };
    case 'const':
      return { at: '', message: `must be ${JSON.stringify(params.allowedValue)}` };
    case 'enum':
      return { at: '', message: `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    case 'type':
      return { at: '', message: `must be ${([] as unknown[]).concat(params.type).join(' or ')}` };
    case 'anyOf':
      return { at: '', message: 'matches none of the allowed shapes' };
    default:
      return { at: '', message: error.message ?? `fails ${error.keyword}` };
  }
}

/** Ajv errors under `base` (a pointer prefix), without the `if` noise, de-duplicated. */
export function toIssues(errors: ErrorObject[] | null | undefined, base = ''): WireIssue[] {
  const issues: WireIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    // An `if`/`then` failure repeats what the errors of the `then` branch already say.
    if (error.keyword === 'if') continue;
    const { at, message } = describe(error);
    const issue = { path: `${base}${error.instancePath}${at}`, message };
    const key = `${issue.path}\u0000${issue.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue);
    }
  }
  return issues;
}
