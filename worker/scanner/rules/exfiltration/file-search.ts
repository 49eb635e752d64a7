// EXF-10 searching the file system for secrets: find and glob from home or the root for key,
// wallet and credential file names.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { findAll } from '../match.ts';
import { onePerLine } from '../context.ts';
import { isProseOnlyMention, isSignatureContext } from '../markdown-context.ts';
import { COMMENT_LINE } from './shared.ts';

const FIND_FROM_ROOT =
  /\bfind\s+["']?(?:~|\/(?=\s)|\$HOME|\$\{HOME\}|\/home\b|\/Users\b|\/root\b|\/etc\b|\/mnt\b|\/Volumes\b|[A-Z]:\\)[^\s"']*["']?[^\n]{0,400}/g;
const SECRET_NAME_PATTERN =
  /\.env\b|id_rsa|id_ed25519|id_ecdsa|id_dsa|\.pem\b|\.key\b|\.p12\b|\.pfx\b|\.keystore\b|\.jks\b|wallet|keystore|credentials?|\.kdbx\b|seed|mnemonic|secret|token|\.aws\b|\.ssh\b|\.npmrc\b|\.netrc\b|password|\.gpg\b|\.asc\b/gi;
const GLOB_SECRETS =
  /\b(?:glob\.glob|glob\.sync|globSync|rglob|glob|Get-ChildItem)\s*\(?[^\n]{0,160}?(?:\*\*\/)?\*?(?:\.env\b|id_rsa|\.pem\b|wallet|\.key\b|credentials|\.kdbx|\.ssh|\.aws)[^\n]{0,80}/g;

// grep over the user's dotfiles or whole home folder for lines of any secret (`grep -hE
// '(TOKEN|KEY|SECRET)=' ~/.bashrc ~/.zshrc`): harvesting the tokens people export in their shell
// set-up. A quiet check for one named variable (`grep -q OPENAI_API_KEY ~/.zshrc`) prints nothing.
const GREP_HOME_SECRETS = /\b(?:e?grep|rg|ag|ack)\s(?:"[^"\n]{0,200}"|'[^'\n]{0,200}'|[^\n|;&"']){1,400}/g;
const SECRET_WORDS = /token|secret|passw(?:or)?d|api_?key|_key\b|\bkey\b|credential|private|auth/gi;
const HOME_TARGET = /(?:^|\s)["']?(?:~|\$HOME|\$\{HOME\}|\/home\/[\w.-]+|\/Users\/[\w.-]+|\/root)(?:\/\.[\w.*-]|\/?["']?(?=\s|$))/;

function grepsHomeForSecrets(line: string): boolean {
  if (/\s-\w*q\w*\b|--quiet\b/.test(line) || !HOME_TARGET.test(line)) return false;
  const words = new Set((line.match(SECRET_WORDS) ?? []).map((w) => w.toLowerCase().replace(/^_|_$/g, '')));
  // A class of secrets (two kinds, or a wildcard around one), not one variable looked up by name.
  return words.size >= 2 || (words.size === 1 && /\[[A-Z_a-z-]+\][*+]|\.\*|\\w[*+]/.test(line));
}

export function enumerationMatches(file: FileView): RuleMatch[] {
  const out: RuleMatch[] = [];
  // A sentence naming the command, a commented-out line or a detection signature runs nothing.
  const inert = (index: number) => isProseOnlyMention(file, index) || COMMENT_LINE.test(file.lineAt(index)) || isSignatureContext(file, index);
  const consider = (m: RuleMatch, home: boolean) => {
    if (inert(m.index)) return;
    const line = file.text.slice(m.index, m.index + m.length);
    const names = new Set((line.match(SECRET_NAME_PATTERN) ?? []).map((n) => n.toLowerCase()));
    if (names.size === 0) return;
    const severity: Severity = names.size >= 3 && home ? 'high' : 'medium';
    out.push({ index: m.index, length: Math.min(m.length, 200), severity, message: `Searches the file system for secrets (${[...names].slice(0, 4).join(', ')})` });
  };
  for (const m of findAll(file.text, FIND_FROM_ROOT)) consider(m, true);
  for (const m of findAll(file.text, GLOB_SECRETS)) {
    const call = file.text.slice(m.index, m.index + m.length);
    if (/expanduser|home\(\)|homedir|~\/|\$HOME|\/Users|\/home|-Recurse/.test(call)) consider(m, true);
  }
  for (const m of findAll(file.text, GREP_HOME_SECRETS)) {
    if (inert(m.index) || !grepsHomeForSecrets(file.text.slice(m.index, m.index + m.length))) continue;
    // A guide's fenced example is how a leak audit is shown; a script runs it.
    const severity: Severity = file.kind === 'script' || file.kind === 'text' ? 'high' : 'medium';
    out.push({ index: m.index, length: Math.min(m.length, 200), severity, message: "Searches the user's dotfiles or home folder for secret lines" });
  }
  return onePerLine(file, out.sort((a, b) => a.index - b.index));
}
