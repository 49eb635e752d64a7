import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { declaredTools, offsetInFrontmatter, toolBase } from './declared-tools.ts';

// TPA-01 wildcard or unrestricted allowed-tools

// A filter naming a shell, a command launcher (env, xargs, nohup) or eval lets any command through.
const DANGEROUS_FILTER = /^(?:bash|shell)\((?:\*|:\*|\*:\*|sudo\b|doas\b|rm\s+-rf|rm:|(?:ba|z|da|k)?sh(?:\s+-c|\s*:\s*\*|\s+\*)|eval\b|exec\b|env\s*:|xargs\b|nohup\b|chmod\b|ssh\b|curl[^)]*\|)/i;

export function detectWildcardTools(file: FileView): RuleMatch[] {
  if (file.kind !== 'skill-md') return [];
  const declared = declaredTools(file);
  if (!declared) return [];
  const out: RuleMatch[] = [];
  for (const tool of declared.tools) {
    const base = toolBase(tool);
    let severity: Severity | null = null;
    let message = '';
    if (/^(\*|all|any|full|unrestricted|everything)$/i.test(tool)) {
      severity = 'medium';
      message = `${declared.key} grants every tool ("${tool}")`;
    } else if (DANGEROUS_FILTER.test(tool)) {
      severity = 'medium';
      message = `${declared.key} pre-approves an unrestricted or dangerous shell pattern: ${tool}`;
    } else if (/^(bash|shell|powershell)$/i.test(tool) && base === tool) {
      severity = 'low';
      message = `${declared.key} pre-approves ${tool} with no command filter`;
    }
    if (severity) out.push({ index: offsetInFrontmatter(file, tool), length: tool.length, severity, message });
  }
  return out.slice(0, 5);
}
