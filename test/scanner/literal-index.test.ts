// The literal index against a plain search: every occurrence of every literal, case-insensitive,
// for texts indexed on their own and for texts derived from another's index (a SKILL.md body with
// its front matter blanked), also after many indexes were built and their arrays reused.
import { describe, expect, it } from 'vitest';
import { foldUnit, literalIdsOf } from '../../worker/scanner/literal-registry.ts';
import { indexOfText, registerText, releaseTexts } from '../../worker/scanner/literal-index.ts';

const LITERALS = ['curl', 'url', 'rl', 'base64', 'eval', 'ev', 'token', 'tok', 'ssh', 'sh', '.env', 'env'];
const ids = literalIdsOf(LITERALS);

function fold(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += String.fromCharCode(foldUnit(s.charCodeAt(i)));
  return out;
}

/** Start offsets of a literal in a text, found one position at a time. */
function plainOccurrences(text: string, literal: string): number[] {
  const folded = fold(text);
  const out: number[] = [];
  for (let i = 0; i + literal.length <= folded.length; i++) if (folded.startsWith(literal, i)) out.push(i);
  return out;
}

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PIECES = ['curl', 'CuRl', 'url', 'r', 'l', 'base64', 'BASE', '64', 'eval', 'Ev', 'token', 'TOK', 'ssh', 'SH', 's', 'h', '.env', 'ENV', ' ', '\n', '-', 'x', 'é', '—'];

function randomText(next: () => number, pieces: number): string {
  let text = '';
  for (let i = 0; i < pieces; i++) text += PIECES[Math.floor(next() * PIECES.length)];
  return text;
}

function expectIndexMatches(text: string): void {
  const index = indexOfText(text)!;
  expect(index).toBeDefined();
  LITERALS.forEach((literal, k) => {
    const expected = plainOccurrences(text, literal);
    expect(Array.from(index.occurrences(ids[k])), `"${literal}" in ${JSON.stringify(text.slice(0, 80))}`).toEqual(expected);
    expect(index.has(ids[k])).toBe(expected.length > 0);
    expect(index.countOf(ids[k])).toBe(expected.length);
  });
}

describe('literal index', () => {
  it('finds every occurrence of every literal, case-insensitively, in texts of any size', () => {
    const next = random(7);
    for (let round = 0; round < 60; round++) {
      const text = randomText(next, 1 + Math.floor(next() * (round < 30 ? 40 : 2000)));
      registerText(text);
      expectIndexMatches(text);
      releaseTexts([text]);
    }
  });

  it('derives the index of a text from the index of the text it equals past an offset', () => {
    const next = random(11);
    for (let round = 0; round < 80; round++) {
      const text = randomText(next, 2 + Math.floor(next() * 300));
      const from = Math.floor(next() * text.length);
      // As a SKILL.md body: the part before `from` blanked, offsets kept.
      const body = text.slice(0, from).replace(/[^\n]/g, ' ') + text.slice(from);
      registerText(text);
      registerText(body, text, from);
      // Either order of first use: the derived index builds its base when needed.
      if (round % 2 === 0) expectIndexMatches(text);
      expectIndexMatches(body);
      if (round % 2 === 1) expectIndexMatches(text);
      releaseTexts([text, body]);
    }
  });

  it('a text without literals has an empty index, and the literals cut at the offset are not taken from the base', () => {
    const text = 'token: ssh curl eval';
    const body = ' '.repeat(8) + text.slice(8); // "token: s" blanked: "sh" starts in the kept part
    registerText(text);
    registerText(body, text, 8);
    expectIndexMatches(body);
    expect(Array.from(indexOfText(body)!.occurrences(ids[LITERALS.indexOf('ssh')]))).toEqual([]);
    expect(Array.from(indexOfText(body)!.occurrences(ids[LITERALS.indexOf('sh')]))).toEqual([8]);
    releaseTexts([text, body]);
    const plain = 'nothing to see here';
    registerText(plain);
    expectIndexMatches(plain);
    releaseTexts([plain]);
  });
});
