/**
 * Example responses from the config: each example of a listed tool is called when calling is safe (read-only, or
 * allowed by --allow-tool), otherwise judged from its recorded `response` file; a write tool is never called for it.
 */
import { readFile } from 'node:fs/promises';
import { isCallable, toolsFrom } from '../checks/support/tools.js';
import { exampleFinding, type Catalogue, type RawFinding, type ResultSizeObservation } from '../contracts/index.js';
import { measureResult } from '../target/wire-audit.js';
import type { ToolExample } from '../core/rules.js';
import { describe, resultOf } from '../target/client.js';
import type { LiveCaller } from './live-caller.js';

export interface ExampleRun {
  findings: RawFinding[];
  /** Sizes of recorded responses (called ones are measured by the wire audit). */
  sizes: ResultSizeObservation[];
}

/** A recorded tools/call result: the result itself, or a JSON-RPC response around it. */
export async function readRecordedResult(file: string): Promise<Record<string, unknown>> {
  const doc = JSON.parse(await readFile(file, 'utf8')) as unknown;
  const o = doc && typeof doc === 'object' && !Array.isArray(doc) ? (doc as Record<string, unknown>) : undefined;
  const inner = o && 'jsonrpc' in o ? o.result : o;
  if (!inner || typeof inner !== 'object' || Array.isArray(inner)) throw new Error('expected a tools/call result object (or a JSON-RPC response with one)');
  return inner as Record<string, unknown>;
}

/** Runs the examples of every tool in `catalogue`; `caller` is absent for an offline catalogue (recorded responses only). */
export async function runExamples(
  catalogue: Catalogue,
  examples: Record<string, ToolExample[]>,
  allowTools: readonly string[],
  caller?: LiveCaller,
): Promise<ExampleRun> {
  const out: ExampleRun = { findings: [], sizes: [] };
  for (const [name, list] of Object.entries(examples)) {
    const tool = catalogue.tools.find((t) => t.name === name);
    if (!tool) {
      out.findings.push({
        ruleId: 'receipt/example-not-run',
        subject: name,
        location: `examples.${name}`,
        message: `the server lists no tool named ${JSON.stringify(name)}, so its examples were not run`,
      });
      continue;
    }
    const safe = isCallable(toolsFrom([tool])[0]!, allowTools);
    for (const [index, ex] of list.entries()) {
      const notRun = (why: string) =>
        out.findings.push({
          ruleId: 'receipt/example-not-run',
          subject: name,
          location: `examples.${name}[${index}]`,
          message: `example ${index + 1} not run: ${why}`,
        });
      let result: Record<string, unknown>;
      let source: string;
      if (safe && caller) {
        const reply = await caller.request('tools/call', { name, arguments: ex.arguments }, 'examples');
        const r = resultOf(reply);
        if (!r) {
          out.findings.push({
            ruleId: 'receipt/example-failed',
            subject: name,
            location: `examples.${name}[${index}]`,
            message: `example ${index + 1} (called): ${describe(reply)}`,
          });
          continue;
        }
        result = r;
        source = 'called';
      } else if (ex.response) {
        try {
          result = await readRecordedResult(ex.response);
        } catch (e) {
          out.findings.push({
            ruleId: 'receipt/example-failed',
            subject: name,
            location: `examples.${name}[${index}]`,
            message: `example ${index + 1}: recorded response ${ex.response}: ${(e as Error).message}`,
          });
          continue;
        }
        source = `recorded ${ex.response}`;
        out.sizes.push(measureResult(name, result));
      } else {
        notRun(
          caller
            ? 'the tool may write and is not allowed (--allow-tool), and no recorded `response` file is given'
            : 'no server to call and no recorded `response` file',
        );
        continue;
      }
      const f = exampleFinding(tool, { tool: name, index, source, result, ...(ex.expect !== undefined ? { expect: ex.expect } : {}) });
      if (f) out.findings.push(f);
    }
  }
  return out;
}
