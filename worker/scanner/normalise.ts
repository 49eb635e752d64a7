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

export function normaliseForMatching(raw: string): string {
  const lines = raw.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    // Only lines that need it pay for the work: most lines are plain ASCII.
    if (/[^\x00-\x7F]/.test(line)) {
      line = line.replace(INVISIBLE, '').replace(BIDI, '').replace(TAG_CHARS, '').normalize('NFKC');
      // NFKC may turn a compatibility character into a line break look-alike; keep one line a line.
      line = line.replace(/[\n\u2028\u2029]/g, ' ');
    }
    lines[i] = line;
  }
  return lines.join('\n');
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
