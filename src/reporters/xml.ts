// XML 1.0 §2.2 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]; the rest cannot appear even escaped.
const ILLEGAL = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

export function stripIllegalXml(s: string): string {
  return s.replace(ILLEGAL, '');
}

/** Character data: `>` is escaped too, so `]]>` can never appear (XML 1.0 §2.4). */
export function xmlText(s: string): string {
  return stripIllegalXml(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Attribute value in double quotes; whitespace controls as references so parsers do not normalise them away (§3.3.3). */
export function xmlAttr(s: string): string {
  return xmlText(s).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}
