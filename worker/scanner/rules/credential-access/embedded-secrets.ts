// Secrets written into the skill's own files: hard-coded provider keys (CRED-07), private key
// blocks (CRED-08), and credentials in connection strings, assignments and JWTs (CRED-09).
// Obviously made-up values (placeholders, repeated or ascending characters) are left out.
import type { FileView, RuleMatch } from '../../types.ts';
import { findAll } from '../match.ts';
import { execRegex, onePerLine, testRegex } from '../context.ts';
import { isSignatureContext } from '../markdown-context.ts';

// ---------------------------------------------------------------------------------------------
// CRED-07 hard-coded provider keys.

const PROVIDER_KEYS: [string, RegExp][] = [
  ['AWS access key id', /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g],
  ['AWS secret access key', /\baws_?secret_?access_?key\b["']?\s*[:=]\s*["']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi],
  ['GitHub token', /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g],
  ['GitHub fine-grained token', /\bgithub_pat_[A-Za-z0-9_]{60,255}\b/g],
  ['GitLab token', /\bglpat-[A-Za-z0-9_-]{20,64}\b/g],
  ['Anthropic API key', /\bsk-ant-(?:api|admin|oat)\d{2}-[A-Za-z0-9_-]{40,200}/g],
  ['OpenAI API key', /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{16,120}T3BlbkFJ[A-Za-z0-9_-]{16,120}|\bsk-[A-Za-z0-9]{48}\b|\bsk-proj-[A-Za-z0-9_-]{80,300}(?![A-Za-z0-9_-])/g],
  ['Google API key', /\bAIza[0-9A-Za-z_-]{35}\b/g],
  ['Google OAuth client secret', /\bGOCSPX-[A-Za-z0-9_-]{28}\b/g],
  ['Stripe live key', /\b(?:sk|rk)_live_[0-9A-Za-z]{24,200}\b/g],
  ['Slack token', /\bxox[baprse]-[0-9A-Za-z-]{10,200}\b/g],
  ['Hugging Face token', /\bhf_[A-Za-z0-9]{34,64}\b/g],
  ['npm token', /\bnpm_[A-Za-z0-9]{36}\b/g],
  ['PyPI token', /\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,300}/g],
  ['SendGrid key', /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/g],
  ['Telegram bot token', /\b\d{8,10}:AA[A-Za-z0-9_-]{33}\b/g],
  ['DigitalOcean token', /\bdop_v1_[a-f0-9]{64}\b/g],
  ['Shopify token', /\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b/g],
];

const PLACEHOLDER = /example|your|xxx|placeholder|dummy|fake|sample|test|redacted|changeme|replace|insert|secret_here|key_here|<|>|\.\.\.|\*{3}/i;


/** The line around a match, at most 120 characters each side (lines can be megabytes long). */
function around(text: string, index: number, length: number): string {
  const start = Math.max(text.lastIndexOf('\n', index) + 1, index - 120);
  const lineEnd = text.indexOf('\n', index + length);
  const end = Math.min(lineEnd < 0 ? text.length : lineEnd, index + length + 120);
  return text.slice(start, end);
}

/** True for obviously made-up values: repeated or ascending characters, tiny alphabets. */
export function looksFake(value: string): boolean {
  if (PLACEHOLDER.test(value)) return true;
  if (/(.)\1{5,}/.test(value)) return true;
  if (new Set(value).size < 10) return true;
  let run = 1;
  let stepRun = 1;
  for (let i = 1; i < value.length; i++) {
    run = value.charCodeAt(i) === value.charCodeAt(i - 1) + 1 ? run + 1 : 1;
    stepRun = i >= 2 && value.charCodeAt(i) === value.charCodeAt(i - 2) + 1 ? stepRun + 1 : 1;
    if (run >= 5 || stepRun >= 7) return true;
  }
  return false;
}

export function providerKeyMatches(file: FileView): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const [label, re] of PROVIDER_KEYS) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    let tries = 0;
    while ((m = execRegex(re, file.text)) !== null && tries++ < 200) {
      const value = m[1] ?? m[0];
      if (looksFake(value) || PLACEHOLDER.test(around(file.text, m.index, m[0].length).replace(value, ''))) continue;
      if (isSignatureContext(file, m.index)) continue;
      out.push({ index: m.index, length: m[0].length, message: `Hard-coded ${label}` });
      if (out.length >= 20) break;
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

// ---------------------------------------------------------------------------------------------
// CRED-08 private key blocks.

const PRIVATE_KEY_BLOCK =
  /-----BEGIN (?:(?:RSA|EC|DSA|OPENSSH|ENCRYPTED|PGP) )?PRIVATE KEY(?: BLOCK)?-----[ \t]*\r?\n((?:[ \t]*[A-Za-z0-9+/=:,-]{20,}\r?\n){2,})/g;
const TEST_CONTEXT = /\b(?:test|tests|testing|example|sample|dummy|fixture|fake|do not use|not a real|throwaway)\b/i;

export function privateKeyMatches(file: FileView): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const m of findAll(file.text, PRIVATE_KEY_BLOCK)) {
    const block = file.text.slice(m.index, m.index + m.length);
    const body = block.split('\n').slice(1).join('');
    if (testRegex(/\.\.\.|xxxx|<[^>]*>|\[[^\]]*\]/i, body) || new Set(body.replace(/\s/g, '')).size < 20) continue;
    if (isSignatureContext(file, m.index)) continue;
    const before = file.text.slice(Math.max(0, m.index - 300), m.index);
    const testKey = TEST_CONTEXT.test(file.skillPath) || TEST_CONTEXT.test(before) || file.isDocumentation;
    out.push({
      index: m.index,
      length: block.indexOf('\n'),
      severity: testKey ? 'low' : undefined,
      message: testKey ? 'Private key block in test or example material' : 'Private key committed in the skill',
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// CRED-09 credentials in connection strings and assignments; JWTs.

const URI_WITH_PASSWORD =
  /\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?|mssql|sqlserver|ftps?|sftp|smtps?|ldaps?|https?):\/\/([^\s:@/'"<>{}$]{1,64}):([^\s@/'"<>{}$]{3,128})@([^\s/'"<>:]{1,200})/g;
const SECRET_ASSIGNMENT =
  /\b(?:password|passwd|pwd|client_secret|secret_key|secret|api_?key|apikey|access_?token|auth_?token|private_?key|access_?key)\b["']?\s*[:=]\s*["']([^"'\s]{8,128})["']/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{10,500}\.eyJ[A-Za-z0-9_-]{10,1000}\.[A-Za-z0-9_-]{10,}/g;
const PLACEHOLDER_PASSWORD =
  /^(?:pass(?:word)?\d*|passwd|pwd|secret|changeme|admin|root|postgres|mysql|guest|redis|demo|user|test\w*|example\w*|sample|dummy|placeholder|password123|hunter2|x+|\*+)$|^(?:your|my)[\w-]*|[<{$%*]|\.\.\./i;
const LOCAL_HOST = /^(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[?::1\]?|host\.docker\.internal|db|database|postgres|mysql|redis|mongo|rabbitmq|example\.(?:com|org)|[\w.-]*\.example\.com|[\w.-]*\.local)(?::\d+)?$/i;

// Real secrets are random; documentation passwords spell words ("Password123!", "securePassword").
const WORDY_SECRET = /pass(?:word|wd)|secret|changeme|letmein|qwerty|admin|hunter|welcome|default|sample|demo/i;

function isRandomLooking(value: string): boolean {
  if (looksFake(value) || WORDY_SECRET.test(value)) return false;
  if (/^[A-Z][A-Z0-9_]+$/.test(value)) return false; // an env var name, not its value
  if (/^(?:https?:|\/|\.\/|~)/.test(value)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((c) => c.test(value)).length;
  return value.length >= 12 ? classes >= 2 && /\d/.test(value) : classes >= 3;
}

function isExampleJwt(token: string): boolean {
  try {
    const payload = Buffer.from(token.split('.')[1], 'base64url').toString('utf8');
    return /John Doe|1234567890|1516239022|example|test/i.test(payload);
  } catch {
    return true;
  }
}

export function embeddedCredentialMatches(file: FileView): RuleMatch[] {
  const out: RuleMatch[] = [];
  URI_WITH_PASSWORD.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = execRegex(URI_WITH_PASSWORD, file.text)) !== null && out.length < 20) {
    if (PLACEHOLDER_PASSWORD.test(m[2]) || PLACEHOLDER_PASSWORD.test(m[1]) || LOCAL_HOST.test(m[3])) continue;
    if (m[2].length < 6 && !/\d/.test(m[2])) continue;
    out.push({ index: m.index, length: m[0].length, message: 'Password embedded in a connection URL' });
  }
  SECRET_ASSIGNMENT.lastIndex = 0;
  let tries = 0;
  while ((m = execRegex(SECRET_ASSIGNMENT, file.text)) !== null && out.length < 40 && tries++ < 200) {
    if (!isRandomLooking(m[1]) || PLACEHOLDER.test(around(file.text, m.index, m[0].length).replace(m[1], ''))) continue;
    out.push({ index: m.index, length: m[0].length, message: 'Secret value assigned in the file' });
  }
  for (const j of findAll(file.text, JWT)) {
    if (!isExampleJwt(file.text.slice(j.index, j.index + j.length))) out.push({ ...j, message: 'JSON Web Token in the file' });
  }
  return onePerLine(
    file,
    out.filter((o) => !isSignatureContext(file, o.index)).sort((a, b) => a.index - b.index),
  );
}
