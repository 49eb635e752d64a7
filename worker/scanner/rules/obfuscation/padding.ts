// OBF-07 padding: runs of blank lines and very wide gaps of spaces that push content out of view.
import type { FileView, RuleMatch } from '../../types.ts';
import { execRegex } from '../context.ts';
import { clip } from './shared.ts';

const BLANK_RUN_LINES = 150;
const WIDE_GAP = /(?<![ \t\u00A0\u3000])[ \t\u00A0\u3000]{300,}(?=\S)/g;

export function paddingMatches(file: FileView): RuleMatch[] {
  const text = file.text;
  const out: RuleMatch[] = [];
  let runStart = -1;
  let runLines = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const blank = text.slice(lineStart, lineEnd).trim() === '';
    if (blank) {
      if (runLines === 0) runStart = lineStart;
      runLines++;
    } else {
      if (runLines >= BLANK_RUN_LINES) {
        out.push({ index: runStart, length: 0, evidence: `${runLines} blank lines`, message: `${runLines} blank lines push the content after them out of view` });
      }
      runLines = 0;
    }
    lineStart = lineEnd + 1;
  }
  WIDE_GAP.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = execRegex(WIDE_GAP, text)) !== null && out.length < 20) {
    const after = text.slice(m.index + m[0].length, text.indexOf('\n', m.index + m[0].length) >>> 0);
    out.push({ index: m.index, length: m[0].length, evidence: clip(after, 120), message: `${m[0].length} spaces hide text off-screen: "${clip(after, 80)}"` });
  }
  return out;
}
