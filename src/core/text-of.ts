/** Text for a value read from JSON or YAML: a string as it is, nothing as '', an object as JSON (never "[object Object]"). */
export function textOf(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(v);
    case 'object':
      return v === null ? '' : JSON.stringify(v);
    default:
      return '';
  }
}
