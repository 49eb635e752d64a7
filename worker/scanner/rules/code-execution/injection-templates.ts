// RCE-10 injection-prone command and query templates: script arguments evaluated as shell code,
// user text spliced into a command in documentation, eval-like calls on code assembled by string
// interpolation, SQL built by interpolation, and (in Python) path traversal.
import type { FileView, RuleMatch } from '../../types.ts';
import { scan, testRegex } from '../context.ts';
import { isCommentLine, warnedAgainst } from '../script-context.ts';
import { classifyArgument, enclosingParameters } from './arguments.ts';
import { evalCallAt, evalPattern } from './eval-calls.ts';
import { detectPathTraversal } from './path-traversal.ts';
import { inCodeFile, mostSeverePerLine, skipFile } from './shared.ts';

const SHELL_EVAL_INPUT =
  /\beval\s+["']?\$(?:\{?(?:[1-9@*]|ARGUMENTS|[A-Z_]*(?:INPUT|ARGS?|PARAMS?|QUERY|CMD|COMMAND|PROMPT|REQUEST)[A-Z_]*)\}?)|\b(?:ba|z|da|k)?sh\s+-c\s+["']?\$(?:\{?(?:[1-9@*]|ARGUMENTS|[A-Z_]*(?:INPUT|ARGS?|PARAMS?|QUERY|CMD|COMMAND|PROMPT|REQUEST)[A-Z_]*)\}?)/g;
const TEMPLATE_PLACEHOLDER = String.raw`(?:\{\{?\s*[\w .]*(?:input|query|arg|user|prompt|command|cmd|request|message|text|param)[\w .]*\}\}?|\$(?:ARGUMENTS|\{?(?:USER_)?INPUT\}?))`;
const PROSE_EXEC_TEMPLATE = new RegExp(
  String.raw`\b(?:eval\b|(?:ba|z)?sh\s+-c|os\.system|os\.popen|exec(?=\s*\()|subprocess\.\w+)\s*(?:\(\s*)?(?:f?["'\x60])?[^\n"'\x60]{0,80}` + TEMPLATE_PLACEHOLDER,
  'gi',
);
const SQL_INTERPOLATED =
  /(?:\b[fF]["']|["'`])\s*(?:SELECT|INSERT\s+INTO|UPDATE|DELETE\s+FROM|DROP|CREATE|ALTER|REPLACE\s+INTO|MERGE)\b[^\n]{0,200}?(?:\{[A-Za-z_][\w.\[\]'"]*\}|\$\{[^}\n]+\}|["']\s*(?:\+|%)\s*[A-Za-z_(]|%s\b[^"'\n]*["']\s*%)/g;
const SQL_SINK = /\.\s*(?:execute|executemany|executescript|exec|query|raw|run|all|get|prepare)\s*\(/;

const FUNCTION_HEADER = /^[ \t]*(?:function[ \t]+[\w:.-]+[ \t]*(?:\(\))?|[\w:.-]+[ \t]*\(\))[ \t]*\{/gm;

/**
 * Whether `index` lies in the body of a shell function: there `$@` and `$1` are the function's own
 * arguments, the strings the script's calls pass (`run() { ...; eval "$@"; }` as a dry-run wrapper).
 */
function insideShellFunction(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 3000), index);
  let header = -1;
  FUNCTION_HEADER.lastIndex = 0;
  for (let m = FUNCTION_HEADER.exec(before); m; m = FUNCTION_HEADER.exec(before)) header = m.index + m[0].length;
  if (header < 0) return false;
  let depth = 1;
  for (let i = header; i < before.length && depth > 0; i++) {
    if (before[i] === '{') depth++;
    else if (before[i] === '}') depth--;
  }
  return depth > 0;
}

export function detectInjectionTemplates(file: FileView): RuleMatch[] {
  if (skipFile(file)) return [];
  const text = file.text;
  const found: RuleMatch[] = [];
  if (file.kind === 'script' && file.language === 'sh') {
    found.push(
      ...scan(text, SHELL_EVAL_INPUT, (m) => {
        if (isCommentLine(file, m.index)) return null;
        // BACKUP_CMD=${BACKUP_CMD:-"restic backup ..."}: the command the user configured for this
        // wrapper, with the script's own default; not text from a caller.
        const name = /\$\{?([A-Za-z_]\w*)/.exec(m[0])?.[1];
        // declare -A CMD=([npm]="npm cache clean --force" ...): a table of the script's own commands.
        // So is `eval "${BUILD_CMD:-npm run build}"`, a command setting with its default written in place.
        const configured =
          (name !== undefined && /(?:CMD|COMMAND)$/.test(name) && /^:-[^}\s]/.test(text.slice(m.index + m[0].indexOf(name) + name.length, m.index + m[0].length + 4))) ||
          (name !== undefined &&
          new RegExp(String.raw`^[ \t]*(?:export[ \t]+|readonly[ \t]+)?${name}=["']?\$\{${name}:-|^[ \t]*(?:declare|typeset|local|readonly)[ \t]+-[aA]\w*[ \t]+${name}=\(`, 'm').test(text));
        if (configured) return null;
        if (/\$\{?[1-9@*]/.test(m[0]) && insideShellFunction(text, m.index)) {
          return { index: m.index, length: m[0].length, severity: 'medium', message: "A shell function evaluates its arguments as shell code: safe only while every call passes the script's own strings" };
        }
        return { index: m.index, length: m[0].length, severity: 'high', message: 'Script arguments evaluated as shell code' };
      }),
    );
  }
  if (file.kind === 'skill-md' || file.kind === 'markdown') {
    const body = file.kind === 'skill-md' ? file.body : text;
    found.push(
      ...scan(body, PROSE_EXEC_TEMPLATE, (m) =>
        warnedAgainst(file, m.index)
          ? null
          : { index: m.index, length: m[0].length, severity: 'medium', message: 'User-supplied text spliced into a command that a shell or interpreter evaluates' },
      ),
      ...scan(body, SHELL_EVAL_INPUT, (m) =>
        warnedAgainst(file, m.index)
          ? null
          : {
              index: m.index,
              length: m[0].length,
              // "$*" in a documented wrapper script passes its own arguments on; $ARGUMENTS is user text.
              severity: /\$\{?[1-9@*]\}?/.test(m[0]) ? 'low' : 'medium',
              message: 'Arguments evaluated as shell code',
            },
      ),
    );
  }
  if (file.kind === 'script' && (file.language === 'python' || file.language === 'js' || file.language === 'ruby' || file.language === 'php')) {
    const evalRe = evalPattern(file.language);
    if (evalRe) {
      found.push(
        ...scan(text, evalRe, (m) => {
          const { name, comment, args, code, interpolated } = evalCallAt(text, file, m);
          if (comment || args === null || !interpolated) return null;
          const fromCaller = classifyArgument(code, text, m.index, file.language) === 'caller-input';
          return {
            index: m.index,
            length: m[0].length,
            severity: inCodeFile(file, 'high'),
            message: `${name}() runs code assembled by string interpolation${fromCaller ? ' from its caller\'s arguments' : ''} (code injection)`,
          };
        }),
      );
    }
  }
  if (file.kind === 'script' && file.language === 'python') found.push(...detectPathTraversal(file));
  if (file.kind === 'script' && testRegex(SQL_SINK, text)) {
    found.push(
      ...scan(text, SQL_INTERPOLATED, (m) => {
        if (isCommentLine(file, m.index)) return null;
        const names = [...m[0].matchAll(/\{([A-Za-z_]\w*)|\$\{\s*([A-Za-z_]\w*)|[+%]\s*([A-Za-z_]\w*)/g)].map((x) => x[1] ?? x[2] ?? x[3]);
        const params = enclosingParameters(text, m.index, file.language);
        const fromCaller = names.some((n) => params.includes(n));
        return {
          index: m.index,
          length: m[0].length,
          severity: inCodeFile(file, fromCaller ? 'high' : 'medium'),
          message: fromCaller
            ? 'SQL built by interpolating values passed in by the caller (SQL injection); use bound parameters'
            : 'SQL built by string interpolation; use bound parameters',
        };
      }),
    );
  }
  return mostSeverePerLine(file, found);
}
