import { visible } from '../text.js';
import { textOf } from '../../core/text-of.js';

/** Markup we built ourselves. Anything else interpolated into `h` is text and gets escaped. */
export class SafeHtml {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}

/** Text as HTML: controls and bidi characters made visible, then every markup character as an entity. */
export function esc(s: string): string {
  return visible(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function part(v: unknown): string {
  if (v instanceof SafeHtml) return v.html;
  if (Array.isArray(v)) return v.map(part).join('');
  if (v === undefined || v === null || v === false) return '';
  return esc(textOf(v));
}

/** Tagged template: interpolations are escaped unless they are SafeHtml, so forgetting to escape is impossible. */
export function h(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((v, i) => (out += part(v) + strings[i + 1]!));
  return new SafeHtml(out);
}

/** Pretty JSON as escaped text for a <pre>; capped so a hostile payload cannot bloat the page. */
export function jsonText(v: unknown, max = 4000): string {
  let s: string;
  try {
    s = JSON.stringify(v, null, 2) ?? String(v);
  } catch {
    s = String(v);
  }
  return s.length > max ? `${s.slice(0, max)}\n… (${s.length - max} more characters)` : s;
}
