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

export function enumerationMatches(file: FileView): RuleMatch[] {
  const out: RuleMatch[] = [];
  const consider = (m: RuleMatch, home: boolean) => {
    if (isProseOnlyMention(file, m.index)) return;
    const line = file.text.slice(m.index, m.index + m.length);
    if (COMMENT_LINE.test(file.lineAt(m.index)) || isSignatureContext(file, m.index)) return;
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
  return onePerLine(file, out);
}
