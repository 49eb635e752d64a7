// Eval-like calls of each script language and the code each is given, read once per script for
// both RCE-05 (dynamic evaluation) and RCE-10 (injection templates).
import type { FileView } from '../../types.ts';
import { isCommentLine } from '../script-context.ts';
import { callArguments, isInterpolated, splitArguments } from './arguments.ts';

const PY_EVAL = /(?<![\w.$])(eval|exec)\s*\(/g;
const JS_EVAL = /(?<![\w.$])(eval)\s*\(|\bnew\s+(Function)\s*\(|\bvm\.(runInNewContext|runInThisContext|runInContext|compileFunction)\s*\(|\bnew\s+vm\.(Script)\s*\(|(?<![\w.$])(setTimeout|setInterval)\s*\(\s*["'`]/g;
const RUBY_EVAL = /(?<![\w.$])(eval|instance_eval|class_eval|module_eval)[\s(]/g;
const PHP_EVAL = /(?<![\w>$])(eval|assert|create_function)\s*\(\s*\$|\bpreg_replace\s*\(\s*["']\/[^"'\n]*\/[a-z]*e[a-z]*["']/g;

export function evalPattern(language: string): RegExp | null {
  if (language === 'python') return PY_EVAL;
  if (language === 'js') return JS_EVAL;
  if (language === 'ruby') return RUBY_EVAL;
  if (language === 'php') return PHP_EVAL;
  return null;
}

/** An eval-like call as RCE-05 and RCE-10 read it: the called name and the code it is given. */
interface EvalCall {
  name: string;
  /** On a comment line of the script. */
  comment: boolean;
  /** The call's arguments, or null when the match is not followed by its opening parenthesis. */
  args: string | null;
  /** The argument holding the code: the first, or new Function's last. */
  code: string;
  interpolated: boolean;
}

// The calls of the last script read: RCE-05 and RCE-10 run the same pattern (the language's) over
// the same scripts, and on a file of thousands of calls reading each call's arguments twice
// doubled their cost.
let evalCallCache: { text: string; language: string; calls: Map<number, EvalCall> } | null = null;

export function evalCallAt(text: string, file: FileView, m: RegExpExecArray): EvalCall {
  if (!evalCallCache || evalCallCache.text !== text || evalCallCache.language !== file.language) {
    evalCallCache = { text, language: file.language, calls: new Map() };
  }
  const known = evalCallCache.calls.get(m.index);
  if (known) return known;
  const name = m.slice(1).find(Boolean) ?? 'eval';
  const open = text.indexOf('(', m.index);
  const args = open >= 0 && open <= m.index + m[0].length ? callArguments(text, open) : null;
  const parts = args === null ? [] : splitArguments(args);
  const code = (name === 'Function' ? parts[parts.length - 1] : parts[0]) ?? '';
  const call = { name, comment: isCommentLine(file, m.index), args, code, interpolated: isInterpolated(code) };
  evalCallCache.calls.set(m.index, call);
  return call;
}
