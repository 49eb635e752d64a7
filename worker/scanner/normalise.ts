// Text normalisation before matching: what a reader sees is what rules match. Invisible, bidi and
// tag characters are removed (their presence is itself reported by the obfuscation rules, which read
// the raw text), and NFKC folds full-width and stylised letters to plain ones. Done line by line so
// that line numbers stay those of the original file.

/** Zero-width, joiners, word joiner, invisible operators, BOM, soft hyphen, Mongolian vowel separator. */
export const INVISIBLE = /[\u200B-\u200F\u2060-\u2064\uFEFF\u00AD\u180E\u034F\u115F\u1160\u3164\uFFA0]/g;
/** Bidirectional embedding, override and isolate controls ("Trojan Source"). */
export const BIDI = /[\u202A-\u202E\u2066-\u2069]/g;
/** Unicode tag characters U+E0000-U+E007F, which mirror ASCII invisibly. */
export const TAG_CHARS = /[\u{E0000}-\u{E007F}]/gu;

const NON_ASCII = /[^\x00-\x7F]/g;

function normaliseLine(line: string): string {
  const out = line.replace(INVISIBLE, '').replace(BIDI, '').replace(TAG_CHARS, '').normalize('NFKC');
  // NFKC may turn a compatibility character into a line break look-alike; keep one line a line.
  return out.replace(/[\n\u2028\u2029]/g, ' ');
}

export function normaliseForMatching(raw: string): string {
  const text = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
  // Only lines that hold a non-ASCII character pay for the work: most lines are plain ASCII.
  NON_ASCII.lastIndex = 0;
  let m = NON_ASCII.exec(text);
  if (m === null) return text;
  let out = '';
  let done = 0;
  while (m !== null) {
    const start = text.lastIndexOf('\n', m.index) + 1;
    let end = text.indexOf('\n', m.index);
    if (end < 0) end = text.length;
    out += text.slice(done, start) + normaliseLine(text.slice(start, end));
    done = end;
    NON_ASCII.lastIndex = end;
    m = NON_ASCII.exec(text);
  }
  return out + text.slice(done);
}

/** The ASCII text hidden in tag characters (U+E0020-U+E007E map to ' '-'~'). */
export function decodeTagCharacters(raw: string): string {
  let out = '';
  for (const ch of raw) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xe0020 && cp <= 0xe007e) out += String.fromCharCode(cp - 0xe0000);
  }
  return out;
}
