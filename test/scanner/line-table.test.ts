// lineBounds against the search it replaced: the last newline within LINE_WINDOW characters
// before the offset and the first within LINE_WINDOW after it, for short lines, lines longer than
// the window, offsets on newlines and at either end, and several texts asked about in turn.
import { describe, expect, it } from 'vitest';
import { LINE_WINDOW, lineBounds } from '../../worker/scanner/line-table.ts';

function searchedBounds(text: string, index: number): { start: number; end: number } {
  const from = Math.max(0, index - LINE_WINDOW);
  const back = text.slice(from, index).lastIndexOf('\n');
  const start = back < 0 ? from : from + back + 1;
  const ahead = text.slice(index, index + LINE_WINDOW).indexOf('\n');
  return { start, end: ahead < 0 ? Math.min(text.length, index + LINE_WINDOW) : index + ahead };
}

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Lines of random lengths: empty, short, about the window, and well past it. */
function randomText(next: () => number, lines: number): string {
  const lengths = [0, 1, 5, 80, LINE_WINDOW - 1, LINE_WINDOW, LINE_WINDOW + 1, 3 * LINE_WINDOW + 7];
  const out: string[] = [];
  for (let i = 0; i < lines; i++) out.push('x'.repeat(lengths[Math.floor(next() * lengths.length)]));
  return out.join('\n') + (next() < 0.5 ? '\n' : '');
}

describe('lineBounds', () => {
  it('agrees with a search either way on every offset of random texts', () => {
    const next = random(7);
    for (let t = 0; t < 20; t++) {
      const text = randomText(next, 1 + Math.floor(next() * 12));
      const wrong: string[] = [];
      for (let i = 0; i <= text.length; i++) {
        const got = lineBounds(text, i);
        const want = searchedBounds(text, i);
        if (got.start !== want.start || got.end !== want.end) wrong.push(`text ${t}, offset ${i}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
      }
      expect(wrong.slice(0, 5)).toEqual([]);
    }
  });

  it('answers for each of several texts asked about in turn', () => {
    const next = random(11);
    const texts = Array.from({ length: 7 }, () => randomText(next, 6));
    // Two texts of one length that differ only after their start, as a file's text and body do.
    texts.push('---\nname: a\n---\nbody\nmore', '   \n       \n---\nbody\nmore');
    for (let round = 0; round < 3; round++) {
      for (const text of texts) {
        for (let k = 0; k < 50; k++) {
          const i = Math.floor(next() * (text.length + 1));
          expect(lineBounds(text, i)).toEqual(searchedBounds(text, i));
        }
      }
    }
  });

  it('finds the line of a one-line text and of a text of empty lines', () => {
    expect(lineBounds('abc', 1)).toEqual({ start: 0, end: 3 });
    expect(lineBounds('\n\n\n', 1)).toEqual({ start: 1, end: 1 });
    expect(lineBounds('', 0)).toEqual({ start: 0, end: 0 });
  });
});
