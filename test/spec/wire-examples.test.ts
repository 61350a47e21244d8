/** Every official 2026-07-28 example must be accepted by our own wire model (documented exceptions aside). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WIRE_TYPE_NAMES, validateClientMessage, validateServerMessage, validateWireType, type WireIssue } from '../../src/spec/wire/index.js';
import { officialValidate, specDirOrSkip } from '../support/official-schema.js';
import {
  CLIENT_REQUEST_FOLDERS,
  ERROR_OBJECT_FOLDERS,
  ERROR_RESPONSE_FOLDERS,
  KNOWN_REJECTED,
  RESPONSE_FOLDERS,
  RESULT_FOLDERS,
  SERVER_NOTIFICATION_FOLDERS,
  envelope,
  errorEnvelope,
  loadExamples,
  type Example,
} from './example-folders.js';

/** Each way our model judges an example of this folder, with the issues it found. */
function verdicts({ folder, value }: Example): { how: string; issues: WireIssue[] }[] {
  const out: { how: string; issues: WireIssue[] }[] = [];
  if (WIRE_TYPE_NAMES.includes(folder)) out.push({ how: `type ${folder}`, issues: validateWireType(folder, value) });
  const answers = RESPONSE_FOLDERS[folder];
  if (answers) out.push({ how: `server response to ${answers}`, issues: validateServerMessage(value, { requestMethod: answers }) });
  const resultOf = RESULT_FOLDERS[folder];
  if (resultOf) out.push({ how: `result of ${resultOf}`, issues: validateServerMessage(envelope(value), { requestMethod: resultOf }) });
  const code = ERROR_OBJECT_FOLDERS[folder];
  if (code !== undefined) {
    assert.equal((value as { code?: unknown }).code, code, `${folder} examples carry code ${code}`);
    // A parse error answers a request whose id could not be read, so the response carries none.
    const id = folder === 'ParseError' ? undefined : 1;
    out.push({ how: 'server error response', issues: validateServerMessage(errorEnvelope(value, id)) });
  }
  if (ERROR_RESPONSE_FOLDERS.includes(folder) || SERVER_NOTIFICATION_FOLDERS.includes(folder)) {
    out.push({ how: 'server message', issues: validateServerMessage(value) });
  }
  if (CLIENT_REQUEST_FOLDERS.includes(folder) || folder === 'CancelledNotification') {
    out.push({ how: 'client message', issues: validateClientMessage(value) });
  }
  return out;
}

test('every official 2026-07-28 example is accepted by our wire model', async (t) => {
  const dir = specDirOrSkip(t);
  if (!dir) return;
  const examples = loadExamples(dir);
  const folders = new Set(examples.map((e) => e.folder));
  assert.ok(folders.size >= 88, `expected the 88 official example folders, found ${folders.size}`);

  for (const folder of [...folders].sort()) {
    await t.test(folder, () => {
      for (const example of examples.filter((e) => e.folder === folder)) {
        const key = `${folder}/${example.file}`;
        const found = verdicts(example);
        assert.ok(found.length > 0, `${key}: folder is not mapped onto our model; map it or list it as skipped`);
        const rejectedAt = KNOWN_REJECTED[key];
        for (const { how, issues } of found) {
          if (rejectedAt && how.startsWith('server response')) {
            assert.deepEqual(issues.map((i) => i.path).sort(), [...rejectedAt].sort(), `${key} (${how}): rejected for exactly the documented reason`);
          } else {
            assert.deepEqual(issues, [], `${key} (${how}) should be valid`);
          }
        }
        // The oracle agrees with the example, which also proves officialValidate resolves this type.
        assert.deepEqual(officialValidate(folder, example.value), [], `${key}: official verdict`);
      }
    });
  }
});

test('documented rejections name examples that exist', (t) => {
  const dir = specDirOrSkip(t);
  if (!dir) return;
  const keys = new Set(loadExamples(dir).map((e) => `${e.folder}/${e.file}`));
  for (const key of Object.keys(KNOWN_REJECTED)) assert.ok(keys.has(key), `${key} is listed as rejected but does not exist`);
});
