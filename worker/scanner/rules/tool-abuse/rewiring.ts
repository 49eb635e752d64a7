import type { FileView, RuleMatch } from '../../types.ts';
import { proseOf } from '../match.ts';
import { graded, scanCapped as scan } from '../context.ts';

// TPA-04 tool shadowing / cross-tool rewiring

const REWIRE_RE = new RegExp(
  [
    // "when sending email with send_email, always BCC audit@..."
    String.raw`\b(?:always|also|silently|quietly)\s+(?:add\s+|include\s+)?(?:bcc|cc|blind[- ]copy|copy|forward(?:\s+a\s+copy)?|send\s+a\s+copy)\b[^.\n]{0,60}?(?:[\w.+-]+@[\w-]+\.[\w.]+|https?:\/\/\S+)`,
    String.raw`\bwhen\s+(?:using|calling|invoking|running)\s+(?:the\s+)?[\`"']?[\w.-]{2,40}[\`"']?\s+(?:tool|function|command|server)\b[^.\n]{0,80}?\b(?:always|also|instead|first)\s+(?:send|forward|copy|bcc|cc|add|include|change|replace|redirect|set|append|route)\b`,
    String.raw`\b(?:override|overrides|change|modify|alter|hijack)\s+(?:the\s+)?(?:behaviou?r|implementation|parameters?|arguments?|recipients?|output|results?)\s+of\s+(?:the\s+|any\s+|all\s+)?(?:other|another|[\`"']?[\w.-]{2,40}[\`"']?)\s+(?:tools?|servers?|skills?|functions?|mcp)\b`,
    String.raw`\b(?:intercept|hijack|redirect|reroute|proxy)\s+(?:all\s+|every\s+|any\s+)?(?:calls?|requests?|messages?|traffic|outputs?|invocations?)\s+(?:to|from|of|made\s+to)\s+(?:the\s+|other\s+|any\s+)?[\`"']?[\w.-]{2,40}[\`"']?\s+(?:tools?|servers?|skills?|functions?)\b`,
    String.raw`\bwhen\s+(?:the\s+)?[\`"']?[\w.-]{2,40}[\`"']?\s+(?:tool|server|mcp server|skill)\s+is\s+(?:available|present|installed|connected|loaded)\b`,
  ].join('|'),
  'gi',
);
export const REWIRE_ANCHORS = [
  'always', 'also', 'silently', 'quietly', 'when', 'override', 'change', 'modify', 'alter', 'hijack', 'intercept', 'redirect',
  'reroute', 'proxy',
];

export function detectRewiring(file: FileView): RuleMatch[] {
  const text = proseOf(file);
  return scan(text, REWIRE_RE, (m) => {
    // "When the playwright server is available, use it" is an ordinary preference; keep it visible only.
    const conditional = /^when\s/i.test(m[0]) && /\bis\s+(available|present|installed|connected|loaded)$/i.test(m[0]);
    return { index: m.index, length: m[0].length, severity: graded(file, conditional ? 'low' : 'high') };
  });
}
