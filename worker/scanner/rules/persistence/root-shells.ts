// PER-01 sudo and root shells: commands run with sudo, doas or pkexec, su and RunAs, and prose
// asking to run as root. Installing with sudo is ordinary setup and stays low; a root shell, or
// one fed a download, goes higher.
import type { FileView, RuleMatch } from '../../types.ts';
import { lineBounds } from '../../line-table.ts';
import { isProse, scan } from '../context.ts';
import { finding, findingAt } from './shared.ts';

const SUDO =
  /(?:^|[\s;&|`(]|\$\()(sudo|doas|pkexec)[ \t]+((?:-(?:u|g|C|h|p|r|t|U)[ \t]+\S+[ \t]+|--(?:user|group)[= ]\S+[ \t]+|-[\w-]+[ \t]+)*)(\S+)([^\n]{0,400})/gm;
const NOT_A_COMMAND = /^(?:to|privileges?|access|rights|the|a|an|for|if|when|is|are|and|or|with|without|permissions?|mode|password|user|required|needed|only|may|might|will|can|by|on|in|as|prompt|group)$/i;

/** The command a line belongs to, joined over backslash continuations, up to `index`. */
function logicalCommandBefore(text: string, index: number): string {
  let { start } = lineBounds(text, index);
  let joined = text.slice(start, index);
  for (let i = 0; i < 4 && start > 0; i++) {
    const prev = lineBounds(text, start - 1);
    const line = text.slice(prev.start, prev.end);
    if (!/\\\s*$/.test(line)) break;
    joined = line + '\n' + joined;
    start = prev.start;
  }
  return joined;
}

const ROOT_SHELL_ALONE = /(?:^|[\s;&|`(])su\s+(?:-\s*|-l\s+|root\b|-c\s)|\brunas(?:\.exe)?\s+\/user:\s*\S*admin|\bStart-Process\b[^\n]{0,400}-Verb\s+RunAs\b/gim;
const PACKAGE_MANAGERS = /^(?:apt|apt-get|aptitude|dnf|yum|zypper|pacman|apk|snap|brew|port|emerge|dpkg|rpm|make|npm|pnpm|yarn|gem|pip3?|cargo|ldconfig|update-alternatives|mkdir|cp|mv|ln|tar|chmod|chown|systemctl|service|usermod|tee|installer|xcode-select|softwareupdate|modprobe|sysctl)$/;
const ROOT_PROSE = /\b(?:run|execute|start|launch)\s+(?:this\s+(?:skill|script|tool)|it|the\s+(?:skill|script|tool))\s+(?:as\s+root|with\s+(?:root|administrator|admin|elevated)\s+(?:privileges|rights|access))\b/gi;

export function detectSudo(file: FileView): RuleMatch[] {
  const text = file.text;
  const found: RuleMatch[] = [];
  found.push(
    ...scan(text, SUDO, (m) => {
      if (isProse(file) && !file.inCode(m.index + m[0].indexOf(m[1]))) return null;
      const tool = m[1];
      const options = m[2];
      const command = m[3].replace(/^["']/, '').replace(/^.*\//, '');
      const rest = m[4];
      const start = m.index + m[0].indexOf(tool);
      const length = m[0].length - (start - m.index);
      const shell = /(?:^|\s)-[a-zA-Z]*[si]\b/.test(options + ' ' + m[3]) || /^(?:su|(?:ba|z|da|k|fi)?sh|python[23]?|perl|ruby|node|pwsh)$/.test(command);
      // "curl ... | sudo bash" is the pipe-to-shell rule's finding, graded by where it downloads from.
      if (/\|\s*$/.test(text.slice(Math.max(0, start - 20), start)) && /\b(?:curl|wget)\b/.test(logicalCommandBefore(text, start))) return null;
      if (!/^[\w./~$-]+$/.test(m[3].replace(/^["']|["']$/g, '')) || NOT_A_COMMAND.test(command)) return null;
      // "sudo bash setup.sh" runs a local script as root; a bare root shell or one fed a download is worse.
      const scriptArgument = /^\s+["']?[\w./~-]+\.(?:sh|bash|py|pl|rb)\b/.test(rest) && !/(?:^|\s)-[a-zA-Z]*[si]\b/.test(options);
      if (shell && scriptArgument) return findingAt(file, start, length, 'low', `Script run as root: ${rest.trim().split(/\s+/)[0]}`);
      if (shell) {
        const withDownload = /\b(?:curl|wget|nc|base64)\b/.test(rest);
        return findingAt(file, start, length, withDownload ? 'high' : 'medium', withDownload ? 'Root shell running a download' : `Root shell (${tool} ${(options + m[3]).trim()})`);
      }
      if (tool !== 'sudo') return findingAt(file, start, length, 'medium', `Privilege elevation with ${tool}`);
      return findingAt(file, start, length, 'low', PACKAGE_MANAGERS.test(command) ? 'Command run as root (system setup)' : `Command run as root: ${command}`);
    }),
    ...scan(text, ROOT_SHELL_ALONE, (m) => {
      if (isProse(file) && !file.inCode(m.index + m[0].length - 1)) return null;
      return finding(file, m, 'medium', 'Switches to an administrator or root account');
    }),
  );
  if (isProse(file)) {
    const body = file.kind === 'skill-md' ? file.body : text;
    found.push(...scan(body, ROOT_PROSE, (m) => (file.isNegated(m.index) ? null : finding(file, m, 'low', 'Asks to run with root or administrator rights'))));
  }
  return found;
}
