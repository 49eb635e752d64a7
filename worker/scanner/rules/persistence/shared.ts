// Shared by the persistence detectors: findings graded for where they sit, and the shell and
// code forms that write to a path.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { isCommentLine, isContainerBuildFile, isDetectionRuleFile, warnedAgainst } from '../script-context.ts';
import { lowerSeverity } from '../context.ts';

/** Severity lowered on script comment lines and in container build files (they configure an image). */
function placed(file: FileView, index: number, severity: Severity): Severity {
  if (isCommentLine(file, index) || isContainerBuildFile(file)) return lowerSeverity(severity);
  return severity;
}

export function findingAt(file: FileView, index: number, length: number, severity: Severity, message: string): RuleMatch | null {
  if (isDetectionRuleFile(file) || warnedAgainst(file, index)) return null;
  return { index, length, severity: placed(file, index, severity), message };
}

export function finding(file: FileView, m: RegExpExecArray, severity: Severity, message: string): RuleMatch | null {
  return findingAt(file, m.index, m[0].length, severity, message);
}

// Shell and code forms that write to a path; the path follows the match.
export const SHELL_WRITE = String.raw`(?:>>?|\btee\s+(?:-a\s+)?|\bcp\s+(?:-\w+\s+)*\S+\s+|\bmv\s+(?:-\w+\s+)*\S+\s+|\bsed\s+-i\S*\s+(?:'[^'\n]*'|"[^"\n]{0,300}"|\S+)\s+|\bln\s+-s\w*\s+\S+\s+|\binstall\s+(?:-\w+\s+(?:\d+\s+)?)*\S+\s+|\b(?:Add|Set)-Content\s+(?:-Path\s+)?|\bOut-File\s+(?:-FilePath\s+)?|\bcat\s*>>?)\s*["']?`;
export const CODE_WRITE_OPEN = String.raw`(?:\bopen\s*\(\s*|\b(?:writeFileSync|appendFileSync|writeFile|appendFile)\s*\(\s*|\bFile\.(?:write|open)\s*\(\s*)["'\x60]?`;

/** For open()/File.open() matches, whether the call opens for writing; other write forms always write. */
export function writesInMode(text: string, m: RegExpExecArray): boolean {
  if (!/^\s*(?:open|File\.open)\b/.test(m[0])) return true;
  return /,\s*(?:mode\s*=\s*)?["'](?:[wax]|r\+)/.test(text.slice(m.index, m.index + m[0].length + 80));
}
