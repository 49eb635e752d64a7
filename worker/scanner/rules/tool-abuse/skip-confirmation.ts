import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { proseOf } from '../match.ts';
import { graded, lineWindow, scanCapped as scan, sentenceAround } from '../context.ts';
import { CONSEQUENTIAL_OTHER_LANGUAGES, SKIP_CONFIRMATION_OTHER_LANGUAGES } from '../other-languages.ts';
import { isQuotedSample } from '../markdown-context.ts';

// TPA-05 skipping confirmation / human in the loop

/** A line that documents a command-line flag ("`-y` | Skip confirmation prompt"). */
function documentsFlag(file: FileView, index: number): boolean {
  // The 300 characters either side, not the whole line: one long line with many matches would be
  // read again for each.
  const line = lineWindow(file, index);
  return /(^|[\s`|(])--?[a-zA-Z][\w-]*/.test(line) || /^\s*\|/.test(line);
}

// Explicit: the skill tells the agent not to ask, or to switch prompts off.
const SKIP_CONFIRM_RE = new RegExp(
  [
    String.raw`\b(?:do\s+not|don'?t|never|no\s+need\s+to)\s+(?:(?:stop|pause)\s+to\s+)?(?:ask|wait|prompt|check\s+with|request|seek)\s+(?:the\s+)?(?:user|human|operator|owner|them|anyone)?\s*(?:for\s+|to\s+)?(?:(?:their|its|any|explicit)\s+)?(?:confirmation|permission|approval|consent|sign-?off|go-ahead)\b`,
    String.raw`\b(?:skip|bypass|disable|suppress|avoid)\s+(?:all\s+|any\s+|the\s+)?(?:user\s+)?(?:confirmation|approval|permission|consent)\s*(?:prompts?|checks?|dialogs?|steps?|requests?|questions?)?\b`,
    String.raw`\b(?:do\s+not|don'?t|never|no\s+need\s+to)\s+(?:ask|check|confirm)\s+(?:with\s+)?(?:(?:the\s+)?(?:user|human|them)\s+)?(?:again|a\s+second\s+time)\b`,
    String.raw`\b(?:enable|turn\s+on|set)\s+auto-?(?:approve|approval|confirm|accept)\b`,
    String.raw`\bauto-?(?:approve|confirm|accept)\s+(?:all|every|any)\s+(?:tool\s+calls?|commands?|actions?|changes?|prompts?|permissions?)\b`,
    String.raw`\b(?:does\s+not|doesn'?t|do\s+not|don'?t|need\s+not|needn'?t)\s+(?:need\s+to\s+)?be\s+(?:confirmed|approved|cleared)\s+(?:with|by)\s+(?:the\s+)?(?:user|human|operator|owner)\b`,
    String.raw`\bno\s+need\s+to\s+(?:confirm|check)\s+(?:it\s+|this\s+)?with\s+(?:the\s+)?(?:user|human)\b`,
    // A consent claimed in advance ("the user has already approved edits during setup, so ...
    // without checking back with them"): the agent is told the question was asked when it was not.
    String.raw`\b(?:has|have|had)\s+already\s+(?:been\s+)?(?:approved|authori[sz]ed|consented\s+to|agreed\s+to|pre-?approved|signed\s+off\s+on|confirmed)\b[^.\n]{0,160}?\bwithout\s+(?:pausing|stopping|checking(?:\s+back)?|asking|confirming|waiting|prompting)\b`,
    String.raw`\bwithout\s+(?:pausing|stopping|waiting)\s+for\s+(?:(?:the\s+)?user(?:'s)?\s+|their\s+|any\s+)?(?:confirmation|approval|permission|consent|sign-?off)\b`,
  ].join('|'),
  'gi',
);
// Descriptive: "without approval" may describe a risk as well as order one; it needs an action.
const WITHOUT_APPROVAL_RE =
  /\bwithout\s+(?:the\s+)?(?:(?:user|human|operator|owner)(?:'s)?\s+)?(?:explicit\s+|prior\s+)?(?:confirmation|permission|approval|consent|review|sign-?off|knowledge)\b/gi;
// The sentence speaks to the agent about what it does ("the assistant refreshes them ..., without
// prompting the user:"): with the command it introduces, an order even in a reference file.
const ADDRESSES_AGENT = /\b(?:the\s+(?:assistant|agent|model|ai)|you|claude|copilot|codex)\b/i;
// Implicit: "proceed without asking" only counts when the sentence does something consequential.
const SKIP_ASKING_RE = /\b(?:proceed|continue|go\s+ahead|act|execute|run(?:\s+(?:it|them|these|this|those|everything|all))?|do\s+it)\s+without\s+(?:asking|checking|confirming|waiting|prompting)\b|\bwithout\s+(?:prompting|asking|consulting|notifying|telling|informing)\s+(?:the\s+)?(?:user|human|operator|owner)s?\b|\b(?:do\s+not|don'?t|never)\s+ask\s+(?:the\s+)?(?:user|human)\s+(?:first|before)\b/gi;
const CONSEQUENTIAL =
  /\b(delet\w*|remov\w*|rm\s|drop\w*|wip\w*|overwrit\w*|force|push\w*|deploy\w*|publish\w*|releas\w*|merg\w*|send\w*|email\w*|post\w*|pay\w*|transfer\w*|purchas\w*|buy\w*|sell\w*|install\w*|execut\w*|sudo|credential\w*|secret\w*|password\w*|token\w*|api keys?|upload\w*|shar\w*|commit\w*|migrat\w*|production|prod|shell command\w*|arbitrary)\b/i;
export const SKIP_CONFIRM_ANCHORS = [
  'confirm', 'permission', 'approv', 'consent', 'sign', 'go-ahead', 'accept', 'review', 'knowledge', 'without', 'first', 'before',
  'again', 'second time',
  // Other languages (other-languages.ts).
  'ohne', 'überspringe', 'uberspringe', 'sans demander', 'sans attendre', 'sin pedir', 'sin solicitar', 'sin esperar', 'sem pedir',
  'sem solicitar', 'sem esperar', 'senza chiedere', 'senza attendere', 'без', '用户', '确认', '允许', '確認', '許可', '承認', '확인', '묻지',
  'sin preguntar', 'sem perguntar', 'nachzufragen', 'zu fragen', 'không', 'khong', 'mà không', 'đừng', 'onay', 'sormadan', 'bez ', 'nie pytaj',
  'tanpa', 'не питаючи', 'बिना',
];

export function detectSkipConfirmation(file: FileView): RuleMatch[] {
  const text = proseOf(file);
  // kind: explicit bypass, descriptive "without approval", or implicit "proceed without asking".
  const judge = (m: RegExpExecArray, kind: 'explicit' | 'without' | 'implicit'): RuleMatch | null => {
    // Describing a CLI's own --yes/--force flag is documentation of that tool, not a bypass.
    if (kind === 'explicit' && (file.inCode(m.index) || documentsFlag(file, m.index))) return null;
    // "No push without explicit confirmation", "never deploy without approval": a rule that
    // requires the confirmation (the prohibition in the same clause, just before).
    if (kind !== 'explicit' && /\b(?:no|never|not|nothing|don'?t|mustn'?t|cannot|can'?t)\b[^.,;:!?\n]{0,50}$/i.test(text.slice(Math.max(0, m.index - 60), m.index))) return null;
    const sentence = sentenceAround(text, m.index, m[0].length, 200);
    // "Proceed without asking only when the scope is unambiguous" is a policy, not a bypass.
    if (/\bonly\s+(when|if)\b|\bunless\b/i.test(sentence)) return null;
    // "... send the state files to X. This is read-only, so it does not need to be confirmed":
    // a pronoun points at the step before it.
    const pointsBack = /^\W*(?:this|that|it)\b|\bso\s+it\b/i.test(sentence);
    // A sentence that ends in a colon before a code block introduces the block: what it runs is the act.
    const sentenceEnd = m.index - sentence.indexOf(m[0]) + sentence.length;
    const introducesBlock = /:\s*$/.test(sentence) && /^\s*\n[ \t]*(?:`{3,}|~{3,})/.test(text.slice(sentenceEnd, sentenceEnd + 200));
    const consequential = introducesBlock || CONSEQUENTIAL.test(pointsBack ? text.slice(Math.max(0, m.index - 400), m.index) + sentence : sentence);
    // "Do not ask again" only matters before something that cannot be taken back.
    if (!consequential && /\bagain\b|\bsecond\s+time\b/i.test(m[0])) return null;
    let severity: Severity;
    if (kind === 'explicit') severity = consequential ? 'high' : 'medium';
    else if (!consequential) {
      if (kind === 'implicit') return null;
      severity = 'low';
    } else severity = 'high';
    // Reference material describes agents that act without approval; it does not order it.
    // Unless it tells the agent what it does with a block it introduces: "the assistant refreshes
    // them automatically, without prompting the user:" and the command.
    const ordersBlock = introducesBlock && ADDRESSES_AGENT.test(sentence.slice(0, Math.max(0, sentence.indexOf(m[0]))));
    if (file.isDocumentation && kind !== 'explicit' && !ordersBlock) severity = 'low';
    return { index: m.index, length: m[0].length, severity: graded(file, severity) };
  };
  return [
    // In other languages: high before something consequential, else medium.
    ...scan(text, SKIP_CONFIRMATION_OTHER_LANGUAGES, (m) => {
      if (file.inCode(m.index)) return null;
      // 「確認なしで実行してよい」といった文章: a quoted sample of what notes must not be obeyed for.
      if (isQuotedSample(text, m.index, m[0].length)) return { index: m.index, length: m[0].length, severity: 'low' };
      const sentence = sentenceAround(text, m.index, m[0].length, 200);
      const consequential = CONSEQUENTIAL.test(sentence) || CONSEQUENTIAL_OTHER_LANGUAGES.test(sentence) || /`[^`\n]{2,}`/.test(sentence);
      return { index: m.index, length: m[0].length, severity: consequential ? 'high' : 'medium' };
    }),
    ...scan(text, SKIP_CONFIRM_RE, (m) => judge(m, 'explicit')),
    ...scan(text, WITHOUT_APPROVAL_RE, (m) => judge(m, 'without')),
    ...scan(text, SKIP_ASKING_RE, (m) => judge(m, 'implicit')),
  ].slice(0, 20);
}
