// Credential paths found in a file, classified by what the line does with them: access (a command
// or read verb on the line), ordinary use (ssh -i, chmod, a write), or a bare mention. Shared by
// the SSH key, cloud credential and token file rules (CRED-01..03).
import type { FileView, RuleMatch, Severity, SkillView } from '../../types.ts';
import { findAll } from '../match.ts';
import { lineWindow, onePerLine, testRegex } from '../context.ts';
import { isProseMention, isSignatureContext, underProhibitionHeading } from '../markdown-context.ts';
import { ACCESS_COMMAND, joinedPath, readInLoopBelow, type PathHit } from '../secret-paths.ts';
import { ACCESS_PROSE } from './access-words.ts';

// Ordinary use of a key or config path: connecting with it, generating it, fixing its permissions.
const SETUP_USE =
  /(?<![\w./-])(?:ssh|ssh-add|ssh-keygen|ssh-copy-id|sftp|chmod|chown|mkdir|touch|kubectl|twine)\s|\bIdentityFile\b|\bGIT_SSH_COMMAND\b|--kubeconfig\b|\bKUBECONFIG\b(?!:?-)|\bdocker\s+login\b|\baws\s+configure\b|\bgcloud\s+auth\b|\baz\s+login\b|\bnpm\s+(?:login|config)\b|\bgpg\s+--(?:import|gen-key|full-gen-key)\b|\b(?:scp|rsync)\b[^\n]{0,40}\s-i\s/;
const WRITE_BEFORE = /(?:>>?|\btee(?:\s+-a)?)\s*["']?$/;
const PATH_CHARS = /[~$\w{}/.\-]/;

/** The text before a path with the path's own leading characters (~/, $HOME/) removed. */
function beforePath(text: string, lineStart: number, index: number): string {
  let i = index;
  while (i > lineStart && index - i < 200 && PATH_CHARS.test(text[i - 1])) i--;
  return text.slice(Math.max(lineStart, i - 200), i);
}

/**
 * Classifies each occurrence of a credential path: access (a command or read verb on the line),
 * ordinary use (ssh -i, chmod, a write), or a bare mention.
 */
const REGEX_ESCAPED_DOT = /(?:^|["'|(^[?:])\\\.$/;

// Code that can reach the network. A script that only lists credential paths, in a skill none of
// whose scripts can send anything, is a local check (a secret scanner, an audit): it can show what
// it finds to the user and nothing more.
const NETWORK_CODE =
  /\b(?:requests|httpx|aiohttp|urllib|axios|got|node-fetch|undici|fetch|XMLHttpRequest|WebSocket|socket|smtplib|ftplib|paramiko|net\/http|http\.(?:Post|Get|NewRequest|Client)|https?\.(?:request|get)|Net::HTTP|Faraday|HTTParty|reqwest|curl|wget|nc|ncat|socat|scp|rsync|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|WebClient|HttpClient|dns\.resolve|nslookup|dig)\b|\/dev\/tcp\//;
const skillSendsCache = new WeakMap<SkillView, boolean>();

/** Whether any script of the skill (or code block of its markdown) can reach the network. */
function skillCanSend(skill: SkillView): boolean {
  let known = skillSendsCache.get(skill);
  if (known === undefined) {
    known = skill.files.some((f) => (f.kind === 'script' || f.kind === 'skill-md' || f.kind === 'markdown') && testRegex(NETWORK_CODE, f.text));
    skillSendsCache.set(skill, known);
  }
  return known;
}

// A deny list names the paths to keep away from: "deny": ["Read(~/.ssh/**)", "Read(./.env)"].
const DENY_LIST_OPEN = /["']?\b(?:deny|denied|disallow(?:ed)?|block(?:ed|list)?|forbidden|exclude[sd]?|ignore[sd]?|never)["']?\s*[:=]\s*\[[^\]]*$/i;

const EXCLUDE_FLAG_BEFORE = /(?:--exclude(?:-dir)?|--ignore|--filter=['"]?-|-x)[= ]\s*['"]?[^\s'"]{0,20}$/;

export function inDenyList(text: string, index: number): boolean {
  return DENY_LIST_OPEN.test(text.slice(Math.max(0, index - 600), index));
}

// `cp ~/.aws/credentials ~/.aws/credentials.bak.$(date +%s)`: a copy kept beside the file before
// a tool rewrites it (key rotation, config migration) stays where the original was.
const BACKUP_SUFFIX = /^(?:\.(?:bak|backup|orig|old|save|prev)\w*|~|\.\d|\.?["']?\$\(date\b|-\d{6,})/i;
const BACKUP_COPY = /\b(?:cp|copy|Copy-Item)\s+(?:-\w+\s+)*(["']?)([^\s"';&|]+)\1\s+(["']?)([^\s;&|]+)/i;

function backupBesideItself(line: string, path: string): boolean {
  const copy = BACKUP_COPY.exec(line);
  if (!copy || !copy[2].endsWith(path)) return false;
  const destination = copy[4];
  return destination.startsWith(copy[2]) && BACKUP_SUFFIX.test(destination.slice(copy[2].length));
}

export function credentialPathHits(file: FileView, re: RegExp, what: string, mention: Severity | null, skill?: SkillView): PathHit[] {
  const text = file.text;
  const hits: PathHit[] = [];
  for (const m of findAll(text, re, undefined, 40)) {
    if (isSignatureContext(file, m.index) || inDenyList(text, m.index)) continue;
    // `tar --exclude='.ssh/id_*'`, `rsync --exclude .env`: the path is what the command leaves out.
    if (EXCLUDE_FLAG_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index))) continue;
    // `r"\.ssh/id_|\.aws/credentials"` is a regular expression that looks for the paths; in
    // `~\.ssh\id_rsa` or `$env:USERPROFILE\.ssh` the backslash is a Windows separator.
    if (REGEX_ESCAPED_DOT.test(text.slice(Math.max(0, m.index - 2), m.index + 1))) continue;
    const line = lineWindow(file, m.index, m.length);
    const lineStart = m.index - file.position(m.index).column + 1;
    const found = text.slice(m.index, m.index + m.length);
    if (WRITE_BEFORE.test(beforePath(text, lineStart, m.index))) continue;
    if (SETUP_USE.test(line)) continue;
    let severity: Severity | null;
    if (isProseMention(file, m.index)) {
      // Prose that names a path without reading it (a list of indicators, a set-up note) is no finding.
      if (underProhibitionHeading(file, m.index)) continue;
      severity = ACCESS_PROSE.test(line) || (file.inCode(m.index) && ACCESS_COMMAND.test(line)) ? 'medium' : null;
    } else if (ACCESS_COMMAND.test(line)) severity = backupBesideItself(line, found.trim()) ? 'low' : 'high';
    else if (file.kind === 'script' && readInLoopBelow(file.text, m.index)) severity = skill && !skillCanSend(skill) ? 'low' : 'high';
    else if (file.kind === 'script') severity = skill && !skillCanSend(skill) ? 'low' : 'medium';
    else severity = /~|\$HOME|home/i.test(line) ? 'medium' : mention;
    if (!severity) continue;
    hits.push({ index: m.index, length: m.length, severity, message: `${what}: ${joinedPath(found.trim())}` });
  }
  return hits;
}

export function toMatches(file: FileView, hits: PathHit[]): RuleMatch[] {
  return onePerLine(
    file,
    hits.map((h) => ({ index: h.index, length: h.length, severity: h.severity, message: h.message })),
  );
}
