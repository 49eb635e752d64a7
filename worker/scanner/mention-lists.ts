// Security tools list the strings attacks use: `SUSPICIOUS = [b"base64 -d", b"IEX", b"xmrig"]`,
// `$patterns = 'EncodedCommand|FromBase64String|IEX'`, or in prose "script blocks containing
// `FromBase64String`, `IEX` or `DownloadString` are flagged". A match inside a list of literals
// whose name says it holds things to look for, or one that runs from one code span of a sentence
// into the next, is a mention: nothing runs it as written.
import type { FileView } from './types.ts';
import { fenceAt } from './rules/markdown-context.ts';

// Names that say a list holds things to look for rather than things to do.
const INDICATOR_NAME =
  /(?:suspicious|suspect|patterns?|indicators?|iocs?|signatures?|red_?flags?|flags?|danger(?:ous)?|risky|bad|blocklist|blacklist|denylist|deny|forbidden|banned|keywords?|needles?|markers?|rules?|malicious|watch_?list|checks?|detect(?:ors?|ions?)?|heuristics?)/i;
// The statement a list belongs to: `NAME = [`, `NAME: list = (`, `$NAME = @(`, `"NAME": [`, or a
// pattern literal `$NAME = '...|...'`.
const LIST_HEAD = /(?:^|\n)[ \t]*(?:(?:const|let|var|my|our|readonly)\s+)?["']?\$?([A-Za-z_][\w]*)["']?\s*(?::[^=\n]{0,40})?(?:=|:)\s*(?:@?[[({]|[bruBRU]{0,2}["'])/g;
// From the list's opening to the match: only whole items (literals, or `"key": literal` pairs of
// a dict), then the item the match is in or starts.
const LIT = String.raw`[bruBRU]{0,2}(?:"[^"\n]*"|'[^'\n]*')`;
const ITEMS_SO_FAR = new RegExp(String.raw`^(?:@?[[({]\s*)?(?:(?:${LIT}\s*:\s*)?${LIT}\s*,\s*)*(?:(?:${LIT}\s*:\s*)?[bruBRU]{0,2}["'][^"'\n]*)?$`);
// Within the match, a line break may only lead to the next item.
const BREAK_TO_CODE = /\n(?![ \t]*[bruBRU]{0,2}["'])/;

// A list named like indicators but walked as file targets: `for pat in PATTERNS:` then
// `glob.glob(os.path.join(HOME, pat))` or `open(p)` a few lines below. Glob patterns of browser
// profiles collected into a zip are targets, not strings to look for.
const FILE_USE = /\b(?:glob|iglob|rglob|open|copy\w*|read\w*|ReadFile|readFileSync|createReadStream|expanduser|Path|join|exists|isfile|stat|write)\s*\(/;
const targetListCache = new WeakMap<object, Map<string, boolean>>();

function walkedAsFiles(text: string, name: string, holder: object): boolean {
  let perText = targetListCache.get(holder);
  if (!perText) targetListCache.set(holder, (perText = new Map()));
  const known = perText.get(name);
  if (known !== undefined) return known;
  let result = false;
  const loop = new RegExp(String.raw`\bfor\s+(?:\w+\s*,\s*)?(\w+)\s+in\s+${name}\b|\bfor\s*\(\s*(?:const|let|var)\s+(\w+)\s+of\s+${name}\b|\bfor\s+\w+\s*,\s*(\w+)\s*:?=\s*range\s+${name}\b|\b${name}\.forEach\(\s*\(?(\w+)`, 'g');
  for (const m of text.matchAll(loop)) {
    const variable = m[1] ?? m[2] ?? m[3] ?? m[4];
    const body = text.slice(m.index + m[0].length, m.index + m[0].length + 400);
    for (const call of body.matchAll(new RegExp(String.raw`[^\n]*\b${variable}\b[^\n]*`, 'g'))) {
      if (FILE_USE.test(call[0])) {
        result = true;
        break;
      }
    }
    if (result) break;
  }
  perText.set(name, result);
  return result;
}

function inIndicatorList(text: string, index: number, end: number, holder: object): boolean {
  if (BREAK_TO_CODE.test(text.slice(index, end))) return false;
  const from = Math.max(0, index - 800);
  const window = text.slice(from, index);
  const heads: RegExpExecArray[] = [];
  LIST_HEAD.lastIndex = 0;
  for (const m of window.matchAll(LIST_HEAD)) heads.push(m);
  // The nearest heads first: a dict's own name sits above the keys of its entries.
  for (const head of heads.reverse().slice(0, 6)) {
    if (!INDICATOR_NAME.test(head[1]) || walkedAsFiles(text, head[1], holder)) continue;
    // The head's last character opens the list or the pattern literal.
    if (ITEMS_SO_FAR.test(window.slice(head.index + head[0].length - 1))) return true;
  }
  return false;
}

// What separates the code spans of a list in a sentence: `a`, `b` or `c`; `a` + `b`; `a`/`b`.
const SPAN_SEPARATOR = /^[ \t]*(?:,|;|\/|\+|&|\bor\b|\band\b|,[ \t]*(?:or|and)\b)?[ \t]*$/;

function crossesCodeSpans(file: FileView, index: number, end: number): boolean {
  if (fenceAt(file, index)) return false;
  if (!file.inCode(index) || !file.inCode(end - 1)) return false;
  const parts = file.text.slice(index, end).split('`');
  if (parts.length < 3) return false;
  // Starting and ending in code, the odd parts lie between spans: all of them must be separators.
  for (let i = 1; i < parts.length; i += 2) if (!SPAN_SEPARATOR.test(parts[i])) return false;
  return true;
}

/** True when a match is a listed mention (see above). */
export function spansSeparateMentions(file: FileView, index: number, length: number): boolean {
  if (length < 2) return false;
  const end = index + length;
  if (file.kind === 'skill-md' || file.kind === 'markdown') return crossesCodeSpans(file, index, end);
  if (file.kind === 'script' || file.kind === 'text') return inIndicatorList(file.text, index, end, file);
  return false;
}

// Where a pattern's text opens on a line of code: a regex constructor's string argument, a
// JavaScript regex literal, PowerShell's -match, grep's pattern argument.
const PATTERN_OPENING =
  /(?:\b(?:re\.(?:compile|search|match|fullmatch|findall|finditer|sub|split)|regex\.(?:compile|search|match|findall)|new\s+RegExp|RegExp|regexp\.(?:MustCompile|Compile|MatchString)|Regex(?:::new|\.new)?|Pattern\.compile|preg_(?:match|match_all|replace))\s*\(\s*[rbuRBU]{0,2}|(?:-(?:match|notmatch|imatch|cmatch|replace)|\b(?:grep|egrep|rg)(?:\s+-[\w-]+)*)\s+)(["'`])|(?:[=(,:[!&|?]|\breturn)\s*(\/)(?![/*])/g;

/**
 * True when a match lies inside the text of a regular expression on its line of code: a pattern
 * a scanner looks for (`re.compile(r"(eval|iex).{0,80}b64decode")`), which nothing runs.
 */
export function insidePattern(file: FileView, index: number, length: number): boolean {
  if (file.kind !== 'script' || length < 2) return false;
  const text = file.text;
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const before = text.slice(Math.max(lineStart, index - 400), index);
  let last: RegExpExecArray | undefined;
  for (const m of before.matchAll(PATTERN_OPENING)) last = m;
  if (!last) return false;
  const quote = last[1] ?? last[2];
  // Still open at the match: no unescaped closing delimiter between the opening and the match.
  const inside = before.slice(last.index + last[0].length);
  for (let i = 0; i < inside.length; i++) {
    if (inside[i] === '\\') i++;
    else if (inside[i] === quote) return false;
  }
  return true;
}
