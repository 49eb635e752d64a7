// PER-10 background and detached processes, hidden executables: processes detached from the
// session, graded higher when they run a hidden file or a network tool, and executables written
// to hidden paths.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { isCommentLine } from '../script-context.ts';
import { lineText } from '../../line-table.ts';
import { isProse, scan } from '../context.ts';
import { finding } from './shared.ts';

const DETACH =
  /\bnohup\s+[^\n]{0,400}|\bsetsid\s+[^\n]{0,400}|\bdisown\b|\bscreen\s+-d?m\w*\s+[^\n]{0,400}|\btmux\s+new(?:-session)?\s+[^\n]{0,400}?-d\b[^\n]{0,400}|\bstart\s+\/b\s+[^\n]{0,400}|\bStart-Process\b[^\n]{0,400}-WindowStyle\s+Hidden\b[^\n]{0,400}|\bpythonw(?:\.exe)?\s+[^\n]{0,400}|\bstart_new_session\s*=\s*True|\bpreexec_fn\s*=\s*os\.setsid|\bDETACHED_PROCESS\b|\bdetached\s*:\s*true\b/g;
// Hidden names in temporary folders, or a hidden file straight in the home folder (not an app's config dir).
const HIDDEN_EXECUTABLE = /(?:\/tmp|\/var\/tmp|\/dev\/shm)\/\.[\w.-]+|(?:~|\$\{?HOME\}?)\/\.[\w.-]+(?=["'\s;&|]|$)/;
const HIDDEN_CHMOD =
  /\bchmod\s+(?:-\w+\s+)*(?:\+x|u\+x|a\+x|0?7[0-5][0-5])\s+["']?((?:\/tmp|\/var\/tmp|\/dev\/shm)\/\.[\w.-]+|(?:~|\$\{?HOME\}?)\/\.[\w.-]+(?=["'\s;&|]|$))/gm;
const NETWORK_OR_PAYLOAD = /\b(?:curl|wget|nc|ncat|socat|xmrig|base64)\b|https?:\/\//;

export function detectBackground(file: FileView): RuleMatch[] {
  const text = file.text;
  return [
    ...scan(text, DETACH, (m) => {
      if (isProse(file) && !file.inCode(m.index)) return null;
      if (isCommentLine(file, m.index)) return null;
      const line = lineText(text, m.index);
      const hidden = HIDDEN_EXECUTABLE.test(line);
      const network = NETWORK_OR_PAYLOAD.test(line);
      const severity: Severity = hidden && network ? 'high' : hidden || network ? 'medium' : 'low';
      return finding(
        file,
        m,
        severity,
        hidden || network
          ? 'Detached background process running a hidden file or a network tool: it outlives the session'
          : 'Process detached from the session: it keeps running after the agent stops',
      );
    }),
    ...scan(text, HIDDEN_CHMOD, (m) => {
      // `mkdir -p ~/.ssh && chmod 700 ~/.ssh`: a folder made private, not a program made runnable.
      const dir = m[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (new RegExp(String.raw`\bmkdir\s+(?:-\w+\s+)*["']?${dir}["']?(?=[\s;&|]|$)`).test(text)) return null;
      return finding(file, m, 'medium', `Executable written to the hidden path ${m[1]}`);
    }),
  ];
}
