/**
 * A small XML 1.0 well-formedness check for the JUnit output (no parser dependency):
 * balanced tags, quoted attributes without `<`, only the five named or numeric references, legal characters.
 * Returns the first problem, or undefined.
 */
export function xmlProblem(xml: string): string | undefined {
  if (/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u.test(xml)) return 'character illegal in XML 1.0';
  const body = xml.replace(/^<\?xml [^?]*\?>\n/, '');
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/gy;
  let roots = 0;
  for (let m = token.exec(body); m; m = token.exec(body)) {
    const [, close, name, attrs, selfClose, text, stray] = m;
    if (stray) return `stray < at ${m.index}`;
    const refs = (text ?? attrs ?? '').match(/&[^;\s]*;?/g) ?? [];
    const bad = refs.find((r) => !/^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);$/.test(r));
    if (bad) return `bad reference ${bad}`;
    if (text !== undefined) {
      if (text.includes(']]>')) return ']]> in character data';
      if (!stack.length && text.trim()) return 'text outside the root element';
      continue;
    }
    if (close) {
      if (stack.pop() !== name) return `mismatched </${name}>`;
    } else {
      if (!stack.length && ++roots > 1) return 'more than one root element';
      if (!selfClose) stack.push(name ?? '');
    }
  }
  if (token.lastIndex !== 0 && token.lastIndex < body.length) return `unparsed text at ${token.lastIndex}`;
  return stack.length ? `unclosed <${stack.at(-1)}>` : undefined;
}
