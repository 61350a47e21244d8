/** A config problem located in the file: `<file>:<line>:<col> <key.path>: <what is wrong> (hint: <hint>)`. */
export interface ConfigErrorInit {
  file: string;
  line?: number;
  column?: number;
  key?: string;
  /** What is wrong, without location. */
  reason: string;
  hint?: string;
}

export class ConfigError extends Error {
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly key?: string;
  readonly reason: string;
  readonly hint?: string;

  constructor(init: ConfigErrorInit) {
    super(formatConfigError(init));
    this.name = 'ConfigError';
    this.file = init.file;
    this.reason = init.reason;
    if (init.line !== undefined) this.line = init.line;
    if (init.column !== undefined) this.column = init.column;
    if (init.key !== undefined) this.key = init.key;
    if (init.hint !== undefined) this.hint = init.hint;
  }
}

export function formatConfigError(e: ConfigErrorInit): string {
  const where = e.line !== undefined ? `${e.file}:${e.line}:${e.column ?? 1}` : e.file;
  const key = e.key ? ` ${e.key}:` : '';
  const hint = e.hint ? ` (hint: ${e.hint})` : '';
  return `${where}${key} ${e.reason}${hint}`;
}

/** `servers.desk.toolArgs.get_ticket`, `contracts.waivers[0].reason`; odd keys are quoted. */
export function formatKeyPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z0-9_$*/-]+$/.test(String(seg))) out += out ? `.${String(seg)}` : String(seg);
    else out += `[${JSON.stringify(String(seg))}]`;
  }
  return out;
}
