// Line starts of a text, built once and shared: FileView turns offsets into line and column with
// them, and rules ask for the line around a match ("the rest of the line": comments, warnings,
// what a command is piped into) once per match. A search either way from each match instead made
// every match on a file of one long line cost thousands of characters.
import { lowerBound } from './lower-bound.ts';

/** How far either way a line counts: a 1 MB single-line file is not one "line" to a rule. */
export const LINE_WINDOW = 2000;

interface LineTable {
  text: string;
  starts: Int32Array;
}

// The texts asked about most recently: rules alternate between a file's text and its body (the
// same text with the front matter blanked), so one entry would be rebuilt at every switch.
const RECENT = 4;
const recent: LineTable[] = [];

function startsOf(text: string): Int32Array {
  let count = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  const starts = new Int32Array(count);
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts[n++] = i + 1;
  return starts;
}

/** The offsets where the text's lines start (0 first), kept for the texts asked about most recently. */
export function lineStartsOf(text: string): Int32Array {
  for (let i = 0; i < recent.length; i++) {
    // Identity first: different texts of one length (a file's text and body) compare quickly
    // only because they differ early; the same string object compares at once.
    if (recent[i].text === text) return recent[i].starts;
  }
  const table = { text, starts: startsOf(text) };
  if (recent.length === RECENT) recent.pop();
  recent.unshift(table);
  return table.starts;
}

/** The index in `starts` of the line holding `offset`: the last line start at or before it. */
export function lineIndexAt(starts: Int32Array, offset: number): number {
  return lowerBound(starts, 0, starts.length, offset + 1) - 1;
}

/**
 * The start and end offsets of the line holding `index` (the end is the newline's offset),
 * looking at most LINE_WINDOW characters either way: past that the window's edge stands for the
 * line's.
 */
export function lineBounds(text: string, index: number): { start: number; end: number } {
  const starts = lineStartsOf(text);
  const line = lineIndexAt(starts, Math.max(0, index));
  const lineStart = starts[line];
  const newline = line + 1 < starts.length ? starts[line + 1] - 1 : -1;
  const from = Math.max(0, index - LINE_WINDOW);
  // The line start counts only when it lies within the window behind `index`.
  const start = lineStart >= from && lineStart <= index ? lineStart : from;
  const end = newline >= index && newline < index + LINE_WINDOW ? newline : Math.min(text.length, index + LINE_WINDOW);
  return { start, end };
}

/** The text of the line holding `index`, within the same window as lineBounds. */
export function lineText(text: string, index: number): string {
  const { start, end } = lineBounds(text, index);
  return text.slice(start, end);
}

/** The offset where the `count`-th line before the one holding `from` starts (0 when it has fewer). */
export function startOfLinesBefore(text: string, from: number, count: number): number {
  let start = from;
  for (let i = 0; i < count && start > 0; i++) start = text.lastIndexOf('\n', start - 2) + 1;
  return start;
}

/** The offset where the `count`-th line break after `from` ends (the text's end when it has fewer). */
export function endOfLinesAfter(text: string, from: number, count: number): number {
  let to = from;
  for (let i = 0; i < count && to < text.length; i++) {
    const next = text.indexOf('\n', to + 1);
    to = next < 0 ? text.length : next;
  }
  return to;
}
