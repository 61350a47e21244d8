/**
 * Text patterns of tool poisoning: instructions aimed at the model, data sinks, and credentials.
 * Each pattern carries a label that the finding shows; the matched text itself is masked and trimmed.
 */

export interface TextPattern {
  label: string;
  re: RegExp;
}

const USER = String.raw`(?:the\s+)?(?:user|human|operator|person)s?`;

/** Unambiguous attempts to steer or blind the model: error by default. */
export const MODEL_DIRECTIVES: readonly TextPattern[] = [
  {
    label: 'asks the model to ignore its instructions',
    re: /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+)?(?:previous|prior|above|earlier|preceding|original|system|safety|other)\s+(?:instructions?|prompts?|rules|directions|guidelines|messages|context)\b/i,
  },
  {
    label: 'asks the model to hide something from the user',
    re: new RegExp(
      String.raw`\b(?:do\s+not|don't|dont|never|must\s+not|mustn't|should\s+not|shouldn't|may\s+not|cannot)\s+(?:tell|inform|mention|reveal|disclose|show|notify|alert|let)\s+(?:(?:this|it|that|anything)\s+)?(?:to\s+)?${USER}\b`,
      'i',
    ),
  },
  {
    label: 'asks the model to act without telling the user',
    re: new RegExp(String.raw`\bwithout\s+(?:telling|informing|notifying|alerting|asking|showing)\s+${USER}\b`, 'i'),
  },
  {
    label: 'asks the model to hide something from the user',
    re: new RegExp(String.raw`\b(?:hide|conceal|keep)\s+(?:this|it|these|that)\s+(?:secret\s+)?from\s+${USER}\b`, 'i'),
  },
  {
    label: 'asks the model to skip confirmation',
    re: /\b(?:do\s+not|don't|never)\s+(?:ask|request|wait)\s+(?:for\s+)?(?:(?:the\s+)?user'?s?\s+)?(?:for\s+)?(?:confirmation|permission|approval|consent)\b/i,
  },
  {
    // "The user doesn't know about files" states what the user knows; "doesn't need to know" tells the model to keep it so.
    label: 'says the user need not know',
    re: new RegExp(
      String.raw`\b${USER}\s+(?:(?:must\s+not|mustn't|should\s+not|shouldn't|need\s+not|needn't|will\s+not|won't)\s+(?:need\s+to\s+)?|(?:does\s+not|doesn't|do\s+not|don't)\s+need\s+to\s+)(?:know|see|notice|be\s+told|be\s+informed|find\s+out)\b`,
      'i',
    ),
  },
  {
    label: 'asks the model to act covertly',
    re: /\b(?:secretly|silently|covertly|quietly|discreetly)\s+(?:send|call|forward|copy|upload|include|add|append|pass|read|post|email|transmit)\b/i,
  },
  {
    label: 'asks the model to reveal its system prompt',
    re: /\b(?:reveal|print|output|repeat|show|dump|leak)\s+(?:your|the)\s+(?:system\s+prompt|hidden\s+instructions|initial\s+instructions)\b/i,
  },
  { label: 'claims new instructions for the model', re: /\b(?:new|updated|real|actual|true)\s+(?:system\s+)?instructions?\s*:/i },
  {
    label: 'tells the model a side task must run first',
    re: /\bbefore\s+(?:using|calling|running|invoking)\s+(?:this|any|the)\s+tool\b[^.\n]{0,120}\b(?:read|open|cat|send|include|pass|fetch|upload|attach|copy)\b/i,
  },
  { label: 'tells the model it is now someone else', re: /\byou\s+are\s+now\s+(?:in\s+)?(?:a|an|the|developer|admin|god|dan|jailbreak|unrestricted)\b/i },
];

/** Weaker signals, common in poisoning but also in clumsy honest text: warning by default. */
export const SUSPICIOUS_DIRECTIVES: readonly TextPattern[] = [
  {
    label: 'pseudo-markup that imitates a system channel',
    re: /<\s*\/?\s*(?:important|system|instructions?|admin|secret|hidden|critical)\s*>|\[\s*(?:system|admin)\s*\]/i,
  },
  {
    label: 'steers the model away from other tools (tool shadowing)',
    re: /\b(?:instead\s+of|rather\s+than|never\s+use|do\s+not\s+use|don't\s+use)\s+(?:the\s+|any\s+)?(?!this\b)(?:(?:other|`?[\w.-]+`?)\s+){0,2}(?:tools?|servers?|functions?)\b/i,
  },
  {
    label: 'claims priority over every other tool',
    re: /\b(?:always|must)\s+(?:be\s+)?(?:call(?:ed)?|use[d]?|invoke[d]?|run)\s+(?:this\s+tool\s+)?(?:first|before\s+(?:any|all|every)\s+other)\b/i,
  },
  {
    label: 'rewrites how other tools behave',
    re: /\bwhen(?:ever)?\s+(?:the\s+)?(?:`?[\w.-]+`?\s+)?tool\s+is\s+(?:called|used|available)\b[^.\n]{0,80}\b(?:must|should|always)\b/i,
  },
];

// Registrable domains only: `\b` before them also matches any subdomain, without a backtracking prefix.
const SINK_HOSTS = String.raw`(?:webhook\.site|requestbin\.(?:com|net)|pipedream\.net|ngrok(?:-free)?\.(?:io|app|dev)|burpcollaborator\.net|oast\.(?:fun|me|pro|live|site|online)|interact\.sh|interactsh\.com|canarytokens\.(?:com|org)|pastebin\.com|transfer\.sh|hookbin\.com|beeceptor\.com|requestcatcher\.com|trycloudflare\.com|discord(?:app)?\.com/api/webhooks|hooks\.slack\.com/services)`;
const SECRET_THINGS = String.raw`(?:conversation|chat\s+history|messages|api[\s_-]?keys?|tokens?|passwords?|credentials|secrets?|private\s+keys?|ssh\s+keys?|environment\s+variables|env\s+vars|cookies|session|(?:the\s+)?contents?\s+of|user'?s?\s+(?:data|files|emails))`;

/** Places data can be sent to, or credential stores the model is pointed at: error by default. */
export const EXFILTRATION: readonly TextPattern[] = [
  { label: 'names a request-capture or tunnel host', re: new RegExp(String.raw`\b${SINK_HOSTS}`, 'i') },
  {
    label: 'a URL whose query is filled from the conversation',
    re: /https?:\/\/[^\s"'<>)?&]{1,200}(?:[?&][^\s"'<>)=&]{0,60}=[^\s"'<>)&]{0,80}){0,8}[?&][\w.-]{1,40}=(?:\{\{?[^}\s]{1,40}\}?\}|\$\{[^}\s]{1,40}\}|<[a-z_ ]{1,40}>|%s|\[(?:data|secret|token|content)[^\]]{0,20}\])/i,
  },
  { label: 'a Markdown image that loads a URL with a query (zero-click exfiltration)', re: /!\[[^\]]{0,80}\]\(\s*https?:\/\/[^)\s?]{1,200}\?[^)\s]{1,400}\)/i },
  {
    label: 'tells the model to send secrets somewhere',
    re: new RegExp(
      String.raw`\b(?:send|post|forward|upload|transmit|exfiltrate|leak|copy|report)\b[^.\n]{0,80}\b${SECRET_THINGS}[^.\n]{0,80}\b(?:to|at)\s+(?:https?://|[\w.+-]+@[\w-]+\.[\w.]+|the\s+(?:following|url|endpoint|webhook|address))`,
      'i',
    ),
  },
  {
    label: 'redirects messages to a fixed recipient',
    re: /\b(?:change|replace|set|redirect|swap|override)\s+(?:the\s+)?(?:recipient|destination|to\s+address|phone\s+number|email\s+address|webhook(?:\s+url)?)s?\b[^.\n]{0,40}?\bto\s+[+\w]/i,
  },
  {
    label: 'smuggles the conversation into a tool argument',
    re: /\b(?:include|attach|append|embed|add|put)\s+(?:the\s+|all\s+)?(?:full\s+|entire\s+|whole\s+|complete\s+)?(?:chat\s+history|conversation(?:\s+history)?|previous\s+messages|system\s+prompt|message\s+history)\b/i,
  },
  {
    label: "smuggles the user's secrets into a tool argument",
    re: /\b(?:include|attach|append|embed|add|put|pass|insert|copy)\s+(?:the\s+)?(?:user'?s?|their)\s+(?:api[\s_-]?(?:token|key)s?|access\s+tokens?|tokens?|passwords?|credentials|session\s+cookies?|cookies|secrets?|private\s+keys?)\b/i,
  },
  {
    label: 'copies every message to a fixed address',
    re: /\b(?:always|every|all|each)\b[^.\n]{0,80}\b(?:bcc|cc|blind[\s-]copy|forward|copy)\b[^.\n]{0,40}[\w.+-]+@[\w-]+\.[\w.]+|\b(?:bcc|cc|blind[\s-]copy|forward|copy)\b[^.\n]{0,40}[\w.+-]+@[\w-]+\.[\w.]+[^.\n]{0,40}\b(?:every|all|each)\b/i,
  },
  {
    label: 'points the model at a credential store',
    re: /(?:~\/|\$HOME\/|\/home\/\w+\/|\/Users\/\w+\/|%USERPROFILE%\\)?(?:\.ssh\/(?:id_[a-z0-9]+|authorized_keys|config)|\.aws\/credentials|\.cursor\/mcp\.json|\.config\/gcloud|\.kube\/config|\.docker\/config\.json|\.npmrc|\.netrc|\.git-credentials|\.pgpass|claude_desktop_config\.json|\/etc\/(?:passwd|shadow))\b|\b(?:169\.254\.169\.254|metadata\.google\.internal|100\.100\.100\.200)\b/i,
  },
];

/** Credential shapes; `minEntropy` keeps `sk-xxxxxxxxxxxx` placeholders out. */
export interface CredentialPattern extends TextPattern {
  minEntropy: number;
}

export const CREDENTIALS: readonly CredentialPattern[] = [
  { label: 'AWS access key id', re: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/, minEntropy: 3 },
  { label: 'AWS secret access key', re: /\baws[_\s-]?secret[_\s-]?(?:access[_\s-]?)?key\b["'\s:=]{1,6}[A-Za-z0-9/+=]{40}\b/i, minEntropy: 3.5 },
  { label: 'GitHub token', re: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})\b/, minEntropy: 3.5 },
  { label: 'Anthropic or OpenAI API key', re: /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}/, minEntropy: 3.5 },
  { label: 'Slack token', re: /\bxox[abprs]-[A-Za-z0-9-]{10,}/, minEntropy: 3 },
  { label: 'Stripe secret key', re: /\b(?:sk|rk)_live_[A-Za-z0-9]{16,}\b/, minEntropy: 3.5 },
  { label: 'Google API key', re: /\bAIza[0-9A-Za-z_-]{35}\b/, minEntropy: 3.5 },
  { label: 'private key block', re: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----/, minEntropy: 0 },
  { label: 'JSON Web Token', re: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/, minEntropy: 3.5 },
  { label: 'password in a URL', re: /\b[a-z][a-z0-9+.-]{1,15}:\/\/[^\s:/@]{1,64}:[^\s@/]{4,64}@[\w.-]+/i, minEntropy: 2.5 },
  {
    label: 'secret assigned inline',
    re: /\b(?:api[_-]?key|secret|access[_-]?token|auth[_-]?token|password|passwd)\s*[:=]\s*["']?[A-Za-z0-9_\-+/=]{20,}/i,
    minEntropy: 3.8,
  },
];

/** Shannon entropy in bits per character; real secrets sit well above placeholders and words. */
export function entropy(s: string): number {
  const freq = new Map<string, number>();
  for (const ch of s) freq.set(ch, (freq.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of freq.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/** Placeholders from documentation (the AWS docs key ends in EXAMPLE) are not credentials. */
export function isPlaceholder(s: string): boolean {
  return /EXAMPLE|example|x{6,}|X{6,}|\*{4,}|your[_-]?(?:api[_-]?)?(?:key|token)|<[^>]+>|\.{3}/.test(s);
}

/** Enough of the match to recognise it, never enough to use it. */
export function maskSecret(s: string): string {
  const keep = s.startsWith('-----BEGIN') ? s : s.slice(0, Math.min(4, Math.floor(s.length / 4)));
  return s.startsWith('-----BEGIN') ? keep : `${keep}… (${s.length} chars, masked)`;
}
