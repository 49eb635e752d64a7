// Builds the FileView every rule reads: kind and language from the name (or shebang), text
// normalised for matching, front matter split out, and the position/context helpers.
import type { FileKind, FileView } from './types.ts';
import { normaliseForMatching } from './normalise.ts';
import { parseFrontmatter } from './frontmatter.ts';
import { registerText } from './literal-index.ts';
import { lineIndexAt, lineStartsOf } from './line-table.ts';

const SCRIPT_LANGUAGES: Record<string, string> = {
  sh: 'sh', bash: 'sh', zsh: 'sh', ksh: 'sh', fish: 'sh', command: 'sh', 'zsh-theme': 'sh', envrc: 'sh',
  ps1: 'ps1', psm1: 'ps1', psd1: 'ps1', bat: 'bat', cmd: 'bat', vbs: 'vbs', applescript: 'applescript',
  py: 'python', pyw: 'python', ipynb: 'python',
  js: 'js', mjs: 'js', cjs: 'js', jsx: 'js', ts: 'js', tsx: 'js', mts: 'js', cts: 'js',
  rb: 'ruby', go: 'go', pl: 'perl', pm: 'perl', php: 'php', lua: 'lua', r: 'r',
  swift: 'swift', rs: 'rust', java: 'java', kt: 'kotlin', cs: 'csharp', c: 'c', cc: 'c',
  cpp: 'c', h: 'c', hpp: 'c', scala: 'scala', groovy: 'groovy', dart: 'dart', ex: 'elixir', exs: 'elixir',
};
// Shell files known by name alone: startup files and direnv's .envrc run as shell code.
const SHELL_FILE_NAMES = new Set(['.envrc', 'envrc', '.bashrc', 'bashrc', '.zshrc', 'zshrc', '.profile', '.bash_profile', '.bash_login', '.zprofile', '.zshenv', '.zlogin']);
const MARKDOWN_EXTENSIONS = new Set(['md', 'markdown', 'mdx', 'rst', 'adoc']);
const DOC_FOLDER = /(^|\/)(references?|examples?|tests?|docs?|samples?|fixtures?|__tests__|spec)\//i;

const SHEBANG_LANGUAGES: [RegExp, string][] = [
  [/^#!.*\b(ba|z|k|da)?sh\b/, 'sh'],
  [/^#!.*\bpython[\d.]*\b/, 'python'],
  [/^#!.*\bnode\b/, 'js'],
  [/^#!.*\bruby\b/, 'ruby'],
  [/^#!.*\bperl\b/, 'perl'],
  [/^#!.*\bpwsh\b/, 'ps1'],
];

/** The last segment of a slash-separated path. */
export function baseNameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function extensionOf(path: string): string {
  const base = baseNameOf(path);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function isSkillMdPath(path: string): boolean {
  return /(^|\/)SKILL\.md$/i.test(path);
}

const UTF8 = new TextDecoder('utf-8');

/** A file is binary when its first 8 KB hold a NUL byte or mostly invalid UTF-8. */
export function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return true;
  if (head.length === 0) return false;
  const text = UTF8.decode(head);
  let bad = 0;
  for (let i = text.indexOf('\uFFFD'); i >= 0; i = text.indexOf('\uFFFD', i + 1)) bad++;
  return bad > head.length / 20;
}

function classify(path: string, text: string, binary: boolean): { kind: FileKind; language: string } {
  if (binary) return { kind: 'binary', language: '' };
  if (isSkillMdPath(path)) return { kind: 'skill-md', language: '' };
  const ext = extensionOf(path);
  if (MARKDOWN_EXTENSIONS.has(ext)) return { kind: 'markdown', language: '' };
  const byExt = SCRIPT_LANGUAGES[ext];
  if (byExt) return { kind: 'script', language: byExt };
  if (SHELL_FILE_NAMES.has(path.slice(path.lastIndexOf('/') + 1))) return { kind: 'script', language: 'sh' };
  if (text.startsWith('#!')) {
    const first = text.slice(0, text.indexOf('\n') >>> 0);
    for (const [re, lang] of SHEBANG_LANGUAGES) if (re.test(first)) return { kind: 'script', language: lang };
    return { kind: 'script', language: 'sh' };
  }
  return { kind: 'text', language: '' };
}

/** Offsets [start, end) of markdown code: fenced blocks and inline `code` spans. */
const FENCE = /^[ \t]*(`{3,}|~{3,})/gm;
const INLINE_CODE = /`[^`\n]+`/g;

/**
 * Finds inline `code` spans segment by segment, in increasing order of segments. The first span
 * at or after a position is remembered, so a search that runs past its segment (into the
 * fenced block that follows, or to the end of a file with no more spans) is not repeated for
 * every later segment: the whole file is read about once.
 */
function inlineCodeFinder(text: string): (from: number, to: number, ranges: [number, number][]) => void {
  let found: RegExpExecArray | null = null;
  let searchedFrom = -1;
  const firstAtOrAfter = (pos: number): RegExpExecArray | null => {
    // `found` is the first span at or after searchedFrom, so also the first at or after any
    // position up to its start (or, when there is none, after any later position).
    if (searchedFrom < 0 || pos < searchedFrom || (found !== null && pos > found.index)) {
      INLINE_CODE.lastIndex = pos;
      found = INLINE_CODE.exec(text);
      searchedFrom = pos;
    }
    return found;
  };
  return (from, to, ranges) => {
    let pos = from;
    for (;;) {
      const m = firstAtOrAfter(pos);
      if (m === null || m.index >= to || m.index + m[0].length > to) return;
      ranges.push([m.index, m.index + m[0].length]);
      pos = m.index + m[0].length;
    }
  };
}

function markdownCodeRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  if (text.indexOf('`') < 0 && text.indexOf('~~~') < 0) return ranges;
  const inlineCode = inlineCodeFinder(text);
  let proseFrom = 0;
  let fenceStart = -1;
  let fenceMarker = '';
  FENCE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = FENCE.exec(text)) !== null) {
    const lineEnd = text.indexOf('\n', m.index);
    const end = lineEnd < 0 ? text.length : lineEnd;
    if (fenceStart < 0) {
      inlineCode(proseFrom, m.index, ranges);
      fenceStart = m.index;
      fenceMarker = m[1][0];
    } else if (m[1][0] === fenceMarker) {
      ranges.push([fenceStart, end]);
      fenceStart = -1;
      proseFrom = end;
    }
    FENCE.lastIndex = end;
  }
  if (fenceStart >= 0) ranges.push([fenceStart, text.length]);
  else inlineCode(proseFrom, text.length, ranges);
  return ranges;
}

// Words that, earlier in the same sentence, turn an instruction into a prohibition, a warning or a
// description of an attack ("never send your key", "detects prompts that say ignore ...").
const NEGATION =
  /\b(never|jamais|nunca|niemals|not|don'?t|doesn'?t|won'?t|cannot|can'?t|must ?n[o']t|should ?n[o']t|avoid(?:s|ing)?|refuse[sd]?|prevent(?:s|ing)?|prohibit(?:s|ed)?|forbid(?:s|den)?|block(?:s|ed|ing)?|reject(?:s|ed|ing)?|detect(?:s|ed|ing|ion)?|flag(?:s|ged|ging)?|warn(?:s|ed|ing)?|beware|watch out|look(?:s|ing)? for|scan(?:s|ning)? for|such as|e\.g\.|for example|example(?!\.\w)|attackers?|malicious|suspicious|phrases? like|patterns? like)\b/i;
const NEGATED_SUBJECT = /^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:no|kein(?:e|en)?|aucun(?:e)?|ning[uú]n(?:a)?|nenhum(?:a)?|nessun(?:a|o)?)\s+[`"'*]{0,2}$/i;
/** Whether a piece of a sentence holds a negation or quoting cue (the negation guard's test). */
export function hasNegationCue(s: string): boolean {
  return NEGATION.test(s);
}
// An ellipsis ("curl ... | bash") ends no sentence, nor does the colon of a bold label
// ("**Malicious**: persistence without consent", which the label qualifies).
const SENTENCE_END = /(?:[!?;]|(?<!\.)\.|(?<![*_]):)\s|\n\s*\n|\n\s*[-*+]\s|\n\s*\d+\.\s|\n#/g;

/** Start of the sentence (or list item) holding an offset, looking back at most 160 characters. */
export function sentenceStart(text: string, offset: number): number {
  const windowStart = Math.max(0, offset - 160);
  const before = text.slice(windowStart, offset);
  let start = 0;
  SENTENCE_END.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = SENTENCE_END.exec(before)) !== null) start = m.index + m[0].length;
  return windowStart + start;
}

function upperBound(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Prepares one file for the rules. `skillFolder` is the folder of the skill the file belongs to
 * ("" for the input root), so that `skillPath` is relative to it.
 */
export function makeFileView(path: string, content: Uint8Array | string, skillFolder = ''): FileView {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const binary = typeof content === 'string' ? false : looksBinary(bytes);
  const raw = typeof content === 'string' ? content : binary ? '' : UTF8.decode(bytes);
  const { kind, language } = classify(path, raw, binary);
  const text = binary ? '' : normaliseForMatching(raw);
  const skillPath = skillFolder && path.startsWith(skillFolder + '/') ? path.slice(skillFolder.length + 1) : path;

  let frontmatter = '';
  let frontmatterOffset = 0;
  let body = text;
  let bodyFrom = 0;
  if (kind === 'skill-md') {
    const fm = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(\r?\n|$)/.exec(text);
    if (fm) {
      frontmatter = fm[1];
      frontmatterOffset = fm[0].indexOf(fm[1]);
      body = text.slice(0, fm[0].length).replace(/[^\n]/g, ' ') + text.slice(fm[0].length);
      bodyFrom = fm[0].length;
    }
  }
  const meta = frontmatter ? parseFrontmatter(frontmatter) : {};
  // Rules match these two strings again and again: they get a literal index (see regex-scan.ts).
  registerText(text);
  if (body !== text) registerText(body, text, bodyFrom);
  const prose = kind === 'skill-md' || kind === 'markdown';
  // Line starts and code ranges are worked out on first use: most files never need a position.
  let starts: Int32Array | null = null;
  let codeRanges: [number, number][] | null = null;
  let codeStarts: number[] = [];
  const lines = () => (starts ??= lineStartsOf(text));
  const code = () => {
    if (!codeRanges) {
      codeRanges = prose ? markdownCodeRanges(text) : [];
      codeStarts = codeRanges.map((r) => r[0]);
    }
    return codeRanges;
  };

  return {
    path,
    skillPath,
    kind,
    language,
    text,
    raw,
    bytes,
    frontmatter,
    frontmatterOffset,
    body,
    meta,
    isDocumentation: DOC_FOLDER.test(skillPath) || (kind === 'markdown' && !isSkillMdPath(path)),
    position(offset) {
      const at = lines();
      const index = lineIndexAt(at, offset);
      return { line: index + 1, column: offset - at[index] + 1 };
    },
    lineAt(offset) {
      const at = lines();
      const index = lineIndexAt(at, offset);
      // The next line's start says where this one ends: searching for the newline would read a
      // whole long line again on every call.
      return text.slice(at[index], index + 1 < at.length ? at[index + 1] - 1 : text.length);
    },
    inCode(offset) {
      const ranges = code();
      const i = upperBound(codeStarts, offset) - 1;
      return i >= 0 && offset < ranges[i][1];
    },
    isNegated(offset) {
      const before = text.slice(sentenceStart(text, offset), offset);
      // "No `FLUSHALL` is ever used": the match is the subject a leading "No" denies.
      return NEGATION.test(before) || NEGATED_SUBJECT.test(before);
    },
  };
}
