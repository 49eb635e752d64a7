import type { FileView, RuleMatch } from '../../types.ts';
import { proseOf } from '../match.ts';
import { graded, inQuotes, scanCapped as scan, sentenceAround } from '../context.ts';

// TPA-03 tool precedence coercion

const PRECEDENCE_RE = new RegExp(
  [
    String.raw`\balways\s+(?:use|call|run|invoke|prefer|select|choose)\s+this\s+(?:tool|skill|function|server|plugin|mcp)\b[^.\n]{0,60}?\b(?:first|before|instead|over|rather than|for (?:all|every|any))\b`,
    String.raw`\b(?:before|prior to)\s+(?:using|calling|invoking|running|trying)\s+any\s+other\s+(?:tools?|skills?|functions?|servers?)\b`,
    String.raw`\b(?:you|the (?:assistant|agent|model|ai))\s+(?:must|shall|should)\s+(?:always\s+)?(?:use|call|invoke|run)\s+this\s+(?:tool|skill|function)\s+(?:first|before|for (?:all|every|any)|instead)`,
    String.raw`\b(?:takes?|has|have|gets?|given)\s+(?:absolute\s+|highest\s+|top\s+)?(?:priority|precedence)\s+over\s+(?:all|any|every|other)\b[^.\n]{0,30}\b(?:tools?|skills?|functions?|instructions?|servers?)`,
    String.raw`\b(?:do\s+not|don'?t|never)\s+use\s+(?:any\s+)?(?:other|another|the built-in|built-in|native|default)\s+(?:tools?|skills?|functions?|servers?)\b[^.\n]{0,40}\b(?:only|except|instead|but this)\b`,
    String.raw`\buse\s+(?:only\s+)?this\s+(?:tool|skill)\s+(?:for|on|with)\s+(?:every|all|any)\s+(?:requests?|tasks?|messages?|queries|questions?|prompts?|files?|operations?)\b`,
    String.raw`\b(?:replaces?|supersedes?|overrides?)\s+(?:the\s+)?(?:built-in|default|native|standard|existing)\s+[\w-]{2,30}\s+(?:tool|command|function)\b`,
  ].join('|'),
  'gi',
);
// Per branch: always / other / must-shall-should / priority / built-in... / the target nouns / replace...
export const PRECEDENCE_ANCHORS = [
  'always', 'other', 'must', 'shall', 'should', 'priority', 'precedence', 'built-in', 'native', 'default',
  'request', 'task', 'message', 'queries', 'question', 'prompt', 'file', 'operation', 'replace', 'supersede', 'override',
];

export function detectPrecedence(file: FileView): RuleMatch[] {
  const text = proseOf(file);
  return scan(text, PRECEDENCE_RE, (m) => {
    // Documentation that quotes such phrasing as an example of what (not) to write.
    if ((file.isDocumentation && file.inCode(m.index)) || inQuotes(text, m.index)) return null;
    // "Always use this skill first" is eager triggering; pushing every other tool aside is poisoning.
    const exclusive = /\b(any|all|every|other|another|instead|over|rather than|priority|precedence|replace|supersede|override|built-in|native|default)\b/i.test(
      sentenceAround(text, m.index, m[0].length, 200),
    );
    return { index: m.index, length: m[0].length, severity: graded(file, exclusive ? 'high' : 'medium') };
  });
}
