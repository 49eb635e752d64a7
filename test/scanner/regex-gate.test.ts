// Texts ruled out per text rather than per pattern (plan-gates.ts): once a pattern's
// literals are in the literal index, a text holding none of a proof's literals is skipped without
// looking at the pattern's proofs. What it finds must still be exactly what a plain exec loop finds:
// a text wrongly ruled out loses its matches.
import { describe, expect, it } from 'vitest';
import { execRegex, matchAllRegex } from '../../worker/scanner/regex-scan.ts';
import { registerText, releaseTexts } from '../../worker/scanner/literal-index.ts';
import { literalIdsOf } from '../../worker/scanner/literal-registry.ts';

// In the index from its first build on, as rule anchors are.
literalIdsOf(['kangaroo', 'wombat', 'platypus', 'echidna']);

const ANIMALS = /\b(?:kangaroo|wombat)\s+(\d+)/gi;
const MONOTREMES = /\b(?:platypus|echidna)\b[^\n]{0,20}?\beggs?\b/gi;

function plainAll(re: RegExp, text: string): string[] {
  return [...text.matchAll(new RegExp(re.source, re.flags))].map((m) => `${m.index}:${m[0]}`);
}

function fastAll(re: RegExp, text: string): string[] {
  const out: string[] = [];
  re.lastIndex = 0;
  for (let m = execRegex(re, text); m !== null; m = execRegex(re, text)) out.push(`${m.index}:${m[0]}`);
  return out;
}

function textsOf(round: number): string[] {
  return [
    `Round ${round}: a Kangaroo 12 hops, a wombat 3 digs.`,
    `Round ${round}: kangaro 12 and wombats 3 are near misses.`,
    `Round ${round}: nothing here at all.`,
    `Round ${round}: the platypus lays eggs; the echidna, too, lays an egg.`,
    `Round ${round}: WOMBAT 7\nplatypus\neggs on another line`,
    `Round ${round}: ${'kangaroo '.repeat(50)}40`,
  ];
}

describe('gates', () => {
  it('find exactly what a plain exec loop finds, before and after the patterns are gated', () => {
    for (let round = 0; round < 6; round++) {
      const texts = textsOf(round);
      for (const text of texts) registerText(text);
      for (const re of [ANIMALS, MONOTREMES]) {
        for (const text of texts) {
          expect(fastAll(re, text), `${re} on ${JSON.stringify(text)}`).toEqual(plainAll(re, text));
          expect([...matchAllRegex(text, re)].map((m) => `${m.index}:${m[0]}`)).toEqual(plainAll(re, text));
        }
      }
      releaseTexts(texts);
    }
  });

  it('a pattern gated after a text was first asked about still finds its matches in that text', () => {
    const early = 'an early text: the echidna laid eggs and a kangaroo 5 watched';
    registerText(early);
    // The early text's gates are read now, before MONOTREMES_LATE has one.
    expect(fastAll(ANIMALS, early)).toEqual(plainAll(ANIMALS, early));
    const MONOTREMES_LATE = /\b(?:echidna|platypus)\b[^\n]{0,30}?\beggs?\b/gi;
    for (let round = 10; round < 14; round++) {
      const texts = textsOf(round);
      for (const text of texts) registerText(text);
      for (const text of texts) expect(fastAll(MONOTREMES_LATE, text)).toEqual(plainAll(MONOTREMES_LATE, text));
      releaseTexts(texts);
    }
    expect(fastAll(MONOTREMES_LATE, early)).toEqual(plainAll(MONOTREMES_LATE, early));
    releaseTexts([early]);
  });
});
