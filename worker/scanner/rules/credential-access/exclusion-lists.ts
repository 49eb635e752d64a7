// A list of credential file names kept in order to leave those files out: a backup's tar filter
// (`return None if name in CREDENTIAL_FILES else tarinfo`), a copy loop's `if name in SKIP:
// continue`, an EXCLUDED_FILES constant. Naming a credential file to avoid it is not reading it.
import { lineBounds } from '../../line-table.ts';

// `NAME =`, `const NAME: Set<string> =`, `private static final NAME =`: where an assignment starts.
const ASSIGNED_NAME = String.raw`^[ \t]*(?:(?:export|const|let|var|readonly|final|static|private)[ \t]+)*([A-Za-z_$][\w$]{0,60})[ \t]*(?::[^=\n]{1,40})?=`;
const ASSIGNMENT_HEAD = new RegExp(String.raw`${ASSIGNED_NAME}[ \t]*[^\n]*$`, 'gm');
const ASSIGNMENT_START = new RegExp(ASSIGNED_NAME);
const ASSIGNMENT_LINE = new RegExp(String.raw`${ASSIGNED_NAME}[^=]`);
const EXCLUDING_NAME = /exclu|skip|ignor|deny|denied|block|omit|never/i;
const EXCLUDING_USE =
  /\b(?:exclu\w*|skip\w*|ignor\w*|filter\w*|deny|denied|block\w*|omit\w*|never)\b|\bnot\s+in\b|\breturn\s+(?:None|null|false|False|undefined)\b|\bcontinue\b|\.(?:discard|remove|filter)\s*\(/i;
const OPENERS = /[[{(]/g;
const CLOSERS = /[\]})]/g;

/** The name a list literal holding `index` is assigned to, when the list is still open there. */
function listNameAt(text: string, index: number): string | undefined {
  const from = Math.max(0, index - 800);
  const lineStart = lineBounds(text, index).start;
  const before = text.slice(from, lineStart);
  let head: RegExpExecArray | undefined;
  ASSIGNMENT_HEAD.lastIndex = 0;
  for (let m = ASSIGNMENT_HEAD.exec(before); m; m = ASSIGNMENT_HEAD.exec(before)) head = m;
  // Windows are bounded: a minified line can be megabytes long.
  const onLine = lineStart >= index - 800 ? ASSIGNMENT_START.exec(text.slice(lineStart, index)) : null;
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
  const usesOfName = new RegExp(String.raw`(?<![\w$.])${name.replace(/\$/g, '\\$')}(?![\w$])`, 'g');
  let seen = 0;
  let looked = 0;
  for (const use of text.matchAll(usesOfName)) {
    if (++looked > 20) break;
    const bounds = lineBounds(text, use.index);
    const start = Math.max(bounds.start, use.index - 300);
    const end = Math.min(bounds.end, use.index + 300);
    if (start <= index && index <= end) continue;
    if (ASSIGNMENT_LINE.test(text.slice(start, end))) continue;
    seen++;
    // The use's line, or the function it sits in (its header a few lines up: `def exclude_credentials`).
    const context = text.slice(Math.max(0, start - 160), end);
    if (!EXCLUDING_USE.test(context)) return false;
  }
  return seen > 0;
}
