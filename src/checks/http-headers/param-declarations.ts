import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { headerDeclarations } from './support.js';
import { Slices } from '../support/slices.js';

export const paramDeclarations: CheckDefinition = {
  id: 'http-headers/param-declarations',
  title: 'x-mcp-header declarations in tools/list follow the rules (token, unique, scalar, reached through properties)',
  level: 'MUST',
  spec: since2026(
    'basic/transports/streamable-http#custom-headers',
    'An x-mcp-header value is a non-empty RFC 9110 token, unique case-insensitively within the schema, on an integer, string or boolean property reached through properties alone (never items, oneOf/anyOf/allOf/not, if/then/else or $ref); HTTP clients drop a tool that breaks this.',
    2243,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'x-mcp-header-invalid' }],
  requires: 'tools',
  async run(t) {
    const list = await t.shared.list('tools/list');
    if (list.broken && !list.items.length) return t.inconclusive('tools/list did not answer with a list', list.broken.evidence);
    const tools = await t.shared.tools();
    let declared = 0;
    const slices = new Slices();
    for (const tool of tools) {
      await slices.turn();
      const decls = headerDeclarations(tool.inputSchema);
      declared += decls.length;
      const bad = decls.filter((d) => d.problems.length);
      if (!bad.length) continue;
      t.fail({
        message: `${tool.name}: ${bad.map((d) => `x-mcp-header at ${d.pointer}: ${d.problems.join('; ')}`).join(' | ')}`,
        expected: 'every x-mcp-header a valid, unique token on an integer, string or boolean property reached through properties',
        actual: `${bad.length} invalid declaration(s) in ${tool.name}`,
        evidence: list.pages.flatMap((p) => p.evidence),
        hint: 'HTTP clients drop a tool with an invalid x-mcp-header, so it silently disappears for them; fix the declaration.',
      });
    }
    if (!declared) return t.precondition('no tool declares x-mcp-header');
    t.note(`${declared} declaration(s) across ${tools.length} tools`);
  },
};
