// SOC-06 urgency and fear banners: alarm banners next to urgent words, and urgency or fear
// wording.
import type { FileView, RuleMatch } from '../../types.ts';
import { proseOf } from '../match.ts';
import { nearby, scanCapped as scan } from '../context.ts';

const BANNER_RE = /[\u2550\u2554\u2557\u255A\u255D\u2551\u2500\u2501\u2588]{8,}/g;
const URGENT_WORDS = /\b(CRITICAL|MANDATORY|REQUIRED|URGENT|IMMEDIATELY|WILL NOT WORK|BEFORE USING|WITHOUT COMPLETING|DO NOT SKIP)\b/;
const URGENCY_RE =
  /\b(?:ACT NOW|LAST CHANCE|FINAL WARNING|IMMEDIATE ACTION REQUIRED)\b|\byour\s+(?:account|access|wallet|subscription|license|api\s+key)\s+will\s+be\s+(?:suspended|locked|terminated|deleted|revoked|disabled|banned)\b|\bfailure\s+to\s+(?:comply|complete|install|run)\b[^.\n]{0,60}?\bwill\s+(?:result|cause|lead)\b|\bwithin\s+(?:the\s+next\s+)?\d{1,2}\s+(?:hours|minutes)\s+or\b/g;

export function detectUrgency(file: FileView): RuleMatch[] {
  const text = proseOf(file);
  const out: RuleMatch[] = [];
  scan(text, BANNER_RE, (m) => {
    if (out.length >= 2) return null;
    if (URGENT_WORDS.test(nearby(text, m.index, 240))) out.push({ index: m.index, length: m[0].length, severity: 'low', message: 'Alarm banner pressing the reader to act' });
    // Skip the rest of this banner block.
    BANNER_RE.lastIndex = Math.min(text.length, Math.max(BANNER_RE.lastIndex, m.index + 600));
    return null;
  });
  out.push(...scan(text, URGENCY_RE, (m) => ({ index: m.index, length: m[0].length, severity: 'low', message: 'Urgency or fear wording' }), 2));
  return out;
}
