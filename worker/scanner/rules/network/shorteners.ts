// NET-05 URL shorteners (and IP-logging trackers) that hide where a link goes.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { graded, scanCapped as scan } from '../context.ts';
import { lineWindow, TRANSFER_VERB } from './shared.ts';

const SHORTENER_RE =
  /(?<![\w.-])(?:bit\.ly|bitly\.com|tinyurl\.com|t\.co|is\.gd|v\.gd|cutt\.ly|rb\.gy|shorturl\.at|goo\.gl|ow\.ly|buff\.ly|t\.ly|tiny\.cc|s\.id|rebrand\.ly|bl\.ink|shorte\.st|adf\.ly|lnkd\.in|qr\.ae|clck\.ru|u\.to|x\.gd|short\.io|tiny\.one|urlz\.fr|shorturl\.asia|2no\.co|iplogger\.(?:org|com)|grabify\.link)\/[\w-]{2,}/gi;
// The path slash is part of every match, which keeps two-letter hosts ("t.co/") selective.
export const SHORTENER_ANCHORS = [
  'bit.ly', 'bitly.com', 'tinyurl', 't.co/', 'is.gd', 'v.gd/', 'cutt.ly', 'rb.gy', 'shorturl', 'goo.gl', 'ow.ly', 'buff.ly',
  't.ly/', 'tiny.cc', 's.id/', 'rebrand.ly', 'bl.ink', 'shorte.st', 'adf.ly', 'lnkd.in', 'qr.ae', 'clck.ru', 'u.to/', 'x.gd/',
  'short.io', 'tiny.one', 'urlz.fr', '2no.co', 'iplogger', 'grabify',
];

export function detectShortener(file: FileView): RuleMatch[] {
  const text = file.text;
  return scan(text, SHORTENER_RE, (m) => {
    const line = lineWindow(text, m.index, m[0].length);
    const tracker = /iplogger|grabify/i.test(m[0]);
    const severity: Severity = tracker || TRANSFER_VERB.test(line) ? 'high' : 'medium';
    return { index: m.index, length: m[0].length, severity: graded(file, severity), message: `Shortened link ${m[0]} hides its destination` };
  });
}
