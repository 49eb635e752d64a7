// A list of credential file names kept in order to leave those files out: a backup's tar filter
// (`return None if name in CREDENTIAL_FILES else tarinfo`), a copy loop's `if name in SKIP:
// continue`, an EXCLUDED_FILES constant. Naming a credential file to avoid it is not reading it.
import { lineBounds } from '../../line-table.ts';

const ASSIGNMENT_HEAD = /^[ \t]*(?:(?:export|const|let|var|readonly|final|static|private)[ \t]+)*([A-Za-z_$][\w$]{0,60})[ \t]*(?::[^=\n]{1,40})?=[ \t]*[^\n]*$/gm;
const EXCLUDING_NAME = /exclu|skip|ignor|deny|denied|block|omit|never/i;
const EXCLUDING_USE =
  /\b(?:exclu\w*|skip\w*|ignor\w*|filter\w*|deny|denied|block\w*|omit\w*|never)\b|\bnot\s+in\b|\breturn\s+(?:None|null|false|False|undefined)\b|\bcontinue\b|\.(?:discard|remove|filter)\s*\(/i;
const OPENERS = /[[{(]/g;
const CLOSERS = /[\]})]/g;

/** The name a list literal holding `index` is assigned to, when the list is still open there. */
function listNameAt(text: string, index: number): string | undefined {
  const from = Math.max(0, index - 800);
  const before = text.slice(from, lineBounds(text, index).start);
  let head: RegExpExecArray | undefined;
  ASSIGNMENT_HEAD.lastIndex = 0;
  for (let m = ASSIGNMENT_HEAD.exec(before); m; m = ASSIGNMENT_HEAD.exec(before)) head = m;
  const lineStart = lineBounds(text, index).start;
  const onLine = /^[ \t]*(?:(?:export|const|let|var|readonly|final|static|private)[ \t]+)*([A-Za-z_$][\w$]{0,60})[ \t]*(?::[^=\n]{1,40})?=/.exec(text.slice(lineStart, index));
  if (onLine) return onLine[1];
  if (!head) return undefined;
  const span = text.slice(from + head.index, index);
  const open = (span.match(OPENERS) ?? []).length - (span.match(CLOSERS) ?? []).length;
  return open > 0 ? head[1] : undefined;
}

/** True when the credential name at `index` sits in a list the code uses only to leave files out. */
export function inExclusionList(text: string, index: number): boolean {
  const name = listNameAt(text, index);
  if (!name || name.length < 2) return false;
  if (EXCLUDING_NAME.test(name)) return true;
  const uses = [...text.matchAll(new RegExp(String.raw`(?<![\w$.])${name.replace(/\$/g, '\\$')}(?![\w$])`, 'g'))].slice(0, 20);
  let seen = 0;
  for (const use of uses) {
    const { start, end } = lineBounds(text, use.index);
    if (start <= index && index <= end) continue;
    if (/^[ \t]*(?:(?:export|const|let|var|readonly|final|static|private)[ \t]+)*[\w$]+[ \t]*(?::[^=\n]{1,40})?=[^=]/.test(text.slice(start, end))) continue;
    seen++;
    // The use's line, or the function it sits in (its header a few lines up: `def exclude_credentials`).
    const context = text.slice(Math.max(0, start - 160), end);
    if (!EXCLUDING_USE.test(context)) return false;
  }
  return seen > 0;
}
