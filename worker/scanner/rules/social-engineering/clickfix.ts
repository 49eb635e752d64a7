// SOC-03 ClickFix: telling the user to copy a command into a terminal or the Run dialog, graded
// by the payload next to it.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { proseOf } from '../match.ts';
import { graded, scanCapped as scan } from '../context.ts';
import { findPayloads, type Payload, payloadNear } from './payloads.ts';

const CLICKFIX_RE = new RegExp(
  [
    String.raw`\b(?:copy|paste)\b[^.\n]{0,60}?\b(?:into|in|to)\s+(?:your\s+|a\s+|the\s+|an?\s+open\s+)?(?:terminal|powershell|command\s+prompt|cmd(?:\.exe)?|console|shell|run\s+(?:dialog|box|window)|bash|zsh)\b`,
    String.raw`\bcopy\b[^.\n]{0,50}?\b(?:command|code|script|line|snippet)\b[^.\n]{0,30}?\b(?:run|execute|paste)\b[^.\n]{0,20}?\b(?:in|into)\s+(?:your\s+|the\s+)?(?:terminal|powershell|shell|console|cmd)\b`,
    String.raw`\b(?:press|hit|use)\s+(?:the\s+)?(?:win(?:dows)?(?:\s*key)?\s*\+\s*r|\u229E\s*\+\s*r|windows\s+key\s+and\s+r)\b`,
    String.raw`\bopen\s+(?:the\s+)?run\s+(?:dialog|box|window)\b`,
    String.raw`\bopen\s+(?:the\s+|a\s+|your\s+)?(?:terminal|powershell|command\s+prompt|cmd)\s+and\s+(?:paste|run|type|enter|execute)\b`,
    String.raw`\bpaste\b[^.\n]{0,40}?\b(?:and\s+)?(?:press|hit)\s+enter\b`,
    String.raw`\b(?:visit|open|go\s+to)\b[^.\n]{0,80}?\b(?:execute|run|paste)\s+(?:the\s+)?(?:installation\s+|install\s+|setup\s+)?(?:command|script|code)\b[^.\n]{0,20}?\b(?:in|into)\s+(?:your\s+|the\s+)?(?:terminal|powershell|shell|console)\b`,
  ].join('|'),
  'gi',
);
// Every branch names where the command goes (terminal, shell, Win+R, run box) or "press enter":
// rarer than "copy" and "paste", so these gate the rule.
export const CLICKFIX_ANCHORS = [
  'terminal', 'powershell', 'prompt', 'cmd', 'console', 'shell', 'bash', 'zsh', 'dialog', 'box', 'window', 'win',
  '\u229E+r', '\u229E+ ', '\u229E +', 'enter',
];

export function detectClickFix(file: FileView): RuleMatch[] {
  const text = file.kind === 'skill-md' ? file.text : proseOf(file);
  let payloads: Payload[] | undefined;
  return scan(text, CLICKFIX_RE, (m) => {
    payloads ??= findPayloads(text);
    const strong = payloadNear(payloads, m.index, 1200, ['pipe-to-shell', 'encoded', 'raw-ip']);
    const other = payloadNear(payloads, m.index, 1200, ['paste-site', 'download', 'archive-password']);
    const severity: Severity = strong ? 'critical' : other ? 'high' : 'medium';
    const message = strong
      ? `Tells the user to paste a command into a terminal next to a ${strong.kind} command (ClickFix)`
      : other
        ? `Tells the user to paste a command into a terminal next to a ${other.kind} link`
        : 'Tells the user to paste a command into a terminal';
    return { index: m.index, length: m[0].length, severity: graded(file, severity), message };
  });
}
