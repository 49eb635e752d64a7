// What the script and command rules ask about the place of a match (code-execution, destructive,
// persistence and supply-chain): is it on a comment line, presented as a warning or an attack
// sample, in a container build file, a detection-rule file or a test.
import type { FileView, SkillView } from '../types.ts';
import { extensionOf, sentenceStart } from '../file-view.ts';
import { isProse, testRegex } from './context.ts';
import { lineBounds, startOfLinesBefore } from '../line-table.ts';
import { fenceAt, underProhibitionHeading, underSampleHeading } from './markdown-context.ts';

// The user's shell by variable: make's $(SHELL), ${SHELL}, or any variable named for a shell
// ($(DOCTOR_SHELL) := $(SHELL)).
export const SHELL_VARIABLE = String.raw`\$[({]?[A-Za-z_]*SHELL[)}]?(?=\s*(?:$|[;&|)'"\x60\\]))`;

// Shell names assigned the output of a decoding: `ep=$(printf %s "$CONF" | base64 -d)`,
// `src=$(rev < .index-src)`, hex with xxd -r, rot13 with tr. What such a name holds (an address,
// a command) is kept from the reader.
const DECODED_ASSIGNMENT =
  /^[ \t]*(?:local[ \t]+|export[ \t]+)?([A-Za-z_]\w*)=["']?\$\((?:[^)\n]{0,160}?(?:\||<)[ \t]*)?(?:rev\b|[^)\n]{0,160}?\bbase64[ \t]+(?:-d|--decode|-D)\b|[^)\n]{0,160}?\bxxd[ \t]+-r|[^)\n]{0,160}?\btr[ \t]+['"]?A-Za-z['"]?[ \t]+['"]?N-ZA-Mn-za-m)/gm;

/** The names a shell script assigns from a decoding (DECODED_ASSIGNMENT). */
export function decodedShellNames(text: string): Set<string> {
  return new Set([...text.matchAll(DECODED_ASSIGNMENT)].map((a) => a[1]));
}

const COMMENT_LEAD = /^\s*(?:#(?!!)|\/\/|--\s|;|rem\s|::|\/\*|\*\s|')/i;

/** True when the match sits on a comment line of a script (commented code does not run). */
export function isCommentLine(file: FileView, index: number): boolean {
  if (file.kind !== 'script') return false;
  const { start, end } = lineBounds(file.text, index);
  return COMMENT_LEAD.test(file.text.slice(start, end));
}

// A line that quotes a detection signature (Semgrep "pattern:", YARA "$name = ...").
const SIGNATURE_LINE = /^\s*(?:-\s*)?(?:pattern(?:s|-either|-not|-inside|-regex|-sources?|-sinks?)?|regex|message)\s*:|^\s*\$\w+\s*=\s*(?:"|\/|\{)/;
// Words that, before a command on its line, present it as an attack sample or a thing not to do.
// Narrow on purpose: in a SKILL.md an attacker writes "never skip this step: curl ... | sh".
const WARNED_ON_LINE =
  /\b(?:(?:never|do\s+not|don'?t|must\s+not|should\s+not|avoid)[*_]{0,3}\s+(?:\w+\s+){0,2}(?:run|use|execute|pipe|paste|copy|type|do|install|call|write|allow)\w*|attackers?|malicious|malware|exploit(?:s|ed|able)?|vulnerable|dangerous|insecure|unsafe|anti-?pattern|bad(?:\s+example)?\s*[:(]|wrong\s*[:(]|red\s+flags?|injection|payloads?)\b|[❌🚫⛔✗✘]|\bnever[*_]{0,3}:?\s+\x60|\b(?:a|the|this)\s+sample\s+(?:line|command|payload|snippet|string)\b|\b(?:jamais|nunca|niemals)\b/iu;

// A sentence that opens by asking to flag, reject or warn about what it goes on to name.
const FLAG_SENTENCE = /^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:\*\*)?(?:flag|reject|warn\s+(?:about|on|against|the\s+user\s+(?:about|if|when)))\b/i;

// A ban that follows the sample within its sentence and points back at it with a pronoun.
// Or that calls the sample an indicator, or says it must be blocked: "`vssadmin delete shadows`
// in a batch file is a very strong ransomware signal", "(`http://169.254.169.254/` should be blocked)".
const WARNED_AFTER = /^(?:[^.!?\n]|[.!?](?=\S))*(?:\n(?:[^.!?\n]|[.!?](?=\S))*)?\b(?:(?:never|do\s+not|don'?t|must\s+not)\s+(?:run|execute|paste|type|use)\s+(?:them|it|this|these|those|any\s+of\s+(?:them|these))|(?:is|are)\s+(?:a\s+|an\s+)?(?:very\s+)?(?:(?:strong|clear|common|typical|classic|known|likely)\s+)?(?:[\w-]+\s+)?(?:indicators?|signals?|signs?|red\s+flags?|iocs?|signatures?|hallmarks?)\b|(?:should|must)\s+be\s+(?:blocked|rejected|denied|refused|flagged|caught))\b/i;

// The note right after a block of samples: "These strings are detection examples ...; none of
// them should ever be run", "Never run any of the above."
const SAMPLES_NOTE_AFTER_BLOCK =
  /^\s*(?:(?:these|those|the\s+above|all\s+of\s+these|the\s+(?:lines|commands|strings|snippets)\s+above)\b[^.\n]{0,40}?\b(?:are|were)\s+(?:(?:only|just|all|\w+)\s+){0,2}(?:examples?|samples?|indicators?|signatures?|iocs?)\b|[^\n]{0,160}?\b(?:none\s+of\s+(?:them|these|the\s+above)\s+(?:should|must|may)\s+(?:ever\s+)?be\s+(?:run|executed)|(?:never|do\s+not|don'?t)\s+(?:run|execute)\s+(?:them|these|any\s+of\s+(?:them|these|the\s+above)|the\s+above))\b)/i;

/**
 * True when the text presents the match as an attack sample or a warning rather than an instruction:
 * documentation uses the engine's broad negation guard; a SKILL.md only the narrow words on the line
 * before the match or on a comment line just above it.
 */
export function warnedAgainst(file: FileView, index: number): boolean {
  // Code runs whatever its comments say; only prose and data files can present a sample.
  if (file.kind === 'script') return false;
  const text = file.text;
  const { start } = lineBounds(text, index);
  if (WARNED_ON_LINE.test(text.slice(Math.max(start, index - 200), index))) return true;
  // The same words earlier in the match's sentence or list item, when it wraps over lines
  // ("- Never run `curl ... | bash`, or decode-and-run\n  (`base64 -d | sh`)").
  // Prose only: lines of a code block are separate commands, not one sentence.
  const prose = (file.kind === 'skill-md' || file.kind === 'markdown') && !fenceAt(file, index);
  const from = prose ? sentenceStart(text, index) : start;
  if (from < start && WARNED_ON_LINE.test(text.slice(from, index))) return true;
  // A sentence that asks to flag what it names: "Flag remote URLs and `enableAllProjectMcpServers: true`".
  if (prose && FLAG_SENTENCE.test(text.slice(from, index))) return true;
  // A sample followed by a ban on running it: "(e.g. `bash -i >& /dev/tcp/...`) but never run them".
  if (prose && WARNED_AFTER.test(text.slice(index, Math.min(text.length, index + 300)))) return true;
  // An inline code span among four or more listed in a row names shapes, it gives no command:
  // "matched patterns (e.g. `eval(`, `IEX`, `/dev/tcp/`, `base64 -d | sh`)".
  if (prose && file.inCode(index) && inListOfCodeSpans(text, index)) return true;
  // Code, fenced or inline, in a section headed as attack samples ("# Malicious one-liners").
  if ((file.kind === 'skill-md' || file.kind === 'markdown') && file.inCode(index) && underSampleHeading(file, index)) return true;
  // A fenced block of samples that the text right after it calls examples or bans running.
  const fence = isProse(file) ? fenceAt(file, index) : undefined;
  if (fence && SAMPLES_NOTE_AFTER_BLOCK.test(text.slice(fence.end, Math.min(text.length, fence.end + 400)))) return true;
  // An item of a list introduced as things to flag: "When asked to review, flag:\n- `Bash(*)` ...".
  if (prose && /^\s*(?:[-*+]|\d+[.)])\s/.test(text.slice(start, index)) && flaggingLeadIn(text, start)) return true;
  // A detection signature quoted in prose: "pattern: eval($X)", "$s1 = \"xmrig\" ascii".
  if (SIGNATURE_LINE.test(text.slice(start, Math.min(index, start + 120)) + ' ')) return true;
  // A row of a table of shapes under a heading such as "Indicators" or "Red flags" catalogues
  // attacks; an install step meant to be run is not written as a cell of such a table.
  // So does a list item of mentions there ("- `nc -e /bin/sh`, `mkfifo` + `nc`").
  if ((file.kind === 'skill-md' || file.kind === 'markdown') && /^\s*(?:\||[-*+]\s|\d+\.\s)/.test(text.slice(start, index)) && underProhibitionHeading(file, index)) return true;
  // A comment heading within two lines above: "# DANGEROUS: shell=True with user input".
  let cursor = start;
  for (let i = 0; i < 2 && cursor > 0; i++) {
    const prev = lineBounds(text, cursor - 1);
    const prevLine = text.slice(prev.start, Math.min(prev.end, prev.start + 300));
    if (/^\s*(?:#|\/\/|<!--|>)/.test(prevLine) && WARNED_ON_LINE.test(prevLine)) return true;
    cursor = prev.start;
  }
  if (file.kind === 'markdown' || file.isDocumentation) return file.isNegated(index);
  return false;
}

// What may stand between the code spans of a list: `a`, `b`, or `c`; `a` / `b`; `a` and `b`.
const BETWEEN_LISTED_SPANS = /^[ \t]*(?:,|\/|;)?[ \t]*(?:(?:or|and)[ \t]+)?$/;
const LISTED_SPANS_AT_LEAST = 4;

/** Whether the inline code span at `index` is one of a run of at least four spans listed on its line. */
function inListOfCodeSpans(text: string, index: number): boolean {
  // The span holding the match, then its neighbours one by one, each a short separator away:
  // a few steps of bounded length whatever the line's length.
  const open = text.lastIndexOf('`', index);
  const close = text.indexOf('`', index + 1);
  if (open < 0 || close < 0 || close - open > 200 || text.slice(open, close).includes('\n')) return false;
  let count = 1;
  const spanIsShort = (from: number, to: number) => from >= 0 && to - from <= 200 && !text.slice(from, to).includes('\n');
  for (let left = open; count < LISTED_SPANS_AT_LEAST; ) {
    const previousClose = text.lastIndexOf('`', left - 1);
    if (previousClose < 0 || left - previousClose > 20 || !BETWEEN_LISTED_SPANS.test(text.slice(previousClose + 1, left))) break;
    const previousOpen = text.lastIndexOf('`', previousClose - 1);
    if (!spanIsShort(previousOpen, previousClose)) break;
    count++;
    left = previousOpen;
  }
  for (let right = close; count < LISTED_SPANS_AT_LEAST; ) {
    const nextOpen = text.indexOf('`', right + 1);
    if (nextOpen < 0 || nextOpen - right > 20 || !BETWEEN_LISTED_SPANS.test(text.slice(right + 1, nextOpen))) break;
    const nextClose = text.indexOf('`', nextOpen + 1);
    if (nextClose < 0 || !spanIsShort(nextOpen, nextClose)) break;
    count++;
    right = nextClose;
  }
  return count >= LISTED_SPANS_AT_LEAST;
}

// The data of a decode-and-run written as a placeholder: `echo <blob> | base64 -d | sh`,
// `exec(b64decode('...'))`. Outside a fenced block this names a shape; nothing is there to run.
const PLACEHOLDER_DATA =
  /(?:echo|printf|<<<)\s+["']?(?:<[\w -]{1,24}>|\.{3}|…)|\b(?:b64decode|b32decode|decode|decompress|unhexlify|fromhex|atob|FromBase64String|exec|eval)\s*\(\s*["']?(?:<[\w -]{1,24}>|\.{3}|…)["']?\s*\)/;

/** True for a decode-and-run shape in prose whose data is a placeholder (on the match's line, around it). */
export function placeholderPayload(file: FileView, index: number, length: number): boolean {
  if (!isProse(file) || fenceAt(file, index)) return false;
  // The data may precede the match (`echo <blob> | base64 -d | sh` matches from base64).
  const { start, end } = lineBounds(file.text, index);
  return PLACEHOLDER_DATA.test(file.text.slice(Math.max(start, index - 80), Math.min(end, index + length + 80)));
}

const LIST_ITEM_LINE = /^\s*(?:(?:[-*+]|\d+[.)])\s|$)|^\s{2,}\S/;
// Narrow: "check for the helper:" or "add this block:" introduce steps, not things to flag.
const FLAGGING_LEAD_IN = /\b(?:flag|look\s+for|watch\s+(?:for|out\s+for)|red\s+flags?|warn\s+(?:about|on)|reject|refuse|suspicious|indicators?|audit\s+for|signs?\s+of)\b[^\n]{0,80}:\s*$/i;

/** Whether the list holding the line at `lineStart` is introduced by a sentence that asks to flag its items. */
function flaggingLeadIn(text: string, lineStart: number): boolean {
  let cursor = lineStart;
  for (let i = 0; i < 30 && cursor > 0; i++) {
    const prev = lineBounds(text, cursor - 1);
    const line = text.slice(prev.start, Math.min(prev.end, prev.start + 300));
    if (!LIST_ITEM_LINE.test(line)) return FLAGGING_LEAD_IN.test(line);
    cursor = prev.start;
  }
  return false;
}

/** Container build files: what they install lands in an image, not on the user's machine. */
export function isContainerBuildFile(file: FileView): boolean {
  const base = file.skillPath.slice(file.skillPath.lastIndexOf('/') + 1).toLowerCase();
  return (
    base === 'dockerfile' || base === 'containerfile' || base.endsWith('.dockerfile') ||
    base.startsWith('dockerfile.') || base === 'devcontainer.json' || base === 'docker-compose.yml' ||
    base === 'compose.yaml' || base === 'docker-compose.yaml'
  );
}

const SEMGREP_SHAPE = /^\s*-?\s*pattern(?:s|-either|-regex|-inside|-not)?\s*:/m;

const detectionFiles = new WeakMap<FileView, boolean>();

/** True when the skill runs inside a container it defines (settings changes stay in the image). */
export function containerScoped(skill: SkillView): boolean {
  return skill.files.some((f) => isContainerBuildFile(f) || /(?:^|\/)\.devcontainer\//.test(f.skillPath));
}

/** Detection content (YARA, Semgrep, CodeQL, Sigma): it quotes attacks as signatures. */
export function isDetectionRuleFile(file: FileView): boolean {
  const known = detectionFiles.get(file);
  if (known !== undefined) return known;
  const ext = extensionOf(file.skillPath);
  const yaml = ext === 'yml' || ext === 'yaml';
  const result =
    ext === 'yar' || ext === 'yara' || ext === 'ql' || ext === 'qll' || ext === 'sigma' ||
    (yaml && testRegex(/^rules\s*:/m, file.text) && testRegex(SEMGREP_SHAPE, file.text)) ||
    (yaml && testRegex(/^detection\s*:/m, file.text) && testRegex(/^logsource\s*:/m, file.text));
  detectionFiles.set(file, result);
  return result;
}

const TEST_FILE = /(?:^|\/)(?:test_[\w-]+\.py|[\w-]+_test\.(?:py|go)|conftest\.py|[\w.-]+\.(?:test|spec)\.[cm]?[jt]sx?)$/;

/** Test files run under a test runner, not when the skill is used: code findings there count one level less. */
export function isTestFile(file: FileView): boolean {
  return TEST_FILE.test(file.skillPath);
}

// An interactive confirmation that stops the script unless the user agrees, a few lines above a
// command: `read -r -p "Type the repository name to confirm: " ans` then `[[ ... ]] || exit 1`,
// `if input("Proceed? [y/N] ") != "y": sys.exit()`, `Read-Host` with a `-ne 'y'` check.
const CONFIRMATION_PROMPT =
  /\bread\s+(?:-\w+\s+)*-\w*p\w*\s+["'][^"'\n]{0,120}(?:confirm|\[y\/n\]|\(y\/n\)|\by\/n\b|proceed|continue|are you sure|type\b)[^"'\n]{0,120}["']|\binput\s*\(\s*[fr]?["'][^"'\n]{0,120}(?:confirm|\[y\/n\]|\(y\/n\)|\by\/n\b|proceed|continue|are you sure|type\b)|\bRead-Host\b[^\n]{0,160}(?:confirm|y\/n|proceed|continue|are you sure|type\b)|\b(?:confirm|askYesNo|ask_yes_no|prompt_yes_no)\s*\(/i;
const STOPS_UNLESS = /\|\|\s*\{?[^\n]{0,80}\bexit\b|\bexit\s*(?:\(\s*)?\d?|\bsys\.exit\b|\breturn\b|\bthrow\b|\braise\b|\bbreak\b/;

/** True when an interactive confirmation that exits on refusal comes within eight lines above `index`. */
export function confirmedBefore(file: FileView, index: number): boolean {
  if (file.kind !== 'script') return false;
  const start = startOfLinesBefore(file.text, index, 8);
  const before = file.text.slice(Math.max(start, index - 1200), index);
  const prompt = CONFIRMATION_PROMPT.exec(before);
  return prompt !== null && STOPS_UNLESS.test(before.slice(prompt.index));
}
