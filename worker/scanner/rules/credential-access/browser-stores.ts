// CRED-05 browser stores, keychains, OS credential stores. Prose that merely names a store (a list
// of indicators) is not access; a command or an instruction to read it is.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { findAll } from '../match.ts';
import { lineWindow, onePerLine } from '../context.ts';
import { isProhibited, isProseMention, isSignatureContext } from '../markdown-context.ts';
import { ACCESS_COMMAND } from '../secret-paths.ts';
import { ACCESS_PROSE } from './access-words.ts';
import { inExclusionList } from './exclusion-lists.ts';

const BROWSER_STORE_FILES =
  /[/\\](?:Login Data|Web Data|Cookies|Local State)(?=["'/\\\s)]|$)|["'](?:Login Data|Web Data|Local State)["']|\bLocal Storage(?:[/\\]{1,2}|["'][ \t]*,[ \t]*["'])leveldb\b|\b(?:logins\.json|key[34]\.db|signons\.sqlite|cookies\.sqlite|formhistory\.sqlite|Cookies\.binarycookies)\b/gm;
// Electron apps (Discord, Slack, Teams) keep their session tokens in a browser's Local Storage.
const BROWSER_CONTEXT = /chrom|brave|edge|opera|vivaldi|yandex|browser|profile|user data|firefox|mozilla|safari|sqlite|library\/cookies|application support|discord|slack|teams/i;
const KEYCHAIN_DUMP =
  /\bsecurity\s+(?:dump-keychain|find-generic-password|find-internet-password|export)\b|\blogin\.keychain(?:-db)?\b|Library[/\\]Keychains\b|\bsecret-tool\s+(?:lookup|search)\b|\b(?:CryptUnprotectData|browser_cookie3|pycookiecheat|chrome_cookies|win32crypt)\b|\b(?:password_value|encrypted_value)\b|\bmimikatz\b|\bsekurlsa::|\bprocdump\b[^\n]{0,40}\blsass|\blsass(?:\.exe)?\b[^\n]{0,40}\b(?:dump|minidump)\b|\bvaultcmd\b|\bcmdkey\s+\/list\b|\bGet-StoredCredential\b|\bkwallet-query\b|(?<![\w-])\/etc\/shadow\b|\bCredEnumerate[AW]?\b/g;
// Apple's keychain API asked for every item (kSecMatchLimitAll) with its secret (kSecReturnData).
const KEYCHAIN_ALL_ITEMS = /\bkSecMatchLimitAll\b/g;
// One named item of the user's own store: `security find-generic-password -s svc -w`,
// `secret-tool lookup service restic` (lookup always names the item by its attributes).
const OWN_KEYCHAIN_ITEM = /\bsecurity\s+find-(?:generic|internet)-password\b[^\n]*\s-[sa]\s|\bsecret-tool\s+lookup\b/;
// dump-keychain without -d prints item attributes (names, services), not the secrets.
const ATTRIBUTES_ONLY_DUMP = /\bsecurity\s+dump-keychain\b(?![^\n|;&]*\s-\w*d)/;

export function browserStoreMatches(file: FileView): RuleMatch[] {
  const out: RuleMatch[] = [];
  const consider = (m: RuleMatch, label: string) => {
    if (isSignatureContext(file, m.index)) return;
    const line = lineWindow(file, m.index, m.length);
    const found = file.text.slice(m.index, m.index + m.length).trim();
    let severity: Severity = 'critical';
    if (isProseMention(file, m.index)) {
      // Prose that merely names a store (a list of indicators) is not access.
      if (!ACCESS_PROSE.test(line) || isProhibited(file, m.index)) return;
      severity = 'high';
    } else if (/\/etc\/shadow/.test(found)) {
      // Path-traversal examples name /etc/shadow as a target; only a command reading it counts.
      if (/\.\.[/\\]/.test(line) || !ACCESS_COMMAND.test(line)) return;
      severity = 'high';
    } else if (OWN_KEYCHAIN_ITEM.test(line) || (/dump-keychain/.test(found) && ATTRIBUTES_ONLY_DUMP.test(line))) severity = 'medium';
    else if (file.kind === 'script' && inExclusionList(file.text, m.index)) severity = 'low';
    out.push({ index: m.index, length: m.length, severity, message: `${label}: ${found}` });
  };
  for (const m of findAll(file.text, BROWSER_STORE_FILES, undefined, 40)) {
    // The browser may be named a few lines up, where the profile folder is set.
    const context = lineWindow(file, m.index, m.length) + file.text.slice(Math.max(0, m.index - 300), m.index);
    if (BROWSER_CONTEXT.test(context)) consider(m, 'Browser credential or cookie store');
  }
  for (const m of findAll(file.text, KEYCHAIN_DUMP, undefined, 40)) consider(m, 'Credential store access');
  if (file.text.includes('kSecReturnData')) {
    for (const m of findAll(file.text, KEYCHAIN_ALL_ITEMS, undefined, 5)) consider(m, 'Every keychain item read with its secret');
  }
  return onePerLine(file, out.sort((a, b) => a.index - b.index));
}
