// DES-04 shutdown, reboot and mass process kill. Commands count in command position only, and
// in markdown only inside code: prose mentions ("then reboot.") are not commands.
import type { FileView, RuleMatch } from '../../types.ts';
import { isDetectionRuleFile } from '../script-context.ts';
import { scan } from '../context.ts';
import { finding } from './shared.ts';

// Command position: start of a line (after a prompt, RUN, list marker), or after sudo ; && || | ` $( or a quote.
const COMMAND_POSITION = String.raw`(?:^[ \t]*(?:[$>][ \t]+|RUN[ \t]+|-[ \t]+)?|[;&|\x60(][ \t]*|\$\([ \t]*|["'][ \t]*|\bsudo[ \t]+)`;
const SHUTDOWN = new RegExp(
  COMMAND_POSITION +
    String.raw`(?:(?:shutdown|halt|poweroff)\b(?:[ \t]+(?:-[hrPfnHk]\w*|now|\+?\d+|\/[srftp]\b))*|reboot\b(?![ \t]*[-:]?[ \t]*(?:your|the|and|to|it|if|after|when|is|required|needed)\b)|init[ \t]+[06]\b|systemctl[ \t]+(?:poweroff|reboot|halt|kexec)\b|(?:Stop|Restart)-Computer\b)`,
  'gm',
);
const MASS_KILL =
  /\bkill\s+-(?:9|KILL|SIGKILL)\s+-1\b|\bpkill\s+(?:-9\s+)?-f\s+["']?\.["']?(?=\s|$)|\bkillall5?\s+-9\b|\btaskkill(?:\.exe)?\s+(?:\/\w+\s+)*\/im\s+\*|\bStop-Process\s+(?:-\w+\s+)*-Name\s+\*|\bkill\s+-9\s+\$\(\s*ps\s+(?:-e|aux|-A)\b[^)\n]{0,40}\)|\bpkill\s+-9\s+-u\s+\S+/gi;

export function detectShutdownKill(file: FileView): RuleMatch[] {
  if (isDetectionRuleFile(file)) return [];
  const text = file.text;
  return [
    ...scan(text, SHUTDOWN, (m) => {
      // Prose mentions ("then reboot.") are not commands: in markdown only code counts.
      if ((file.kind === 'skill-md' || file.kind === 'markdown') && !file.inCode(m.index + m[0].length - 1)) return null;
      // A reboot after a kernel or driver change is disruptive; powering the machine off is worse.
      const reboot = /reboot|shutdown[ \t]+-r|\/r\b|init[ \t]+6|Restart-Computer/.test(m[0]);
      return finding(file, m, reboot ? 'medium' : 'high', reboot ? 'Reboots the machine' : 'Shuts down the machine');
    }),
    ...scan(text, MASS_KILL, (m) => finding(file, m, /-1\b|\/im\s+\*|-Name\s+\*|-f\s+["']?\./.test(m[0]) ? 'high' : 'medium', 'Kills processes en masse')),
  ];
}
