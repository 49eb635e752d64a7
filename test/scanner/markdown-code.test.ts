// Markdown code ranges (FileView.inCode) are found in one pass over the file; this checks them
// against the straightforward search that looks for inline code segment by segment.
import { describe, expect, it } from 'vitest';
import { makeFileView } from '../../worker/scanner/file-view.ts';

/** Fenced blocks and inline `code`, each prose segment searched on its own. */
function referenceRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  const inline = (from: number, to: number) => {
    const re = /`[^`\n]+`/g;
    re.lastIndex = from;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null && m.index < to) {
      if (m.index + m[0].length > to) break;
      ranges.push([m.index, m.index + m[0].length]);
    }
  };
  const fence = /^[ \t]*(`{3,}|~{3,})/gm;
  let proseFrom = 0;
  let open = -1;
  let marker = '';
  let m: RegExpExecArray | null;
  while ((m = fence.exec(text)) !== null) {
    const lineEnd = text.indexOf('\n', m.index);
    const end = lineEnd < 0 ? text.length : lineEnd;
    if (open < 0) {
      inline(proseFrom, m.index);
      open = m.index;
      marker = m[1][0];
    } else if (m[1][0] === marker) {
      ranges.push([open, end]);
      open = -1;
      proseFrom = end;
    }
    fence.lastIndex = end;
  }
  if (open >= 0) ranges.push([open, text.length]);
  else inline(proseFrom, text.length);
  return ranges;
}

const PIECES = ['Use `npm test` here.\n', '```bash\nrm -rf x\n```\n', '~~~\ncode ` tick\n~~~\n', 'a `b\nc` d\n', '``` \n', 'plain words\n', '`x` `y`\n', '~~~~\n', '````\n'];

/** Deterministic mixes of the pieces, including unclosed and mismatched fences. */
function samples(): string[] {
  const out: string[] = [];
  let seed = 7;
  for (let n = 0; n < 200; n++) {
    let text = '';
    const count = 1 + (n % 12);
    for (let i = 0; i < count; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      text += PIECES[seed % PIECES.length];
    }
    out.push(text);
  }
  out.push('```\n' + 'x\n```\n'.repeat(50) + 'no code here at all '.repeat(20));
  return out;
}

describe('markdown code ranges', () => {
  it('match the segment-by-segment search at every offset', () => {
    for (const text of samples()) {
      const view = makeFileView('guide.md', text);
      const ranges = referenceRanges(text);
      for (let offset = 0; offset <= text.length; offset++) {
        const expected = ranges.some(([start, end]) => offset >= start && offset < end);
        expect(view.inCode(offset), `${JSON.stringify(text)} @${offset}`).toBe(expected);
      }
    }
  });
});
