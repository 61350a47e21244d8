import { formatConfigError, formatKeyPath } from '../config/config-error.js';
import { closest } from '../config/suggest.js';
import type { ToolSpec } from '../core/provider.js';
import type { GoldenSet } from './golden-types.js';

/** Golden-set cases that name tools or arguments the live server does not have; found before any model call. */
export class GoldenCatalogueError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'GoldenCatalogueError';
  }
}

export function validateAgainstCatalogue(g: GoldenSet, tools: readonly ToolSpec[]): void {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const names = [...byName.keys()];
  const problems: string[] = [];
  g.cases.forEach((c, i) => {
    const report = (path: PropertyKey[], reason: string, hint?: string) => {
      const pos = g.locate(i, path);
      problems.push(
        formatConfigError({ file: g.file, ...pos, key: formatKeyPath(path), reason: `case ${JSON.stringify(c.id)}: ${reason}`, ...(hint ? { hint } : {}) }),
      );
    };
    const tool = (path: PropertyKey[], name: string) => {
      if (byName.has(name)) return;
      const near = closest(name, names);
      report(
        path,
        `the server has no tool ${JSON.stringify(name)}`,
        near ? `did you mean \`${near}\`?` : `the server's tools: ${names.join(', ') || '(none)'}`,
      );
    };
    for (const t of c.expectTool ?? []) tool(['expect_tool'], t);
    for (const slot of c.sequence ?? []) for (const t of slot) tool(['expect_sequence'], t);
    for (const t of c.denied) tool(['denied'], t);
    for (const t of Object.keys(c.mocks)) tool(['mocks', t], t);
    if (c.args && c.expectTool) {
      for (const t of c.expectTool) {
        const props = propertiesOf(byName.get(t));
        if (!props) continue;
        for (const k of Object.keys(c.args))
          if (!props.includes(k)) {
            const near = closest(k, props);
            report(
              [c.args[k]!.hasValue ? 'expect_args' : 'arg_match', k],
              `tool ${JSON.stringify(t)} has no argument ${JSON.stringify(k)}`,
              near ? `did you mean \`${near}\`?` : `its arguments: ${props.join(', ') || '(none)'}`,
            );
          }
      }
    }
  });
  if (problems.length) throw new GoldenCatalogueError(problems);
}

/** Declared argument names, or undefined when the schema does not list them (then nothing can be checked). */
export function propertiesOf(t: ToolSpec | undefined): string[] | undefined {
  const p = t?.inputSchema.properties;
  return p && typeof p === 'object' && !Array.isArray(p) ? Object.keys(p) : undefined;
}
