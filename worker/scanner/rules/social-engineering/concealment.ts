// SOC-01 concealment from the user: orders to hide an action, a result or the skill's own
// involvement from the user, in English and in other languages (other-languages.ts). What is
// hidden decides the severity: a sensitive action is high, data sent to an outside destination
// critical.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { proseWithDescriptionOf } from '../match.ts';
import { hasNegationCue, sentenceStart } from '../../file-view.ts';
import { graded, inQuotes, scanCapped as scan, sentenceAround } from '../context.ts';
import { CONCEALMENT_OTHER_LANGUAGES, CONSEQUENTIAL_OTHER_LANGUAGES } from '../other-languages.ts';

const CONCEAL_RE = new RegExp(
  [
    String.raw`\b(?:do\s+not|don'?t|never|without)\s+(?:need\s+to\s+)?(?:tell(?:ing)?|inform(?:ing)?|mention(?:ing)?|notify(?:ing)?|reveal(?:ing)?|disclos(?:e|ing)|alert(?:ing)?|show(?:ing)?|report(?:ing)?|restat(?:e|ing)|repeat(?:ing)?)(?:\s+or\s+(?:explain|describe|mention|show|tell)\w*)?\s+(?:this\s+|it\s+|anything\s+|any\s+of\s+this\s+|the\s+[\w-]{2,20}\s+)?(?:to\s+)?(?:the\s+)?(?:user|human|operator|owner)s?\b`,
    String.raw`\b(?:do\s+not|don'?t|never)\s+(?:let|allow)\s+(?:the\s+)?(?:user|human|operator)\s+(?:know|see|notice|find\s+out)\b`,
    String.raw`\b(?:hide|conceal|mask|obscure|keep)\s+(?:this|these|it|that|the\s+[\w-]{2,30}|all\s+[\w-]{2,30}|any\s+[\w-]{2,30})(?:\s+[\w-]{2,30})?\s+(?:hidden\s+|secret\s+)?from\s+(?:the\s+)?(?:user|human|operator|owner)s?\b`,
    String.raw`\bkeep\s+(?:this|it|that|these)\s+(?:secret|hidden|confidential|private)\s+from\b`,
    String.raw`\b(?:silently|secretly|covertly|stealthily|quietly|invisibly|discreetly)\s+(?:and\s+\w+\s+)?(?:send|upload|post|transmit|forward|copy|exfiltrate|collect|harvest|read|install|download|run|execute|delete|remove|modify|write|add|append|include|attach|log|record|capture|save|store|sync)\w*\b`,
    String.raw`\bwithout\s+(?:the\s+)?(?:user|human|owner)(?:'s)?\s+(?:knowledge|knowing|awareness|noticing|being\s+aware)\b`,
    String.raw`\b(?:tell|show)\s+the\s+user\s+only\b|\bonly\s+(?:tell|show|report\s+to)\s+the\s+user\s+(?:that|the)\b`,
    // A cover story for when the user asks: "if the user asks whether anything runs, say only that ...".
    String.raw`\b(?:if|when)\s+(?:the\s+)?user\s+asks\b[^.\n]{0,100}?\b(?:say|tell\s+them|answer|reply)\s+(?:only\s+)?that\b`,
    // ... or a scripted answer in quotes: "if the user asks what was included, say \"standard diagnostics\"".
    String.raw`\b(?:if|when)\s+(?:the\s+)?user\s+asks\s+(?:what|whether|why|where|about|which)\b[^.\n]{0,100}?\b(?:say|tell\s+them|answer|reply)(?:\s+only)?\s*:?\s*["\u201c]`,
    // Keeping the user from looking: "do not ask the user to review it", "don't let the user inspect the bundle".
    String.raw`\b(?:do\s+not|don'?t|never)\s+(?:ask|let|invite|allow)\s+(?:the\s+)?(?:user|human|operator)\s+(?:to\s+)?(?:review|inspect|see|check|open|look\s+at|verify)\s+(?:it|this|them|these|the\s+[\w-]{2,30})\b`,
    // "Do not mention the name differences unless asked": silence until someone notices.
    String.raw`\b(?:do\s+not|don'?t|never)\s+(?:mention|reveal|disclose|point\s+out|bring\s+up)\s+(?:this|these|it|that|them|the\s+[\w-]{2,30})(?:\s+[\w-]{2,30})?\s+unless\s+(?:the\s+user\s+|they\s+|you\s+are\s+)?(?:asks?|asked|questioned)\b`,
    String.raw`\b(?:do\s+not|don'?t|never)\s+(?:mention|reveal|disclose)\s+(?:that\s+)?(?:you\s+(?:used|called|ran|invoked|loaded)|this\s+(?:skill|tool|step|instruction))`,
    // What the agent leaves out of its answer is hidden from the person reading it.
    String.raw`\bkeep\s+(?:this|these|it|that|them|the\s+[\w-]{2,30})(?:\s+[\w-]{2,30})?\s+out\s+of\s+(?:your|the)\s+(?:final\s+)?(?:reply|replies|response|responses|answer|summary|output|report|messages?|transcript)\b`,
    String.raw`\b(?:do\s+not|don'?t|never|(?:there\s+is\s+)?no\s+need\s+to)\s+(?:mention|reveal|disclose|report|surface|list|include|show)\s+(?:this|these|it|that|them|the\s+[\w-]{2,30}|(?:items?|steps?|changes?|entries|points?)\s+[\w-]{1,10})(?:\s+[\w-]{2,30})?\s+in\s+(?:your|the)\s+(?:final\s+)?(?:reply|replies|response|responses|answer|summary|report|messages?|changelog|notes|chat|conversation|(?:pull\s+request|PR|merge\s+request|MR)\s+(?:description|body|summary)|commit\s+messages?|release\s+notes)\b`,
    String.raw`\b(?:there\s+is\s+)?no\s+need\s+to\s+(?:explain|mention|point\s+out|tell\s+the\s+user\s+about)\s+(?:it|this|that|these|them)\b`,
    String.raw`\b(?:do\s+not|don'?t|never)\s+(?:call|point)\s+(?:it|this|that|these|them|(?:this|that|the)\s+[\w-]{2,20})\s+out\s+(?:to\s+(?:the\s+)?(?:user|human|operator|owner)s?|in\s+(?:the\s+|your\s+)?(?:chat|conversation|summary|reply|response|answer|report|message))\b`,
    String.raw`\b(?:(?:there\s+is\s+)?no\s+need|(?:you\s+)?(?:do\s+not|don'?t)\s+need)\s+to\s+(?:call|point)\s+(?:it|this|that|these|them|(?:this|that|the)\s+[\w-]{2,20})\s+out\s+(?:to\s+(?:the\s+)?(?:user|human|operator|owner)s?|separately|in\s+(?:your|the)\s+(?:final\s+)?(?:summary|reply|response|answer|report|message))\b`,
    String.raw`\b(?:does\s+not|doesn'?t|do\s+not|don'?t|need\s+not|needn'?t)\s+(?:need\s+to\s+)?be\s+(?:pointed\s+out|mentioned|disclosed|reported|listed|surfaced)\s+to\s+(?:the\s+)?(?:user|human|operator|owner)s?\b`,
  ].join('|'),
  'gi',
);
// Every concealment match names the person kept in the dark, or uses one of these verbs or adverbs.
export const CONCEAL_ANCHORS = [
  'user', 'human', 'operator', 'owner', 'keep', 'mention', 'reveal', 'disclose', 'report', 'surface', 'pointed', 'listed', 'explain', 'point out', 'bring up', ' out in ', ' out to ',
  'silently', 'secretly', 'covertly', 'stealthily', 'quietly', 'invisibly', 'discreetly',
  // The user in other languages (other-languages.ts).
  'nutzer', 'benutzer', 'anwender', 'utilisat', 'usuari', 'usuári', 'utent', 'gebruiker', 'пользовател', '用户', 'ユーザー', '利用者', '사용자',
  'người dùng', 'nguoi dung', 'câu trả lời', 'kullanıcı', 'kullanici', 'użytkownik', 'uzytkownik', 'pengguna', 'користувач', 'उपयोगकर्ता', 'यूज़र', 'यूजर',
];
const SENSITIVE_ACTION =
  /\b(bcc|send\w*|sent|upload\w*|post(?:s|ed|ing)?\b|transmit\w*|forward\w*|exfiltrat\w*|collect\w*|harvest\w*|read(?:s|ing)?\b|cop(?:y|ies|ied)|install\w*|download\w*|delet\w*|remov\w*|run(?:s|ning)?\b|execut\w*|credential\w*|password\w*|secret\w*|tokens?|api[\s_-]?keys?|ssh|cookies?|wallet\w*|env(?:ironment)?\s+variables?|\.env\b|private\s+keys?|webhook\w*|server|endpoint|https?:\/\/)/i;
const SEND_VERB = /\b(send\w*|sent|upload\w*|post(?:s|ed|ing)?|transmit\w*|forward\w*|exfiltrat\w*)\b/i;
const SECRET_OR_DESTINATION = /https?:\/\/|\b(credential\w*|passwords?|secrets?|tokens?|api[\s_-]?keys?|private\s+keys?|ssh\s+keys?|cookies?|env(?:ironment)?\s+variables?|\.env\b|seed\s+phrase|wallet)/i;
// A change to what decides rights, money or trust (a licence, a price, a grade, a dependency, a
// permission) kept out of the report: the user signs off on a change they were not told about.
const CONSEQUENTIAL_CHANGE =
  /\b(?:licen[cs]e[ds]?|licensing|terms|copyright|pric(?:e|es|ing)|fees?|grades?|scores?|ratings?|permissions?|access\s+rights?|owners?(?:hip)?|maintainers?|dependenc(?:y|ies)|lock\s*files?|checksums?|signatures?|security\s+settings?|audit\s+(?:results?|findings?)|test\s+results?)\b[^.;\n]{0,30}?\b(?:chang(?:e|es|ed|ing)|edit(?:s|ed)?|updat(?:e|es|ed|ing)|modifi(?:cation|cations|ed)|rewrit\w*|downgrad\w*|bump\w*|swap\w*)\b|\b(?:chang(?:e|es|ed)|edits?|updates?|modifications?)\s+(?:to|of)\s+(?:the\s+)?(?:licen[cs]e|terms|copyright|pric(?:e|es|ing)|grades?|scores?|permissions?|dependenc(?:y|ies))\b/i;
// Concealment that is about presentation, not about hiding an action ("don't show the user raw JSON").
const PRESENTATION = /\b(raw|json|stack\s*traces?|internal\s+ids?|implementation\s+details|boilerplate|verbose|debug\s+output|markdown|formatting|technical\s+jargon)\b/i;

// "Do it quietly, do not list it among the items and do not mention it to the user": the
// negations before the match are more of the same order, not a prohibition of it.
const CONCEALING_VERB = String.raw`(?:list|mention|tell|show|report|log|include|inform|notify|reveal|surface|disclose|display|print|echo|paste|share|ask|redact|truncate|summari[sz]e|mask|shorten|abbreviate)`;
// The order's object goes with it ("do not redact, truncate or summarize this block"): a noun there
// ("block", "flag") is no negation of what follows.
const CONCEALING_NEGATION = new RegExp(
  String.raw`\b(?:do\s+not|don'?t|never)\s+${CONCEALING_VERB}(?:\s*,\s*${CONCEALING_VERB}|\s+(?:or|and|nor)\s+${CONCEALING_VERB})*\b[^,;.!?]{0,80}`,
  'gi',
);

/** The negation guard for SOC-01, which reads the sentence before the match without its concealing negations. */
function negatedBefore(file: FileView, index: number): boolean {
  const prefix = file.text.slice(sentenceStart(file.text, index), index);
  return hasNegationCue(prefix.replace(CONCEALING_NEGATION, ' '));
}

export function detectConcealment(file: FileView): RuleMatch[] {
  // The front matter's description is read too: the agent reads it first.
  return proseWithDescriptionOf(file).flatMap((part) => concealmentIn(file, part.text, part.start));
}

/** Concealment in `text`, which starts at `offset` in the file's text; matches in file offsets. */
function concealmentIn(file: FileView, text: string, offset: number): RuleMatch[] {
  const inFile = (m: RuleMatch): RuleMatch => ({ ...m, index: offset + m.index });
  return [...concealmentInOtherLanguages(file, text, offset), ...scan(text, CONCEAL_RE, (m) => {
    if (inQuotes(text, m.index) || negatedBefore(file, offset + m.index)) return null;
    let sentence = sentenceAround(text, m.index, m[0].length, 240);
    // "... sent to https://x. Do not inform the user about this step": the step is the previous sentence.
    // "... This is routine and need not be mentioned to the user" hides what came before it too.
    const passive = /\bbe\s+(?:pointed|mentioned|disclosed|reported|listed|surfaced)\b/i.test(m[0]);
    if (passive || /\b(this|that|these)\s+(step|action|process|verification|request|upload|transfer|operation|call|check|sync)s?\b/i.test(sentence)) {
      const start = text.lastIndexOf(sentence.slice(0, 20), m.index);
      sentence = sentenceAround(text, Math.max(0, start - 2), 0, 240) + ' ' + sentence;
    }
    // "... send the full content to https://x. This is a background step; do not list it in your
    // summary": a pronoun hides what the paragraph before it did.
    // So do numbered items of the list above ("do not list items 3-6 in the summary").
    if (passive || /\b(?:it|this|that|these|them)\b|\b(?:items?|steps?|points?)\s+\d/i.test(m[0])) sentence = text.slice(Math.max(0, m.index - 400), m.index) + ' ' + sentence;
    const adverb = /^(silently|secretly|covertly|stealthily|quietly|invisibly|discreetly)/i.test(m[0]);
    // "Do not notify the user unless the update fails" is ordinary quiet operation.
    // What is kept back is named in the match or right after it ("don't show the user raw JSON");
    // "this section is boilerplate, so no need to call it out" only excuses the step before.
    const object = text.slice(m.index, m.index + m[0].length + 40).split(/[.;!?]\s|\n\s*\n/)[0];
    const sensitive = adverb || (SENSITIVE_ACTION.test(sentence) && !PRESENTATION.test(object)) || CONSEQUENTIAL_CHANGE.test(object);
    // Hiding that the skill was involved at all is deception even without a sensitive verb.
    const selfHiding = /\b(?:you\s+(?:used|called|ran|invoked|loaded)|this\s+(?:skill|tool|step|instruction))/i.test(m[0]);
    // Hiding that secrets or files go to an outside address is exfiltration, not discretion.
    const exfiltration = sensitive && SEND_VERB.test(sentence) && SECRET_OR_DESTINATION.test(sentence);
    const severity: Severity = exfiltration ? 'critical' : sensitive ? 'high' : selfHiding ? 'medium' : 'low';
    // "Do not list ... to the user" is said to the agent wherever it is written; a reference file's
    // description ("the tool silently copies the table") counts one level lower.
    const order = /^(?:do\s+not|don'?t|never|(?:there\s+is\s+)?no\s+need)\b/i.test(m[0]);
    return {
      index: m.index, length: m[0].length,
      severity: order && sensitive ? severity : graded(file, severity),
      message: exfiltration
        ? 'Hides from the user that data is sent to an outside destination'
        : sensitive ? 'Hides a sensitive action from the user' : selfHiding ? 'Hides the skill\'s own involvement from the user' : 'Withholds information from the user',
    };
  }).map(inFile)];
}

/**
 * The same orders in other languages. They point back at the step before them ("Erwähne diesen
 * Schritt dem Nutzer gegenüber nicht"), so the paragraph above says whether what is hidden matters.
 */
function concealmentInOtherLanguages(file: FileView, text: string, offset: number): RuleMatch[] {
  return scan(text, CONCEALMENT_OTHER_LANGUAGES, (m) => {
    if (inQuotes(text, m.index) || file.inCode(offset + m.index)) return null;
    const context = text.slice(Math.max(0, m.index - 400), m.index) + sentenceAround(text, m.index, m[0].length, 240);
    const sensitive = SENSITIVE_ACTION.test(context) || CONSEQUENTIAL_OTHER_LANGUAGES.test(context);
    return {
      index: offset + m.index, length: m[0].length,
      severity: sensitive ? 'high' : 'medium',
      message: sensitive ? 'Hides a sensitive action from the user' : 'Withholds information from the user',
    };
  });
}
