// RCE-06 and RCE-07: shell commands built from data. Python's os.system, os.popen and subprocess
// with shell=True; Node's child_process exec, Ruby backticks and system, PHP's shell functions, Go's
// sh -c and Perl; graded by how the command is built (caller input, interpolation, the environment
// or a variable).
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { execRegex, scan, testRegex } from '../context.ts';
import { isCommentLine, warnedAgainst } from '../script-context.ts';
import { callArguments, classifyArgument, firstArgument, splitArguments } from './arguments.ts';
import { inCodeFile, skipFile } from './shared.ts';

// ---------------------------------------------------------------------------------------------
// RCE-06 shell commands from Python
// ---------------------------------------------------------------------------------------------

const PY_SHELL_CALL =
  /\b(os\.system|os\.popen|subprocess\.getoutput|subprocess\.getstatusoutput|commands\.getoutput|subprocess\.(?:run|call|check_call|check_output|Popen))\s*\(/g;

const SHELL_C_LIST = /^\s*\[\s*["'](?:\/bin\/|\/usr\/bin\/)?(?:ba|z|da|k)?sh["']\s*,\s*["']-c["']\s*,/;

export function detectPythonShell(file: FileView): RuleMatch[] {
  if (file.kind !== 'script' || file.language !== 'python') return [];
  const text = file.text;
  return scan(text, PY_SHELL_CALL, (m) => {
    if (isCommentLine(file, m.index)) return null;
    const fn = m[1];
    const args = callArguments(text, m.index + m[0].length - 1);
    let command = firstArgument(args);
    // ["bash", "-c", cmd] passes cmd to a shell just as shell=True does.
    const shellList = SHELL_C_LIST.exec(command);
    const viaShell =
      !/^subprocess\.(?:run|call|check_call|check_output|Popen)$/.test(fn) || /\bshell\s*=\s*True\b/.test(args) || !!shellList;
    if (!viaShell) return null;
    if (shellList) command = splitArguments(command.trim().replace(/^\[|\]$/g, ''))[2] ?? '';
    const kind = classifyArgument(command, text, m.index, 'python');
    if (kind === 'none') return null;
    const severity: Severity = kind === 'caller-input' || kind === 'interpolated' ? 'high' : kind === 'variable' ? 'low' : 'medium';
    const what =
      kind === 'caller-input'
        ? 'a shell command built from caller input'
        : kind === 'interpolated'
          ? 'a shell command with interpolated values'
          : kind === 'environment'
            ? 'a shell command taken from the environment'
            : 'a shell command held in a variable';
    return { index: m.index, length: m[0].length, severity: inCodeFile(file, severity), message: `${fn} runs ${what}` };
  });
}

// ---------------------------------------------------------------------------------------------
// RCE-07 shell commands from JavaScript, Ruby, PHP, Go, Perl
// ---------------------------------------------------------------------------------------------

const CHILD_PROCESS_IMPORT = /\brequire\s*\(\s*["'](?:node:)?child_process["']\s*\)|\bfrom\s+["'](?:node:)?child_process["']|\bimport\s*\(\s*["'](?:node:)?child_process["']\s*\)/;
const CHILD_PROCESS_BINDING =
  /\b(?:const|let|var)\s+([\w$]+)\s*=\s*(?:await\s+)?(?:require|import)\s*\(\s*["'](?:node:)?child_process["']\s*\)|\bimport\s+(?:\*\s+as\s+)?([\w$]+)\s+from\s+["'](?:node:)?child_process["']/g;
const DESTRUCTURED_EXEC =
  /\{[^}]{0,5000}\bexec(?:Sync)?\b[^}]{0,5000}\}\s*=\s*(?:await\s+)?(?:require|import)\s*\(\s*["'](?:node:)?child_process|import\s*\{[^}]{0,5000}\bexec(?:Sync)?\b[^}]{0,5000}\}\s*from\s*["'](?:node:)?child_process/;
const JS_SHELL_CALL = /(?<![\w$])((?:[\w$]+\.)?(?:exec|execSync))\s*\(/g;
const JS_SPAWN_SHELL = /(?<![\w$.])(?:[\w$]+\.)?(?:spawn|spawnSync|execFile|execFileSync)\s*\([^\n]{0,300}\bshell\s*:\s*true/g;
const RUBY_SHELL = /`[^`\n]{0,300}#\{[^`\n]{0,300}`|%x[({][^\n]{0,400}#\{|\b(?:system|exec|spawn|IO\.popen|Open3\.\w+)\s*(?:\(\s*)?"[^"\n]{0,300}#\{/g;
/** True when a PHP variable holds an array: assigned one, or the loop variable over a list of them. */
function phpArrayVariable(text: string, name: string): boolean {
  return new RegExp(String.raw`\$${name}\s*=\s*(?:\[|array\s*\()|\bforeach\s*\(\s*\$\w+\s+as\s+(?:\$\w+\s*=>\s*)?\$${name}\s*\)`).test(text);
}

const PHP_SHELL = /(?<![\w>$])(?:system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec)\s*\(\s*[^)\n]{0,300}\$\w+|`[^`\n]{0,300}\$\w+[^`\n]{0,300}`/g;
const GO_SHELL = /\bexec\.Command(?:Context)?\s*\([^\n)]{0,300}["'](?:\/bin\/)?(?:ba)?sh["']\s*,\s*["']-c["']\s*,\s*(?!["'][^"'\n]*["']\s*\))/g;
const PERL_SHELL = /(?<![\w$])(?:system|exec)\s*(?:\(\s*)?"[^"\n]{0,300}\$\w+|`[^`\n]{0,300}\$\w+[^`\n]{0,300}`/g;

// Code smuggled into data or prose: "return require('child_process').execSync('id')" in a config
// field, or the classic injection gadget process.mainModule.require(...).
const INLINE_CHILD_PROCESS =
  /\b(?:process\.mainModule\.)?require\s*\(\s*\\?["'](?:node:)?child_process\\?["']\s*\)\s*\.\s*(?:exec|execSync|spawn|spawnSync|execFile|execFileSync)\s*\(|\bprocess\.mainModule\.require\s*\(|\bglobal\.process\.binding\s*\(\s*["']spawn_sync["']\)/g;

export function detectOtherShell(file: FileView): RuleMatch[] {
  if (file.kind !== 'script') {
    if (skipFile(file)) return [];
    return scan(file.text, INLINE_CHILD_PROCESS, (m) => {
      if (warnedAgainst(file, m.index)) return null;
      // Inside a data string (escaped quotes) or through process.mainModule it can only be a payload
      // meant for an evaluator somewhere else.
      const payload = /\\["']|mainModule|process\.binding/.test(m[0]);
      return {
        index: m.index,
        length: m[0].length,
        severity: payload ? 'critical' : 'high',
        message: payload
          ? 'Code-injection payload: a JavaScript string that spawns a shell, embedded in data sent to an evaluator'
          : 'JavaScript that spawns a shell embedded in data or documentation',
      };
    });
  }
  const text = file.text;
  const out: RuleMatch[] = [];
  const simple = (re: RegExp, message: string, severity: Severity) =>
    scan(text, re, (m) => (isCommentLine(file, m.index) ? null : { index: m.index, length: m[0].length, severity: inCodeFile(file, severity), message }));
  if (file.language === 'js') {
    const hasChildProcess = testRegex(CHILD_PROCESS_IMPORT, text);
    if (hasChildProcess) {
      const childProcessNames = new Set<string>(['child_process']);
      CHILD_PROCESS_BINDING.lastIndex = 0;
      let b: RegExpExecArray | null;
      while ((b = execRegex(CHILD_PROCESS_BINDING, text)) !== null) childProcessNames.add(b[1] ?? b[2]);
      out.push(
        ...scan(text, JS_SHELL_CALL, (m) => {
          const callee = m[1];
          // RegExp.prototype.exec and db.exec are not shells: only bare exec/execSync imported from
          // child_process, or calls on an object that is child_process.
          if (callee.includes('.')) {
            if (!childProcessNames.has(callee.slice(0, callee.indexOf('.')))) return null;
          } else if (!testRegex(DESTRUCTURED_EXEC, text)) {
            return null;
          }
          if (isCommentLine(file, m.index)) return null;
          const args = callArguments(text, m.index + m[0].length - 1);
          const kind = classifyArgument(firstArgument(args), text, m.index, 'js');
          if (kind === 'none') return null;
          const severity: Severity = kind === 'caller-input' || kind === 'interpolated' ? 'high' : kind === 'variable' ? 'low' : 'medium';
          return { index: m.index, length: m[0].length, severity: inCodeFile(file, severity), message: `${callee} runs a shell command built from ${kind === 'caller-input' ? 'caller input' : kind === 'environment' ? 'the environment' : kind === 'interpolated' ? 'interpolated values' : 'a variable'}` };
        }),
        ...simple(JS_SPAWN_SHELL, 'Process spawned through a shell (shell: true)', 'medium'),
      );
    }
  } else if (file.language === 'ruby') {
    out.push(...simple(RUBY_SHELL, 'Shell command with interpolated Ruby values', 'high'));
  } else if (file.language === 'php') {
    out.push(
      ...scan(text, PHP_SHELL, (m) => {
        if (isCommentLine(file, m.index)) return null;
        // proc_open with an argument array (PHP 7.4+) starts the program without a shell.
        const arrayArg = /^proc_open\s*\(\s*(?:\[|array\s*\(|\$(\w+))/.exec(m[0]);
        if (arrayArg && (!arrayArg[1] || phpArrayVariable(text, arrayArg[1]))) return null;
        // `passthru('php artisan migrate', $code)`: only the command string is run; the variable
        // after it receives the exit status (exec's output array, system's and passthru's code).
        if (/^(?:system|exec|passthru)\s*\(\s*(?:'[^'\\\n]*'|"[^"$\\\n]*")\s*[,)]/.test(m[0])) return null;
        return { index: m.index, length: m[0].length, severity: inCodeFile(file, 'high'), message: 'Shell command built from PHP variables' };
      }),
    );
  } else if (file.language === 'go') {
    out.push(...simple(GO_SHELL, 'sh -c with a command built at run time', 'high'));
  } else if (file.language === 'perl') {
    out.push(...simple(PERL_SHELL, 'Shell command with interpolated Perl variables', 'medium'));
  }
  return out;
}
