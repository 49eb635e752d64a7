// PER-07 agent instruction and memory file tampering: writes to CLAUDE.md, AGENTS.md,
// .cursorrules and the like, in code and in prose, graded by whether the written content removes
// confirmations or safety rules.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { isDetectionRuleFile } from '../script-context.ts';
import { isProse, onePerLine, scan } from '../context.ts';
import { CODE_WRITE_OPEN, finding, SHELL_WRITE, writesInMode } from './shared.ts';

const AGENT_FILE = String.raw`(?:~\/\.claude\/CLAUDE\.md|CLAUDE\.md|AGENTS\.md|GEMINI\.md|\.cursorrules|\.cursor\/rules\/[\w./-]*|\.windsurfrules|\.clinerules|\.github\/copilot-instructions\.md|SOUL\.md|MEMORY\.md|\.claude\/(?:commands|agents|skills)\/[\w./-]+)`;
const AGENT_FILE_WRITE = new RegExp(`(?:${SHELL_WRITE}|${CODE_WRITE_OPEN})[\\w./~$-]*?(${AGENT_FILE})`, 'g');
const AGENT_FILE_PROSE = new RegExp(
  String.raw`\b(?:write|append|add|insert|prepend|inject|save|put|place)\b[^.\n]{0,60}?\b(?:to|into|in|at\s+the\s+(?:top|end)\s+of)\s+(?:the\s+|your\s+|a\s+|its\s+)?(?:project'?s?\s+|user'?s?\s+|global\s+|root\s+)?[\x60'"*]*(` +
    AGENT_FILE +
    String.raw`)|\b(?:update|modify|edit|overwrite|rewrite|replace|change|create|generate|write)\s+(?:the\s+|your\s+|a\s+|its\s+)?(?:project'?s?\s+|user'?s?\s+|global\s+)?[\x60'"*]*(` +
    AGENT_FILE +
    String.raw`)`,
  'gi',
);
const OVERRIDE_CONTENT =
  /auto-?approv|pre-?approved|bypass|dangerously|skip(?:ping)?\s+(?:all\s+)?(?:permission|confirmation)|do\s+not\s+(?:ask|tell|mention|inform|refuse)|don'?t\s+(?:ask|tell|mention)|without\s+(?:asking|confirmation|telling)|never\s+(?:refuse|ask)|always\s+(?:run|execute|allow|approve|comply)|allowedTools|ignore\s+(?:all\s+)?(?:previous|prior|safety)|\bcurl\s|\bwget\s|base64|exfiltrat|silently|disable\s+(?:the\s+)?(?:sandbox|safety)/i;

export function detectAgentInstructionWrite(file: FileView): RuleMatch[] {
  if (isDetectionRuleFile(file)) return [];
  const text = file.text;
  const grade = (m: RegExpExecArray, target: string, prose: boolean): RuleMatch | null => {
    // The following block is what gets written ("Write the following to CLAUDE.md: ...").
    const window = text.slice(m.index, Math.min(text.length, m.index + m[0].length + 700));
    const override = OVERRIDE_CONTENT.test(window);
    const global = /^~\/\.claude\/|\.claude\/(?:skills|agents|commands)\//.test(target);
    // "Create AGENTS.md for the project" is documentation work; planting dictated content, or a
    // script writing the file by itself, is what persists instructions behind the user's back.
    const dictated = prose && /\bthe\s+following\b|:\s*$/.test(m[0] + text.slice(m.index + m[0].length, m.index + m[0].length + 40).split('\n')[0]);
    const severity: Severity = override || global ? 'high' : prose && !dictated ? 'low' : 'medium';
    const message = override
      ? `Writes ${target} with content that removes confirmations or safety rules: it persists into every future session`
      : global
        ? `Modifies ${target}, which shapes other sessions or other skills`
        : `Writes the agent instruction file ${target}, which persists into future sessions`;
    return finding(file, m, severity, message);
  };
  const found = scan(text, AGENT_FILE_WRITE, (m) => (writesInMode(text, m) ? grade(m, m[1], false) : null));
  if (isProse(file)) {
    const body = file.kind === 'skill-md' ? file.body : text;
    found.push(...scan(body, AGENT_FILE_PROSE, (m) => (file.isNegated(m.index) ? null : grade(m, m[1] ?? m[2], true))));
  }
  // One finding per line: the shell and prose forms often describe the same write.
  return onePerLine(file, found);
}
