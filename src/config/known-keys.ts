import type { z } from 'zod';

type Def = { type: string; shape?: Record<string, z.ZodType>; valueType?: z.ZodType; element?: z.ZodType; innerType?: z.ZodType; in?: z.ZodType };

function def(s: z.ZodType): Def {
  return (s as unknown as { _zod: { def: Def } })._zod.def;
}

function unwrap(s: z.ZodType): z.ZodType {
  let cur = s;
  for (let d = def(cur); d.innerType || (d.type === 'pipe' && d.in); d = def(cur)) cur = (d.innerType ?? d.in) as z.ZodType;
  return cur;
}

/** Keys an object accepts at `path` in `schema`, for "did you mean" hints. */
export function knownKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let cur: z.ZodType | undefined = unwrap(schema);
  for (const seg of path) {
    const d: Def = def(cur);
    if (d.type === 'object' && d.shape) cur = d.shape[String(seg)];
    else if (d.type === 'record') cur = d.valueType;
    else if (d.type === 'array' && typeof seg === 'number') cur = d.element;
    else cur = undefined;
    if (!cur) return [];
    cur = unwrap(cur);
  }
  const d = def(cur);
  return d.type === 'object' && d.shape ? Object.keys(d.shape) : [];
}
