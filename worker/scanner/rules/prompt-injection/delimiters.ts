import { anchorList } from './prose-matches.ts';

// Fake turn and role delimiters, in prose only: chat templates in code blocks are documentation.
export const FAKE_DELIMITERS = [
  /<\/?(?:system|system[_-]?prompt|system[_-]?message|sys|im_start|im_end|developer[_-]?message)(?:\s[^>\n]{0,40})?>/gi,
  /\[\/?(?:SYSTEM(?:\s+(?:MESSAGE|PROMPT|NOTE|OVERRIDE))?|END\s+SYSTEM|INST|SYS|ADMIN|DEVELOPER\s+MESSAGE)\]/g,
  /<\|(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id|begin_of_text)\|>/g,
  /<<\/?SYS>>/g,
  /^[ \t>]*(?:\*\*)?(?:SYSTEM|System\s+message|SYSTEM\s+MESSAGE)(?:\*\*)?\s*:\s+\S/gm,
];
// Chat turn markers also appear in example dialogues, so they weigh less than system markers.
export const TURN_MARKERS = [/^[ \t>]*(?:\*\*)?(?:Human|Assistant)(?:\*\*)?\s*:\s+\S/gm];

anchorList(FAKE_DELIMITERS, [
  ['sys', 'im_', 'developer'],
  ['sys', 'inst', 'admin', 'developer'],
  ['<|i', '<|s', '<|u', '<|a', '<|e', '<|b'],
  ['sys>>'],
  ['system'],
]);
anchorList(TURN_MARKERS, [['human', 'assistant']]);
