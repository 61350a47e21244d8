import type { ModelProvider, ToolSpec } from '../core/provider.js';
import type { TargetSpec } from '../core/target-spec.js';
import { openEvalServer } from './eval-server.js';

const NEGATIVES = [
  ['negative-thanks', "Thanks, that's all for now."],
  ['negative-greeting', 'Hi! How are you today?'],
  ['negative-general-knowledge', 'What is the capital of Australia?'],
  ['negative-unrelated-task', 'Write a haiku about autumn.'],
] as const;

const q = (s: string) => JSON.stringify(s);

/** A starter golden set from the live catalogue: a positive case per tool and four negative cases. */
export async function starterGolden(
  target: TargetSpec,
  o: { timeoutMs: number; startupTimeoutMs: number; drafter?: ModelProvider },
): Promise<{ yaml: string; tools: number; drafted: number }> {
  const server = await openEvalServer(target, o);
  try {
    let drafted = 0;
    const lines = [
      '# Format: docs/golden-schema.json in the mcp-assay package (urn:mcp-assay:golden-schema:1.0).',
      `# Starter golden set for ${server.server?.name ?? server.display}: one case per tool and four negative cases.`,
      '# Replace each prompt with what a real user would write; add expect_args for the arguments that matter.',
      '',
    ];
    for (const t of server.tools) {
      const prompt = o.drafter ? await draft(o.drafter, t).catch(() => undefined) : undefined;
      if (prompt) drafted++;
      const required = Array.isArray(t.inputSchema.required) ? t.inputSchema.required.filter((k): k is string => typeof k === 'string') : [];
      lines.push(
        `- id: ${slug(t.name)}`,
        `  prompt: ${q(prompt ?? `TODO: a request that needs ${t.name}${t.description ? ` (${firstSentence(t.description)})` : ''}`)}`,
        `  expect_tool: ${q(t.name)}`,
      );
      if (required.length) lines.push('  # expect_args:', ...required.map((k) => `  #   ${k}: TODO`));
      if (server.annotations.get(t.name)?.readOnlyHint !== true)
        lines.push('  # this tool may write: it is simulated unless allowed with --allow-tool; give its result under mocks:');
      lines.push('');
    }
    for (const [id, prompt] of NEGATIVES) lines.push(`- id: ${id}`, `  prompt: ${q(prompt)}`, '  expect_tool: null', '');
    return { yaml: `${lines.join('\n').trimEnd()}\n`, tools: server.tools.length, drafted };
  } finally {
    await server.close();
  }
}

function slug(name: string): string {
  return name.replace(/[^A-Za-z0-9._:/-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'tool';
}

function firstSentence(s: string): string {
  return (s.split(/(?<=\.)\s/)[0] ?? s).slice(0, 120).replace(/\s+/g, ' ');
}

/** Asks a model for one realistic user request that needs the tool; the answer is a prompt, not a tool call. */
async function draft(p: ModelProvider, t: ToolSpec): Promise<string | undefined> {
  const res = await p.complete({
    system: 'You write test prompts. Reply with exactly one realistic user request, one sentence, no quotes, no explanation.',
    messages: [
      {
        role: 'user',
        content: `Write a request a user might send that should make an assistant call this tool.\nTool: ${t.name}\nDescription: ${t.description ?? '(none)'}\nInput schema: ${JSON.stringify(t.inputSchema).slice(0, 2000)}`,
      },
    ],
    tools: [],
  });
  const text = res.text
    .trim()
    .split('\n')[0]
    ?.replace(/^["']|["']$/g, '')
    .trim();
  return text ? text.slice(0, 300) : undefined;
}
