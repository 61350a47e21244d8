/**
 * Differential test: for every server-side result, notification and error example, and systematic mutations
 * of it, our verdict (valid/invalid) must equal the official schema's, except where a listed rule that the
 * official schema leaves to the harness explains the difference.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { META } from '../../src/spec/constants.js';
import { validateClientMessage, validateServerMessage, type WireIssue } from '../../src/spec/wire/index.js';
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
} from './example-folders.js';
import { mutations, type Mutation } from './mutate.js';

type Verdict = 'valid' | 'invalid';
interface Subject {
  officialType: string;
  ours: (value: unknown) => WireIssue[];
  /** Response envelopes are mutated at the top level only; their bodies are covered by the result types. */
  maxDepth?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const LISTEN_FOLDERS = SERVER_NOTIFICATION_FOLDERS.filter((f) => /ListChanged|ResourceUpdated|Acknowledged/.test(f));

/** Rules our model enforces that the official schema leaves to the harness. Each excuses one direction only. */
const EXCEPTIONS: { id: string; reason: string; ours: Verdict; applies: (folder: string, m: Mutation) => boolean }[] = [
  {
    id: 'error-id-null',
    reason:
      'JSON-RPC 2.0 answers a request whose id could not be read with id null (the schema only types the absent id); whether the id was readable is judged by the sender',
    ours: 'valid',
    applies: (_f, m) => m.label.startsWith('id=null') && m.path === '/id' && isObject(m.value) && 'error' in m.value,
  },
  {
    id: 'result-type-vocabulary',
    reason: 'DIGEST §d: the schema types resultType as any string; its values, which methods may use them, and the shape each selects are ours to check',
    ours: 'invalid',
    applies: (_f, m) => m.label.startsWith('resultType='),
  },
  {
    id: 'input-required-needs-content',
    reason: 'DIGEST §e: an InputRequiredResult MUST carry inputRequests or requestState; schema.ts says so in prose only',
    ours: 'invalid',
    applies: (_f, m) => isObject(m.value) && m.value.resultType === 'input_required' && !('inputRequests' in m.value) && !('requestState' in m.value),
  },
  {
    id: 'listen-stream-subscription-id',
    reason: 'DIGEST §b: notifications on a subscriptions/listen stream MUST carry io.modelcontextprotocol/subscriptionId; the schema makes it optional',
    ours: 'invalid',
    applies: (f, m) => {
      if (!LISTEN_FOLDERS.includes(f) || !isObject(m.value)) return false;
      const params = m.value.params;
      const meta = isObject(params) ? params._meta : undefined;
      return (params === undefined || isObject(params)) && (meta === undefined || (isObject(meta) && !(META.subscriptionId in meta)));
    },
  },
  {
    id: 'json-value-numbers',
    reason: 'schema.ts JSONValue admits every number and null; the generated schema.json narrows it to integers and drops null',
    ours: 'valid',
    applies: (_f, m) => m.label.startsWith('json-value'),
  },
  {
    id: 'error-code-policy',
    reason: 'DIGEST §c: retired codes (-32002, -32042) and unallocated codes in -32020..-32099 must not be sent; the schema only says integer',
    ours: 'invalid',
    applies: (_f, m) => m.label.startsWith('error-code'),
  },
  {
    id: 'no-server-requests',
    reason: 'DIGEST §i: a 2026-07-28 server never sends JSON-RPC requests (MRTR replaces them); the schema still defines JSONRPCRequest',
    ours: 'invalid',
    applies: (_f, m) => m.label.startsWith('server-request'),
  },
];

/** Hand-made cases for the exceptions that example mutations cannot reach. */
function extraCases(discover: unknown): { folder: string; subject: Subject; mutation: Mutation }[] {
  const withExperimental = structuredClone(discover) as { capabilities: Record<string, unknown> };
  withExperimental.capabilities.experimental = { 'com.example/tuning': { ratio: 0.5, note: null } };
  const serverError = (code: number): Mutation => ({ label: `error-code ${code}`, path: '/error/code', value: errorEnvelope({ code, message: 'x' }) });
  const errorSubject: Subject = { officialType: 'JSONRPCErrorResponse', ours: (v) => validateServerMessage(v) };
  const request = { jsonrpc: '2.0', id: 7, method: 'elicitation/create', params: { mode: 'url', message: 'sign in', url: 'https://example.com/a' } };
  return [
    {
      folder: 'DiscoverResult',
      subject: { officialType: 'DiscoverResult', ours: (v) => validateServerMessage(envelope(v), { requestMethod: 'server/discover' }) },
      mutation: { label: 'json-value float and null in capabilities.experimental', path: '/capabilities/experimental', value: withExperimental },
    },
    ...[-32002, -32042, -32030].map((code) => ({ folder: 'JSONRPCErrorResponse', subject: errorSubject, mutation: serverError(code) })),
    {
      folder: 'JSONRPCRequest',
      subject: { officialType: 'JSONRPCRequest', ours: (v) => validateServerMessage(v) },
      mutation: { label: 'server-request elicitation/create', path: '', value: request },
    },
  ];
}

/** The subject (official type + our validator) for each example folder this test covers. */
function subjectOf(folder: string): Subject | undefined {
  const resultOf = RESULT_FOLDERS[folder];
  if (resultOf) return { officialType: folder, ours: (v) => validateServerMessage(envelope(v), { requestMethod: resultOf }) };
  const answers = RESPONSE_FOLDERS[folder];
  if (answers) return { officialType: folder, ours: (v) => validateServerMessage(v, { requestMethod: answers }), maxDepth: 1 };
  if (Object.hasOwn(ERROR_OBJECT_FOLDERS, folder)) return { officialType: folder, ours: (v) => validateServerMessage(errorEnvelope(v)) };
  if (ERROR_RESPONSE_FOLDERS.includes(folder) || SERVER_NOTIFICATION_FOLDERS.includes(folder)) {
    return { officialType: folder, ours: (v) => validateServerMessage(v) };
  }
  if (CLIENT_REQUEST_FOLDERS.includes(folder)) return { officialType: folder, ours: (v) => validateClientMessage(v) };
  return undefined;
}

test('our verdicts agree with the official schema on examples and their mutations', (t) => {
  const dir = specDirOrSkip(t);
  if (!dir) return;
  const examples = loadExamples(dir).filter((e) => !Object.hasOwn(KNOWN_REJECTED, `${e.folder}/${e.file}`));
  const used = new Map<string, number>();
  const disagreements: string[] = [];
  let compared = 0;
  const agreed = { valid: 0, invalid: 0 };

  const compare = (folder: string, subject: Subject, m: Mutation): void => {
    compared += 1;
    const ourIssues = subject.ours(m.value);
    const officialErrors = officialValidate(subject.officialType, m.value);
    const ours: Verdict = ourIssues.length === 0 ? 'valid' : 'invalid';
    const official: Verdict = officialErrors.length === 0 ? 'valid' : 'invalid';
    if (ours === official) {
      agreed[ours] += 1;
      return;
    }
    const excuse = EXCEPTIONS.find((e) => e.ours === ours && e.applies(folder, m));
    if (excuse) used.set(excuse.id, (used.get(excuse.id) ?? 0) + 1);
    else disagreements.push(`${folder} [${m.label}]: ours ${ours} ${JSON.stringify(ourIssues)}; official ${official} ${JSON.stringify(officialErrors)}`);
  };

  let discover: unknown;
  for (const example of examples) {
    const subject = subjectOf(example.folder);
    if (!subject) continue;
    if (example.folder === 'DiscoverResult') discover = example.value;
    compare(example.folder, subject, { label: 'original', path: '', value: example.value });
    for (const m of mutations(example.value, { maxDepth: subject.maxDepth })) compare(example.folder, subject, m);
  }
  assert.ok(discover, 'the DiscoverResult example is needed for the hand-made cases');
  for (const { folder, subject, mutation } of extraCases(discover)) compare(folder, subject, mutation);

  assert.deepEqual(disagreements, [], `${disagreements.length} unexplained disagreements`);
  assert.ok(compared > 800, `expected a broad comparison, ran ${compared}`);
  assert.ok(agreed.valid > 100 && agreed.invalid > 100, `both verdicts must be exercised: ${JSON.stringify(agreed)}`);
  // Every listed exception must still be needed, so the list cannot rot.
  for (const e of EXCEPTIONS) assert.ok((used.get(e.id) ?? 0) > 0, `exception ${e.id} never excused a disagreement: remove it`);
  t.diagnostic(`compared ${compared} messages (agreed ${JSON.stringify(agreed)}); excused: ${[...used].map(([id, n]) => `${id}=${n}`).join(', ')}`);
});
