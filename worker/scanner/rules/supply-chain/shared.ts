// Helpers shared by the supply-chain detectors: a finding at a match (none in a detection-rule
// file or where the text warns against the command, low on a comment line), a finding for a
// whole file, and the base name of a path.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { isCommentLine, isDetectionRuleFile, warnedAgainst } from '../script-context.ts';

export function finding(file: FileView, m: RegExpExecArray, severity: Severity, message: string): RuleMatch | null {
  if (isDetectionRuleFile(file) || warnedAgainst(file, m.index)) return null;
  return { index: m.index, length: m[0].length, severity: isCommentLine(file, m.index) ? 'low' : severity, message };
}

export function fileMatch(file: FileView, severity: Severity, message: string, evidence?: string): RuleMatch {
  return { index: 0, length: 0, file, severity, message, evidence: evidence ?? file.skillPath };
}
