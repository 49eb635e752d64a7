// HTML comments of a text: where markdown hides text from its reader. The obfuscation rules read
// what the comments say; documentation context leaves whatever lies inside one at full weight.
import type { FileView } from './types.ts';
import { lowerBound } from './lower-bound.ts';

export interface HtmlComment {
  /** Offset of `<!--`. */
  start: number;
  /** Offset of the closing `-->`; the text's length when the comment never closes. */
  close: number;
  closed: boolean;
}

/** The comments of a text in order; one left open runs to the end and is the last. */
export function htmlCommentsIn(text: string): HtmlComment[] {
  const out: HtmlComment[] = [];
  let pos = 0;
  for (;;) {
    const start = text.indexOf('<!--', pos);
    if (start < 0) return out;
    const close = text.indexOf('-->', start + 4);
    if (close < 0) {
      out.push({ start, close: text.length, closed: false });
      return out;
    }
    out.push({ start, close, closed: true });
    pos = close + 3;
  }
}

// Per file, found once: a finding asks for every hit, and a long line can hold thousands.
const commentsOfFile = new WeakMap<FileView, { comments: HtmlComment[]; starts: Int32Array }>();

/**
 * True when `offset` lies inside an HTML comment of the file's text (its `-->` included). In
 * markdown, a comment that opens inside a code block or span is shown as written: an HTML example,
 * not hidden text.
 */
export function insideHtmlComment(file: FileView, offset: number): boolean {
  let found = commentsOfFile.get(file);
  if (!found) {
    const markdown = file.kind === 'skill-md' || file.kind === 'markdown';
    const comments = htmlCommentsIn(file.text).filter((c) => !markdown || !file.inCode(c.start));
    found = { comments, starts: Int32Array.from(comments, (c) => c.start) };
    commentsOfFile.set(file, found);
  }
  // The last comment starting at or before the offset.
  const k = lowerBound(found.starts, 0, found.starts.length, offset + 1) - 1;
  if (k < 0) return false;
  const comment = found.comments[k];
  return offset > comment.start + 3 && (!comment.closed || offset < comment.close + 3);
}
