import type { JsonObject } from '../../target/envelope.js';
import type { CheckContext } from '../types.js';
import { obj, objects } from '../../spec/read.js';

export interface NamedRequest {
  method: 'tools/call' | 'resources/read' | 'prompts/get';
  params: JsonObject;
  name: string;
}

/**
 * Requests that carry Mcp-Name and are safe to send: a resource read, a prompt, a callable tool.
 * A server that wrongly accepts a bad header will execute them, so only safe ones are used.
 */
export async function namedRequests(t: CheckContext): Promise<NamedRequest[]> {
  const out: NamedRequest[] = [];
  if (t.shared.offers('resources') !== false) {
    const r = obj((await t.shared.list('resources/list')).items[0]);
    if (typeof r?.uri === 'string') out.push({ method: 'resources/read', params: { uri: r.uri }, name: r.uri });
  }
  if (t.shared.offers('prompts') !== false) {
    const p = obj((await t.shared.list('prompts/list')).items[0]);
    if (typeof p?.name === 'string') {
      const args: JsonObject = {};
      for (const a of objects(p.arguments)) if (a.required === true && typeof a.name === 'string') args[a.name] = 'test';
      out.push({ method: 'prompts/get', params: { name: p.name, arguments: args }, name: p.name });
    }
  }
  if (t.shared.offers('tools') !== false) {
    const c = (await t.shared.callableTools())[0];
    if (c) out.push({ method: 'tools/call', params: { name: c.tool.name, arguments: c.args }, name: c.tool.name });
  }
  return out;
}
