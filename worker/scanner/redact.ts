// Evidence is shown to people, stored in the database and uploaded to code scanning, so a secret
// quoted by a finding must not travel with it: known key formats and `password=...`-like
// assignments keep their first and last four characters only. Evidence is also made one line of
// bounded length, so a minified file cannot turn one finding into a megabyte.

export const MAX_EVIDENCE_CHARS = 200;

/** "sk-proj-abcdefgh1234" -> "sk-p…1234"; short values are hidden entirely. */
export function maskSecret(value: string): string {
  if (value.length < 12) return '****';
  return `${value.slice(0, 4)}…${value.slice(-4)}`;
}

// Provider key formats (each bounded, so the scan stays linear).
const KEY_FORMATS: RegExp[] = [
  /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b/g, // AWS access key id
  /\bgh[pousr]_[A-Za-z0-9]{30,255}/g, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{22,255}/g,
  /\bsk-ant-[A-Za-z0-9_-]{20,255}/g, // Anthropic
  /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,255}/g, // OpenAI
  /\bAIza[0-9A-Za-z_-]{35}/g, // Google API key
  /\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{16,255}/g, // Stripe
  /\bxox[abposr]-[A-Za-z0-9-]{10,255}/g, // Slack
  /\bhf_[A-Za-z0-9]{30,255}/g, // Hugging Face
  /\bglpat-[A-Za-z0-9_-]{20,255}/g, // GitLab
  /\bnpm_[A-Za-z0-9]{36}\b/g, // npm
  /\bpypi-[A-Za-z0-9_-]{40,255}/g, // PyPI
  /\bSG\.[A-Za-z0-9_-]{16,64}\.[A-Za-z0-9_-]{16,64}/g, // SendGrid
  /\beyJ[A-Za-z0-9_-]{8,2000}\.eyJ[A-Za-z0-9_-]{8,4000}\.[A-Za-z0-9_-]{8,2000}/g, // JWT
];

const PRIVATE_KEY_BLOCK = /-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----[\s\S]{0,10000}?(?:-----END [A-Z ]{0,40}PRIVATE KEY-----|$)/g;

// `password = "hunter2hunter2"`, `api_key: abc...`, `--token abc...`, `Authorization: Bearer abc`.
const ASSIGNMENT =
  /(\b(?:pass(?:word|wd|phrase)?|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?token|credentials?)["']?\s{0,4}(?:[:=]|=>)\s{0,4}["']?|--(?:password|token|api-key|secret)[ =]["']?|\bBearer\s{1,4})([^\s"'`,;)}\]]{4,500})/gi;

// user:password@ in URLs.
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@]{1,100}:)([^\s@/]{1,200})(@)/gi;

function looksLikePlaceholder(value: string): boolean {
  return /^(?:\$\{?|<|\{\{|%|\*+$|x{3,}|\.\.\.|your|example|changeme|placeholder|dummy|redacted|process\.env|os\.environ|env\b)/i.test(value);
}

/** Masks secrets in a text: key formats, private key blocks, credential assignments, URL passwords. */
export function redactSecrets(text: string): string {
  let out = text.replace(PRIVATE_KEY_BLOCK, '[private key redacted]');
  for (const re of KEY_FORMATS) out = out.replace(re, (m) => maskSecret(m));
  out = out.replace(ASSIGNMENT, (whole, prefix: string, value: string) =>
    looksLikePlaceholder(value) ? whole : prefix + maskSecret(value),
  );
  out = out.replace(URL_CREDENTIALS, (whole, head: string, secret: string, at: string) =>
    looksLikePlaceholder(secret) ? whole : head + maskSecret(secret) + at,
  );
  return out;
}

/** One line, runs of whitespace collapsed, at most `max` characters (an ellipsis marks the cut). */
export function trimEvidence(text: string, max = MAX_EVIDENCE_CHARS): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  if (oneLine.length <= max) return oneLine;
  return oneLine.slice(0, max - 1).trimEnd() + '…';
}

/** Evidence ready to show: secrets redacted first (so a cut cannot split a key), then trimmed. */
export function cleanEvidence(text: string): string {
  // Redacting a huge matched text would cost more than it shows; only the start is kept anyway.
  const head = text.length > 4 * MAX_EVIDENCE_CHARS + 200 ? text.slice(0, 4 * MAX_EVIDENCE_CHARS + 200) : text;
  return trimEvidence(redactSecrets(head));
}
