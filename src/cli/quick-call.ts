import { describeExchange, errorOf, EXIT, isCallable, judgeToolResult, resultOf, toolsFrom, visible, type Exchange, type LiveCaller } from '../index.js';
import { inertJson } from './quick-render.js';
import { UsageError } from './usage-error.js';

/** What a quick command prints and how it exits. */
export interface Outcome {
  code: number;
  stdout?: string;
  notes: string[];
}

/** Results above this get the "summary plus a link" advice when they carry no resource link (issue 12). */
export const LARGE_RESULT_BYTES = 10 * 1024;

/** The answer to one request: the result on stdout (exit 0), a JSON-RPC error (exit 1), no answer (exit 3). */
export function requestOutcome(caller: LiveCaller, ex: Exchange, what: string): Outcome {
  const masker = caller.live.recorder.masker;
  if (ex.failure) return { code: EXIT.inconclusive, notes: [`${what}: no answer: ${visible(masker.text(describeExchange(ex)))}`] };
  const err = errorOf(ex);
  if (err) return { code: EXIT.failed, stdout: inertJson(err, masker), notes: [`✖ ${what}: ${visible(masker.text(describeExchange(ex)))}`] };
  const result = resultOf(ex);
  if (!result) return { code: EXIT.failed, notes: [`✖ ${what}: ${visible(masker.text(describeExchange(ex)))}`] };
  return { code: EXIT.ok, stdout: inertJson(result, masker), notes: [] };
}

export interface CallPermission {
  allowTools: readonly string[];
  /** --yes: this one call may write. */
  yes: boolean;
}

/** Finds the tool in the catalogue, applies the write-safety rule, calls it, and judges the result. */
export async function callTool(caller: LiveCaller, name: string, args: Record<string, unknown>, p: CallPermission): Promise<Outcome> {
  const { catalogue, problems } = await caller.catalogue();
  const tool = catalogue.tools.find((t) => t.name === name);
  const shown = visible(name);
  if (!tool) {
    if (problems.length) return { code: EXIT.inconclusive, notes: [`${shown}: the tool list could not be read (${problems.join('; ')})`] };
    const names = catalogue.tools.map((t) => visible(t.name)).join(', ');
    throw new UsageError(`no tool named ${JSON.stringify(shown)} on this server (it lists: ${names || 'no tools'})`);
  }
  const info = toolsFrom([tool])[0]!;
  if (!p.yes && !isCallable(info, p.allowTools))
    throw new UsageError(
      `${shown} may write (its annotations do not say readOnlyHint: true), so it was not called; allow it with --allow-tool ${shown}, or pass --yes for this one call`,
    );
  const ex = await caller.request('tools/call', { name, arguments: args });
  const out = requestOutcome(caller, ex, `tools/call ${shown}`);
  const result = resultOf(ex);
  if (!result || out.code !== EXIT.ok) return out;
  const notes: string[] = [];
  let code: number = EXIT.ok;
  if (result.resultType === 'input_required') {
    code = EXIT.failed;
    notes.push(`✖ ${shown} asked for more input (resultType input_required); the quick loop does not answer input requests`);
  }
  const j = judgeToolResult(tool, result);
  if (j.isError) {
    code = EXIT.failed;
    notes.push(`✖ ${shown} reported a tool error (isError: true)`);
  } else if (j.schemaProblems.length) {
    code = EXIT.failed;
    notes.push(`✖ ${shown}: the result does not match its outputSchema:`, ...j.schemaProblems.map((x) => `    ${visible(x)}`));
  } else if (j.hasOutputSchema && code === EXIT.ok) notes.push(`✔ ${shown}: structuredContent matches the outputSchema`);
  else if (!j.hasOutputSchema) notes.push(`${shown} declares no outputSchema: the result was not validated`);
  if (j.mirrored === false) notes.push(`▲ no text block carries the structuredContent as serialized JSON (SHOULD, server/tools "Structured Content")`);
  if (j.bytes > LARGE_RESULT_BYTES && !j.linked)
    notes.push(`▲ the result is ${j.bytes} bytes: return a short summary plus a resource_link (or an embedded resource) so the model need not read it all`);
  notes.push(`${j.bytes} bytes in ${Math.round(ex.durationMs)} ms (${caller.era} era)`);
  return { code, stdout: out.stdout, notes };
}
