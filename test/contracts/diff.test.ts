import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCatalogue, type CatalogueTool } from '../../src/contracts/catalogue/catalogue.js';
import { applyDiffAllowances, diffCatalogues, diffExitCode, type CatalogueChange } from '../../src/contracts/index.js';

type Tool = Record<string, unknown>;
const base = (over: Tool = {}): Tool => ({
  name: 'book_room',
  description: 'Book a meeting room for a time slot.',
  inputSchema: {
    type: 'object',
    properties: {
      room: { type: 'string', enum: ['alpha', 'beta', 'gamma'], description: 'Room to book' },
      minutes: { type: 'integer', minimum: 15, maximum: 240, description: 'Length of the booking' },
      note: { type: ['string', 'null'], description: 'Note shown on the door' },
      attendees: { type: 'array', items: { $ref: '#/$defs/person' }, description: 'People invited' },
    },
    required: ['room'],
    $defs: { person: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] } },
  },
  outputSchema: { type: 'object', properties: { id: { type: 'string' }, starts: { type: 'string' }, seats: { type: 'integer' } }, required: ['id', 'starts'] },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  ...over,
});

/* eslint-disable @typescript-eslint/no-explicit-any -- the edits below reach freely into JSON copies of a fixture */
/** Apply `edit` to a deep copy of the base tool and diff the two catalogues. */
function diffWith(edit: (t: Tool & { inputSchema: any; outputSchema: any; annotations: any }) => void, extra: Tool[] = []): CatalogueChange[] {
  const before = base();
  const after = structuredClone(before) as Tool & { inputSchema: any; outputSchema: any; annotations: any };
  edit(after);
  return diffCatalogues(buildCatalogue({ tools: [before] }), buildCatalogue({ tools: [after, ...extra] }));
}
/* eslint-enable @typescript-eslint/no-explicit-any */
const codes = (changes: CatalogueChange[]): string[] => changes.map((c) => `${c.kind}:${c.change}`).sort();

describe('catalogue diff: inputs', () => {
  it('reports nothing for identical catalogues', () => {
    assert.deepEqual(
      diffWith(() => {}),
      [],
    );
  });
  it('a required parameter added breaks callers; an optional one does not', () => {
    assert.deepEqual(
      codes(
        diffWith((t) => {
          t.inputSchema.properties.floor = { type: 'integer' };
          t.inputSchema.required.push('floor');
        }),
      ),
      ['breaking:required-param-added'],
    );
    assert.deepEqual(
      codes(
        diffWith((t) => {
          t.inputSchema.properties.floor = { type: 'integer' };
        }),
      ),
      ['non-breaking:optional-param-added'],
    );
  });
  it('optional to required breaks; required to optional does not', () => {
    assert.deepEqual(codes(diffWith((t) => t.inputSchema.required.push('minutes'))), ['breaking:param-now-required']);
    assert.deepEqual(
      codes(
        diffWith((t) => {
          t.inputSchema.required = [];
        }),
      ),
      ['non-breaking:param-now-optional'],
    );
  });
  it('narrowed types break; widened types do not; integer counts as a kind of number', () => {
    assert.deepEqual(
      codes(
        diffWith((t) => {
          t.inputSchema.properties.note.type = 'string';
        }),
      ),
      ['breaking:type-narrowed'],
    );
    assert.deepEqual(
      codes(
        diffWith((t) => {
          t.inputSchema.properties.minutes.type = 'number';
        }),
      ),
      ['non-breaking:type-widened'],
    );
    assert.deepEqual(
      codes(
        diffWith((t) => {
          t.inputSchema.properties.room = { type: 'integer', description: 'Room to book' };
        }),
      ),
      ['breaking:type-changed'],
    );
  });
  it('enum values removed break; added values widen; a new enum restricts', () => {
    assert.deepEqual(codes(diffWith((t) => t.inputSchema.properties.room.enum.pop())), ['breaking:enum-value-removed']);
    assert.deepEqual(codes(diffWith((t) => t.inputSchema.properties.room.enum.push('delta'))), ['non-breaking:enum-widened']);
    assert.deepEqual(
      codes(
        diffWith((t) => {
          t.inputSchema.properties.note.enum = ['quiet'];
        }),
      ),
      ['breaking:enum-restricted'],
    );
  });
  it('additionalProperties true to false breaks; the reverse does not', () => {
    assert.deepEqual(
      codes(
        diffWith((t) => {
          t.inputSchema.additionalProperties = false;
        }),
      ),
      ['breaking:additional-properties-closed'],
    );
  });
  it('tighter bounds break and looser bounds do not', () => {
    assert.deepEqual(
      codes(
        diffWith((t) => {
          t.inputSchema.properties.minutes.maximum = 120;
        }),
      ),
      ['breaking:constraint-tightened'],
    );
    assert.deepEqual(
      codes(
        diffWith((t) => {
          t.inputSchema.properties.minutes.minimum = 5;
        }),
      ),
      ['non-breaking:constraint-loosened'],
    );
  });
  it('follows local $ref into definitions and reports the nested path', () => {
    const changes = diffWith((t) => {
      t.inputSchema.$defs.person.required.push('name');
      t.inputSchema.$defs.person.properties.name = { type: 'string' };
    });
    assert.deepEqual(codes(changes), ['breaking:required-param-added']);
    assert.equal(changes[0]?.path, 'input.attendees[].name');
  });
  it('a removed parameter is breaking; a description edit is flagged non-breaking', () => {
    assert.deepEqual(codes(diffWith((t) => delete t.inputSchema.properties.note)), ['breaking:param-removed']);
    assert.deepEqual(
      codes(
        diffWith((t) => {
          t.inputSchema.properties.room.description = 'Which room';
        }),
      ),
      ['non-breaking:param-description-changed'],
    );
  });
  it('shows a description edit around the first difference, even deep in long text', () => {
    const long = 'Book a meeting room for a time slot. '.repeat(5);
    const changes = diffWith((t) => {
      t.description = long + 'Rooms close at 18:00.';
    });
    const before = diffCatalogues(
      buildCatalogue({ tools: [base({ description: long + 'Rooms close at 20:00.' })] }),
      buildCatalogue({ tools: [base({ description: long + 'Rooms close at 18:00.' })] }),
    );
    assert.equal(codes(changes)[0], 'non-breaking:description-changed');
    assert.match(before[0]?.detail ?? '', /^"…[^"]*20:00\.?" → "…[^"]*18:00\.?"/);
  });
  it('keywords with no rule are still reported, as breaking, rather than passed silently', () => {
    assert.deepEqual(
      codes(
        diffWith((t) => {
          t.inputSchema.properties.room.not = { const: 'beta' };
        }),
      ),
      ['breaking:schema-changed'],
    );
  });
});

describe('catalogue diff: outputs, annotations, tools', () => {
  it('an output property removed, retyped or made optional breaks consumers; one added does not', () => {
    assert.deepEqual(codes(diffWith((t) => delete t.outputSchema.properties.seats)), ['breaking:output-property-removed']);
    assert.deepEqual(
      codes(
        diffWith((t) => {
          t.outputSchema.properties.seats.type = 'string';
        }),
      ),
      ['breaking:output-property-retyped'],
    );
    assert.deepEqual(
      codes(
        diffWith((t) => {
          t.outputSchema.required = ['id'];
        }),
      ),
      ['breaking:output-property-optional'],
    );
    assert.deepEqual(
      codes(
        diffWith((t) => {
          t.outputSchema.properties.room = { type: 'string' };
        }),
      ),
      ['non-breaking:output-property-added'],
    );
    assert.deepEqual(codes(diffWith((t) => delete t.outputSchema)), ['breaking:output-schema-removed']);
  });
  it('each risk hint that grows is an escalation, defaults included', () => {
    assert.deepEqual(
      codes(
        diffWith((t) => {
          t.annotations.destructiveHint = true;
        }),
      ),
      ['escalation:destructive-added'],
    );
    assert.deepEqual(
      codes(
        diffWith((t) => {
          t.annotations.idempotentHint = false;
        }),
      ),
      ['escalation:idempotent-dropped'],
    );
    // Dropping openWorldHint: false falls back to the default, true.
    assert.deepEqual(codes(diffWith((t) => delete t.annotations.openWorldHint)), ['escalation:open-world-added']);
    const ro = base({ annotations: { readOnlyHint: true } });
    const changes = diffCatalogues(buildCatalogue({ tools: [ro] }), buildCatalogue({ tools: [{ ...ro, annotations: { readOnlyHint: false } }] }));
    assert.deepEqual(codes(changes), ['escalation:read-only-dropped']);
  });
  it('tells a rename (same input schema, similar text) from a removal', () => {
    const renamed = diffWith((t) => {
      t.name = 'reserve_room';
    });
    assert.deepEqual(codes(renamed), ['breaking:tool-renamed']);
    assert.match(renamed[0]?.detail ?? '', /reserve_room/);
    const replaced = diffWith((t) => {
      t.name = 'cancel_booking';
      t.description = 'Cancel a booking.';
      t.inputSchema = { type: 'object', properties: { id: { type: 'string' } } };
    });
    assert.deepEqual(codes(replaced), ['breaking:tool-removed', 'non-breaking:tool-added']);
  });
  it('sorts breaking, then escalations, then the rest, and exits 1 until each is allowed', () => {
    const changes = diffWith((t) => {
      t.description = 'Reserve a room.';
      t.annotations.destructiveHint = true;
      t.inputSchema.required.push('minutes');
    });
    assert.deepEqual(
      changes.map((c) => c.kind),
      ['breaking', 'escalation', 'non-breaking'],
    );
    assert.equal(diffExitCode(changes), 1);
    const partly = applyDiffAllowances(changes, [{ change: 'param-now-required', reason: 'callers updated in #42' }]);
    assert.equal(partly[0]?.allowed, 'callers updated in #42');
    assert.equal(diffExitCode(partly), 1);
    const all = applyDiffAllowances(changes, [
      { kind: 'breaking', reason: 'major release' },
      { subject: 'book_room', kind: 'escalation', reason: 'now cancels overlapping bookings' },
    ]);
    assert.equal(diffExitCode(all), 0);
  });
  it('reports prompt, resource, template and instruction changes', () => {
    const before = buildCatalogue({
      tools: [],
      instructions: 'A',
      prompts: [{ name: 'p', arguments: [{ name: 'x' }] }],
      resources: [{ uri: 'r://1', name: 'r', mimeType: 'text/plain' }],
      resourceTemplates: [{ uriTemplate: 't://{id}', name: 't' }],
    });
    const after = buildCatalogue({
      tools: [],
      instructions: 'B',
      prompts: [{ name: 'p', arguments: [{ name: 'x', required: true }] }],
      resources: [{ uri: 'r://1', name: 'r', mimeType: 'application/json' }],
    });
    assert.deepEqual(codes(diffCatalogues(before, after)), [
      'breaking:mime-type-changed',
      'breaking:prompt-argument-now-required',
      'breaking:template-removed',
      'non-breaking:instructions-changed',
    ]);
  });
  it('treats parameters named like Object members as ordinary names', () => {
    const tool = JSON.parse(
      '{"name":"t","description":"A tool with odd names.","inputSchema":{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"}}}}',
    );
    const without = JSON.parse(
      '{"name":"t","description":"A tool with odd names.","inputSchema":{"type":"object","properties":{"__proto__":{"type":"string"}}}}',
    );
    const before = buildCatalogue({ tools: [tool] });
    assert.deepEqual(Object.keys(before.tools[0]?.inputSchema?.properties as object), ['__proto__', 'constructor']);
    assert.deepEqual(codes(diffCatalogues(before, buildCatalogue({ tools: [without] }))), ['breaking:param-removed']);
    assert.deepEqual(diffCatalogues(before, buildCatalogue({ tools: [tool] })), []);
  });

  it('is deterministic whatever the input order', () => {
    const tools: CatalogueTool[] = [base() as CatalogueTool, { ...(base() as CatalogueTool), name: 'other_tool' }];
    const a = diffCatalogues(buildCatalogue({ tools }), buildCatalogue({ tools: [] }));
    const b = diffCatalogues(buildCatalogue({ tools: [...tools].reverse() }), buildCatalogue({ tools: [] }));
    assert.deepEqual(a, b);
    assert.deepEqual(
      a.map((c) => c.subject),
      ['book_room', 'other_tool'],
    );
  });
});
