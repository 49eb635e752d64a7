import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { declaredTools, offsetInFrontmatter, toolBase } from './declared-tools.ts';

// TPA-01 wildcard or unrestricted allowed-tools

// A filter naming a shell, a command launcher (env, xargs, nohup) or eval lets any command through.
const DANGEROUS_FILTER = /^(?:bash|shell)\((?:\*|:\*|\*:\*|sudo\b|doas\b|rm\s+-rf|rm:|(?:ba|z|da|k)?sh(?:\s+-c|\s*:\s*\*|\s+\*)|eval\b|exec\b|env\s*:|xargs\b|nohup\b|chmod\b|ssh(?![\w-])|curl[^)]*\|)/i;

// Any command as root, with no command named after sudo: every later step may run as root unasked.
const ANY_COMMAND_AS_ROOT = /^(?:bash|shell)\((?:sudo|doas|su)(?:\s*:\s*\*|\s+\*|\s+-\w+\s*:?\s*\*)?\)$/i;

export function detectWildcardTools(file: FileView): RuleMatch[] {
  if (file.kind !== 'skill-md') return [];
  const declared = declaredTools(file);
  if (!declared) return [];
  const out: RuleMatch[] = [];
  // Unscoped shell patterns by the finding that reports them.
  const unscoped: { tool: string; finding: RuleMatch }[] = [];
  for (const tool of declared.tools) {
    const base = toolBase(tool);
    let severity: Severity | null = null;
    let message = '';
    if (/^(\*|all|any|full|unrestricted|everything)$/i.test(tool)) {
      severity = 'medium';
      message = `${declared.key} grants every tool ("${tool}")`;
    } else if (ANY_COMMAND_AS_ROOT.test(tool)) {
      severity = 'high';
      message = `${declared.key} pre-approves any command as root: ${tool}`;
    } else if (DANGEROUS_FILTER.test(tool)) {
      severity = 'medium';
      message = `${declared.key} pre-approves an unrestricted or dangerous shell pattern: ${tool}`;
    } else if (/^(bash|shell|powershell)$/i.test(tool) && base === tool) {
      severity = 'low';
      message = `${declared.key} pre-approves ${tool} with no command filter`;
    }
    if (!severity) continue;
    const finding: RuleMatch = { index: offsetInFrontmatter(file, tool), length: tool.length, severity, message };
    out.push(finding);
    // A sudo grant that names its command (`Bash(sudo udevadm:*)`) is scoped and does not count.
    if (severity === 'medium' && DANGEROUS_FILTER.test(tool) && !/\((?:sudo|doas)\s+[\w.-]+/i.test(tool)) unscoped.push({ tool, finding });
  }
  // Four or more such grants at once (shells, launchers, ssh, rm, chmod, sudo): the skill has
  // pre-approved most of what an intruder would do, whatever its task.
  if (unscoped.length >= 4) {
    unscoped[0].finding.severity = 'high';
    unscoped[0].finding.message = `${declared.key} pre-approves ${unscoped.length} unrestricted or dangerous shell patterns (${unscoped.slice(0, 6).map((u) => u.tool).join(', ')})`;
  }
  return out.slice(0, 5);
}
