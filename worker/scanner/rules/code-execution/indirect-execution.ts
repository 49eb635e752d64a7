// RCE-11 indirect execution: find -exec, xargs, extract-and-run, preload, Windows proxies. These
// run programs that are not named in the command itself, which hides what actually executes.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { lowerSeverity, scan } from '../context.ts';
import { isCommentLine, warnedAgainst } from '../script-context.ts';
import { mostSeverePerLine, skipFile } from './shared.ts';

const FIND_EXEC = /\bfind\b[^\n|;]{0,200}?\s-exec(?:dir)?\s+(?:(?:ba|z|da|k)?sh|python[23]?|perl|ruby|node|\{\})(?=\s|$)/g;
const XARGS_EXEC = /\bxargs\b(?:\s+-\S+(?:\s+[^\s-]\S*)?){0,4}\s+(?:(?:ba|z|da|k)?sh|python[23]?|perl|ruby|node|curl|wget)\b/g;
const EXTRACT_AND_RUN =
  /\b(?:unzip|tar\s+-?[a-zA-Z]*x[a-zA-Z]*|7z\s+x|gunzip|bsdtar\s+-?x\w*)\b[^\n]{0,200}?(?:&&|;)\s*(?:sudo\s+)?(?:\.\/[\w.-]+|(?:ba)?sh\s+\S+|python[23]?\s+\S+|chmod\s+\+x\s+\S+\s*(?:&&|;)\s*\.\/)/g;
const PRELOAD = /\b(?:LD_PRELOAD|DYLD_INSERT_LIBRARIES)\s*=\s*\S+/g;
const LOLBIN =
  /\bmshta(?:\.exe)?\s+["']?(?:https?:|vbscript:|javascript:)|\brundll32(?:\.exe)?\s+[^\n]{0,80}javascript:|\bregsvr32(?:\.exe)?\s+[^\n]{0,40}\/i:\s*https?:|\bcertutil(?:\.exe)?\s+[^\n]{0,40}-urlcache\b|\bbitsadmin(?:\.exe)?\s+\/transfer\b|\bwmic\s+[^\n]{0,60}process\s+call\s+create\b/gi;

export function detectIndirectExecution(file: FileView): RuleMatch[] {
  if (skipFile(file)) return [];
  const text = file.text;
  const rule = (re: RegExp, severity: Severity, message: string) =>
    scan(text, re, (m) =>
      warnedAgainst(file, m.index)
        ? null
        : { index: m.index, length: m[0].length, severity: isCommentLine(file, m.index) ? lowerSeverity(severity) : severity, message },
    );
  return mostSeverePerLine(file, [
    ...rule(FIND_EXEC, 'medium', 'find -exec runs an interpreter or the found files themselves'),
    ...rule(XARGS_EXEC, 'medium', 'xargs feeds data into an interpreter or a network client'),
    ...rule(EXTRACT_AND_RUN, 'medium', 'An archive is extracted and something inside it is run'),
    ...rule(PRELOAD, 'low', 'A library is preloaded into another program (LD_PRELOAD / DYLD_INSERT_LIBRARIES)'),
    ...rule(LOLBIN, 'high', 'A Windows system binary used to download or run code (mshta, rundll32, regsvr32, certutil, bitsadmin, wmic)'),
  ]);
}
