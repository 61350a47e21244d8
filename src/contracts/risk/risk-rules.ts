/** The risk-family rules, evaluated per tool from its classification. */
import type { CatalogueTool } from '../catalogue/catalogue.js';
import type { RawFinding } from '../rules/rule-settings.js';
import { catchAllParams } from './risk-params.js';
import type { ToolRisk } from './risk.js';

export function riskFindings(t: CatalogueTool, r: ToolRisk): RawFinding[] {
  const out: RawFinding[] = [];
  const why = r.reasons.join('; ');
  out.push({
    ruleId: 'risk/inventory',
    subject: t.name,
    message: `${r.class}${r.classes.length > 1 ? ` (also ${r.classes.slice(1).join(', ')})` : ''}, tier ${r.tier}`,
    reason: why,
  });
  if (r.writeCapable && t.outputSchema === undefined) {
    out.push({
      ruleId: 'risk/write-without-output-schema',
      subject: t.name,
      message: `${r.class} tool declares no outputSchema, so the next step cannot rely on what it returns`,
      reason: why,
    });
  }
  if (r.writeLike && !r.annotated) {
    out.push({
      ruleId: 'risk/write-without-annotations',
      subject: t.name,
      message: `${r.class} tool declares no readOnlyHint/destructiveHint/idempotentHint/openWorldHint; clients must assume the worst`,
      reason: why,
    });
  }
  const a = t.annotations;
  if (a?.readOnlyHint === true && a.destructiveHint === true) {
    out.push({
      ruleId: 'risk/contradictory-annotations',
      subject: t.name,
      message: 'readOnlyHint: true and destructiveHint: true cannot both hold',
      location: 'annotations',
    });
  }
  if (a?.readOnlyHint === true && r.writeLike) {
    out.push({
      ruleId: 'risk/annotation-mismatch',
      subject: t.name,
      message: `annotation and name disagree: readOnlyHint: true, yet the name or schema suggests a ${r.suggested ?? 'write'} tool (review which is right)`,
      reason: why,
      location: 'annotations.readOnlyHint',
    });
  } else if (a?.readOnlyHint !== true && a?.destructiveHint === false && r.destructiveLike) {
    out.push({
      ruleId: 'risk/annotation-mismatch',
      subject: t.name,
      message: 'destructiveHint: false, yet the name or description says it deletes or overwrites',
      reason: why,
      location: 'annotations.destructiveHint',
    });
  }
  for (const c of catchAllParams(t)) {
    out.push({
      ruleId: 'risk/catch-all-tool',
      subject: t.name,
      message: `parameter \`${c.name}\` takes ${c.what} with no enum, pattern or const: the tool can do anything its backend allows`,
      reason: 'split it into narrow tools, or constrain the parameter, so a reviewer can see what an agent may do',
      location: `inputSchema.properties.${c.name}`,
    });
  }
  return out;
}
