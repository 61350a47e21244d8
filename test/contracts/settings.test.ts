import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RuleSettings } from '../../src/core/rules.js';
import { CONTRACT_RULES as CORE_RULES, isRulePattern, RULE_FAMILIES, type RuleId } from '../../src/core/rule-catalogue.js';
import { applySettings } from '../../src/contracts/rules/rule-settings.js';
import { buildCatalogue } from '../../src/contracts/catalogue/catalogue.js';
import { analyseCatalogue, CONTRACT_RULES, contractsExitCode, contractsSection, validateRuleSettings } from '../../src/contracts/index.js';

const catalogue = buildCatalogue({
  tools: [
    {
      name: 'run_query',
      description: 'Run a SQL query against the reporting database.',
      inputSchema: { type: 'object', properties: { sql: { type: 'string', description: 'SQL text' } }, required: ['sql'] },
      annotations: { readOnlyHint: false },
      outputSchema: { type: 'object' },
    },
    { name: 'get_user', description: 'Get one user by id, with roles.', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
    { name: 'get_users', description: 'Get users by ids, with roles.', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
  ],
});
const settings = (s: Partial<RuleSettings>): RuleSettings => ({ levels: {}, waivers: [], ...s });
const live = (r: ReturnType<typeof analyseCatalogue>, id: string): string[] =>
  r.findings.filter((f) => f.ruleId === id).map((f) => `${f.severity}${f.waived ? ' waived' : ''}`);

describe('rule catalogue', () => {
  it('declares each id once, well formed, in one of its families', () => {
    const ids = CONTRACT_RULES.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const r of CONTRACT_RULES) {
      assert.match(r.id, /^(risk|lint|poisoning|receipt|size)\/[a-z]+(-[a-z]+)*$/);
      assert.ok(r.id.startsWith(r.family + '/'));
      assert.ok(r.description.length > 20);
    }
  });
  it('uses the default levels the issue asks for', () => {
    const level = (id: string): string | undefined => CONTRACT_RULES.find((r) => r.id === id)?.defaultLevel;
    for (const id of [
      'risk/catch-all-tool',
      'risk/contradictory-annotations',
      'risk/write-without-output-schema',
      'risk/write-without-annotations',
      'poisoning/hidden-unicode',
      'poisoning/model-directive',
      'poisoning/exfiltration-sink',
      'poisoning/credential',
    ])
      assert.equal(level(id), 'error', id);
    for (const r of CONTRACT_RULES.filter((x) => x.family === 'lint')) assert.equal(r.defaultLevel, 'warning', r.id);
  });
});

describe('levels and waivers', () => {
  it('fails on an error-level rule by default', () => {
    const r = analyseCatalogue(catalogue);
    assert.deepEqual(live(r, 'risk/catch-all-tool'), ['error']);
    assert.equal(contractsExitCode(r), 1);
  });
  it('a waiver with a reason keeps the finding visible, marked, and lets the exit code pass', () => {
    const r = analyseCatalogue(
      catalogue,
      settings({ waivers: [{ rule: 'risk/catch-all-tool', tool: 'run_query', reason: 'read replica with a read-only role' }] }),
    );
    const f = r.findings.find((x) => x.ruleId === 'risk/catch-all-tool');
    assert.equal(f?.waived, 'read replica with a read-only role');
    assert.equal(contractsExitCode(r), 0);
    assert.equal(r.stats.findings.waived, 1);
  });
  it('a waiver for another tool does not apply', () => {
    const r = analyseCatalogue(catalogue, settings({ waivers: [{ rule: 'risk/catch-all-tool', tool: 'get_user', reason: 'n/a' }] }));
    assert.equal(contractsExitCode(r), 1);
  });
  it('a level can be lowered, raised or turned off, per rule or per family', () => {
    assert.deepEqual(live(analyseCatalogue(catalogue, settings({ levels: { 'risk/catch-all-tool': 'warning' } })), 'risk/catch-all-tool'), ['warning']);
    assert.equal(contractsExitCode(analyseCatalogue(catalogue, settings({ levels: { 'risk/catch-all-tool': 'warning' } }))), 0);
    assert.deepEqual(live(analyseCatalogue(catalogue, settings({ levels: { 'lint/*': 'error' } })), 'lint/confusable-tools'), ['error']);
    assert.deepEqual(live(analyseCatalogue(catalogue, settings({ levels: { 'risk/catch-all-tool': 'off' } })), 'risk/catch-all-tool'), []);
    // The exact rule id wins over its family.
    assert.deepEqual(live(analyseCatalogue(catalogue, settings({ levels: { 'risk/*': 'off', 'risk/catch-all-tool': 'error' } })), 'risk/catch-all-tool'), [
      'error',
    ]);
  });
  it('a confusable pair can be waived by either of its tools', () => {
    const r = analyseCatalogue(catalogue, settings({ waivers: [{ rule: 'lint/*', tool: 'get_users', reason: 'kept for old clients' }] }));
    assert.deepEqual(live(r, 'lint/confusable-tools'), ['warning waived']);
  });
  it('validates settings: unknown ids, bad levels, waivers without reasons', () => {
    const problems = validateRuleSettings({
      levels: { 'risk/no-such-rule': 'error', 'lint/description-thin': 'loud' },
      waivers: [{ rule: 'poisoning/credential', reason: ' ' }],
    });
    assert.equal(problems.length, 3);
    assert.deepEqual(validateRuleSettings({ levels: { 'poisoning/*': 'warning' }, waivers: [{ rule: 'lint/too-many-tools', reason: 'gateway server' }] }), []);
  });
});

describe('report section', () => {
  it('carries every finding, the inventory included, as plain data', () => {
    const r = analyseCatalogue(catalogue);
    const s = contractsSection(r);
    assert.equal(s.id, 'contracts');
    assert.equal(s.findings.length, r.findings.length);
    assert.equal(s.findings.filter((f) => f.ruleId === 'risk/inventory').length, 3);
    assert.equal(JSON.parse(JSON.stringify(s)).findings.length, r.findings.length);
  });
  it('orders findings errors first, then by rule and subject, the same on every run', () => {
    const a = analyseCatalogue(catalogue).findings;
    const b = analyseCatalogue(buildCatalogue({ tools: [...catalogue.tools].reverse() })).findings;
    assert.deepEqual(a, b);
    const sev = a.map((f) => f.severity);
    assert.deepEqual(
      sev,
      [...sev].sort((x, y) => ['error', 'warning', 'info'].indexOf(x) - ['error', 'warning', 'info'].indexOf(y)),
    );
  });
});

describe('rule ids', () => {
  it('are unique, well-formed and named after their family', () => {
    const ids = CORE_RULES.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const r of CORE_RULES) assert.ok(r.id.startsWith(`${r.family}/`) && /^[a-z]+\/[a-z]+(-[a-z]+)*$/.test(r.id), r.id);
    assert.deepEqual([...new Set(CORE_RULES.map((r) => r.family))].sort(), [...RULE_FAMILIES].sort());
  });
  it('patterns: an id, a known family or *, nothing else', () => {
    for (const p of ['lint/too-many-tools', 'lint/*', '*', 'receipt/*']) assert.ok(isRulePattern(p), p);
    for (const p of ['lint/too-many', 'lnt/*', 'lint', '', 'lint/**', 'migration/removed-feature']) assert.ok(!isRulePattern(p), p);
  });
  it('a finding with an id outside the catalogue is refused, not filed under lint', () => {
    assert.throws(() => applySettings([{ ruleId: 'lint/no-such-rule' as RuleId, subject: 's', message: 'm' }]), /lint\/no-such-rule/);
  });
});
