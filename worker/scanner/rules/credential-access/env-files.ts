// CRED-04 .env files: a .env path read by the command or call right before it, or named in prose
// that tells the agent to read it. Example and template files are left out.
import type { FileView, RuleMatch } from '../../types.ts';
import { findAll } from '../match.ts';
import { lineWindow, onePerLine } from '../context.ts';
import { fenceAt, isProseMention, isSignatureContext, underProhibitionHeading } from '../markdown-context.ts';
import { ACCESS_PROSE } from './access-words.ts';

const ENV_FILE = /(?<![\w.$-])(?:~\/|\$HOME\/|\$\{HOME\}\/)?(?:[\w-]+\/){0,6}\.env(\.[\w-]+)?(?![\w-])/g;
const ENV_FILE_SAFE_SUFFIX = /^\.(?:example|sample|template|dist|defaults?|test|tpl|schema|local\.example)$/i;
// A .env path read by the command or call right before it: `cat .env`, `open(".env")`.
const ENV_READ_SHELL = /^(?:sudo\s+)?(?:cat|less|more|head|tail|type|Get-Content|gc|base64|xxd|strings|cp|scp|tar|zip|7z|curl|wget|nc)$/i;
const ENV_READ_CALL =
  /(?:\bopen|readFileSync|readFile|read_text|read_bytes|fopen|File\.read|IO\.read|file_get_contents|\bPath)\s*\(\s*[^,()\n]{0,60}$|\bGet-Content\s+[^|;\n]{0,60}$/;
const ENV_BENIGN_LINE = /gitignore|\.env\.(?:example|sample|template)|load_dotenv|dotenv|env_file|--env-file|\bexport\b/i;

/** The command word of the shell pipeline segment that ends right before an offset. */
function commandBefore(before: string): string {
  const cut = Math.max(before.lastIndexOf('|'), before.lastIndexOf(';'), before.lastIndexOf('&&'), before.lastIndexOf('$('), before.lastIndexOf('`'));
  const segment = before.slice(cut + 1).replace(/^[(&\s]+/, '');
  return /^[\w.-]+/.exec(segment)?.[0] ?? '';
}

export function envFileMatches(file: FileView): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const m of findAll(file.text, ENV_FILE, undefined, 40)) {
    const suffix = /\.env(\.[\w-]+)?$/.exec(file.text.slice(m.index, m.index + m.length))?.[1] ?? '';
    if (ENV_FILE_SAFE_SUFFIX.test(suffix)) continue;
    if (isSignatureContext(file, m.index)) continue;
    const line = lineWindow(file, m.index, m.length);
    if (ENV_BENIGN_LINE.test(line)) continue;
    const before = line.slice(0, file.position(m.index).column - 1);
    if (/(?:>>?|\btee(?:\s+-a)?)\s*["']?$/.test(before)) continue;
    if (!/(?:^|[\s"'`=(,\[])$/.test(before)) continue; // part of a regex or a longer word, not a path argument
    const found = file.text.slice(m.index, m.index + m.length);
    const home = /^(?:~|\$)/.test(found);
    // Inline `code` in prose is read as a command; a markdown fence as quoted prose.
    const prose = isProseMention(file, m.index) && (fenceAt(file, m.index) !== undefined || !file.inCode(m.index));
    const reads = prose
      ? ACCESS_PROSE.test(line) && !underProhibitionHeading(file, m.index)
      : ENV_READ_SHELL.test(commandBefore(before)) || ENV_READ_CALL.test(before);
    if (!reads && !(home && !prose)) continue;
    out.push({ index: m.index, length: m.length, message: `Reads the secrets file ${found}` });
  }
  return onePerLine(file, out);
}
