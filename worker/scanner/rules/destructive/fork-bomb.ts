// DES-03 fork bombs: the shell form ":(){ :|:& };:" and fork or spawn loops in Python, C, Perl,
// batch files and Node.
import type { FileView, RuleMatch } from '../../types.ts';
import { isDetectionRuleFile } from '../script-context.ts';
import { scan, testRegex } from '../context.ts';
import { finding } from './shared.ts';

// The shell form ":(){ :|:& };:" is searched from its "()" so the name before it is not tried
// at every word character; the name is then checked to stand right before the parentheses.
const SHELL_FORK_BOMB = /\(\)\s*\{\s*([\w:.]{1,20})\s*\|\s*\1\s*&\s*\}\s*;?\s*\1/g;
const FORK_BOMB =
  /\bwhile\s+(?:True|1)\s*:\s*(?:\n\s*)?os\.fork\s*\(\s*\)|\bfor\s*\(\s*;\s*;\s*\)\s*\{?\s*fork\s*\(\s*\)|\bfork\s+while\s+fork\b|%0\s*\|\s*%0|\bwhile\s*\(\s*(?:true|1)\s*\)\s*\{?\s*(?:child_process\.|cp\.)?(?:fork|spawn)\s*\(\s*process\.argv/g;
const FORK_BOMB_MESSAGE = 'Fork bomb: spawns processes until the machine stops responding';

export function detectForkBomb(file: FileView): RuleMatch[] {
  if (isDetectionRuleFile(file)) return [];
  const text = file.text;
  const found = scan(text, SHELL_FORK_BOMB, (m) => {
    const name = m[1];
    let start = m.index;
    while (start > 0 && start > m.index - 200 && /\s/.test(text[start - 1])) start--;
    if (start < name.length || text.slice(start - name.length, start) !== name) return null;
    const index = start - name.length;
    const whole = { ...m, index, 0: text.slice(index, m.index + m[0].length) } as RegExpExecArray;
    return finding(file, whole, 'critical', FORK_BOMB_MESSAGE);
  });
  if (testRegex(/fork|%0|spawn/i, text)) found.push(...scan(text, FORK_BOMB, (m) => finding(file, m, 'critical', FORK_BOMB_MESSAGE)));
  return found;
}
