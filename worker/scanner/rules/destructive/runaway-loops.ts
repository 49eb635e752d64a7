// DES-09 infinite loops and unbounded retries: while-true loops in Python, JavaScript and shell
// whose body has no exit, wait or blocking call, and instructions to retry without any limit.
import type { FileView, RuleMatch } from '../../types.ts';
import { isCommentLine, warnedAgainst } from '../script-context.ts';
import { lineBounds } from '../../line-table.ts';
import { scan, testRegex } from '../context.ts';

const PY_WHILE_TRUE = /^([ \t]*)while\s+(?:True|1)\s*:[ \t]*(?:#.*)?$/gm;
const JS_LOOP_FOREVER = /\bwhile\s*\(\s*(?:true|1)\s*\)\s*\{|\bfor\s*\(\s*;\s*;\s*\)\s*\{/g;
const SH_LOOP_FOREVER = /\bwhile\s+(?:true|:|\[\s*1\s*\])\s*;?\s*(?:\n\s*)?do\b/g;
const LOOP_EXIT =
  /\b(?:break|return|raise|throw|yield|await|exit|sys\.exit|os\._exit|process\.exit|sleep|time\.sleep|asyncio\.sleep|wait|input|readline|read|recv|accept|select|poll|get|join|next|setTimeout|Atomics\.wait|done)\b/;
const RETRY_FOREVER_PROSE =
  /\b(?:retry|retries|re-?run|repeat|loop|try\s+again|keep\s+(?:trying|retrying|calling|running|going))\b[^.\n]{0,60}\b(?:indefinitely|forever|endlessly|infinitely|without\s+(?:any\s+)?limit|no\s+matter\s+(?:what|how\s+many)|unlimited\s+times)\b|\bnever\s+stop\s+(?:retrying|trying|polling)\b|\b(?:retry|retries)\b[^.\n]{0,30}\b(?:no|without)\s+(?:a\s+)?(?:retry\s+)?(?:limit|cap|maximum)\b/gi;

const SECRET_TARGET = /\b(?:api[\s_-]?keys?|tokens?|secrets?|passwords?|credentials?|private\s+keys?|session\s+cookies?)\b/i;

function pythonLoopBody(text: string, headerEnd: number, indent: number): string {
  const lines: string[] = [];
  let offset = headerEnd + 1;
  while (offset < text.length && lines.length < 40) {
    const end = text.indexOf('\n', offset);
    const line = text.slice(offset, end < 0 ? text.length : end);
    if (line.trim() !== '') {
      const lead = line.length - line.trimStart().length;
      if (lead <= indent) break;
      lines.push(line);
    }
    if (end < 0) break;
    offset = end + 1;
  }
  return lines.join('\n');
}

/** True when a `while True` sits directly in a `try:` block (an exception ends it). */
function insideTry(text: string, lineStart: number, indent: number): boolean {
  let cursor = lineStart - 1;
  for (let i = 0; i < 6 && cursor > 0; i++) {
    const { start, end } = lineBounds(text, cursor);
    const line = text.slice(start, end);
    cursor = start - 1;
    if (line.trim() === '') continue;
    const lead = line.length - line.trimStart().length;
    if (lead < indent) return /^\s*try\s*:/.test(line);
  }
  return false;
}

function braceBody(text: string, open: number, limit = 3000): string {
  let depth = 0;
  const end = Math.min(text.length, open + limit);
  for (let i = open; i < end; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1, end);
}

export function detectRunawayLoop(file: FileView): RuleMatch[] {
  const text = file.text;
  const found: RuleMatch[] = [];
  const tight = (m: RegExpExecArray, body: string): RuleMatch | null => {
    if (testRegex(LOOP_EXIT, body)) return null;
    return {
      index: m.index,
      length: m[0].length,
      severity: isCommentLine(file, m.index) ? 'low' : 'high',
      message: 'Infinite loop with no exit, wait or blocking call: it spins until killed',
    };
  };
  if (file.kind === 'script' && file.language === 'python') {
    found.push(
      ...scan(text, PY_WHILE_TRUE, (m) => {
        const indent = m[1].length;
        if (insideTry(text, m.index, indent)) return null;
        return tight({ ...m, index: m.index + indent } as RegExpExecArray, pythonLoopBody(text, m.index + m[0].length, indent));
      }),
    );
  } else if (file.kind === 'script' && file.language === 'js') {
    found.push(...scan(text, JS_LOOP_FOREVER, (m) => tight(m, braceBody(text, m.index + m[0].length - 1))));
  } else if (file.kind === 'script' && file.language === 'sh') {
    found.push(
      ...scan(text, SH_LOOP_FOREVER, (m) => {
        const done = text.indexOf('done', m.index + m[0].length);
        return tight(m, text.slice(m.index + m[0].length, done < 0 ? Math.min(text.length, m.index + 3000) : done));
      }),
    );
  }
  if (file.kind === 'skill-md' || file.kind === 'markdown' || file.kind === 'text') {
    const body = file.kind === 'skill-md' ? file.body : text;
    found.push(
      ...scan(body, RETRY_FOREVER_PROSE, (m) => {
        if ((file.kind !== 'text' && file.isNegated(m.index)) || warnedAgainst(file, m.index)) return null;
        // Retrying a tool "until the result contains the API key" is a runaway extraction loop.
        const { end } = lineBounds(body, m.index);
        const sentence = body.slice(m.index, Math.min(end, m.index + m[0].length + 120)).split(/[.!?](?:\s|$)/)[0];
        const secret = SECRET_TARGET.test(sentence);
        return {
          index: m.index,
          length: m[0].length,
          severity: secret ? 'high' : 'medium',
          message: secret ? 'Instruction to retry without limit until a secret or credential comes out' : 'Instruction to retry or loop without any limit',
        };
      }),
    );
  }
  return found;
}
