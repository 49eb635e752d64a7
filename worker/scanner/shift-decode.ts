// A shift is the other cheap cipher over character codes: `"".join(chr(c - 3) for c in CODES)`,
// `codes.map(c => String.fromCharCode(c + 7))`, `(c - 5).chr`. A list of codes that reads as text
// only after a shift the same file applies next to such a call is decoded with that shift, so the
// command it hides is scanned like any other decoded payload. Only shifts the file spells out are
// tried, and one only wins when its result reads more like words than the codes as they are.
import { wordiness } from './xor-decode.ts';

// Calls that turn numbers into characters or bytes, and the one-operand shift beside them.
const CODE_CALL = /\b(?:chr|unichr|fromCharCode|fromCodePoint|Chr|ChrW|char|bytes|bytearray|pack|rune|byte)\s*\(|\.chr\b|\[char\]/g;
const SHIFTED_OPERAND = /(?:^|[^\w$.])[A-Za-z_$][\w$]{0,40}(?:\[[^\]\n]{0,20}\])?\)?[ \t]{0,4}([+-])[ \t]{0,4}(\d{1,3})(?![\w.])/;
const MAX_CALLS = 200;
const MAX_SHIFTS = 8;
const HEAD = 64;

/** The shifts (added to each code) that the file applies next to a code-to-character call. */
export function shiftCandidates(text: string): number[] {
  const shifts = new Set<number>();
  let calls = 0;
  CODE_CALL.lastIndex = 0;
  for (let m = CODE_CALL.exec(text); m && calls < MAX_CALLS && shifts.size < MAX_SHIFTS; m = CODE_CALL.exec(text), calls++) {
    // Ruby writes the shift before the call: `(c - 5).chr`.
    const around = m[0] === '.chr' ? text.slice(Math.max(0, m.index - 60), m.index).split('\n').pop()! : text.slice(m.index + m[0].length, m.index + m[0].length + 80).split('\n')[0];
    const shifted = SHIFTED_OPERAND.exec(around);
    if (!shifted) continue;
    const amount = Number(shifted[2]);
    if (amount > 0 && amount < 256) shifts.add(shifted[1] === '-' ? -amount : amount);
  }
  return [...shifts];
}

function shiftedWordiness(codes: readonly number[], shift: number): number {
  const length = Math.min(codes.length, HEAD);
  let printable = 0;
  for (let i = 0; i < length; i++) {
    const c = codes[i] + shift;
    if (c === 9 || c === 10 || c === 13 || (c >= 32 && c < 127)) printable++;
  }
  if (length === 0 || printable < 0.95 * length) return -1;
  let s = '';
  for (let i = 0; i < length; i++) s += String.fromCharCode(codes[i] + shift);
  return wordiness(s);
}

/** The shift among `shifts` whose result reads most like text, better than `baseline`; else undefined. */
export function pickShift(codes: readonly number[], shifts: readonly number[], baseline: number): number | undefined {
  let best: number | undefined;
  let bestScore = baseline;
  for (const shift of shifts) {
    const score = shiftedWordiness(codes, shift);
    if (score > bestScore) {
      best = shift;
      bestScore = score;
    }
  }
  return best;
}

export function applyShift(codes: readonly number[], shift: number): string {
  let out = '';
  for (const c of codes) out += String.fromCharCode(Math.max(0, c + shift));
  return out;
}
