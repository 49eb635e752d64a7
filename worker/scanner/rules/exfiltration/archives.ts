// EXF-09 archive then send: local files archived and uploaded, the whole repository pushed
// elsewhere, a credential folder committed and pushed, and requests to an address decoded at run
// time.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { findAll, proseOf } from '../match.ts';
import { execRegex, lineWindow, matchAllRegex, onePerLine, testRegex } from '../context.ts';
import { isProseOnlyMention } from '../markdown-context.ts';
import { COMMENT_LINE, GIT_HOOK_FILE, SECRET_PATH, proseKept, shorten } from './shared.ts';
import { codeSinks } from './network-sinks.ts';
import { mailForwardingMatches } from './mail-forwarding.ts';
import { confirmedBefore } from '../script-context.ts';

// A command may run on over lines ending in a backslash: the continuation counts as the same line.
const ARG = String.raw`(?:[^\n|;&\\]|\\\r?\n?)`;
const ARCHIVE_SEND = new RegExp(
  String.raw`\b(?:tar|zip|7z|gzip|rar)\b${ARG}{0,200}?((?:~|\$HOME|\$\{HOME\}|\/home\/|\/Users\/|\/root\b|\.ssh|\.aws|\.gnupg|\.config|\/etc\b|\/tmp\/\.|[\w.*/-]*\.(?:tfstate|tfvars)\b|\.env\b)[^\s|;&]*)${ARG}{0,200}(?:\||&&|;)(?:[^\n\\]|\\\r?\n?){0,200}?\b(curl|wget|scp|rsync|nc|ncat|ftp|aws\s+s3\s+cp|gsutil\s+cp|rclone|http)\b`,
  'g',
);
const ARCHIVE_PROSE =
  /\b(?:zip|compress|archive|tar|bundle|pack)\s+(?:up\s+)?(?:the\s+|your\s+|all\s+|their\s+)?(?:entire\s+|whole\s+|complete\s+)?(?:home directory|home folder|~\/|user'?s? (?:files|documents|home)|documents folder|ssh (?:directory|folder|keys)|\.ssh|\.aws|workspace|project|repository|repo)\b[^.\n]{0,80}?\b(?:and\s+)?(?:upload|send|post|transfer|sync|push)\b[^.\n]{0,60}?\b(?:to|via)\b/gi;
const MAKE_ARCHIVE_HOME = /\b(?:shutil\.make_archive|zipfile\.ZipFile|tarfile\.open)\s*\([^\n]{0,200}/g;

const SENDER_WORD = /\b(?:curl|wget|scp|rsync|nc|ncat|ftp|s3|gsutil|rclone|http)\b/;

// The whole repository pushed somewhere the project does not push to: every branch and tag
// (--mirror, --all) to a URL written in the command, or to a remote the same file adds.
// Every branch also by refspec: 'refs/heads/*:refs/heads/*'.
const GIT_WHOLE_PUSH = /\bgit\s+push\b(?=[^\n]{0,200}(?:\s--(?:mirror|all)\b|\s["']?\+?refs\/heads\/\*))[^\n]{0,300}/g;
const GIT_PUSH_URL = /\s(?:["']?(?:https?:\/\/|ssh:\/\/|git@)[^\s"']+)/;
// The remote's URL as written: an address, or one built from variables ("$base/$name.git").
const GIT_REMOTE_ADD = /\bgit\s+remote\s+add\s+(?:-\S+\s+)*([\w.-]+)\s+["']?((?:https?:\/\/|ssh:\/\/|git@|\$)[^\s"']+)/g;
const WELL_KNOWN_FORGE = /(?:@|\/\/)(?:[\w.-]+@)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)[/:]/;

function wholeRepositoryPushes(file: FileView): RuleMatch[] {
  const text = file.text;
  if (!text.includes('push')) return [];
  const added = new Map<string, string>();
  for (const r of matchAllRegex(text, GIT_REMOTE_ADD)) added.set(r[1], r[2]);
  const out: RuleMatch[] = [];
  for (const m of findAll(text, GIT_WHOLE_PUSH)) {
    if (isProseOnlyMention(file, m.index)) continue;
    if (COMMENT_LINE.test(lineWindow(file, m.index))) continue;
    const command = text.slice(m.index, m.index + m.length);
    const url = GIT_PUSH_URL.exec(command)?.[0].trim().replace(/^["']/, '') ?? [...added].find(([name]) => new RegExp(`\\s${name.replace(/[.]/g, '\\.')}(?:\\s|$)`).test(command))?.[1];
    if (!url) continue;
    // From a git hook it runs on every commit or push, unasked.
    const hook = GIT_HOOK_FILE.test(file.skillPath);
    let severity: Severity = WELL_KNOWN_FORGE.test(url) ? 'medium' : hook ? 'critical' : 'high';
    // The user typed the target's name or a yes just above: a rewrite pushed back, asked for.
    if (severity === 'high' && confirmedBefore(file, m.index)) severity = 'medium';
    out.push({
      index: m.index,
      length: m.length,
      severity,
      message: `Pushes every branch of the repository to ${shorten(url.replace(/\/\/[^/@\s]+@/, '//'), 60)}${hook && severity === 'critical' ? ' from a git hook, on every run' : ''}`,
    });
  }
  return out;
}

// A credential folder made into a repository and pushed: `cd ~/.ssh && git add -A && git push`,
// `git -C ~/.aws push`, subprocess.run(["git", "push", ...], cwd=SSH) with SSH = "~/.ssh".
const HOME_CREDENTIAL_FOLDER = String.raw`(?:~|\$\{?HOME\}?)[/\\]\.(?:ssh|aws|gnupg|kube|docker|azure|password-store)\b`;
const CREDENTIAL_FOLDER_LITERAL = new RegExp(String.raw`["'\x60]?${HOME_CREDENTIAL_FOLDER}`);
const FOLDER_ASSIGNMENT = new RegExp(String.raw`^[ \t]*([A-Za-z_]\w*)\s*=\s*[^\n]{0,60}?${HOME_CREDENTIAL_FOLDER}[^\n]*$`, 'gm');
const GIT_IN_FOLDER = new RegExp(String.raw`\bcd\s+["']?${HOME_CREDENTIAL_FOLDER}|\bgit\s+-C\s+["']?${HOME_CREDENTIAL_FOLDER}`);
const GIT_PUSH_CALL = /\bgit\s+(?:-C\s+\S+\s+)?push\b|["']git["']\s*,\s*["']push["']/;

function credentialFolderPushes(file: FileView): RuleMatch[] {
  if (file.kind !== 'script' || !GIT_PUSH_CALL.test(file.text) || !CREDENTIAL_FOLDER_LITERAL.test(file.text)) return [];
  const text = file.text;
  // The folder is where git runs: cd into it, git -C it, or a cwd= bound to a name holding it.
  const folderNames = new Set<string>();
  for (const a of text.matchAll(FOLDER_ASSIGNMENT)) folderNames.add(a[1]);
  const inFolder =
    GIT_IN_FOLDER.test(text) ||
    [...folderNames].some((n) => new RegExp(String.raw`\bcwd\s*[=:]\s*${n}\b|\bgit\s+-C\s+["']?\$\{?${n}\b|\bcd\s+["']?\$\{?${n}\b`).test(text));
  if (!inFolder) return [];
  const push = GIT_PUSH_CALL.exec(text)!;
  return [{ index: push.index, length: push[0].length, severity: 'critical', message: 'Commits a credential folder (keys, tokens) into git and pushes it to a remote' }];
}

// A request whose address is decoded at run time (`urllib.request.Request(base64.b64decode(_CFG)
// .decode(), data=...)`, `fetch(atob(u), {method: 'POST'})`): where the data goes is kept from the
// reader. With an archive built in the same script, the archive is what leaves.
const DECODED_DESTINATION_SEND =
  /\b(?:Request|urlopen|(?:requests|httpx|session|client)\.(?:post|put|patch|request)|fetch|axios\.(?:post|put|patch)|https?\.request)\s*\(\s*(?:[\w.]+\.)?(?:b64decode|b32decode|a85decode|unhexlify|fromhex|atob)\s*\(|\b(?:Request|urlopen|fetch|https?\.request)\s*\(\s*Buffer\.from\s*\([^()\n]{1,80},\s*['"](?:base64|hex)['"]\s*\)/g;
const BUILDS_ARCHIVE = /\btarfile\.open\s*\(|\bzipfile\.ZipFile\s*\([^)\n]{0,120}["'][wa]["']|\bmake_archive\s*\(|\barchiver\s*\(|\bnew\s+(?:AdmZip|JSZip)\b/;

function decodedDestinationSends(file: FileView): RuleMatch[] {
  if (file.kind !== 'script' || !/\b(?:b64decode|b32decode|a85decode|unhexlify|fromhex|atob|Buffer\.from)\b/.test(file.text)) return [];
  const archive = BUILDS_ARCHIVE.test(file.text);
  return findAll(file.text, DECODED_DESTINATION_SEND)
    .filter((m) => !COMMENT_LINE.test(lineWindow(file, m.index)))
    .map((m) => ({
      ...m,
      severity: archive ? 'critical' : 'high',
      message: archive ? 'Archives local files and sends them to an address decoded at run time' : 'Sends a request to an address decoded at run time',
    }));
}

export function archiveMatches(file: FileView): RuleMatch[] {
  const out: RuleMatch[] = [...wholeRepositoryPushes(file), ...credentialFolderPushes(file), ...decodedDestinationSends(file), ...mailForwardingMatches(file)];
  ARCHIVE_SEND.lastIndex = 0;
  let m: RegExpExecArray | null;
  const sends = testRegex(SENDER_WORD, file.text);
  while (sends && out.length < 20 && (m = execRegex(ARCHIVE_SEND, file.text)) !== null) {
    if (isProseOnlyMention(file, m.index)) continue;
    if (COMMENT_LINE.test(lineWindow(file, m.index))) continue;
    const sensitive = SECRET_PATH.test(m[1]) || /\/tmp\/\./.test(m[1]);
    const ownStorage = /^(?:aws|gsutil|rclone)/.test(m[2]);
    const severity: Severity = sensitive ? 'critical' : ownStorage ? 'medium' : 'high';
    out.push({ index: m.index, length: m[0].length, severity, message: `Archives ${shorten(m[1], 30)} and sends it with ${m[2]}` });
  }
  if (file.kind === 'skill-md' || file.kind === 'markdown') {
    for (const p of findAll(proseOf(file), ARCHIVE_PROSE)) {
      if (proseKept(file, p.index)) out.push({ ...p, message: 'Instructs archiving local files and uploading them' });
    }
  }
  if (file.kind === 'script') {
    const sends = codeSinks(file, 0, file.text.length).length > 0;
    for (const a of findAll(file.text, MAKE_ARCHIVE_HOME)) {
      const call = file.text.slice(a.index, a.index + a.length);
      if (sends && /expanduser|home\(\)|homedir|\bHOME\b|\.ssh|\.aws/.test(call)) out.push({ ...a, message: 'Archives home-directory files in a script that sends data out' });
    }
  }
  return onePerLine(file, out);
}
