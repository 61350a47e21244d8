import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type Node } from 'yaml';

/** Problem found while interpolating: where (path and source offset) and what. */
export interface InterpolationProblem {
  path: PropertyKey[];
  offset: number;
  reason: string;
  hint: string;
}

// `${NAME}`, `${NAME:-fallback}` (fallback when unset or empty); `$${` is a literal `${`.
const REF = /\$\$\{|\$\{([^}]*)\}?/g;
const NAME = /^([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s;

/**
 * Replaces `${VAR}` in every string value (never in keys) of the document, in place.
 * Returns the first problem, or undefined when every reference resolved.
 */
export function interpolateDocument(doc: Document, source: string, env: NodeJS.ProcessEnv): InterpolationProblem | undefined {
  let problem: InterpolationProblem | undefined;
  const visit = (node: unknown, path: PropertyKey[]): void => {
    if (problem || isAlias(node)) return; // the anchor it points at is interpolated where it is defined
    if (isMap(node)) {
      for (const p of node.items) if (isPair(p)) visit(p.value, [...path, isScalar(p.key) ? String(p.key.value) : String(p.key)]);
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => visit(item, [...path, i]));
    } else if (isScalar(node) && typeof node.value === 'string') {
      const r = expand(node.value, env);
      if (typeof r === 'string') node.value = r;
      else problem = { path, offset: refOffset(node, source, r.ref), reason: r.reason, hint: r.hint };
    }
  };
  visit(doc.contents, []);
  return problem;
}

type Failure = { ref: string; reason: string; hint: string };

export function expand(value: string, env: NodeJS.ProcessEnv): string | Failure {
  let failure: Failure | undefined;
  const out = value.replace(REF, (whole: string, inner: string | undefined) => {
    if (whole === '$${') return '${';
    if (failure) return whole;
    const m = whole.endsWith('}') ? NAME.exec(inner ?? '') : null;
    if (!m?.[1]) {
      failure = {
        ref: whole,
        reason: `malformed variable reference ${JSON.stringify(whole)}`,
        hint: 'write ${NAME} (letters, digits, _), or $${ for a literal ${',
      };
      return whole;
    }
    const v = env[m[1]];
    if (m[2] !== undefined) return v === undefined || v === '' ? m[2] : v;
    if (v === undefined) {
      failure = { ref: whole, reason: `environment variable ${m[1]} is not set`, hint: `export ${m[1]}, or write \${${m[1]}:-default}` };
      return whole;
    }
    return v;
  });
  return failure ?? out;
}

/** Offset of the reference inside the scalar's source text, so the column points at `${`. */
function refOffset(node: Node, source: string, ref: string): number {
  const [start, end] = node.range ?? [0, 0];
  const at = source.slice(start, end).indexOf(ref);
  return at >= 0 ? start + at : start;
}
