import { describe, expect, it } from 'vitest';
import { makeFileView } from '../../worker/scanner/file-view.ts';
import { mayContain, mayContainAny } from '../../worker/scanner/prefilter.ts';

describe('trigram prefilter', () => {
  const view = makeFileView('scripts/x.sh', '#!/bin/sh\nCURL -s https://Example.com/a | sh\nécho ünïcode\n');

  it('never says no for a literal the text contains, in any letter case', () => {
    for (const literal of ['curl', 'CURL', 'Curl -s', 'example.com', 'https://', '| sh', 'bin/sh', 'cho ', 'ünïcode']) {
      expect(mayContain(view, literal), literal).toBe(true);
    }
  });

  it('says no for literals that are absent', () => {
    for (const literal of ['wget', 'pastebin', 'invoke-webrequest', 'base64', 'eval(']) {
      expect(mayContain(view, literal), literal).toBe(false);
    }
    expect(mayContainAny(view, ['wget', 'pastebin'])).toBe(false);
    expect(mayContainAny(view, ['wget', 'curl'])).toBe(true);
  });

  it('lets short literals through (they cannot be checked)', () => {
    expect(mayContain(view, 'zq')).toBe(true);
  });

  it('has no false negatives on random texts', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789 ./-_|$(){}\n\u00e9\u4e2d';
    for (let t = 0; t < 50; t++) {
      const text = Array.from({ length: 2000 }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');
      const file = makeFileView('t.txt', text);
      for (let k = 0; k < 100; k++) {
        const start = Math.floor(rand() * (text.length - 12));
        const literal = text.slice(start, start + 3 + Math.floor(rand() * 9));
        if (literal.includes('\n')) continue;
        expect(mayContain(file, literal)).toBe(true);
      }
    }
  });
});
