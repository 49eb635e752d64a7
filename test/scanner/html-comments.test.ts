// HTML comments found once per file and looked up by offset: the same "inside" answer at every
// offset as reading the text from its start.
import { describe, expect, it } from 'vitest';
import { htmlCommentsIn, insideHtmlComment } from '../../worker/scanner/html-comments.ts';
import { makeFileView } from '../../worker/scanner/file-view.ts';

/**
 * Read from the start for each offset: a comment opens at `<!--` and ends at the first `-->` after
 * it; a `<!--` inside a comment opens nothing ("<!-- a <!--->" is one comment).
 */
function insideByReading(text: string, offset: number): boolean {
  let pos = 0;
  for (;;) {
    const open = text.indexOf('<!--', pos);
    if (open < 0 || open + 4 > offset) return false;
    const close = text.indexOf('-->', open + 4);
    if (close < 0 || offset < close + 3) return true;
    pos = close + 3;
  }
}

describe('HTML comments', () => {
  it('lists closed comments in order and an unclosed one last', () => {
    const text = 'a <!-- one --> b <!-- two <!-- nested? --> c <!-- open';
    expect(htmlCommentsIn(text).map((c) => [text.slice(c.start, c.start + 4), c.closed])).toEqual([
      ['<!--', true],
      ['<!--', true],
      ['<!--', false],
    ]);
    expect(htmlCommentsIn('no comments here')).toEqual([]);
  });

  it('answers inside or not like a direct reading, at every offset of random texts', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pieces = ['<!--', '-->', '<!-', '->', 'x', ' ', '\n', '-', '<', '!'];
    for (let round = 0; round < 200; round++) {
      let text = '';
      const n = 1 + Math.floor(random() * 30);
      for (let i = 0; i < n; i++) text += pieces[Math.floor(random() * pieces.length)];
      const file = makeFileView('notes.md', text, '');
      for (let offset = 0; offset <= file.text.length; offset++) {
        expect(insideHtmlComment(file, offset), JSON.stringify([file.text, offset])).toBe(insideByReading(file.text, offset));
      }
    }
  });
});
