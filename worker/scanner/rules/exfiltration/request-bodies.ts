// EXF-05 HTTP requests whose body carries secrets: secret environment values followed into request
// bodies by a small taint pass, and bodies that carry collected secrets.
import type { FileView, RuleMatch, Severity, SkillView } from '../../types.ts';
import { hostOf } from '../hosts.ts';
import { execRegex, execRegexIn, matchAllRegex, onePerLine, testRegex, testRegexIn } from '../context.ts';
import { ASSIGNMENT, CODE_SECRET_ENV, GENERIC_NAME_PARTS, SECRET_NAME_SHAPE } from './secret-env.ts';
import { COMMENT_LINE, codeRegions } from './shared.ts';

const REQUEST_CALL =
  /\b(?:requests|httpx|session|client|http)\.(?:post|put|patch)\s*\(|\b(?:urllib\.request\.)?Request\s*\(|\bfetch\s*\(|\baxios\.(?:post|put|patch)\s*\(|\bhttps?\.request\s*\(|\$\.(?:post|ajax)\s*\(|\bInvoke-(?:WebRequest|RestMethod)\b|\bNet::HTTP\.post|\bHTTParty\.post/g;
const HEADERS_PART = /\bheaders\s*[=:]\s*\{[^{}]{0,400}\}|-Headers\s*@\{[^{}]{0,400}\}|["']?Authorization["']?\s*:\s*[^,}\n]{0,200}|\bauth\s*=\s*\([^)]{0,200}\)|\b(?:headers|auth|cookies)\s*[=:]\s*(?:self\.)?[A-Za-z_$][\w$]{0,60}(?![\w$.({\[])/gi;
const SECRETS_IN_BODY =
  /\b(?:secrets|credentials|creds|cookies|private_?key|privateKey|ssh_?keys?|sshKeys?|aws_?(?:secret|creds|credentials)|api_?keys|apiKeys|tokens|passwords|keychain|wallets?|seed(?:_?phrase)?)\b/i;
const BODY_MARKER = /\b(?:json|data|body|files|content|payload)\s*[=:]/;

// A small taint pass over one code region: variables assigned from secret-named environment
// variables (or the whole environment), and variables computed from those, are followed into the
// body of HTTP requests and curl uploads. Headers are removed first: an API key in the
// Authorization header of its own service is how APIs are meant to be called.
const WHOLE_ENV = /\bjson\.dumps\(\s*(?:dict\()?\s*os\.environ\b|[=:]\s*os\.environ\s*[,)}]|\bdict\(\s*os\.environ\s*\)|\bos\.environ\.copy\(\)|\{\s*\*\*os\.environ\s*\}|\bJSON\.stringify\(\s*process\.env\s*\)|\{\s*\.\.\.process\.env\s*\}|\$\((?:printenv|env)\)/;
const ENCODES = /\b(?:b64encode|b32encode|b85encode|hexlify|btoa|base64|encodebytes|urlsafe_b64encode)\b|\.toString\(\s*["'](?:base64|hex)["']\)|\.hex\(\)/;

const VENDOR_HOSTS: Record<string, string[]> = {
  AWS: ['amazonaws.com', 'aws'],
  GITHUB: ['github'],
  GH: ['github'],
  GITLAB: ['gitlab'],
  GOOGLE: ['google', 'gstatic', 'googleapis'],
  GCP: ['google', 'googleapis'],
  GEMINI: ['google', 'googleapis'],
  AZURE: ['azure', 'microsoft', 'windows.net'],
  OPENAI: ['openai'],
  ANTHROPIC: ['anthropic', 'claude'],
  CLAUDE: ['anthropic', 'claude'],
  HF: ['huggingface', 'hf.co'],
  HUGGINGFACE: ['huggingface', 'hf.co'],
  DOCKER: ['docker'],
  NPM: ['npmjs'],
  SLACK: ['slack'],
};

const AUTH_CARRIERS = new Set(['headers', 'header', 'auth', 'authorization', 'cookies', 'params', 'timeout', 'method', 'url']);

interface Taint {
  env: string;
  encoded: boolean;
}

/** The taint of the first tainted identifier mentioned in `code` (member accesses like a.b are skipped). */
function taintOfIdentifiers(code: string, tainted: Map<string, Taint>): Taint | undefined {
  if (tainted.size === 0) return undefined;
  for (const id of code.matchAll(/(?<![\w$.])[A-Za-z_$][\w$]{0,40}(?![\w$])/g)) {
    const t = tainted.get(id[0]);
    if (t) return t;
  }
  return undefined;
}

function taintedVariables(region: string): Map<string, Taint> {
  const assignments: { name: string; rhs: string }[] = [];
  ASSIGNMENT.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = execRegex(ASSIGNMENT, region)) !== null && assignments.length < 400) {
    // Keyword arguments inside a call (headers=..., auth=...) look like assignments; skip them.
    if (/[(,]\s*$/.test(region.slice(Math.max(0, m.index - 200), m.index)) || AUTH_CARRIERS.has(m[1].toLowerCase())) continue;
    let rhs = m[2];
    // A literal opened on this line ({, [, dict( ...) runs until its closing line.
    if (/[{[(]\s*$/.test(rhs)) {
      const close = region.slice(m.index + m[0].length, m.index + m[0].length + 2000).search(/\n[ \t]*[}\])]/);
      if (close >= 0) rhs += region.slice(m.index + m[0].length, m.index + m[0].length + close);
    }
    assignments.push({ name: m[1], rhs });
  }
  const tainted = new Map<string, Taint>();
  for (let pass = 0; pass < 3; pass++) {
    for (const { name, rhs } of assignments) {
      if (tainted.has(name)) continue;
      CODE_SECRET_ENV.lastIndex = 0;
      const env = CODE_SECRET_ENV.exec(rhs);
      const envName = env ? env[1] ?? env[2] ?? env[3] : '';
      if (env && SECRET_NAME_SHAPE.test(envName)) tainted.set(name, { env: envName, encoded: ENCODES.test(rhs) });
      else if (WHOLE_ENV.test(rhs)) tainted.set(name, { env: 'the whole environment', encoded: ENCODES.test(rhs) });
      else {
        const from = taintOfIdentifiers(rhs, tainted);
        if (from) tainted.set(name, { env: from.env, encoded: from.encoded || ENCODES.test(rhs) });
      }
    }
  }
  return tainted;
}

// Calls examined per code region: real scripts make a handful of requests; thousands are padding.
const MAX_CALLS = 200;

/** The text of a call from its opening parenthesis to the matching close (bounded). */
function callText(text: string, start: number): string {
  const open = text.indexOf('(', start);
  if (open < 0 || open - start > 40) return text.slice(start, start + 400).split(/\n\s*\n/)[0];
  let depth = 0;
  for (let i = open; i < text.length && i < open + 1500; i++) {
    const c = text[i];
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      depth--;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return text.slice(start, open + 1500);
}

/** The host of an http(s) address; '' for anything else. */
function httpHostOf(url: string): string {
  return /^https?:\/\//i.test(url) ? hostOf(url.split(/[\s"'`]/)[0]) : '';
}

/** True when the secret's name says which service it belongs to and the host is that service. */
function vendorMatches(envName: string, host: string): boolean | null {
  const parts = envName.split('_').filter((p) => p.length >= 2 && !GENERIC_NAME_PARTS.has(p));
  if (parts.length === 0) return null; // a generic name: cannot tell
  return parts.some((p) => host.includes(p.toLowerCase()) || (VENDOR_HOSTS[p] ?? []).some((h) => host.includes(h)));
}

interface Flow {
  index: number;
  length: number;
  severity: Severity;
  message: string;
}

const URL_LITERAL = /https?:\/\/[^\s"'`)<>]+/;
const IDENTIFIER_IN_CODE = /(?<![\w$.])[A-Za-z_$][\w$]{0,40}(?![\w$])/g;
// One command, continued over lines with a trailing backslash.
const CURL_DATA_LINE = /\b(?:curl|wget|http|xh)\b(?:[^\n\\]|\\\n?){0,400}?(?:\s-d\b|--data\b|--data-\w+|\s-F\b|--form\b|--post-data|--body-data|\s-T\b|--upload-file)(?:[^\n\\]|\\\n?){0,400}/g;

// Reading a local file's content into a variable: `data = f.read()`, `readFileSync(p)`.
const FILE_CONTENT_READ = /\.read\(\s*\)|\.read_(?:text|bytes)\(|\breadFileSync\(|\bfs\.promises\.readFile\(|\bawait\s+readFile\(|\bfile_get_contents\(|\bFile\.read\(|\$\(\s*cat\s/;

/** Variables of a region that hold the contents of a local file. */
function fileContentVariables(region: string): Set<string> {
  const names = new Set<string>();
  for (const a of matchAllRegex(region, ASSIGNMENT)) {
    if (FILE_CONTENT_READ.test(a[2])) names.add(a[1]);
    if (names.size >= 50) break;
  }
  return names;
}

/**
 * True when the SKILL.md names the host (its main label, "tavily" for api.tavily.com): a service
 * the skill says it talks to. "Our analytics server" declares nothing.
 */
function hostDeclared(skill: SkillView | undefined, host: string): boolean {
  if (!skill) return true;
  const labels = host.split('.').filter((l) => l && !/^(?:www|api|app|com|net|org|io|dev|co|ai|cloud)$/.test(l));
  const main = labels.length >= 2 ? labels[labels.length - 2] : labels[0];
  if (!main || main.length < 3) return true;
  return skill.skillMd.text.toLowerCase().includes(main);
}

/**
 * The request calls of a code region, at most MAX_CALLS, each with the text of its call; a fetch
 * without a body sends nothing and is left out.
 */
function* requestCalls(region: string, text: string, from: number): Generator<{ index: number; length: number; call: string }> {
  REQUEST_CALL.lastIndex = 0;
  let m: RegExpExecArray | null;
  let calls = 0;
  while ((m = execRegexIn(REQUEST_CALL, region, text, from)) !== null && calls++ < MAX_CALLS) {
    const call = callText(region, m.index);
    if (/^fetch/.test(call) && !/\bbody\s*:/.test(call)) continue;
    yield { index: m.index, length: m[0].length, call };
  }
}

/** Secret environment values (and whole-environment dumps) that reach a request body in a region. */
function secretRequestFlows(file: FileView, from: number, to: number, skill?: SkillView): Flow[] {
  const text = file.text;
  const region = text.slice(from, to);
  if (!testRegexIn(/environ|getenv|process\.env|ENV\[|ENV\.fetch|\$\{?\(?[A-Z]/, region, text, from)) return [];
  const tainted = taintedVariables(region);
  const fileVars = fileContentVariables(region);
  const urls = new Map<string, string>();
  // Hosts read from the environment (AIRFLOW_HOST, BASE_URL) point wherever the user configured.
  const configuredHosts = new Set<string>();
  for (const a of matchAllRegex(region, ASSIGNMENT)) {
    if (/environ|getenv|process\.env|ENV\[/.test(a[2]) && !/(?:KEY|TOKEN|SECRET|PASSW)/.test(a[2])) configuredHosts.add(a[1]);
    const url = URL_LITERAL.exec(a[2]);
    if (url) urls.set(a[1], url[0]);
    else if (/b64decode|atob|fromhex|unhexlify|FromBase64String/.test(a[2])) urls.set(a[1], 'encoded');
  }
  const flows: Flow[] = [];
  const judge = (index: number, length: number, body: string, destination: string) => {
    // Every tainted value in the body; the worst one (the whole environment, then an encoded secret) decides.
    const found: Taint[] = [];
    if (testRegex(WHOLE_ENV, body)) found.push({ env: 'the whole environment', encoded: false });
    CODE_SECRET_ENV.lastIndex = 0;
    let env: RegExpExecArray | null;
    while ((env = execRegex(CODE_SECRET_ENV, body)) !== null && found.length < 20) {
      const name = env[1] ?? env[2] ?? env[3];
      if (SECRET_NAME_SHAPE.test(name)) found.push({ env: name, encoded: testRegex(ENCODES, body) });
    }
    // Identifiers are read only when there is a tainted or file-content variable to look for: on a
    // long line of calls each body is hundreds of characters of names.
    if (tainted.size > 0) {
      for (const id of matchAllRegex(body, IDENTIFIER_IN_CODE)) {
        const t = tainted.get(id[0]);
        if (t) found.push(t);
        if (found.length >= 20) break;
      }
    }
    if (!found.length) return;
    const rank = (t: Taint) => (t.env === 'the whole environment' ? 2 : t.encoded ? 1 : 0);
    const taint = found.reduce((a, b) => (rank(b) > rank(a) ? b : a));
    const whole = taint.env === 'the whole environment';
    if (destination === 'configured' && !whole && !taint.encoded) return;
    const host = destination === 'encoded' || destination === 'configured' ? '' : httpHostOf(destination);
    if (/^(?:localhost|127\.|0\.0\.0\.0|\[::1\]|host\.docker\.internal)/.test(host)) return;
    const match = host ? vendorMatches(taint.env, host) : null;
    if (match === true && !whole) return;
    const hidden = taint.encoded || destination === 'encoded';
    const where = destination === 'encoded' ? 'an encoded address' : host || 'a computed address';
    // Local file contents and a credential in one body, to a host the skill never names: the
    // payload of a stealer dressed as an analyser, not an API client authenticating itself.
    const carriesFile =
      testRegex(FILE_CONTENT_READ, body) || (fileVars.size > 0 && [...matchAllRegex(body, IDENTIFIER_IN_CODE)].some((id) => fileVars.has(id[0])));
    const undeclared = host !== '' && carriesFile && !hostDeclared(skill, host);
    const severity: Severity = whole || hidden || undeclared ? 'critical' : 'high';
    const message = undeclared
      ? `Sends local file contents and ${taint.env} in a request body to ${host}, a host the skill does not name`
      : `Sends ${taint.encoded ? 'encoded ' : ''}${taint.env} in a request body to ${where}`;
    flows.push({ index, length, severity, message });
  };
  for (const { index: at, length: matched, call } of requestCalls(region, text, from)) {
    const body = call.replace(HEADERS_PART, ' ');
    const literal = URL_LITERAL.exec(call)?.[0];
    const firstArg = /\(\s*(?:url\s*=\s*)?([A-Za-z_$][\w$.]{0,40})\s*[,)]/.exec(call)?.[1] ?? '';
    const head = call.slice(0, 200).split(',')[0];
    const headVars = [...head.matchAll(/[{(+]\s*([A-Za-z_$][\w$]{0,40})\s*[}+)]/g)].map((v) => v[1]);
    headVars.push(firstArg.replace(/^self\./, ''));
    const known = headVars.map((v) => urls.get(v)).find(Boolean);
    const configured = headVars.some((v) => configuredHosts.has(v));
    const destination = literal ?? known ?? (configured ? 'configured' : '');
    judge(from + at, matched, body.replace(URL_LITERAL, ' '), destination);
  }
  let lines = 0;
  for (const c of matchAllRegex(region, CURL_DATA_LINE)) {
    if (lines++ >= MAX_CALLS) break;
    const line = c[0];
    const body = line.replace(/-H\s+["'][^"'\n]{0,300}["']/g, ' ').replace(/--header\s+["'][^"'\n]{0,300}["']/g, ' ').replace(URL_LITERAL, ' ');
    const lineStart = region.lastIndexOf('\n', c.index) + 1;
    const piped = region.slice(lineStart, c.index);
    judge(from + c.index, line.length, piped + ' ' + body, URL_LITERAL.exec(line)?.[0] ?? '');
  }
  return flows;
}

export function secretBodyMatches(file: FileView, skill?: SkillView): RuleMatch[] {
  const out: RuleMatch[] = [];
  const text = file.text;
  for (const [from, to] of codeRegions(file)) {
    for (const flow of secretRequestFlows(file, from, to, skill)) out.push(flow);
    const region = text.slice(from, to);
    for (const { index: at, length: matched, call } of requestCalls(region, text, from)) {
      if (/^(?:urllib\.request\.)?Request/.test(call) && !/\bdata\s*=/.test(call)) continue;
      const body = call.replace(HEADERS_PART, ' ');
      if (!testRegex(BODY_MARKER, body) && !/^fetch/.test(call)) continue;
      if (!testRegex(SECRETS_IN_BODY, body)) continue;
      out.push({ index: from + at, length: matched, severity: 'medium', message: 'HTTP request body carries collected secrets or credentials' });
    }
  }
  return onePerLine(file, out.filter((o) => !COMMENT_LINE.test(file.lineAt(o.index))));
}
