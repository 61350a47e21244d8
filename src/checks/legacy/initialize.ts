import { MODERN_VERSION } from '../../spec/constants.js';
import { describe, errorOf, resultOf } from '../../target/client.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { BOTH } from '../support/spec.js';
import { freshSessionRefused, handshakeAsking, legacySpec, listIssues, rawSession, shapeIssues } from './support.js';
import { obj } from '../../spec/read.js';

const REVISION_ID = /^\d{4}-\d{2}-\d{2}$/;
/** Well-formed, and newer than any revision: no server can support it. */
const UNKNOWN_VERSION = '2099-12-31';

function stopOnSilence(t: CheckContext, what: string, ex: { failure?: { message: string }; response?: unknown; evidence: number[] }): void {
  if (ex.failure && !ex.response) t.inconclusive(`${what}: ${ex.failure.message}`, ex.evidence);
}

export const legacyInitializeResult: CheckDefinition = {
  id: 'legacy/initialize-result',
  title: 'initialize is answered with protocolVersion, capabilities and serverInfo (2025-11-25)',
  level: 'MUST',
  spec: legacySpec(
    'basic/lifecycle#initialization',
    'The server answers initialize with the protocol version it will use, its capabilities and its implementation info (name and version); a 2025-era handshake never settles on a modern revision.',
    '2024-11-05',
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'legacy', fault: 'init-bad-shape' }],
  eras: ['legacy'],
  async run(t) {
    await rawSession(t, async (s) => {
      stopOnSilence(t, 'initialize', s.init);
      const base = { evidence: s.init.evidence, actual: describe(s.init) };
      const r = resultOf(s.init);
      if (!r) return t.fail({ ...base, message: `initialize was not answered with a result (${describe(s.init)})`, expected: 'an InitializeResult' });
      const issues = shapeIssues('initialize', s.init);
      if (issues.length)
        t.fail({
          ...base,
          message: `the initialize result breaks the 2025-11-25 schema: ${listIssues(issues)}`,
          expected: '{ protocolVersion, capabilities, serverInfo: { name, version } }',
          actual: JSON.stringify(r).slice(0, 240),
        });
      const pv = r.protocolVersion;
      if (typeof pv === 'string' && !REVISION_ID.test(pv))
        t.fail({ ...base, message: `protocolVersion "${pv}" is not a revision identifier`, expected: 'a YYYY-MM-DD revision the server supports' });
      else if (typeof pv === 'string' && pv >= MODERN_VERSION)
        t.fail({
          ...base,
          message: `initialize settled on ${pv}, a revision without initialize`,
          expected: 'a 2025-era revision (e.g. 2025-11-25)',
          hint: 'Answer initialize with a 2025-era version; modern clients use server/discover and per-request _meta instead.',
        });
      const info = obj(r.serverInfo);
      t.note(`negotiated ${String(pv)} with ${String(info?.name)} ${String(info?.version)}`);
    });
  },
};

export const legacyVersionNegotiation: CheckDefinition = {
  id: 'legacy/version-negotiation',
  title: 'initialize with an unknown version gets a supported version, and a supported one is echoed',
  level: 'MUST',
  spec: legacySpec(
    'basic/lifecycle#version-negotiation',
    'If the server supports the requested version it answers with that same version; otherwise it answers with another version it supports (preferably its latest), rather than an error.',
    '2024-11-05',
  ),
  transports: [...BOTH],
  slow: 'a 2025 session of its own (a server process on stdio), and a second one unless the shared session asked for the version offered',
  trippedBy: [
    { fixture: 'legacy', fault: 'version-echo' },
    { fixture: 'legacy', fault: 'version-error' },
  ],
  eras: ['legacy'],
  async run(t) {
    const offered = await rawSession(
      t,
      async (s) => {
        stopOnSilence(t, `initialize requesting ${UNKNOWN_VERSION}`, s.init);
        const pv = resultOf(s.init)?.protocolVersion;
        const base = { evidence: s.init.evidence, expected: 'a result naming a version the server supports' };
        const err = errorOf(s.init);
        const anySecond = err ? await freshSessionRefused(t) : undefined;
        if (anySecond)
          t.inconclusive(
            `initialize requesting ${UNKNOWN_VERSION} got ${describe(s.init)}, but a fresh session asking for a supported version was refused too (${describe(anySecond)}): the server opens no second session`,
            [...s.init.evidence, ...anySecond.evidence],
          );
        if (err)
          t.fail({
            ...base,
            message: `an unknown requested version (${UNKNOWN_VERSION}) was refused with error ${String(err.code)} instead of offering a supported version`,
            actual: describe(s.init),
            hint: 'Answer with your latest supported version and let the client decide whether to disconnect.',
          });
        else if (typeof pv !== 'string') t.fail({ ...base, message: 'initialize with an unknown version got no protocolVersion', actual: describe(s.init) });
        else if (pv === UNKNOWN_VERSION)
          t.fail({
            ...base,
            message: `the server echoed the unknown version ${UNKNOWN_VERSION} instead of naming one it supports`,
            actual: `protocolVersion "${pv}"`,
            hint: 'Echo the requested version only when it is in your supported list.',
          });
        else return pv;
        return undefined;
      },
      UNKNOWN_VERSION,
    );
    if (!offered) return;
    // It offered `offered`, so it supports it: asking for exactly that version must get it back.
    await handshakeAsking(t, offered, async (s) => {
      stopOnSilence(t, `initialize requesting ${offered}`, s.init);
      const pv = resultOf(s.init)?.protocolVersion;
      if (pv !== offered)
        t.fail({
          message: `the server offered ${offered} for an unknown version, but answered ${pv === undefined ? describe(s.init) : JSON.stringify(pv)} when ${offered} was requested`,
          expected: `protocolVersion "${offered}"`,
          actual: describe(s.init),
          evidence: s.init.evidence,
        });
      else t.note(`unknown version -> ${offered}; ${offered} -> ${offered}`);
    });
  },
};
