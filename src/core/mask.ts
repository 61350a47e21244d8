/**
 * Secret masking for everything that leaves the process: reports, logs, wire evidence.
 * A Masker knows the literal secrets of this run (header values, env values marked secret)
 * and also masks well-known secret shapes wherever they appear.
 */
export const MASK = '***';

const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api-key|x-auth-token)$/i;
const SECRET_NAME = /(token|secret|password|passwd|api[-_]?key|auth|credential|private[-_]?key|session)/i;
/** Headers whose names look secret but whose values never are: CORS flags and lists, and auth challenges (what a user needs to see). */
const PUBLIC_HEADER = /^(access-control-[a-z-]+|www-authenticate|proxy-authenticate)$/i;

/**
 * A credential after an auth scheme name (RFC 6750 b64token, RFC 7617 base64), unless it is a word that prose puts
 * there ("a Bearer WWW-Authenticate challenge", "the Bearer scheme") or an auth-param (`Bearer realm="x"`): those
 * are not secrets, and masking them garbled check titles in every report. The run's own tokens are masked as
 * literals whatever they look like.
 */
const SCHEME_CREDENTIAL =
  /\b(Bearer|Basic)\s+(?!(?:WWW-Authenticate|scheme|schemes|token|tokens|challenge|challenges|authentication|authorization|header|headers|realm|credentials?|resource_metadata)(?![A-Za-z0-9._~+/=-])|[A-Za-z_]+=")[A-Za-z0-9._~+/=-]{6,}/g;

const SHAPES: RegExp[] = [
  SCHEME_CREDENTIAL,
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,}/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
];

/** Shorter values under a secret-looking flag are more likely words ("--auth none") than secrets; masking them would garble reports. */
const MIN_INVOKED_SECRET = 6;

/**
 * Secrets a user passes on the command line or in the URL: the value of a flag with a secret-looking name
 * (`--api-key=VALUE`, `--token VALUE`), of such a query parameter (`?access_token=VALUE`), and a URL's password.
 */
export function secretsInvoked(o: { args?: readonly string[]; url?: string }): string[] {
  const out: string[] = [];
  const args = o.args ?? [];
  args.forEach((a, i) => {
    const m = /^--?([A-Za-z][\w.-]*)(?:=(.*))?$/s.exec(a);
    // `--api-key-file PATH` names where the secret is, not the secret: masking the path would only garble the report.
    if (!m || !SECRET_NAME.test(m[1]!) || /[-_.](?:file|path|dir|env|url|type|mode|method|scheme|header)$/i.test(m[1]!)) return;
    const value = m[2] ?? (args[i + 1]?.startsWith('-') ? undefined : args[i + 1]);
    if (value && value.length >= MIN_INVOKED_SECRET) out.push(value);
  });
  if (o.url)
    try {
      const u = new URL(o.url);
      if (u.password) out.push(decodeURIComponent(u.password), u.password);
      for (const [k, v] of u.searchParams) if (SECRET_NAME.test(k) && v.length >= MIN_INVOKED_SECRET) out.push(v, encodeURIComponent(v));
    } catch {
      /* not a URL: nothing to take from it */
    }
  return out;
}

export function isSecretHeader(name: string): boolean {
  return SECRET_HEADER.test(name) || (SECRET_NAME.test(name) && !PUBLIC_HEADER.test(name));
}

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

export class Masker {
  private readonly literals: string[] = [];
  /** Each literal as it reads inside serialised JSON, where it differs (a quote, a backslash, a control character). */
  private readonly escaped: string[] = [];
  private learnt = 0;

  /** Grows with every literal secret learnt: text masked at the same version needs no second pass. */
  get version(): number {
    return this.learnt;
  }

  constructor(secrets: Iterable<string> = []) {
    for (const s of secrets) this.add(s);
  }

  /** Register a literal secret; very short values are not masked (they would mask ordinary text). */
  add(secret: string | undefined): void {
    if (!secret || secret.length < 4 || this.literals.includes(secret)) return;
    this.literals.push(secret);
    const inJson = JSON.stringify(secret).slice(1, -1);
    if (inJson !== secret) this.escaped.push(inJson);
    this.learnt++;
    this.literals.sort((a, b) => b.length - a.length);
    // A header value like "Bearer abc" also leaks as "abc" alone.
    const m = /^(?:Bearer|Basic|Token)\s+(.+)$/i.exec(secret);
    if (m?.[1]) this.add(m[1]);
  }

  /** The literal secrets, longest first (a copy: a masker built from them masks the same). */
  secrets(): string[] {
    return [...this.literals];
  }

  /**
   * Cheap test on a string or on serialised JSON: nothing to mask means a value can be kept as it is, without a deep
   * copy. A secret with a quote or a backslash reads escaped in JSON text, so that form is looked for too.
   */
  needsMasking(s: string): boolean {
    if (this.literals.some((l) => s.includes(l)) || this.escaped.some((l) => s.includes(l))) return true;
    return SHAPES.some((re) => {
      re.lastIndex = 0;
      return re.test(s);
    });
  }

  text(s: string): string {
    let out = s;
    for (const lit of this.literals) out = out.split(lit).join(MASK);
    for (const re of SHAPES) out = out.replace(re, (m) => (m.startsWith('Bearer') || m.startsWith('Basic') ? `${m.split(/\s+/)[0]} ${MASK}` : MASK));
    return out;
  }

  headers(h: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(h)) out[k] = isSecretHeader(k) ? MASK : this.text(v);
    return out;
  }

  /** Deep copy of a JSON value with every string masked, object keys included (a server may echo a secret as a key). */
  json<T>(v: T): T {
    return this.walk(v, 0) as T;
  }

  private walk(v: unknown, depth: number): unknown {
    if (typeof v === 'string') return this.text(v);
    // Server data is depth-bounded where it is parsed; this bound keeps a caller's own deep value from overflowing.
    if (depth > 512) return MASK;
    if (Array.isArray(v)) return v.map((x) => this.walk(x, depth + 1));
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        let key = this.text(k);
        // Two keys masked to the same text stay two keys.
        for (let n = 2; key !== k && Object.prototype.hasOwnProperty.call(out, key); n++) key = `${this.text(k)}#${n}`;
        out[key] = this.walk(x, depth + 1);
      }
      return out;
    }
    return v;
  }
}
