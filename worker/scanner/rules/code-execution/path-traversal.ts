// Path traversal: a function joins its caller's value onto a fixed absolute folder (or formats it
// into an absolute path) and opens the result without normalising and containing it, so "../.."
// reads any file. Only fixed absolute bases count: a CLI opening the path its user typed, or a
// script loading its own templates next to __file__, is not serving files to someone else.
import type { FileView, RuleMatch } from '../../types.ts';
import { matchAllRegex, scan, testRegex } from '../context.ts';
import { isCommentLine } from '../script-context.ts';
import { callArguments, enclosingDefinition, splitArguments } from './arguments.ts';
import { inCodeFile } from './shared.ts';

const PY_PATH_JOIN = /\bos\.path\.join\s*\(/g;
const PY_FSTRING_PATH = /\b[fF]["']((?:\/|~\/)[^"'\n{]{0,200})\{([A-Za-z_]\w*)\}/g;
const ABSOLUTE_LITERAL = /^\s*[rRuU]?["'](?:\/|~\/|[A-Za-z]:\\)[^"'\n]*["']\s*$/;
const PATH_CONTAINMENT =
  /\b(?:realpath|abspath|resolve|normpath|commonpath|commonprefix|is_relative_to|relative_to|startswith|basename|secure_filename|safe_join)\b|["']\.\.["']\s*(?:not\s+)?in\b/;
const FILE_OPEN = /\bopen\s*\(|\.read_(?:text|bytes)\s*\(|\bsend_file\s*\(|\bFileResponse\s*\(|\bsend_from_directory\s*\(/;

const ASSIGNMENT = /^[ \t]*([A-Za-z_]\w*)\s*(?::\s*str\s*)?=\s*([^\n]{1,300})$/gm;

/**
 * The value of each name's first assignment in the file, read in one pass: looking each name up
 * with a search of its own would read the whole file once per call site.
 */
function firstAssignments(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const m of matchAllRegex(text, ASSIGNMENT)) if (!values.has(m[1])) values.set(m[1], m[2]);
  return values;
}

/** True when `expr` is an absolute path literal, or a name assigned one in the file. */
function isFixedAbsoluteBase(expr: string, assignments: () => Map<string, string>): boolean {
  if (ABSOLUTE_LITERAL.test(expr)) return true;
  const name = expr.trim();
  if (!/^[A-Za-z_]\w*$/.test(name)) return false;
  const assigned = assignments().get(name);
  return assigned !== undefined && ABSOLUTE_LITERAL.test(assigned.replace(/\s*#.*$/, ''));
}

// The built path is what gets opened: inside the open call on its own line, or assigned to a name
// that an open call later takes. `gh("GET", f"/repos/{repo}/issues")` builds an API path, not a file.
const ASSIGNED_NAME = /^[ \t]*([A-Za-z_]\w*)\s*(?::\s*\w+\s*)?=\s*/;

function reachesFileOpen(text: string, index: number, end: number): boolean {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  if (testRegex(FILE_OPEN, text.slice(lineStart, index))) return true;
  const name = ASSIGNED_NAME.exec(text.slice(lineStart, index))?.[1];
  if (!name) return false;
  const opensName = new RegExp(
    String.raw`\b(?:open|send_file|FileResponse|send_from_directory|Path)\s*\([^)\n]{0,80}\b${name}\b|\b${name}\.(?:read_text|read_bytes|open)\s*\(`,
  );
  return opensName.test(text.slice(index, end));
}

export function detectPathTraversal(file: FileView): RuleMatch[] {
  const text = file.text;
  const found: RuleMatch[] = [];
  let assignments: Map<string, string> | undefined;
  const assignmentsOf = () => (assignments ??= firstAssignments(text));
  const report = (index: number, length: number, param: string): RuleMatch | null => {
    if (isCommentLine(file, index)) return null;
    const scope = enclosingDefinition(text, index, 'python');
    if (!scope || !scope.def.params.includes(param)) return null;
    const body = text.slice(scope.def.index, scope.end);
    if (!testRegex(FILE_OPEN, body) || testRegex(PATH_CONTAINMENT, body)) return null;
    if (!reachesFileOpen(text, index, scope.end)) return null;
    return {
      index,
      length,
      severity: inCodeFile(file, 'high'),
      message: `File path built from the caller's "${param}" under a fixed folder and opened without normalising or containing it (path traversal: "../" escapes the folder)`,
    };
  };
  found.push(
    ...scan(text, PY_PATH_JOIN, (m) => {
      const parts = splitArguments(callArguments(text, m.index + m[0].length - 1));
      if (parts.length < 2 || !isFixedAbsoluteBase(parts[0], assignmentsOf)) return null;
      const param = parts.slice(1).map((p) => p.trim()).find((p) => /^[A-Za-z_]\w*$/.test(p));
      return param ? report(m.index, m[0].length, param) : null;
    }),
    ...scan(text, PY_FSTRING_PATH, (m) => report(m.index, m[0].length, m[2])),
  );
  return found;
}
