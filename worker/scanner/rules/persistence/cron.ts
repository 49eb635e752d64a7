// PER-04 cron jobs and scheduled commands: crontab installs, system cron files, at jobs and
// instructions to install a cron job, graded higher when the scheduled line downloads, decodes
// or starts at boot.
import type { FileView, RuleMatch } from '../../types.ts';
import { lineBounds } from '../../line-table.ts';
import { isProse, onePerLine, scan } from '../context.ts';
import { CODE_WRITE_OPEN, finding, SHELL_WRITE } from './shared.ts';

const CRON_INSTALL =
  /\|\s*crontab\s+(?:-u\s+\S+\s+)?-(?=\s|$|["'`)])|\bcrontab\s+(?:-u\s+\S+\s+)?-\s*<|\bcrontab[ \t]+(?:-u[ \t]+\S+[ \t]+)?(?!-[lLreu]\b)["']?[\w./~$-]+["']?(?=\s|$)|\bcrontab[ \t]+-r\b/gm;
const CRON_FILE_WRITE = new RegExp(`(?:${SHELL_WRITE}|${CODE_WRITE_OPEN})(/etc/cron(?:tab|\\.(?:d|daily|hourly|weekly|monthly)/[\\w.-]*)|/var/spool/cron/[\\w./-]*)`, 'g');
const AT_JOB = /\|\s*at\s+(?:now|midnight|noon|teatime|\d{1,2}:\d{2})\b|\bat\s+now\s*\+\s*\d+\s*(?:min|minute|hour|day)s?\b|\bCronTab\s*\(\s*user\s*=|\.new\s*\(\s*command\s*=/g;
const CRON_PROSE = /\b(?:add|create|install|set\s+up|register|schedule)\s+(?:a\s+|an\s+|the\s+)?(?:new\s+)?(?:cron\s*job|crontab\s+entry|cron\s+entry)\b[^.\n]{0,160}/gi;
export const SCHEDULED_PAYLOAD = /\bcurl\b|\bwget\b|\bnc\b|\bncat\b|\bbase64\b|\bpython[23]?\s+-c\b|\bbash\s+-c\b|\/tmp\/\.|\/dev\/shm\/|@reboot|https?:\/\//;

export function detectCron(file: FileView): RuleMatch[] {
  const text = file.text;
  const found: RuleMatch[] = [];
  const grade = (m: RegExpExecArray, what: string): RuleMatch | null => {
    if (isProse(file) && !file.inCode(m.index)) return null;
    if (/crontab\s+-r/.test(m[0])) return finding(file, m, 'low', 'Removes every cron job of the user');
    // A script may build the line just above; in prose only the command's own line counts (a
    // cheat-sheet row such as `@reboot` above a removal command is not its payload).
    const line = lineBounds(text, m.index);
    const window = text.slice(isProse(file) ? line.start : Math.max(0, line.start - 200), line.end);
    const payload = SCHEDULED_PAYLOAD.test(window);
    return finding(file, m, payload ? 'high' : 'medium', payload ? `${what} that downloads, decodes or starts at boot` : what);
  };
  found.push(
    ...scan(text, CRON_INSTALL, (m) => grade(m, 'Installs a cron job')),
    ...scan(text, CRON_FILE_WRITE, (m) => grade(m, 'Writes a system cron file')),
    ...scan(text, AT_JOB, (m) => grade(m, 'Schedules a command for later')),
  );
  if (isProse(file)) {
    const body = file.kind === 'skill-md' ? file.body : text;
    found.push(
      ...scan(body, CRON_PROSE, (m) => {
        if (file.isNegated(m.index)) return null;
        const payload = SCHEDULED_PAYLOAD.test(m[0]);
        return finding(file, m, payload ? 'high' : 'medium', 'Instruction to install a recurring scheduled job');
      }),
    );
  }
  return onePerLine(file, found);
}
