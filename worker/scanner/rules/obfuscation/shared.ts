// Raw lines and their offsets in `text`, and the helpers that measure and clip decoded text, shared
// by the obfuscation detectors.
//
// Hidden-character rules read `file.raw` (the matching text has those characters removed) and map
// positions back to `text`, whose lines are the lines of the original file.
import type { FileView } from '../../types.ts';
import { normaliseForMatching } from '../../normalise.ts';

export interface RawLine {
  raw: string;
  textStart: number;
}

const rawLineCache = new WeakMap<FileView, RawLine[]>();

export function rawLines(file: FileView): RawLine[] {
  const cached = rawLineCache.get(file);
  if (cached) return cached;
  const raws = file.raw.replace(/\r\n?/g, '\n').split('\n');
  const texts = file.text.split('\n');
  const lines: RawLine[] = [];
  let offset = 0;
  for (let i = 0; i < raws.length; i++) {
    lines.push({ raw: raws[i], textStart: offset });
    offset += (texts[i] ?? '').length + 1;
  }
  rawLineCache.set(file, lines);
  return lines;
}

/** Offset in `text` of a position inside a raw line. */
export function textOffset(line: RawLine, rawColumn: number): number {
  return line.textStart + normaliseForMatching(line.raw.slice(0, rawColumn)).length;
}

export function codePoint(ch: string): string {
  return 'U+' + ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
}

export function printable(s: string): number {
  if (!s) return 0;
  let ok = 0;
  for (const ch of s) if (/[\x20-\x7E\n\t]/.test(ch) || /\p{L}/u.test(ch)) ok++;
  return ok / [...s].length;
}

export function clip(s: string, n = 200): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > n ? t.slice(0, n - 1) + '…' : t;
}
