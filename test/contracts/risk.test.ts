import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCatalogue, type CatalogueTool } from '../../src/contracts/catalogue/catalogue.js';
import { analyseCatalogue } from '../../src/contracts/index.js';
import { classifyTool } from '../../src/contracts/risk/risk.js';

const obj = (props: Record<string, unknown> = {}, required: string[] = []): Record<string, unknown> => ({ type: 'object', properties: props, required });
const t = (name: string, description: string, inputSchema = obj(), extra: Partial<CatalogueTool> = {}): CatalogueTool => ({
  name,
  description,
  inputSchema,
  ...extra,
});
const str = (description?: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'string',
  ...(description ? { description } : {}),
  ...extra,
});
const rules = (tool: CatalogueTool): string[] =>
  analyseCatalogue(buildCatalogue({ tools: [tool] }))
    .findings.filter((f) => f.family === 'risk' && f.ruleId !== 'risk/inventory')
    .map((f) => f.ruleId)
    .sort();

describe('risk classes', () => {
  const cases: [CatalogueTool, string][] = [
    [t('list_invoices', 'List invoices for a customer, newest first.'), 'read-only'],
    [t('crm_create_lead', 'Create a sales lead.'), 'write'],
    [t('exec', 'Run a program.', obj({ argv: { type: 'array', items: str() } })), 'code-exec'],
    [t('run_python', 'Runs Python in a sandbox.', obj({ source: str() })), 'code-exec'],
    [t('query', 'Query the warehouse.', obj({ query: str('A SQL query') })), 'code-exec'],
    [t('send_sms', 'Send a text message to a phone number.'), 'external-send'],
    [t('notify', 'Page the on-call engineer.', obj({ to: str('Who to page') })), 'external-send'],
    [t('invite_member', 'Invite someone to the workspace as a member.'), 'admin'],
    [t('set_api_key', 'Store a new API key for the integration.'), 'admin'],
    [t('set_key', 'Set a key in the cache to a value.', obj({ key: str('Cache key'), value: str('Value') })), 'write'],
    [t('read_file', 'Read a file.', obj({ path: str('Path on disk') })), 'file'],
    [t('fetch_url', 'Fetch a web page.', obj({ url: str('URL') })), 'read-only'],
    [t('get_profile', 'Get the profile of the signed-in user.'), 'read-only'],
    [t('get_repo_file', 'Read a file from a repository.', obj({ owner: str('Owner'), repo: str('Repo'), path: str('Path in the repository') })), 'read-only'],
    [t('weather', 'Weather for a city.', obj(), { annotations: { readOnlyHint: false } }), 'write'],
    [t('generate_pin_map', 'Generate a pin map to show where points of interest are.'), 'read-only'],
    [t('draw_update_timeline', 'Draw a timeline of the release updates as an SVG.'), 'read-only'],
    [t('generate_invoice', 'Create an invoice for the order and store it in billing.'), 'write'],
    [t('regenerate_api_key', 'Regenerate the API key of the integration.'), 'admin'],
    // server-puppeteer 2025.5.12: picks an option of a <select>, as fill types into an input.
    [
      t(
        'puppeteer_select',
        'Select an element on the page with Select tag',
        obj({ selector: str('CSS selector for element to select'), value: str('Value to select') }),
      ),
      'write',
    ],
    // `select` without an element and a value to pick is no write signal.
    [t('select_tables', 'Tables of the warehouse whose name matches.', obj({ pattern: str('Name pattern') })), 'read-only'],
  ];
  for (const [tool, want] of cases) {
    it(`${tool.name} is ${want}`, () => {
      const r = classifyTool(tool);
      assert.equal(r.class, want, r.reasons.join('; '));
      assert.ok(r.reasons.length > 0);
    });
  }

  it('never lets a name overrule an explicit readOnlyHint: true, but remembers what the name suggests', () => {
    const r = classifyTool(t('delete_account', 'Delete the account.', obj(), { annotations: { readOnlyHint: true } }));
    assert.equal(r.class, 'read-only');
    assert.deepEqual(r.classes, ['read-only']);
    assert.equal(r.suggested, 'admin');
    assert.ok(!r.writeCapable && r.writeLike);
    assert.match(r.reasons.join(' '), /explicit/);
    // server-everything's trigger-long-running-operation: read-only by annotation, "trigger" by name.
    const trig = classifyTool(
      t('trigger-long-running-operation', 'Demonstrates a long running operation with progress updates.', obj(), {
        annotations: { readOnlyHint: true, destructiveHint: false },
      }),
    );
    assert.equal(trig.class, 'read-only');
    assert.equal(trig.tier, 'R1');
  });

  it('lets a name raise a class the annotations leave open', () => {
    const r = classifyTool(t('delete_account', 'Delete the account.', obj(), { annotations: { destructiveHint: false } }));
    assert.equal(r.class, 'admin');
    assert.ok(r.writeCapable);
  });

  it('assigns tiers from hints and verbs', () => {
    assert.equal(classifyTool(t('list_x', 'List things.', obj(), { annotations: { readOnlyHint: true, openWorldHint: false } })).tier, 'R0');
    assert.equal(classifyTool(t('list_x', 'List things.')).tier, 'R1');
    assert.equal(
      classifyTool(t('tag_x', 'Tag a thing.', obj(), { annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true } })).tier,
      'R2',
    );
    assert.equal(classifyTool(t('tag_x', 'Tag a thing.', obj(), { annotations: { readOnlyHint: false, destructiveHint: false } })).tier, 'R3');
    assert.equal(classifyTool(t('drop_table', 'Drop a table.', obj(), { annotations: { readOnlyHint: false, destructiveHint: false } })).tier, 'R4');
  });
});

describe('risk rules', () => {
  it('a write tool needs annotations and an outputSchema', () => {
    assert.deepEqual(rules(t('create_ticket', 'Open a support ticket.')), ['risk/write-without-annotations', 'risk/write-without-output-schema']);
    assert.deepEqual(
      rules(t('create_ticket', 'Open a support ticket.', obj(), { annotations: { readOnlyHint: false }, outputSchema: { type: 'object' } })),
      [],
    );
  });
  it('a read tool without annotations passes', () => {
    assert.deepEqual(rules(t('get_ticket', 'Get one support ticket by id.')), []);
  });
  it('readOnlyHint with destructiveHint is contradictory', () => {
    assert.deepEqual(rules(t('get_ticket', 'Get one ticket.', obj(), { annotations: { readOnlyHint: true, destructiveHint: true } })), [
      'risk/contradictory-annotations',
    ]);
  });
  it('a write-sounding name on a tool annotated read-only is one review warning, not a write tool', () => {
    const tool = t('trigger_rebuild', 'Start a rebuild.', obj(), { annotations: { readOnlyHint: true } });
    assert.deepEqual(rules(tool), ['risk/annotation-mismatch']);
    const f = analyseCatalogue(buildCatalogue({ tools: [tool] })).findings.find((x) => x.ruleId === 'risk/annotation-mismatch');
    assert.match(f?.message ?? '', /annotation and name disagree/);
    assert.equal(f?.severity, 'warning');
  });
  it('destructiveHint false on a delete is a mismatch', () => {
    const tool = t('delete_ticket', 'Delete a ticket.', obj(), {
      annotations: { readOnlyHint: false, destructiveHint: false },
      outputSchema: { type: 'object' },
    });
    assert.deepEqual(rules(tool), ['risk/annotation-mismatch']);
  });

  const catchAll = (props: Record<string, unknown>, name = 'do_it', description = 'Do something.'): boolean =>
    rules(t(name, description, obj(props), { annotations: { readOnlyHint: false }, outputSchema: {} })).includes('risk/catch-all-tool');
  it('flags free-form command, SQL, code and operation strings', () => {
    assert.ok(catchAll({ command: str('Shell command') }));
    assert.ok(catchAll({ sql: str() }));
    assert.ok(catchAll({ operation: str('create, update or delete') }));
    assert.ok(catchAll({ method: str('HTTP method'), path: str('API path') }));
    assert.ok(catchAll({ query: str('Cypher query to run') }, 'graph_query', 'Query the graph database.'));
    assert.ok(catchAll({ action: str('The action to perform on the file') }, 'files', 'Work with files.'));
    assert.ok(catchAll({ action: str() }, 'manage_files', 'Files.'));
  });
  it('an action that is a free-text subject is not an operation selector', () => {
    // server-everything's ask_confirmation: the action is what the user confirms, not what the tool does.
    assert.ok(!catchAll({ action: str('What to confirm, e.g. "delete 3 files"') }, 'ask_confirmation', 'Ask the user to confirm an action.'));
    assert.ok(!catchAll({ action: str() }, 'log_event', 'Record an event.'));
    assert.ok(!catchAll({ operation: str('A label for the operation shown in the audit log') }, 'audit', 'Audit.'));
  });
  it('leaves constrained and ordinary strings alone', () => {
    assert.ok(!catchAll({ operation: str('What to do', { enum: ['open', 'close'] }) }));
    assert.ok(!catchAll({ command: str('Command', { pattern: '^(start|stop)$' }) }));
    assert.ok(!catchAll({ query: str('Words to search for') }, 'search_docs', 'Search the docs.'));
    assert.ok(!catchAll({ method: str('Payment method') }, 'pay', 'Pay an invoice.'));
    assert.ok(!catchAll({ command: { type: 'integer', description: 'Command number' } }));
  });
});
