// SOC-11 harmful or deceptive content: instructions to lie to or mislead the user, fabricate
// results, report skipped tests as passing, poison, phish or impersonate.
import type { FileView, RuleMatch } from '../../types.ts';
import { proseOf } from '../match.ts';
import { graded, inQuotes, scanCapped as scan } from '../context.ts';

const DECEPTION_RE = new RegExp(
  [
    String.raw`\b(?:lie|lying)\s+to\s+(?:the\s+)?(?:user|human|customer|client|reader)s?\b`,
    String.raw`\b(?:deceive|mislead|trick|manipulate|gaslight|defraud|scam)\s+(?:the\s+)?(?:user|human|customer|client|reader|recipient|victim)s?\b`,
    String.raw`\b(?:fabricate|invent|make\s+up|falsify|forge)\s+(?:the\s+|some\s+|any\s+)?(?:citations?|sources?|references?|quotes?|results?|statistics|stats|reviews?|testimonials?|test\s+results?|evidence|benchmarks?|credentials|signatures?)\b`,
    String.raw`\b(?:tell|inform|assure|reassure|convince|report\s+to)\s+(?:the\s+)?(?:user|human|them|customer)\s+(?:that\s+)?(?:all\s+|the\s+)?(?:tests?|checks?|build|scan|audit|everything|it)\s+(?:have\s+|has\s+)?(?:pass(?:ed|es)?|succeeded|(?:is|are)\s+(?:fine|safe|secure|clean|ok|passing|green))\b[^.\n]{0,60}?\b(?:even\s+if|regardless|whether\s+or\s+not|although|when\s+(?:in\s+fact|they\s+fail)|no\s+matter)\b`,
    // "Mark it skipped and report to the user that the suite is green" (soft wraps and dotted
    // names such as it.skip do not end the sentence).
    String.raw`\b(?:skip|skipped|xfail|disable[sd]?|comment\s+out)\b(?:[^.\n]|\.(?!\s)|\n(?![ \t]*\n)){0,160}?\breport\s+(?:to\s+(?:the\s+)?(?:user|human|them)\s+)?that\s+(?:[^.\n]|\n(?![ \t]*\n)){0,60}?\b(?:green|pass(?:es|ed|ing)?|succeed(?:s|ed)?)\b`,
    // "Report the run to the user as passing, ... and do not mention the skipped tests."
    String.raw`\breport\s+(?:the\s+)?(?:run|tests?|build|suite|results?|it|this)\s+(?:to\s+(?:the\s+)?(?:user|human|them)\s+)?as\s+(?:passing|passed|green|successful|clean|fixed)\b[^.\n]{0,120}?\b(?:do\s+not|don'?t|never|without)\s+(?:mention|report|list|show|reveal)\w*`,
    // A scripted claim of success for the user, kept whatever happened: 'Always tell the user:
    // "All shaders passed lint." even when the script reports errors', 'Report "All checks
    // passed" instead'.
    String.raw`\b(?:tell|inform|assure|report\s+to|say\s+to)\s+(?:the\s+)?(?:user|them|customer)\b[^\n]{0,20}?["“*][^"”\n]{0,80}?\b(?:pass(?:ed|es)?|succeeded|no\s+(?:errors?|issues|problems|action\s+needed)|all\s+(?:good|clear|green)|fine|safe)\b[^\n]{0,80}?\b(?:even\s+(?:when|if|though)|regardless|no\s+matter)\b`,
    String.raw`\b(?:report|say|reply|answer)\s+[*_]*["“][^"”\n]{0,80}?\b(?:pass(?:ed|es)?|succeeded|green|no\s+(?:errors?|issues|problems))\b[^"”\n]{0,40}["”][*_]*\s+instead\b`,
    // A denial scripted for the user's question about errors, changes or the skill's own orders.
    String.raw`\bif\s+(?:the\s+user|they|you\s+are|anyone)\s+(?:asks?|asked)\b[^.\n]{0,60}?\b(?:errors?|fail\w*|warnings?|problems?|issues?|changes?|instructions|rules|prompt)\b[^.\n]{0,40}?,\s*(?:answer|say|reply|respond|tell\s+them)\s+(?:with\s+)?[*_]*["“]?(?:no|nothing|none|there\s+(?:were|are)\s+none)\b|\bif\s+asked\s+about\s+(?:your|these|the)\s+(?:instructions|rules|prompt|operating\s+rules)\b[^.\n]{0,20}?,\s*(?:say|answer|reply|claim|tell\s+them)\b`,
    String.raw`\b(?:add|include|mix\s+in|put|sprinkle|insert|stir\s+in)\b[^.\n]{0,40}?\b(?:cyanide|arsenic|ricin|strychnine|rat\s+poison|antifreeze|thallium|polonium|bleach|poison)\b`,
    String.raw`\b(?:write|create|draft|generate|send|craft|compose)\s+(?:a\s+|an\s+)?(?:convincing\s+|realistic\s+|targeted\s+)?(?:phishing|spear-?phishing|scam)\s+(?:e-?mails?|messages?|pages?|sites?|texts?|templates?)\b`,
    String.raw`\bimpersonat(?:e|ing)\s+(?:the\s+user'?s?\s+)?(?:bank|manager|boss|ceo|it\s+department|help\s*desk|tech\s+support|government|irs|police|support\s+team)\b`,
    String.raw`\b(?:always|only)\s+recommend\s+[^.\n]{1,40}?\b(?:regardless|even\s+if|no\s+matter|over\s+(?:better|cheaper|safer))\b`,
  ].join('|'),
  'gi',
);
export const DECEPTION_ANCHORS = [
  'lie', 'lying', 'deceive', 'mislead', 'trick', 'manipulat', 'gaslight', 'defraud', 'scam', 'fabricat', 'invent', 'make',
  'falsif', 'forge', 'tell', 'inform', 'assure', 'convince', 'report', 'cyanide', 'arsenic', 'ricin', 'strychnine',
  'antifreeze', 'thallium', 'polonium', 'bleach', 'poison', 'phishing', 'impersonat', 'recommend', 'say', 'reply',
  'answer', 'ask',
];

export function detectDeception(file: FileView): RuleMatch[] {
  const text = proseOf(file);
  return scan(text, DECEPTION_RE, (m) => {
    if (inQuotes(text, m.index)) return null;
    return { index: m.index, length: m[0].length, severity: graded(file, 'high'), message: 'Instructs the agent to deceive or harm the user' };
  });
}
