/** Turning raw rule hits into Findings: the user's level per rule (or per family), and waivers with a reason. */
import type { RuleLevel, RuleSettings, RuleWaiver } from '../../core/rules.js';
import type { Finding } from '../../core/types.js';
import { isRulePattern, ruleById, type RuleFamily, type RuleId, type RulePattern } from '../../core/rule-catalogue.js';

export interface ContractFinding extends Finding {
  ruleId: RuleId;
  family: RuleFamily;
  /** Where in the subject the problem sits, e.g. `inputSchema.properties.path.description`. */
  location?: string;
}

/** A rule hit before levels and waivers; `names` lists every tool a waiver may name (a confusable pair has two). */
export interface RawFinding {
  ruleId: RuleId;
  subject: string;
  message: string;
  reason?: string;
  location?: string;
  names?: string[];
}

const LEVELS: readonly RuleLevel[] = ['error', 'warning', 'info', 'off'];

/** `risk/catch-all-tool` matches itself, `risk/*` and `*`. */
function ruleMatches(pattern: RulePattern, id: RuleId): boolean {
  return pattern === id || pattern === '*' || (pattern.endsWith('/*') && id.startsWith(pattern.slice(0, -1)));
}

export function resolveLevel(id: RuleId, settings?: Partial<RuleSettings>): RuleLevel {
  const rule = ruleById(id);
  const levels = settings?.levels ?? {};
  return levels[id] ?? levels[`${rule.family}/*`] ?? levels['*'] ?? rule.defaultLevel;
}

function findWaiver(f: RawFinding, waivers: readonly RuleWaiver[]): RuleWaiver | undefined {
  const names = new Set([f.subject, ...(f.names ?? [])]);
  return waivers.find((w) => ruleMatches(w.rule, f.ruleId) && (w.tool === undefined || names.has(w.tool)));
}

const SEVERITY_ORDER: Record<Finding['severity'], number> = { error: 0, warning: 1, info: 2 };

export function compareFindings(a: ContractFinding, b: ContractFinding): number {
  const ka = [a.ruleId, a.subject, a.location ?? '', a.message];
  const kb = [b.ruleId, b.subject, b.location ?? '', b.message];
  const d = SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity];
  if (d) return d;
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return (ka[i] as string) < (kb[i] as string) ? -1 : 1;
  return 0;
}

export function applySettings(raw: readonly RawFinding[], settings?: Partial<RuleSettings>): ContractFinding[] {
  const out: ContractFinding[] = [];
  for (const f of raw) {
    const level = resolveLevel(f.ruleId, settings);
    if (level === 'off') continue;
    const finding: ContractFinding = { ruleId: f.ruleId, family: ruleById(f.ruleId).family, severity: level, subject: f.subject, message: f.message };
    if (f.reason) finding.reason = f.reason;
    if (f.location) finding.location = f.location;
    const w = findWaiver(f, settings?.waivers ?? []);
    if (w) finding.waived = w.reason;
    out.push(finding);
  }
  return out.sort(compareFindings);
}

/** Problems in user settings that name contract rules: unknown ids, bad levels, waivers without a reason. */
export function validateRuleSettings(settings: { levels?: Record<string, unknown>; waivers?: readonly { rule: string; reason?: string }[] }): string[] {
  const problems: string[] = [];
  for (const [id, level] of Object.entries(settings.levels ?? {})) {
    if (!LEVELS.some((l) => l === level)) problems.push(`levels.${id}: "${String(level)}" is not one of ${LEVELS.join(', ')}`);
    if (!isRulePattern(id)) problems.push(`levels.${id}: no contract rule has this id`);
  }
  (settings.waivers ?? []).forEach((w, i) => {
    if (!isRulePattern(w.rule)) problems.push(`waivers[${i}].rule: no contract rule has the id "${w.rule}"`);
    if (!w.reason || !w.reason.trim()) problems.push(`waivers[${i}]: a waiver needs a reason, which the report shows`);
  });
  return problems;
}
