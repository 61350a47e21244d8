/**
 * Offline, deterministic poisoning scan of everything a server hands a model: tool definitions (every
 * string and property name), server instructions, prompts, resources and templates.
 */
import type { RuleId } from '../../core/rule-catalogue.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import {
  CREDENTIALS,
  entropy,
  EXFILTRATION,
  isPlaceholder,
  maskSecret,
  MODEL_DIRECTIVES,
  SUSPICIOUS_DIRECTIVES,
  type TextPattern,
} from './poisoning-patterns.js';
import { findHidden, revealInvisible, stripHidden } from './poisoning-unicode.js';
import type { RawFinding } from '../rules/rule-settings.js';

interface TextField {
  subject: string;
  location: string;
  text: string;
  /** Property names and other keys are scanned for hidden characters only. */
  key: boolean;
}

const MAX_FIELDS = 50_000;

/** Every string in a value, with a dotted location; object keys too, marked as keys. */
function collect(subject: string, value: unknown, location: string, out: TextField[], depth = 0): void {
  if (out.length >= MAX_FIELDS || depth > 64) return;
  if (typeof value === 'string') out.push({ subject, location: location || '(value)', text: value, key: false });
  else if (Array.isArray(value)) value.forEach((v, i) => collect(subject, v, `${location}[${i}]`, out, depth + 1));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const loc = location ? `${location}.${k}` : k;
      out.push({ subject, location: loc, text: k, key: true });
      collect(subject, v, loc, out, depth + 1);
    }
  }
}

export function textFields(c: Catalogue): TextField[] {
  const out: TextField[] = [];
  if (c.instructions !== undefined) collect('server', c.instructions, 'instructions', out);
  collect('server', c.server, 'server', out);
  for (const t of c.tools) collect(t.name, t, '', out);
  for (const p of c.prompts) collect(`prompt:${p.name}`, p, '', out);
  for (const r of c.resources) collect(`resource:${r.uri}`, r, '', out);
  for (const r of c.resourceTemplates) collect(`template:${r.uriTemplate}`, r, '', out);
  return out;
}

/** The matched text, made visible, masked where it is a secret, and trimmed. */
function quote(s: string, max = 90): string {
  const flat = revealInvisible(s).replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > max ? flat.slice(0, max - 1) + '…' : flat);
}

/** Every pattern that matches, each label once, so one finding per field lists all it found. */
function matches(patterns: readonly TextPattern[], text: string): string[] {
  const out: string[] = [];
  for (const p of patterns) {
    const m = p.re.exec(text);
    if (m && !out.some((x) => x.startsWith(p.label + ':'))) out.push(`${p.label}: ${quote(m[0])}`);
  }
  return out;
}

function hiddenFinding(f: TextField): RawFinding | undefined {
  const h = findHidden(f.text);
  if (!h) return undefined;
  const counts = Object.entries(h.counts)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  const decoded = h.decoded ? `; decoded hidden text: ${quote(h.decoded, 120)}` : '';
  return {
    ruleId: 'poisoning/hidden-unicode',
    subject: f.subject,
    location: f.location,
    message: `invisible characters in ${f.key ? 'a key' : 'text'} (${counts}: ${h.codePoints.join(' ')})${decoded}`,
    reason: 'a reviewer cannot see these characters, but a model reads them',
  };
}

function credentialFinding(f: TextField): RawFinding | undefined {
  for (const p of CREDENTIALS) {
    const m = p.re.exec(f.text);
    if (!m || isPlaceholder(m[0]) || entropy(m[0]) < p.minEntropy) continue;
    return {
      ruleId: 'poisoning/credential',
      subject: f.subject,
      location: f.location,
      message: `${p.label} in server-supplied text: ${maskSecret(m[0])}`,
      reason: 'a live credential here leaks to every client and model that lists this server; rotate it',
    };
  }
  return undefined;
}

function textFindings(f: TextField): RawFinding[] {
  const out: RawFinding[] = [];
  // Scan the text with hidden characters removed too, so zero-width splitting cannot hide a phrase.
  const visible = stripHidden(f.text);
  const rules: [RuleId, readonly TextPattern[]][] = [
    ['poisoning/model-directive', MODEL_DIRECTIVES],
    ['poisoning/suspicious-directive', SUSPICIOUS_DIRECTIVES],
    ['poisoning/exfiltration-sink', EXFILTRATION],
  ];
  for (const [ruleId, patterns] of rules) {
    const found = matches(patterns, visible);
    if (found.length) out.push({ ruleId, subject: f.subject, location: f.location, message: found.join('; ') });
  }
  const cred = credentialFinding(f);
  if (cred) out.push(cred);
  return out;
}

export function scanPoisoning(c: Catalogue): RawFinding[] {
  const out: RawFinding[] = [];
  for (const f of textFields(c)) {
    const hidden = hiddenFinding(f);
    if (hidden) out.push(hidden);
    if (f.key) continue;
    out.push(...textFindings(f));
    // Text smuggled in tag characters is scanned as if it were visible.
    const decoded = findHidden(f.text)?.decoded;
    if (decoded) for (const x of textFindings({ ...f, text: decoded })) out.push({ ...x, message: `${x.message} (inside hidden characters)` });
  }
  return out;
}
