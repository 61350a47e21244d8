/** A deterministic pseudo-random JSON-ish value with the awkward cases: unsorted and index-like keys, `__proto__`, holes. */
export function sample(seed: number, depth = 0): unknown {
  let x = seed;
  const next = (): number => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const keys = ['b', 'a', 'é', 'Z', '__proto__', '10', '9', '01', 'a b', '\u2028', '😀', 'constructor', 'toString'];
  const make = (d: number): unknown => {
    const r = next();
    if (d > 4 || r < 0.3) return [1.5, -0, NaN, Infinity, 'str\u0000"\\', true, null, undefined, '\ud800', 42][Math.floor(next() * 10)];
    if (r < 0.55) return Array.from({ length: Math.floor(next() * 4) }, () => make(d + 1));
    const o: Record<string, unknown> = {};
    for (let i = Math.floor(next() * 6); i > 0; i--) {
      const k = keys[Math.floor(next() * keys.length)] as string;
      if (k === '10' || k === '9') {
        if (next() < 0.7) continue; // keep most objects on the fast path
      }
      Object.defineProperty(o, k, { value: make(d + 1), enumerable: true, writable: true, configurable: true });
    }
    if (next() < 0.1) o.fn = () => 1;
    if (next() < 0.1) o.sym = Symbol('s');
    return o;
  };
  return make(depth);
}
