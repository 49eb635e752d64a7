// Where in a markdown file an offset sits: inside a fenced code block (and of which language), under
// a heading that lists things not to do or attack samples, in a quoted detection example. Rules of
// every category ask these questions to tell an instruction from a mention or a quoted attack.
import type { FileView } from '../types.ts';
import { execRegex, lastAtOrBefore, lineWindow, sentenceAround } from './context.ts';
import { lineBounds } from '../line-table.ts';

interface Fence {
  start: number;
  end: number;
  lang: string;
}

const FENCE_LINE = /^[ \t]*(`{3,}|~{3,})[ \t]*([\w+#.-]*)[^\n]*$/gm;
const fenceCache = new WeakMap<FileView, Fence[]>();

function fencesOf(file: FileView): Fence[] {
  const cached = fenceCache.get(file);
  if (cached) return cached;
  const fences: Fence[] = [];
  if (file.kind === 'skill-md' || file.kind === 'markdown') {
    let open: { start: number; marker: string; lang: string } | null = null;
    FENCE_LINE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = execRegex(FENCE_LINE, file.text)) !== null) {
      if (!open) open = { start: m.index, marker: m[1][0], lang: m[2].toLowerCase() };
      else if (m[1][0] === open.marker && m[2] === '') {
        fences.push({ start: open.start, end: m.index + m[0].length, lang: open.lang });
        open = null;
      }
    }
    if (open) fences.push({ start: open.start, end: file.text.length, lang: open.lang });
  }
  fenceCache.set(file, fences);
  return fences;
}

/** The fenced code block of a markdown file that holds an offset, if any. */
export function fenceAt(file: FileView, index: number): Fence | undefined {
  // Fences are sorted and disjoint: the last one starting at or before index.
  const fences = fencesOf(file);
  const found = lastAtOrBefore(fences, index, (f) => f.start);
  return found >= 0 && index < fences[found].end ? fences[found] : undefined;
}

/** Every fenced code block of a markdown file. */
export function fencedBlocks(file: FileView): readonly Fence[] {
  return fencesOf(file);
}

const PROSE_FENCES = new Set(['markdown', 'md', 'text', 'txt', 'plaintext', 'plain']);

/**
 * True for prose outside fenced code blocks (or inside a markdown/text fence, which quotes prose):
 * a mention, not a command. Inline `code` counts as prose.
 */
export function isProseMention(file: FileView, index: number): boolean {
  if (file.kind !== 'skill-md' && file.kind !== 'markdown') return false;
  const fence = fenceAt(file, index);
  return !fence || PROSE_FENCES.has(fence.lang);
}

/** A prose mention outside inline or fenced code: a sentence that names a command, not one to run. */
export function isProseOnlyMention(file: FileView, index: number): boolean {
  return isProseMention(file, index) && !file.inCode(index);
}

// Detection content quotes the very strings an attack uses: YARA strings, Semgrep/CodeQL patterns,
// SARIF results. They describe behaviour; they do not perform it.
// Detection content: rule formats, and YAML or JSON kept in a rules/, signatures/ or patterns/ folder.
const SIGNATURE_PATH = /\.(?:yara?|ql|qll|sarif|sigma|snort|rules)$|(?:^|\/)(?:rules|signatures|patterns|detections)\/(?:[^/]+\/)*[^/]+\.(?:ya?ml|json)$/i;
const SIGNATURE_FENCES = new Set(['yara', 'yar', 'ql', 'codeql', 'semgrep', 'sigma', 'snort', 'suricata', 'regex']);
const SIGNATURE_LINE = /^\s*(?:\$\w*\s*=\s*[{"/]|-?\s*(?:pattern(?:-\w+)?|regex|metavariable-regex|pattern-regex)\s*:)/;
const CODE_FENCES_WITH_DOLLAR_VARS = new Set(['powershell', 'ps1', 'pwsh', 'php', 'perl', 'sh', 'bash', 'shell', 'zsh']);

// A fenced block introduced as something to detect or avoid ("Scan for these exfiltration
// patterns:", "Bad example:", "Malicious payload:") quotes an attack rather than instructing it.
const QUOTING_INTRO =
  /\b(?:patterns?|examples? of|indicators?|signatures?|detect(?:s|ed|ion|ing)?|look(?:s|ing)? for|scan(?:s|ning)?(?: \w+){0,3} for|red flags?|malicious|attacks?|attackers?|vulnerable|anti-?patterns?|exploits?|payloads?|PoC|proof of concept|bad example|insecure example|don'?t do this|never do this)\b|\b(?:BAD|WRONG|VULNERABLE|INSECURE)\b|❌/;
const QUOTING_COMMENT = /(?:#|\/\/|\/\*|--)\s*(?:pattern\b|bad\b|vulnerable|malicious|attack|exploit|example of|insecure|❌|wrong\b)/i;

// Whether a fence is introduced as a quoted example, per fence (fences are cached per file).
const introducedAsExample = new WeakMap<Fence, boolean>();

function isIntroducedAsExample(file: FileView, fence: Fence): boolean {
  let found = introducedAsExample.get(fence);
  if (found === undefined) {
    const before = file.text.slice(Math.max(0, fence.start - 400), fence.start).trimEnd();
    const intro = before.split('\n').filter((l) => l.trim()).slice(-2).join('\n');
    found = underProhibitionHeading(file, fence.start) || QUOTING_INTRO.test(intro);
    introducedAsExample.set(fence, found);
  }
  return found;
}

function isQuotedExample(file: FileView, fence: Fence, index: number): boolean {
  if (isIntroducedAsExample(file, fence)) return true;
  const lineStart = file.text.lastIndexOf('\n', index) + 1;
  const previous = file.text.slice(Math.max(fence.start, lineStart - 200), lineStart).split('\n').slice(-3).join('\n');
  return QUOTING_COMMENT.test(previous) || QUOTING_COMMENT.test(lineWindow(file, index));
}

export function isSignatureContext(file: FileView, index: number): boolean {
  if (SIGNATURE_PATH.test(file.path)) return true;
  if (file.kind === 'script') return false;
  if (underProhibitionHeading(file, index)) return true;
  const fence = fenceAt(file, index);
  if (fence && SIGNATURE_FENCES.has(fence.lang)) return true;
  if (fence && isQuotedExample(file, fence, index)) return true;
  if (fence && CODE_FENCES_WITH_DOLLAR_VARS.has(fence.lang)) return false;
  return SIGNATURE_LINE.test(file.lineAt(index));
}

// Headings that introduce things not to do or to detect ("## Forbidden", "### Red flags",
// "## Attack examples"): instructions listed under them are quoted, not given.
const PROHIBITION_HEADING =
  /^(?:never|forbidden|prohibited|don'?t|do not|avoid|anti-?patterns?|red flags?|common mistakes|mistakes|pitfalls|what not to do|bad (?:examples?|patterns?|practices?)|attack (?:examples?|patterns?|techniques?)|malicious (?:examples?|patterns?|behaviou?rs?)|examples? of (?:attacks?|malicious|bad)|indicators?|detection|detects?|warning signs)\b|\b(?:forbidden|prohibited|never do|not allowed|anti-patterns?|red flags?|(?:what|things) to avoid|what not to|bad examples?|attack patterns?|malicious (?:patterns?|scripts?|code|skills?|commands?|payloads?)|indicators?(?: of compromise)?|IOCs?|attackers?(?: \w+){0,2} (?:patterns?|commands?|techniques?|examples?|payloads?|tradecraft)|for recognition|in the wild|what to look for|(?:examples?|shapes?|patterns?) to (?:recogni[sz]e|spot|detect|watch for)|not to (?:follow|run|obey|execute)|(?:things|what) to (?:warn|watch|flag) (?:about|for)|typical (?:shapes|attacks?|payloads?)|red[- ]team(?:ing)?|(?:injection|attack|payload) (?:test )?(?:cases|samples|corpus))\b/i;
// Narrower: headings of sections that show attack samples ("# Malicious one-liners", "## Example
// (illustrative sample, defanged; do not run)"). Code under them, fenced or inline, is quoted for
// the reader; a broad word such as "Detection" would also head an install step, so it is not here.
const SAMPLE_HEADING =
  /\b(?:(?:malicious|malware)\s+(?:[\w-]+\s+)?(?:examples?|samples?|one-liners?|commands?|scripts?|snippets?|payloads?|patterns?|code|techniques?|shapes?|indicators?|behaviou?rs?|strings?|lines?)|attacks?\s+(?:examples?|samples?|patterns?|techniques?|shapes?)|examples?\s+of\s+(?:attacks?|malicious)|red\s+flags?|indicators?\s+of\s+compromise|iocs?|defanged|in\s+the\s+wild|(?:do\s+not|don'?t|never)\s+(?:run|execute)|for\s+recognition)\b/i;
const HEADING_LINE = /^[ \t]{0,3}(?:#{1,6}[ \t]+([^\n]+)|\*\*([^*\n]{2,80})\*\*:?[ \t]*)$/gm;

interface Heading {
  index: number;
  prohibits: boolean;
  samples: boolean;
}
const headingCache = new WeakMap<FileView, Heading[]>();

function headingsOf(file: FileView): Heading[] {
  const cached = headingCache.get(file);
  if (cached) return cached;
  const headings: Heading[] = [];
  if (file.kind === 'skill-md' || file.kind === 'markdown') {
    // A heading inherits from the headings it sits under: "## Download and execute" under
    // "# Indicators of compromise" lists indicators too. Bold lines count as the lowest level.
    const open: { level: number; prohibits: boolean; samples: boolean }[] = [];
    HEADING_LINE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = execRegex(HEADING_LINE, file.text)) !== null) {
      const level = m[1] !== undefined ? /#+/.exec(m[0])![0].length : 7;
      while (open.length > 0 && open[open.length - 1].level >= level) open.pop();
      const title = (m[1] ?? m[2]).trim();
      const parent = open.length > 0 ? open[open.length - 1] : undefined;
      const prohibits = PROHIBITION_HEADING.test(title) || (parent?.prohibits ?? false);
      const samples = SAMPLE_HEADING.test(title) || (parent?.samples ?? false);
      open.push({ level, prohibits, samples });
      headings.push({ index: m.index, prohibits, samples });
    }
  }
  headingCache.set(file, headings);
  return headings;
}

/** True when the nearest heading above an offset heads a section of attack samples (SAMPLE_HEADING). */
export function underSampleHeading(file: FileView, index: number): boolean {
  const headings = headingsOf(file);
  const found = lastAtOrBefore(headings, index, (h) => h.index);
  return found >= 0 ? headings[found].samples : false;
}

/** True when the nearest heading above an offset introduces prohibitions or attack examples. */
export function underProhibitionHeading(file: FileView, index: number): boolean {
  // Headings are in text order: the last one at or before index.
  const headings = headingsOf(file);
  const found = lastAtOrBefore(headings, index, (h) => h.index);
  return found >= 0 ? headings[found].prohibits : false;
}

/** The negation guard plus the prohibition-heading guard, for prose matches. */
export function isProhibited(file: FileView, index: number): boolean {
  return file.isNegated(index) || underProhibitionHeading(file, index);
}

// A phrase quoted as a sample of what to look for: `commands like "ignore previous instructions"`,
// `μοτίβα ... prompt injection: εντολές τύπου «ignore previous instructions»`. The quote opens right
// before the match and closes soon after it, and the sentence speaks of patterns or attacks.
const OPENING_QUOTE = /["\u201C\u201E\u00AB\u2018'`\u300C\u300E]\s?$/;
const CLOSING_QUOTE = /^[^\n.!?"\u201D\u00BB\u2019'`\u300D\u300F]{0,40}["\u201C\u201D\u00BB\u2019'`\u300D\u300F]/;
const SAMPLE_CUE =
  /\b(?:like|such as|e\.g\.|patterns?|phrases?|strings?|wording|attacks?|injections?|jailbreaks?|detect\w*|flag(?:s|ged)?|scan\w*|looks? for|markers?|indicators?|examples?|samples?|payloads?|heuristics?|signatures?|regex\w*)\b/i;

// The same cue in other languages ("「...」といった", "wie etwa", "por ejemplo"); CJK has no word boundaries.
const SAMPLE_CUE_OTHER =
  /といった|などの|のような|ような|例えば|例如|比如|诸如|类似|像是|\b(?:wie\s+etwa|zum\s+Beispiel|z\.\s?B\.|comme|par\s+exemple|como|por\s+ejemplo|tipo|ad\s+esempio|np\.|na\s+przyk[lł]ad)(?![\w])/i;

/** True for a match that is a quoted sample phrase in a sentence about patterns or attacks. */
export function isQuotedSample(text: string, index: number, length: number): boolean {
  if (!OPENING_QUOTE.test(text.slice(Math.max(0, index - 2), index))) return false;
  if (!CLOSING_QUOTE.test(text.slice(index + length, index + length + 42))) return false;
  const sentence = sentenceAround(text, index, length, 240);
  return SAMPLE_CUE.test(sentence) || SAMPLE_CUE_OTHER.test(sentence);
}

// A list item that is nothing but quoted phrases (`- "ignore previous instructions"`, `- "AI-NOTE:",
// "assistant-only"`): a catalogue of what to look for, each phrase a specimen, not an order.
const QUOTED_LIST_ITEM = /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+(?:["\u201C][^"\u201C\u201D\n]{1,200}["\u201D][ \t]*(?:[,;/]|\bor\b|\band\b)?[ \t]*)+$/;

/** Whether the line of `index` in `text` is a list item made only of quoted phrases. */
export function isQuotedListItem(text: string, index: number): boolean {
  const { start, end } = lineBounds(text, index);
  return end - start <= 600 && QUOTED_LIST_ITEM.test(text.slice(start, end));
}
