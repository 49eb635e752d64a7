import type { FileView, RuleMatch, Severity, SkillView } from '../../types.ts';
import { graded, scanCapped as scan } from '../context.ts';
import { containerScoped } from '../script-context.ts';

// TPA-08 dangerous tool parameters

const DANGEROUS_FLAG_RE = new RegExp(
  [
    String.raw`\bgit\s+(?:commit|push|merge|rebase|am|cherry-pick)\b[^\n]{0,80}?\s--no-verify\b`,
    String.raw`\bgit\s+push\b[^\n]{0,80}?\s(?:--force|-f)(?=\s|$|["'\`])`,
    String.raw`(?:^|\s)--(?:yolo|dangerously-bypass-approvals-and-sandbox|dangerously-skip-permissions|permission-mode[= ]bypassPermissions|allow-all-tools|trust-all-tools|approval-mode[= ]yolo|full-auto|skip-permissions|no-confirm|auto-approve)\b`,
    String.raw`\bnpm\s+(?:i|install|ci)\b[^\n]{0,80}?\s--unsafe-perm(?:=true)?\b`,
    String.raw`\b(?:apt(?:-get)?|yum|dnf|zypper|pacman|brew|pip3?|npm|choco|winget)\s+(?:remove|purge|uninstall|autoremove|-R\w*)\b[^\n]{0,60}?\s(?:-y|--yes|--assume-yes|--noconfirm|--force)\b`,
    String.raw`\bterraform\s+(?:apply|destroy)\b[^\n]{0,60}?-auto-approve\b`,
    String.raw`\bkubectl\s+delete\b[^\n]{0,80}?--force\b[^\n]{0,40}?--grace-period[= ]0\b`,
    String.raw`--allow-root\b|--no-preserve-root\b`,
  ].join('|'),
  'gm',
);
export const DANGEROUS_FLAG_ANCHORS = [
  'no-verify', 'push', 'yolo', 'dangerously-bypass', 'dangerously-skip', 'bypasspermissions', 'allow-all-tools', 'trust-all-tools', 'approval-mode', 'full-auto',
  'skip-permissions', 'no-confirm', 'auto-approve', 'unsafe-perm', 'remove', 'purge', 'uninstall', ' -r', '\t-r',
  'grace-period', 'allow-root', 'no-preserve-root',
];

export function detectDangerousFlags(file: FileView, skill?: SkillView): RuleMatch[] {
  const text = file.kind === 'skill-md' ? file.body : file.text;
  const prose = file.kind === 'skill-md' || file.kind === 'markdown';
  return scan(text, DANGEROUS_FLAG_RE, (m) => {
    const found = m[0].trim();
    // A flag past the end of the command's code span or sentence is not passed to it.
    if (prose && /`|\.\s/.test(found)) return null;
    let severity: Severity = /no-preserve-root/.test(found) ? 'high' : 'medium';
    // Sub-agent autonomy flags in instructions are usually a documented, sandboxed choice.
    if (prose && /^--(yolo|full-auto|allow-all-tools|trust-all-tools|approval-mode|auto-approve|no-confirm|dangerously-skip-permissions)/.test(found)) severity = 'low';
    // An agent without permission prompts inside a container the skill defines is the sandboxed
    // use those flags are documented for.
    if (/^--(?:dangerously|permission-mode)/.test(found) && skill && containerScoped(skill)) severity = 'low';
    return { index: m.index + m[0].indexOf(found), length: found.length, severity: graded(file, severity), message: `Dangerous parameter: ${found.slice(0, 60)}` };
  });
}
