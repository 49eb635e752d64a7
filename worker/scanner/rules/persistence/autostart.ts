// PER-05 services, launch agents, run keys and startup items: auto-start files written,
// services enabled, scheduled tasks and Run keys registered, .pth start-up files, the Windows
// Startup folder, editor tasks that run when a folder opens, and instructions to make the skill
// start automatically.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { lineText } from '../../line-table.ts';
import { isProse, scan } from '../context.ts';
import { CODE_WRITE_OPEN, finding, SHELL_WRITE } from './shared.ts';
import { SCHEDULED_PAYLOAD } from './cron.ts';

const AUTOSTART_PATH = String.raw`(?:/etc/systemd/system/[\w@.-]+|(?:~|\$HOME|\$\{HOME\})/\.config/systemd/user/[\w@.-]+|/(?:usr/)?lib/systemd/system/[\w@.-]+|(?:~|\$HOME|\$\{HOME\})?/Library/Launch(?:Agents|Daemons)/[\w.-]+\.plist|(?:~|\$HOME|\$\{HOME\})/\.config/autostart/[\w.-]+\.desktop|/etc/xdg/autostart/[\w.-]+|/etc/init\.d/[\w.-]+)`;
const STARTUP_FOLDER = /\\Start Menu\\Programs\\Startup\\|\bshell:startup\b/gi;
const AUTOSTART_WRITE = new RegExp(`(?:${SHELL_WRITE}|${CODE_WRITE_OPEN}|\\bplistlib\\.dump\\s*\\([^\\n]{0,80}|\\bPath\\s*\\(\\s*["'])(${AUTOSTART_PATH})`, 'g');
const AUTOSTART_COMMAND =
  /\blaunchctl\s+(?:load|bootstrap|submit|enable)\b[^\n]{0,400}|\bschtasks(?:\.exe)?\s+\/create\b[^\n]{0,400}|\b(?:Register-ScheduledTask|New-ScheduledTaskAction|New-Service)\b[^\n]{0,400}|\bsc(?:\.exe)?\s+create\s+[^\n]{0,400}|\breg(?:\.exe)?\s+add\s+["']?HK(?:CU|LM|EY_CURRENT_USER|EY_LOCAL_MACHINE)\\Software\\(?:Wow6432Node\\)?Microsoft\\Windows\\CurrentVersion\\Run(?:Once)?\b[^\n]{0,400}|\b(?:Set|New)-ItemProperty\b[^\n]{0,400}\\CurrentVersion\\Run(?:Once)?\b[^\n]{0,400}|\b__EventFilter\b|\bCommandLineEventConsumer\b|\bupdate-rc\.d\s+\S+\s+(?:defaults|enable)\b|\bchkconfig\s+\S+\s+on\b|\brc-update\s+add\b[^\n]{0,400}|\bmake\s+login\s+item\b[^\n]{0,400}|\bsystemctl\s+(?:--user\s+)?enable\b[^\n]{0,400}|\bgit\s+config\s+(?:--global|--system)\s+(?:core\.hooksPath|init\.templateDir)[ \t]+(?![;|&)`]|$)[^\n]{1,400}/gim;
// A .pth file in site-packages runs its `import` lines at the start of every Python process.
const PTH_WRITE =
  /["'][\w.-]{1,60}\.pth["'][^\n]{0,80}?(?:\.write_text\s*\(|\.write\s*\(|,\s*["'][wa]\+?["'])|\b(?:write_text|open|writeFileSync)\s*\([^\n]{0,120}?\.pth["']|>>?\s*["']?[^\s"']{0,200}site-packages\/[\w.-]+\.pth\b/g;
const COMMON_SERVICES = /\benable\s+(?:--now\s+)?(?:docker|containerd|ssh|sshd|nginx|apache2|httpd|postgresql|mysql|mariadb|redis(?:-server)?|mongod|cron|crond|ntp|chronyd|NetworkManager|bluetooth|cups|tailscaled|k3s|kubelet|libvirtd|podman|snapd|ollama)(?:\.service)?\b/;
const AUTOSTART_PROSE =
  /\b(?:install|register|add|set\s+up|configure)\s+(?:it\s+|this\s+(?:skill|script|tool)\s+|the\s+(?:skill|script|agent|helper)\s+)?(?:as\s+)?(?:a\s+|an\s+)?(?:launch\s*agent|launch\s*daemon|login\s+item|startup\s+(?:item|program|script)|system\s+service|windows\s+service|background\s+service)\b[^.\n]{0,120}/gi;

// An editor task that runs by itself whenever the folder is opened (VS Code and its forks).
const FOLDER_OPEN_TASK = /["']?runOn["']?\s*:\s*["']folderOpen["']/g;

export function detectAutostart(file: FileView): RuleMatch[] {
  const text = file.text;
  const found: RuleMatch[] = [
    ...scan(text, FOLDER_OPEN_TASK, (m) => {
      if (isProse(file) && !file.inCode(m.index)) return null;
      // The task object around it: its command and options sit within a few lines either way.
      const task = text.slice(Math.max(0, m.index - 600), Math.min(text.length, m.index + 300));
      const payload = SCHEDULED_PAYLOAD.test(task) || /\beval\s*\(|\bnew\s+Function\b|\biex\b/i.test(task);
      return finding(file, m, payload ? 'critical' : 'medium', payload ? 'Editor task that fetches or runs code whenever the folder is opened' : 'Editor task that runs whenever the folder is opened');
    }),
    ...scan(text, AUTOSTART_WRITE, (m) => {
      const window = text.slice(m.index, Math.min(text.length, m.index + 600));
      const payload = SCHEDULED_PAYLOAD.test(window);
      // A system service unit is how servers are deployed; an entry that starts with the user's
      // own login (launch agents, user units, autostart) is how workstations get backdoored.
      const serverUnit = /^\/(?:etc\/systemd\/system|(?:usr\/)?lib\/systemd\/system|etc\/init\.d)\//.test(m[1]);
      const severity: Severity = payload ? 'critical' : serverUnit ? 'medium' : 'high';
      return finding(file, m, severity, `Creates an auto-start entry (${m[1].slice(m[1].lastIndexOf('/') + 1) || m[1]})${payload ? ' that downloads or runs a hidden payload' : ''}`);
    }),
    ...scan(text, PTH_WRITE, (m) => {
      if (file.kind !== 'script' && !file.inCode(m.index)) return null;
      const window = text.slice(Math.max(0, m.index - 600), Math.min(text.length, m.index + 600));
      const payload = SCHEDULED_PAYLOAD.test(window);
      return finding(file, m, payload ? 'critical' : 'high', `Writes a .pth start-up file: its code runs whenever Python starts${payload ? ', here fetching or running a payload' : ''}`);
    }),
    ...scan(text, STARTUP_FOLDER, (m) => {
      const line = lineText(text, m.index);
      if (!/\b(?:copy|Copy-Item|move|Move-Item|New-Item|Set-Content|Out-File|CreateShortcut|xcopy)\b|>/i.test(line)) return null;
      return finding(file, m, 'high', 'Places a program in the Windows Startup folder');
    }),
    ...scan(text, AUTOSTART_COMMAND, (m) => {
      if (isProse(file) && !file.inCode(m.index)) return null;
      if (/systemctl/.test(m[0])) {
        return finding(file, m, COMMON_SERVICES.test(m[0]) ? 'low' : 'medium', 'Enables a service to start at boot');
      }
      const payload = SCHEDULED_PAYLOAD.test(m[0]);
      // A scheduled task is Windows' cron job: medium like PER-04's, unless it runs a payload.
      const scheduledTask = /^(?:schtasks|Register-ScheduledTask|New-ScheduledTaskAction)/i.test(m[0]);
      // `launchctl bootstrap gui/$(id -u) <plist>` in prose shows the command's shape for a file
      // the user chooses; the skill ships no program of its own to start.
      const placeholder = isProse(file) && /<[\w .-]{1,40}>/.test(m[0]);
      const severity: Severity = payload ? 'critical' : scheduledTask || placeholder ? 'medium' : 'high';
      return finding(file, m, severity, scheduledTask && !payload ? 'Registers a scheduled task' : 'Registers a program to start automatically (launch agent, scheduled task, service or Run key)');
    }),
  ];
  if (isProse(file)) {
    const body = file.kind === 'skill-md' ? file.body : text;
    found.push(...scan(body, AUTOSTART_PROSE, (m) => (file.isNegated(m.index) ? null : finding(file, m, 'medium', 'Instruction to make the skill start automatically'))));
  }
  return found;
}
