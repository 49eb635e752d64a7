// OBF-08, code hidden in whitespace: runs of spaces and tabs (trailing on lines, or in a __DATA__
// or heredoc block) read as bits, packed into text and run. Nothing about the carrier looks like
// code, so the decoder is the only visible part: a translation of space and tab into 0 and 1.
import type { FileView, RuleMatch } from '../../types.ts';
import { findAll } from '../match.ts';
import { isCommentLine } from '../script-context.ts';

const SPACE_TAB = String.raw`(?: \\t|\\t )`;
const BIT = String.raw`["'][01]["']`;
const WHITESPACE_TO_BITS = new RegExp(
  [
    // Perl, sed and tr: tr/ \t/01/, y/\t /10/, tr ' \t' '01', Ruby's .tr(" \t", "01")
    String.raw`\b(?:tr|y)\s*[/(]?\s*["']?${SPACE_TAB}["']?\s*[/,]?\s*["']?(?:01|10)\b`,
    // Python and JavaScript: maketrans(' \t', '01'); .replace(' ', '0') next to .replace('\t', '1')
    String.raw`\bmaketrans\(\s*["']${SPACE_TAB}["']\s*,\s*["'](?:01|10)["']`,
    String.raw`\.replace\(\s*(?:["'](?: |\\t)["']|\/(?: |\\t)\/g?)\s*,\s*${BIT}\s*\)[^\n]{0,40}?\.replace\(\s*(?:["'](?: |\\t)["']|\/(?: |\\t)\/g?)\s*,\s*${BIT}\s*\)`,
    // '1' if c == '\t' else '0';  c === '\t' ? '1' : '0'
    String.raw`${BIT}\s+if\s+\w+\s*==\s*["'](?:\\t| )["']\s+else\s+${BIT}`,
    String.raw`===?\s*["'](?:\\t| )["']\s*\?\s*${BIT}\s*:\s*${BIT}`,
  ].join('|'),
  'g',
);
export const WHITESPACE_CODE_ANCHORS = [' \\t', '\\t ', "\\t'", '\\t"', '\\t/', 'maketrans'];
// What then runs the decoded text.
const RUNS_CODE = /\beval\b|\bexec\s*\(|\bcompile\s*\(|\bnew\s+Function\b|\bFunction\s*\(|\b(?:instance|class|module)_eval\b|\bloadstring\b|\bsystem\s*\(|\bos\.system\b|\bsubprocess\.|\bchild_process\b|\bexecSync\b|\bvm\.run/;

export function whitespaceCodeMatches(file: FileView): RuleMatch[] {
  if (file.kind !== 'script' && file.kind !== 'text') return [];
  const runs = RUNS_CODE.test(file.text);
  return findAll(file.text, WHITESPACE_TO_BITS, undefined, 3)
    .filter((m) => !isCommentLine(file, m.index))
    .map((m) => ({
      ...m,
      severity: runs ? 'critical' : 'medium',
      message: runs
        ? 'Reads spaces and tabs as bits and runs the decoded text: code hidden in whitespace'
        : 'Reads spaces and tabs as bits (whitespace steganography)',
    }));
}
