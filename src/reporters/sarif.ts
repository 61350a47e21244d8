import { createHash } from 'node:crypto';
import type { Report, TargetReport } from '../core/types.js';
import { visible } from './text.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/** Conformance checks about security (a failure is a vulnerability, not only a protocol slip). */
const SECURITY_CHECKS = /^(http-transport\/dns-rebinding|http-headers\/origin|auth|authorization|security)/;
const SECURITY_RULES = /^(poisoning|risk)\//;

interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  defaultConfiguration: { level: 'error' | 'warning' | 'note' };
  properties: { tags: string[] };
}

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

/** Where GitHub shows the alert: the snapshot file analysed, else the config that names the server. */
function artifactUri(t: TargetReport): string {
  return t.target.kind === 'snapshot' ? t.target.display.replace(/\\/g, '/').replace(/^\.\//, '') : 'mcp-assay.config.yaml';
}

const fingerprint = (...parts: string[]): string => createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32);

/** Contract and security findings as SARIF 2.1.0, for GitHub code scanning. Server text is data here: JSON-escaped, controls made visible. */
export function renderSarif(report: Report): string {
  const rules: SarifRule[] = [];
  const index = new Map<string, number>();
  const rule = (id: string, text: string, level: SarifRule['defaultConfiguration']['level'], tags: string[]): number => {
    if (!index.has(id)) {
      index.set(id, rules.length);
      rules.push({
        id,
        name: id.replace(/[^A-Za-z0-9]+(.)/g, (_, c: string) => c.toUpperCase()),
        shortDescription: { text },
        defaultConfiguration: { level },
        properties: { tags },
      });
    }
    return index.get(id)!;
  };
  const results: unknown[] = [];
  for (const t of report.targets) {
    const server = t.target.name ?? t.target.display;
    const location = (subject: string) => [
      {
        physicalLocation: { artifactLocation: { uri: artifactUri(t) } },
        logicalLocations: [{ name: visible(subject), kind: 'member', fullyQualifiedName: visible(`${server}/${subject}`) }],
      },
    ];
    for (const s of t.sections ?? []) {
      if (s.id !== 'contracts') continue;
      for (const f of s.findings) {
        const tags = ['mcp', 'contracts', ...(SECURITY_RULES.test(f.ruleId) ? ['security'] : [])];
        const i = rule(f.ruleId, `mcp-assay contract rule ${f.ruleId}`, LEVEL[f.severity], tags);
        results.push({
          ruleId: f.ruleId,
          ruleIndex: i,
          level: LEVEL[f.severity],
          message: { text: visible(`${server}: ${f.subject}: ${f.message}${f.reason ? ` (${f.reason})` : ''}`) },
          locations: location(f.subject),
          partialFingerprints: { 'mcpAssayFinding/v1': fingerprint(server, f.ruleId, f.subject) },
          ...(f.waived !== undefined ? { suppressions: [{ kind: 'external', justification: visible(f.waived) }] } : {}),
        });
      }
    }
    for (const r of t.results) {
      if (!SECURITY_CHECKS.test(r.checkId) || (r.status !== 'fail' && r.status !== 'warn')) continue;
      const level = r.status === 'fail' ? 'error' : 'warning';
      const i = rule(r.checkId, r.title, level, ['mcp', 'conformance', 'security']);
      results.push({
        ruleId: r.checkId,
        ruleIndex: i,
        level,
        message: {
          text: visible(`${server}: ${r.message ?? r.title}${r.expected ? `; expected ${r.expected}` : ''}${r.actual ? `; actual ${r.actual}` : ''}`),
        },
        locations: location(r.checkId),
        partialFingerprints: { 'mcpAssayFinding/v1': fingerprint(server, r.checkId) },
      });
    }
  }
  const sarif = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'mcp-assay', version: report.tool.version, semanticVersion: report.tool.version, rules } },
        automationDetails: { id: 'mcp-assay/' },
        invocations: [{ executionSuccessful: true, startTimeUtc: report.startedAt, endTimeUtc: report.finishedAt }],
        results,
      },
    ],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}

export const render = (report: Report): string => renderSarif(report);
