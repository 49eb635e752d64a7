// Shared by the destructive-action detectors: whether a match is reported (not warned about,
// not an injection sample in documentation) and its severity where it sits.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { isCommentLine, isContainerBuildFile, warnedAgainst } from '../script-context.ts';
import { lineBounds } from '../../line-table.ts';
import { lowerSeverity } from '../context.ts';

// A warning written after the command: "`git clean -fdx` will destroy the workspace".
const WARNED_AFTER =
  /^[`'")\]]*\s*(?:[-–—:(]\s*)?(?:will|would|can|could|may|might)\s+(?:\w+\s+)?(?:destroy|delete|wipe|erase|remove|lose|break|kill|nuke)|^[`'")\]]*\s*(?:[-–—:(]\s*)?(?:destroys|deletes|wipes|erases|is\s+(?:destructive|irreversible|dangerous))/i;

/**
 * Whether a match should be reported: not in a detection-rule file, not documented as an attack or
 * warned about, and not an injection sample in documentation ("; rm -rf /").
 */
function reportable(file: FileView, index: number, length: number): boolean {
  if (warnedAgainst(file, index)) return false;
  const text = file.text;
  const { start, end } = lineBounds(text, index);
  if (WARNED_AFTER.test(text.slice(index + length, Math.min(end, index + length + 80)))) return false;
  if (file.kind === 'markdown' || (file.isDocumentation && file.kind !== 'script')) {
    // Documentation shows injection payloads as strings: dir="; rm -rf /", ['rm -rf /'].
    const before = text.slice(start, index).trimEnd();
    if (/(?:[;|&`'"[(]|\$\()$/.test(before)) return false;
  }
  return true;
}

/** Severity adjusted for where the match sits: comment lines and container builds count less. */
function placed(file: FileView, index: number, severity: Severity): Severity {
  if (isCommentLine(file, index) || isContainerBuildFile(file)) return lowerSeverity(severity);
  return severity;
}

export function finding(file: FileView, m: RegExpExecArray, severity: Severity, message: string): RuleMatch | null {
  if (!reportable(file, m.index, m[0].length)) return null;
  return { index: m.index, length: m[0].length, severity: placed(file, m.index, severity), message };
}
