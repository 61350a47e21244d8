/**
 * Characters a reviewer cannot see but a model reads: Unicode tag characters, zero-width and other
 * invisible format characters, variation-selector payloads, and bidirectional controls (Trojan Source).
 */

export type HiddenKind = 'tag' | 'zero-width' | 'bidi' | 'variation-selector';

const ZERO_WIDTH = new Set([
  0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x180e, 0x2061, 0x2062, 0x2063, 0x2064, 0x034f, 0x00ad, 0x115f, 0x1160, 0x3164, 0xffa0, 0x17b4, 0x17b5,
]);
const BIDI = new Set([0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c]);

export function hiddenKind(cp: number): HiddenKind | undefined {
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'tag';
  if (cp >= 0xe0100 && cp <= 0xe01ef) return 'variation-selector';
  if (ZERO_WIDTH.has(cp) || (cp >= 0x206a && cp <= 0x206f)) return 'zero-width';
  if (BIDI.has(cp)) return 'bidi';
  return undefined;
}

const PICTO = /\p{Extended_Pictographic}/u;
const JOINING_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Mongolian}]/u;
const RTL = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]/u;

export interface HiddenReport {
  counts: Partial<Record<HiddenKind, number>>;
  /** Distinct code points, as U+XXXX, in order of appearance. */
  codePoints: string[];
  /** ASCII smuggled in tag characters or byte payloads in variation selectors, if any. */
  decoded?: string;
}

const hex = (cp: number): string => 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');

/** Joiners inside emoji sequences or joining scripts, and LRM/RLM in right-to-left text, are ordinary writing. */
function legitimate(chars: string[], i: number, cp: number, text: string): boolean {
  const prev = chars[i - 1] ?? '';
  const next = chars[i + 1] ?? '';
  if (cp === 0x200d && PICTO.test(prev.replace('\ufe0f', '') || '') && PICTO.test(next)) return true;
  if ((cp === 0x200d || cp === 0x200c) && (JOINING_SCRIPT.test(prev) || JOINING_SCRIPT.test(next))) return true;
  if ((cp === 0x200e || cp === 0x200f || cp === 0x061c) && RTL.test(text)) return true;
  return false;
}

export function findHidden(text: string): HiddenReport | undefined {
  // Fast path: nothing outside printable ASCII and common whitespace.
  if (!/[^\x09\x0a\x0d\x20-\x7e]/.test(text)) return undefined;
  const chars = Array.from(text);
  const counts: HiddenReport['counts'] = {};
  const seen: string[] = [];
  let tags = '';
  const bytes: number[] = [];
  chars.forEach((ch, i) => {
    const cp = ch.codePointAt(0) as number;
    const kind = hiddenKind(cp);
    if (!kind || legitimate(chars, i, cp, text)) return;
    counts[kind] = (counts[kind] ?? 0) + 1;
    if (!seen.includes(hex(cp)) && seen.length < 12) seen.push(hex(cp));
    if (kind === 'tag' && cp >= 0xe0020 && cp <= 0xe007e) tags += String.fromCharCode(cp - 0xe0000);
    if (kind === 'variation-selector') bytes.push(cp - 0xe0100 + 16);
  });
  if (seen.length === 0) return undefined;
  const report: HiddenReport = { counts, codePoints: seen };
  const payload = tags || (bytes.length >= 4 ? Buffer.from(bytes).toString('utf8') : '');
  if (payload) report.decoded = payload;
  return report;
}

/** Replace every hidden character with a visible `[U+XXXX]` marker, for reports and PR comments. */
export function revealInvisible(text: string): string {
  if (!/[^\x09\x0a\x0d\x20-\x7e]/.test(text)) return text;
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    out += hiddenKind(cp) ? `[${hex(cp)}]` : ch;
  }
  return out;
}

/** The text with every hidden character removed, so a phrase split by zero-width characters still matches. */
export function stripHidden(text: string): string {
  if (!/[^\x09\x0a\x0d\x20-\x7e]/.test(text)) return text;
  let out = '';
  for (const ch of text) if (!hiddenKind(ch.codePointAt(0) as number)) out += ch;
  return out;
}
