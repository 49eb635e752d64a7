// CRED-01 SSH private keys: key files under ~/.ssh by name, and the whole ~/.ssh directory packed,
// copied or walked from home (or its keys named in pieces beside a read).
import type { FileView, RuleMatch, SkillView } from '../../types.ts';
import { findAll } from '../match.ts';
import { lineBounds } from '../../line-table.ts';
import { lineWindow } from '../context.ts';
import { isProseMention, isSignatureContext } from '../markdown-context.ts';
import { readsFile } from '../secret-paths.ts';
import { FOLDER_ACCESS_WORDS } from './access-words.ts';
import { credentialPathHits, inDenyList, toMatches } from './path-hits.ts';

// A Windows separator is doubled inside most string literals ("~\\.ssh\\id_rsa").
const SSH_KEY_FILE = /\.ssh[/\\]{1,2}(?:id_[\w*-]*|identity|\*)(?![\w-]*\.pub\b)/g;
const SSH_DIR_FROM_HOME =
  /(?:~|\$\{?HOME\}?|%USERPROFILE%|homedir\(\)|home\(\)|expanduser\([^)\n]{0,20}\)|\bhome\b)[^\n]{0,24}?[/\\'"]\.ssh(?![\w.-])(?![/\\](?:config|known_hosts|authorized_keys|environment|rc)\b)/g;
const SSH_DIR_ACCESS = new RegExp(String.raw`\b(?:${FOLDER_ACCESS_WORDS}|base64|steal|exfiltrate)\b`, 'i');

const KEY_NAME_LITERAL = /["'`]id_(?:rsa|dsa|ecdsa|ed25519)["'`]/;

export function sshKeyMatches(file: FileView, skill?: SkillView): RuleMatch[] {
  const hits = credentialPathHits(file, SSH_KEY_FILE, 'SSH private key path', 'low', skill);
  for (const m of findAll(file.text, SSH_DIR_FROM_HOME)) {
    if (isSignatureContext(file, m.index) || inDenyList(file.text, m.index)) continue;
    const line = lineWindow(file, m.index, m.length);
    if (/\b(?:mkdir|chmod|chown)\b/.test(line)) continue;
    // path.join(homedir(), '.ssh', 'id_rsa') names the key in pieces.
    // The key's name may sit in a list a line or two above the read: for n in ["id_rsa", ...].
    const near = file.text.slice(Math.max(0, lineBounds(file.text, m.index).start - 240), m.index);
    const keyInPieces = KEY_NAME_LITERAL.test(line + '\n' + near) && readsFile(line);
    if (!SSH_DIR_ACCESS.test(line) && !keyInPieces) continue;
    hits.push({
      index: m.index,
      length: m.length,
      severity: isProseMention(file, m.index) ? 'medium' : 'high',
      message: 'Reads or copies the whole ~/.ssh directory',
    });
  }
  return toMatches(file, hits.sort((a, b) => a.index - b.index));
}
