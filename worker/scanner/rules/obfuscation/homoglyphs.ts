// OBF-04 homoglyphs: Latin words with Cyrillic or Greek look-alike letters, and runs of stylised
// (mathematical or full-width) letters.
import type { FileView, RuleMatch } from '../../types.ts';
import { normaliseForMatching } from '../../normalise.ts';
import { execRegex, onePerLine, testRegex } from '../context.ts';
import { codePoint, rawLines, textOffset } from './shared.ts';

// Cyrillic and Greek letters that render like Latin ones. Non-look-alikes (Greek mu, delta,
// lambda) are common in technical prose ("μs", "Δx") and do not count.
const LOOKALIKE = /[\u0430\u0435\u043E\u0440\u0441\u0443\u0445\u0456\u0458\u0455\u0501\u051B\u051D\u04BB\u0410\u0412\u0415\u041A\u041C\u041D\u041E\u0420\u0421\u0422\u0425\u0406\u0408\u0405\u0391\u0392\u0395\u0396\u0397\u0399\u039A\u039C\u039D\u039F\u03A1\u03A4\u03A5\u03A7\u03BF\u03B1\u03BD\u03B9\u03BA\u03C1\u03C5\u0585\u0578\u057D]/u;
const WORD = /[\p{L}\p{M}\p{N}_]{3,64}/gu;
const LATIN = /\p{Script=Latin}/gu;
const OTHER_LETTER = /[\p{L}](?<!\p{Script=Latin})/gu;
// Mathematical alphanumerics and full-width letters: NFKC folds them to ASCII for matching, but a
// run of them hides words from plain-text filters.
const STYLISED_RUN = /[\u{1D400}-\u{1D7FF}\uFF21-\uFF3A\uFF41-\uFF5A]{4,}/gu;

export function homoglyphMatches(file: FileView): RuleMatch[] {
  const out: RuleMatch[] = [];
  const text = file.text;
  if (testRegex(LOOKALIKE, text)) {
    WORD.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = execRegex(WORD, text)) !== null) {
      const word = m[0];
      if (/^[\x00-\x7F]*$/.test(word) || !LOOKALIKE.test(word)) continue;
      const latin = word.match(LATIN)?.length ?? 0;
      const others = word.match(OTHER_LETTER) ?? [];
      if (latin < 2 || others.length === 0 || !others.every((c) => LOOKALIKE.test(c))) continue;
      if (others.length > latin) continue; // a Cyrillic or Greek word with a Latin letter in it
      const foreign = [...new Set(others)].map((c) => `${c} ${codePoint(c)}`).join(', ');
      const before = file.text.slice(Math.max(0, m.index - 200), m.index);
      const inUrl = /:\/\/\S*$/.test(before) || /(?:^|\n)name:[^\n]*$/.test(before);
      out.push({
        index: m.index,
        length: word.length,
        severity: inUrl ? 'high' : undefined,
        message: `Mixed-script word "${word}" uses look-alike letters (${foreign})`,
      });
      if (out.length >= 20) break;
    }
  }
  if (testRegex(/[\u{1D400}-\u{1D7FF}\uFF21-\uFF5A]/u, file.raw)) {
    for (const line of rawLines(file)) {
      STYLISED_RUN.lastIndex = 0;
      const s = STYLISED_RUN.exec(line.raw);
      if (!s) continue;
      out.push({
        index: textOffset(line, s.index),
        length: normaliseForMatching(s[0]).length,
        severity: 'low',
        message: `Stylised letters spell "${normaliseForMatching(s[0])}" outside plain text`,
      });
      if (out.length >= 20) break;
    }
  }
  return onePerLine(file, out.sort((a, b) => a.index - b.index));
}
