// PER-03 writes to sensitive system files: sudoers, passwd and shadow, PAM, authorized_keys,
// hosts, system-wide startup files, the resolver and SSH server configuration; accounts granted
// administrator rights; public keys shipped with the skill written into authorized_keys.
import { fenceAt } from '../markdown-context.ts';
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { lineBounds, lineText } from '../../line-table.ts';
import { isProse, scan } from '../context.ts';
import { CODE_WRITE_OPEN, finding, SHELL_WRITE, writesInMode } from './shared.ts';
import { PROFILE_PAYLOAD, ROUTINE_PROFILE } from './shell-profile.ts';

const SYSTEM_FILE = String.raw`(?:/etc/(?:sudoers(?:\.d/[\w.-]*)?|shadow|gshadow|passwd|group|ld\.so\.preload|pam\.d/[\w.-]+|ssh/sshd_config|hosts|profile(?:\.d/[\w.-]+)?|environment|bash\.bashrc|zsh/zshrc|rc\.local|resolv\.conf)|(?:~|\$HOME|\$\{HOME\}|/root|/home/[^/\s"']+|/Users/[^/\s"']+)/\.ssh/authorized_keys2?(?![\w.-])|[Cc]:\\+Windows\\+System32\\+drivers\\+etc\\+hosts)`;
const SYSTEM_FILE_WRITE = new RegExp(`(?:${SHELL_WRITE}|${CODE_WRITE_OPEN})(${SYSTEM_FILE})`, 'g');
const ACCOUNT_TAMPERING =
  /\bNOPASSWD\s*:\s*ALL\b|\bALL\s*=\s*\(ALL(?::ALL)?\)\s*NOPASSWD\b|\bvisudo\b|\busermod\s+(?:-\w+\s+)*-a?G\s+(?:sudo|wheel|root|admin|adm|docker)\b|\buseradd\b[^\n]{0,400}\s-o\b[^\n]{0,400}-u\s*0\b|\buseradd\b[^\n]{0,400}-u\s*0\b[^\n]{0,400}\s-o\b|\bchpasswd\b|\bpasswd\s+root\b|\bnet\s+localgroup\s+administrators\s+\S+\s+\/add\b|\bdscl\s+\.\s+-append\s+\/Groups\/admin\b/gi;
const PLACEHOLDER_KEY = /\b(?:ssh-(?:rsa|ed25519)|ecdsa-sha2-\w+)\s+(?:AAAA[\w+/]{0,12}(?:\.{3}|…)|<[^>\n]{1,40}>)|<(?:your|user'?s?|the)[ _-][^>\n]{0,30}key[^>\n]{0,10}>/i;
const SSH_KEY_LITERAL = /\b(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-\w+)\s+AAAA[0-9A-Za-z+/=]{20,}/;

// Someone's public key shipped in a skill and written into authorized_keys: a standing remote
// login for its owner (`echo "ssh-ed25519 AAAA... maint@keys" >> "$SSH_DIR/authorized_keys"`).
const LITERAL_PUBLIC_KEY = /\b(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp\d{3}|sk-ssh-ed25519@openssh\.com)\s+AAAA[0-9A-Za-z+/]{40,}={0,2}/g;
const AUTHORIZED_KEYS_WRITE = /authorized_keys\b[^\n]{0,200}(?:O_APPEND|O_WRONLY|["'][aw]\+?["']|WriteFile|appendFile|write)|(?:>>?|\btee\b(?:\s+-a)?)\s*["']?[^\s"';|&]{0,120}authorized_keys\b|(?:authorized_keys|[Aa]uthorized[Kk]eys)["']?\s*\)/;

function plantedKeys(file: FileView): RuleMatch[] {
  if (file.kind !== 'script' || !file.text.includes('authorized_keys')) return [];
  // Written to (a redirect, an append mode, a write call) or joined as a path piece for one.
  const writes = AUTHORIZED_KEYS_WRITE.test(file.text) || (/["']authorized_keys["']/.test(file.text) && CODE_WRITES.test(file.text));
  return writes ? scan(file.text, LITERAL_PUBLIC_KEY, (m) => finding(file, m, 'critical', 'Writes a public key shipped with the skill into authorized_keys: a remote login for whoever holds the private key')) : [];
}
const CODE_WRITES = /\bO_APPEND\b|\bappendFile(?:Sync)?\b|\bwrite(?:_text|File(?:Sync)?|String)?\s*\(|\bopen\s*\([^)\n]{0,160}["']a\+?["']/;

export function detectSystemFileWrite(file: FileView): RuleMatch[] {
  const text = file.text;
  return [
    ...plantedKeys(file),
    ...scan(text, SYSTEM_FILE_WRITE, (m) => {
      const target = m[1];
      const line = lineText(text, m.index);
      if (!writesInMode(text, m)) return null;
      let severity: Severity = 'critical';
      let what = 'a system account or authentication file';
      if (/authorized_keys/.test(target)) {
        what = 'SSH authorized_keys (grants remote login)';
        severity = SSH_KEY_LITERAL.test(line) || /\becho\b|>>/.test(line) ? 'critical' : 'high';
        // The file rewritten from itself without a key (`grep -v "$old" authorized_keys.bak >
        // authorized_keys`) takes a login away; it grants none.
        if (!/>>/.test(line) && /\bgrep\s+(?:-\w+\s+)*-\w*v\w*\b(?:'[^'\n]*'|"[^"\n]*"|[^\n|>'"])*authorized_keys/.test(line)) severity = 'medium';
        // A heredoc holding a placeholder ("ssh-ed25519 AAAA... user@laptop") installs the user's own key.
        const body = text.slice(m.index + m[0].length, m.index + m[0].length + 400);
        if (/<<-?\s*['"]?\w+/.test(line) && PLACEHOLDER_KEY.test(body) && !SSH_KEY_LITERAL.test(body)) severity = 'medium';
        // The user's own public key read from a file on this machine (`PUB=$(cat "$KEY.pub")`, as
        // ssh-copy-id does) added on a host; a key fetched from the network is someone else's.
        const appended = /\becho\s+["']?\$\{?(\w+)\}?["']?\s*>>/.exec(line)?.[1];
        const localRead = appended && new RegExp(String.raw`\b${appended}=["']?\$\(\s*(?:<|(?:cat|head|tail|awk|cut|ssh-keygen\s+-y)\b)[^\n)]*\)`).exec(text);
        if (localRead && !/https?:|\b(?:curl|wget|nc)\b/.test(localRead[0])) severity = 'medium';
        // A key deleted in place (`sed -i '/old-key/d' authorized_keys`) takes a login away.
        if (!/>>/.test(line) && /\bsed\s+-i\S*\s+(?:-e\s+)?(["'])[^"'\n]*d\1/.test(line)) severity = 'medium';
      } else if (/hosts$/.test(target)) {
        what = 'the hosts file (redirects domains)';
        severity = /\b(?:127\.0\.0\.1|::1|localhost)\b/.test(line) ? 'medium' : 'high';
      } else if (/profile|environment|bashrc|zshrc|rc\.local/.test(target)) {
        // Adding PATH for a freshly installed toolchain is routine; downloads or hijacks are not.
        what = 'a system-wide startup file';
        const content = text.slice(lineBounds(text, m.index).start, m.index + m[0].length + 200);
        severity = PROFILE_PAYLOAD.test(content) ? 'critical' : ROUTINE_PROFILE.test(line) ? 'medium' : 'high';
      } else if (/resolv\.conf|sshd_config/.test(target)) {
        what = /resolv/.test(target) ? 'the DNS resolver configuration' : 'the SSH server configuration';
        severity = 'high';
      }
      return finding(file, m, severity, `Writes to ${target}: ${what}`);
    }),
    ...scan(text, ACCOUNT_TAMPERING, (m) => {
      // In prose only a command block counts: `NOPASSWD: ALL` in a sentence or a list of things to
      // look for names the setting, it does not make it.
      if (isProse(file) && fenceAt(file, m.index) === undefined) return null;
      const severe = /NOPASSWD|-u\s*0|-o\b/.test(m[0]);
      // visudo opens the sudoers file in an editor that checks it: the user makes the change. A
      // server set-up guide adds its admin user to the sudo group; a script doing it runs unasked.
      const guided = /^visudo$/i.test(m[0]) || (isProse(file) && /^usermod\b/i.test(m[0]));
      return finding(file, m, severe ? 'critical' : guided ? 'medium' : 'high', 'Grants an account administrator rights or password-less root');
    }),
  ];
}
