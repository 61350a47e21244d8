/** Description lint: what makes tools hard for a model to select and fill (server/tools §Tool fields). */
import type { Catalogue, CataloguePrompt, CatalogueTool } from '../catalogue/catalogue.js';
import type { ContractThresholds } from '../rules/thresholds.js';
import type { RawFinding } from '../rules/rule-settings.js';
import { topLevelParams } from '../risk/risk-params.js';
import { isObject, schemaShape } from '../schema/schema-util.js';
import { contentWords } from '../shared/text.js';
import type { TokenEstimate } from '../catalogue/tokens.js';
import { compileSchema } from '../schema/validate.js';

const NAME_OK = /^[A-Za-z0-9_.-]{1,128}$/;

// One Han, kana or Hangul character carries about as much as three Latin letters, so short CJK text is not thin.
const DENSE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

function weightedLength(text: string): number {
  let n = 0;
  for (const ch of text) n += DENSE.test(ch) ? 3 : 1;
  return n;
}

/** A description that only restates the name adds nothing a model can select by. */
function restatesName(name: string, title: string | undefined, description: string): boolean {
  const own = new Set(contentWords(`${name} ${title ?? ''}`));
  const words = contentWords(description);
  return words.length > 0 && words.length <= 4 && words.every((w) => own.has(w));
}

function describeLint(
  subject: string,
  kind: string,
  name: string,
  title: string | undefined,
  description: string | undefined,
  t: ContractThresholds,
): RawFinding[] {
  const d = (description ?? '').trim();
  if (!d)
    return [{ ruleId: 'lint/description-missing', subject, message: `${kind} has no description; a model selects ${kind}s by it`, location: 'description' }];
  const size = weightedLength(d);
  if (size < t.minDescriptionChars) {
    return [
      {
        ruleId: 'lint/description-thin',
        subject,
        message: `description is ${d.length} characters (under ${t.minDescriptionChars}): say what it does, when to use it and what it returns`,
        location: 'description',
      },
    ];
  }
  if (restatesName(name, title, d))
    return [{ ruleId: 'lint/description-thin', subject, message: 'description only restates the name', location: 'description' }];
  return [];
}

function toolLint(tool: CatalogueTool, tokens: number, t: ContractThresholds): RawFinding[] {
  const out = describeLint(tool.name, 'tool', tool.name, tool.title, tool.description, t);
  for (const p of topLevelParams(tool)) {
    const desc = typeof p.schema.description === 'string' ? p.schema.description.trim() : '';
    if (p.required && !desc) {
      out.push({
        ruleId: 'lint/param-description-missing',
        subject: tool.name,
        message: `required parameter \`${p.name}\` has no description`,
        location: `inputSchema.properties.${p.name}`,
      });
    }
  }
  if (!NAME_OK.test(tool.name)) {
    out.push({
      ruleId: 'lint/tool-name',
      subject: tool.name,
      message: `name ${JSON.stringify(tool.name)} is not 1-128 characters of A-Z a-z 0-9 _ - .`,
      location: 'name',
    });
  }
  const shape = schemaShape(tool.inputSchema ?? {});
  if (shape.depth > t.maxSchemaDepth || shape.recursive) {
    const how = shape.recursive ? 'is recursive, so it nests without bound' : `nests ${shape.depth} levels (over ${t.maxSchemaDepth})`;
    out.push({ ruleId: 'lint/schema-deep', subject: tool.name, message: `input schema ${how}; models fill deep objects unreliably`, location: 'inputSchema' });
  }
  if (tokens > t.maxToolTokens || shape.properties > t.maxSchemaProperties) {
    out.push({
      ruleId: 'lint/schema-huge',
      subject: tool.name,
      message: `definition is about ${tokens} tokens (estimate) with ${shape.properties} properties (limits ${t.maxToolTokens} tokens, ${t.maxSchemaProperties} properties)`,
      location: 'inputSchema',
    });
  }
  out.push(...schemaLint(tool));
  return out;
}

function schemaLint(tool: CatalogueTool): RawFinding[] {
  const out: RawFinding[] = [];
  const input = tool.inputSchema;
  if (!isObject(input)) {
    out.push({
      ruleId: 'lint/schema-uncompilable',
      subject: tool.name,
      message: 'inputSchema is missing or not an object (it is required, with type "object" at the root)',
      location: 'inputSchema',
    });
  } else {
    if (input.type !== 'object')
      out.push({
        ruleId: 'lint/schema-uncompilable',
        subject: tool.name,
        message: `inputSchema root type is ${JSON.stringify(input.type ?? null)}, not "object"`,
        location: 'inputSchema.type',
      });
    const c = compileSchema(input);
    if (!c.ok)
      out.push({ ruleId: 'lint/schema-uncompilable', subject: tool.name, message: `inputSchema cannot be compiled: ${c.error}`, location: 'inputSchema' });
  }
  if (tool.outputSchema !== undefined) {
    const c = compileSchema(tool.outputSchema);
    if (!c.ok)
      out.push({ ruleId: 'lint/schema-uncompilable', subject: tool.name, message: `outputSchema cannot be compiled: ${c.error}`, location: 'outputSchema' });
  }
  return out;
}

function promptLint(p: CataloguePrompt, t: ContractThresholds): RawFinding[] {
  const subject = `prompt:${p.name}`;
  const out = describeLint(subject, 'prompt', p.name, p.title, p.description, t);
  for (const a of Array.isArray(p.arguments) ? p.arguments : []) {
    if (a.required && !(a.description ?? '').trim())
      out.push({
        ruleId: 'lint/param-description-missing',
        subject,
        message: `required argument \`${a.name}\` has no description`,
        location: `arguments.${a.name}`,
      });
  }
  return out;
}

export function lintCatalogue(c: Catalogue, tokens: TokenEstimate, t: ContractThresholds): RawFinding[] {
  const out: RawFinding[] = [];
  const seen = new Map<string, number>();
  for (const tool of c.tools) {
    seen.set(tool.name, (seen.get(tool.name) ?? 0) + 1);
    out.push(...toolLint(tool, Object.hasOwn(tokens.perTool, tool.name) ? (tokens.perTool[tool.name] as number) : 0, t));
  }
  for (const [name, n] of seen) {
    if (n > 1)
      out.push({
        ruleId: 'lint/tool-name',
        subject: name,
        message: `${n} tools share this name; calls by name are ambiguous (names SHOULD be unique)`,
        location: 'name',
      });
  }
  for (const p of c.prompts) out.push(...promptLint(p, t));
  for (const rt of c.resourceTemplates) out.push(...describeLint(`template:${rt.uriTemplate}`, 'resource template', rt.name, rt.title, rt.description, t));
  if (c.tools.length > t.maxTools) {
    out.push({
      ruleId: 'lint/too-many-tools',
      subject: 'server',
      message: `${c.tools.length} tools (over ${t.maxTools}); selection accuracy falls as the list grows, and some clients cap the count`,
    });
  }
  if (tokens.total > t.tokenBudget) {
    const top = tokens.heaviest.map((h) => `${h.tool} ~${h.tokens}`).join(', ');
    out.push({
      ruleId: 'lint/token-cost',
      subject: 'server',
      message: `tool surface costs about ${tokens.total} tokens (estimate, chars/4) per request, over the budget of ${t.tokenBudget}; heaviest: ${top}`,
    });
  }
  return out;
}
