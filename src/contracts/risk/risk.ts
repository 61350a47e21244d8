/**
 * Risk class of a tool from its annotations, name, description and input schema, with the reasons.
 * Annotations are hints from an untrusted server (server/tools §ToolAnnotations): names and schemas raise the class
 * of a tool the annotations leave open, but an explicit readOnlyHint: true is never overruled by a guess (a
 * disagreement is a review warning, risk/annotation-mismatch).
 */
import type { CatalogueTool } from '../catalogue/catalogue.js';
import { effectiveHints, type EffectiveHints } from '../catalogue/hints.js';
import { catchAllParams, topLevelParams } from './risk-params.js';
import * as V from './risk-vocabulary.js';
import { nameTokens, stem } from '../shared/text.js';
import { saysAffirmatively } from './affirmed.js';

export type RiskClass = 'read-only' | 'write' | 'external-send' | 'admin' | 'file' | 'code-exec';
export const RISK_CLASSES: readonly RiskClass[] = ['code-exec', 'admin', 'external-send', 'file', 'write', 'read-only'];

export interface ToolRisk {
  tool: string;
  /** The most severe class that applies; `classes` lists every one, most severe first. */
  class: RiskClass;
  classes: RiskClass[];
  /** Name, description or schema say the tool changes something. */
  writeLike: boolean;
  /** writeLike, or annotations present that do not claim read-only. */
  writeCapable: boolean;
  destructiveLike: boolean;
  /** R0 read-only closed-world, R1 read-only open-world, R2 idempotent write, R3 write, R4 destructive. */
  tier: 'R0' | 'R1' | 'R2' | 'R3' | 'R4';
  annotated: boolean;
  hints: EffectiveHints;
  reasons: string[];
  /** The class the name or schema suggests when an explicit readOnlyHint: true overrides it. */
  suggested?: RiskClass;
}

const HINT_KEYS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

export function hasHints(t: CatalogueTool): boolean {
  return HINT_KEYS.some((k) => typeof t.annotations?.[k] === 'boolean');
}

/** The verb of a name is its first token that is a known verb: `github_create_issue` -> create. */
function nameVerb(tokens: string[]): { verb: string; write: boolean } | undefined {
  if (tokens[0] !== undefined && V.PRODUCE_VERBS.has(tokens[0])) return undefined;
  for (const t of tokens) {
    if (V.WRITE_VERBS.has(t)) return { verb: t, write: true };
    if (V.READ_VERBS.has(t)) return { verb: t, write: false };
  }
  return undefined;
}

/**
 * `select` alone is no verb (a query's SELECT reads), but with a page element to find and a value to pick it sets a form
 * field, as `fill` does: puppeteer_select of @modelcontextprotocol/server-puppeteer 2025.5.12 (selector, value), and
 * the playwright_select of the servers built after it, none of them annotated.
 */
function formSelect(tokens: string[], paramNames: string[]): { verb: string; write: boolean } | undefined {
  const element = paramNames.some((p) => p === 'selector' || p === 'element' || p === 'ref');
  const value = paramNames.some((p) => p === 'value' || p === 'values' || p === 'option' || p === 'options');
  return tokens.includes('select') && element && value ? { verb: 'select', write: true } : undefined;
}

/** First verb of the description, after openers like "This tool" or "Use this to". */
function descriptionVerb(description: string): string | undefined {
  const m =
    /^\s*(?:this\s+tool\s+|tool\s+(?:that\s+|to\s+)|use\s+(?:this\s+)?(?:tool\s+)?to\s+|allows?\s+(?:you\s+|the\s+user\s+)?to\s+|lets?\s+you\s+|used\s+to\s+)?([A-Za-z]+)/i.exec(
      description,
    );
  return m?.[1] ? stem(m[1].toLowerCase()) : undefined;
}

const EXEC_PHRASE =
  /\b(?:execut|run|evaluat|eval)\w*\s+(?:(?:an?|the|any|arbitrary|given|provided|custom|raw|one|multiple)\s+){0,3}(?:(?:shell|bash|terminal|system|sql|javascript|js|python|node|ruby|powershell)\s+)?(?:code|scripts?|commands?|javascript|python|sql|bash|expressions?|snippets?|programs?)\b|\bsql\s+(?:quer(?:y|ies)|statements?)\b/i;
const SEND_PHRASE =
  /\b(?:sends?|posts?|delivers?|publish(?:es)?|forwards?)\s+(?:(?:an?|the|new|your|one|direct)\s+)*(?:e-?mails?|messages?|sms|text\s+messages?|notifications?|tweets?|dms?)\b/i;
const FILE_PHRASE = /\b(?:file\s*system|local\s+(?:disk|files?|director(?:y|ies)|paths?)|on\s+disk|absolute\s+path|allowed\s+director(?:y|ies))\b/i;
const REMOTE_PHRASE = /\b(?:repositor(?:y|ies)|bucket|google\s+drive|onedrive|sharepoint|dropbox|gist)\b/i;
const FILE_CONTEXT = /\b(?:files?|director(?:y|ies)|file\s*system|disk|absolute)\b/i;
const ADMIN_PHRASE =
  /\b(?:administrator|admin\s+(?:rights|privileges|access|only)|requires?\s+admin|grants?\s+(?:\w+\s+)?(?:access|roles?|permissions?)|revokes?\s+(?:\w+\s+)?(?:access|roles?|permissions?))\b/i;

function adminSignal(tokens: string[], writes: boolean): string | undefined {
  const only = tokens.find((t) => V.ADMIN_ONLY.has(t));
  if (only) return `name token \`${only}\``;
  const ops = tokens.find((t) => V.OPS_VERBS.has(t));
  if (ops) return `operations verb \`${ops}\``;
  if (!writes) return undefined;
  const noun = tokens.find((t) => V.ADMIN_NOUNS.has(t));
  if (noun) return `changes \`${noun}\``;
  const key = tokens.findIndex((t, i) => (t === 'key' || t === 'keys') && i > 0 && V.KEY_QUALIFIERS.has(tokens[i - 1] as string));
  return key > 0 ? `changes \`${tokens[key - 1]}_${tokens[key]}\`` : undefined;
}

function tierOf(writeCapable: boolean, destructive: boolean, h: EffectiveHints): ToolRisk['tier'] {
  if (!writeCapable) return h.openWorld ? 'R1' : 'R0';
  if (destructive) return 'R4';
  return h.idempotent ? 'R2' : 'R3';
}

export function classifyTool(t: CatalogueTool): ToolRisk {
  const tokens = nameTokens(t.name);
  const desc = t.description ?? '';
  // A phrase counts only where the description affirms it, not in "not for ..." advice.
  const says = (phrase: RegExp) => saysAffirmatively(phrase, desc);
  const params = topLevelParams(t);
  const paramNames = params.map((p) => p.name.toLowerCase());
  const annotated = hasHints(t);
  const hints = effectiveHints(t.annotations);
  const reasons: string[] = [];
  const classes = new Set<RiskClass>();

  // `add`, `subtract` on numbers compute; they do not write (the classic "add two numbers" tool).
  const arithmetic = /^\s*(?:adds?|sums?|subtracts?|multipl(?:y|ies))\b[^.]{0,40}\b(?:numbers?|integers?|values)\b/i.test(desc);
  const verb = arithmetic ? { verb: tokens[0] ?? t.name, write: false } : (nameVerb(tokens) ?? formSelect(tokens, paramNames));
  const dverb = verb ? undefined : descriptionVerb(desc);
  let writeLike = false;
  if (verb?.write) {
    writeLike = true;
    if (!V.SEND_VERBS.has(verb.verb)) reasons.push(`name verb \`${verb.verb}\` writes`);
  } else if (dverb && V.WRITE_VERBS.has(dverb) && !V.READ_VERBS.has(dverb)) {
    writeLike = true;
    reasons.push(`description starts with the write verb "${dverb}"`);
  }
  const destructiveLike = tokens.some((x) => V.DESTRUCTIVE_VERBS.has(x)) || (!!dverb && V.DESTRUCTIVE_VERBS.has(dverb));

  const catchAll = catchAllParams(t);
  const execParam = catchAll.find((c) => c.code);
  const execToken = tokens.find((x) => V.EXEC_WORDS.has(x) && x !== 'execute');
  const runsCode = tokens.some((x, i) => ['run', 'execute', 'evaluate', 'eval', 'exec'].includes(x) && V.CODE_NOUNS.has(tokens[i + 1] ?? ''));
  if (execToken || runsCode) reasons.push(`name \`${t.name}\` runs code or commands`);
  if (execParam) reasons.push(`parameter \`${execParam.name}\` takes ${execParam.what}`);
  if (!execToken && !runsCode && !execParam && says(EXEC_PHRASE)) reasons.push('description says it executes code');
  if (execToken || runsCode || execParam || says(EXEC_PHRASE)) classes.add('code-exec');

  const sendVerb = tokens.find((x) => V.SEND_VERBS.has(x));
  const deliver = tokens.some((x) => V.DELIVER_VERBS.has(x)) && tokens.find((x) => V.SEND_NOUNS.has(x));
  const recipient = params.find((p) => V.RECIPIENT_PARAMS.has(p.name.toLowerCase()));
  const destination = tokens.some((x) => V.PUBLISH_VERBS.has(x)) ? params.find((p) => V.DESTINATION_PARAMS.has(p.name.toLowerCase())) : undefined;
  if (sendVerb) reasons.push(`name verb \`${sendVerb}\` delivers to someone outside`);
  else if (deliver) reasons.push(`name delivers a \`${deliver}\``);
  else if (destination) reasons.push(`publishes to the destination \`${destination.name}\``);
  else if (recipient && (writeLike || says(SEND_PHRASE))) reasons.push(`parameter \`${recipient.name}\` names a recipient`);
  else if (says(SEND_PHRASE)) reasons.push('description says it sends messages');
  if (sendVerb || deliver || destination || (recipient && (writeLike || says(SEND_PHRASE))) || says(SEND_PHRASE)) classes.add('external-send');

  const sideEffect = writeLike || classes.has('code-exec') || classes.has('external-send');
  const admin = adminSignal(tokens, sideEffect) ?? (sideEffect && says(ADMIN_PHRASE) ? 'description mentions administrative access' : undefined);
  if (admin) {
    classes.add('admin');
    reasons.push(`administrative: ${admin}`);
  }

  const remote = paramNames.some((n) => V.REMOTE_CONTEXT_PARAMS.has(n)) || says(REMOTE_PHRASE);
  const fileWord = tokens.find((x) => V.FILE_WORDS.has(x));
  const fileParam = params.find((p) => {
    const n = p.name.toLowerCase();
    const around = `${typeof p.schema.description === 'string' ? p.schema.description : ''} ${desc}`;
    return V.FILE_PARAMS.has(n) || (V.MAYBE_FILE_PARAMS.has(n) && FILE_CONTEXT.test(around));
  });
  if (!remote && (fileWord || fileParam || says(FILE_PHRASE))) {
    classes.add('file');
    reasons.push(
      fileWord
        ? `name token \`${fileWord}\` touches the filesystem`
        : fileParam
          ? `parameter \`${fileParam.name}\` is a local path`
          : 'description mentions the local filesystem',
    );
  }

  if (!writeLike && (classes.has('code-exec') || classes.has('external-send') || classes.has('admin'))) writeLike = true;
  if (annotated)
    reasons.push(
      `annotations: readOnlyHint ${String(t.annotations?.readOnlyHint ?? 'unset')}, destructiveHint ${String(t.annotations?.destructiveHint ?? 'unset')}`,
    );
  const declaredWrite = annotated && !hints.readOnly;
  // An explicit readOnlyHint: true outranks a guess from the name: the disagreement is a review warning, not a class.
  const declaredReadOnly = t.annotations?.readOnlyHint === true;
  // destructiveHint means nothing when readOnlyHint is true (server/tools §ToolAnnotations); the contradiction rule reports it.
  const writeCapable = declaredReadOnly ? false : writeLike || declaredWrite;
  if (writeCapable) classes.add('write');
  else classes.add('read-only');
  if (!writeLike && declaredWrite) reasons.push('annotations do not claim read-only');
  if (!annotated && !writeCapable)
    reasons.push(
      arithmetic ? 'description says it computes on numbers' : verb ? `name verb \`${verb.verb}\` reads` : 'no write signal in name, description or schema',
    );
  if (declaredReadOnly && writeLike) reasons.push('readOnlyHint: true is explicit, so it is classed read-only although the name or schema suggests writing');

  let ordered = RISK_CLASSES.filter((c) => classes.has(c));
  const suggested = declaredReadOnly && writeLike ? ordered.find((c) => c !== 'read-only') : undefined;
  if (declaredReadOnly && writeLike) ordered = ['read-only'];
  const destructive = writeCapable && (destructiveLike || hints.destructive);
  return {
    tool: t.name,
    class: ordered[0] as RiskClass,
    classes: ordered,
    writeLike,
    writeCapable,
    destructiveLike,
    tier: tierOf(writeCapable, destructive, hints),
    annotated,
    hints,
    reasons,
    ...(suggested ? { suggested } : {}),
  };
}
