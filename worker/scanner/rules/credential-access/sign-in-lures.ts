// CRED-11, sign-in lures: "open <link> and sign in with your password and the 6-digit code, or your
// account will be locked today". Pages a skill links for signing in collect what is typed there, so
// the link, the secrets asked for and the deadline together are the shape of credential phishing;
// a sign-in page of a well-known provider, or the same words without a deadline, are ordinary.
import type { FileView, RuleMatch } from '../../types.ts';
import { findAll } from '../match.ts';
import { hostOf, WELL_KNOWN_HOSTS } from '../hosts.ts';

const SIGN_IN_WITH_SECRET =
  /\b(?:sign\s*in|log\s*in|login|authenticate|re-?authenticate|verify\s+your\s+(?:identity|account)|confirm\s+your\s+(?:identity|account))\b[^\n]{0,160}?\b(?:password|passphrase|passcode|(?:\d-digit|one-time|authenticator|2fa|mfa|otp|verification|sms|security)\b[^\n]{0,20}?\bcodes?)\b/gi;
export const SIGN_IN_LURE_ANCHORS = ['sign', 'log', 'authenticate', 'verify', 'confirm'];
const URL_NEAR = /\bhttps?:\/\/([^\s'"`)<>\]]+)/g;
const DEADLINE =
  /\b(?:expires?|expired|expiring|will\s+be\s+(?:locked|suspended|disabled|deactivated|deleted|revoked|removed)|lose\s+access|locked\s+out|suspend(?:ed)?|deactivat(?:ed|ion)|within\s+\d+\s+(?:minutes?|hours?|days?)|by\s+(?:today|tonight|end\s+of\s+(?:day|today))|today\s+at\s+\d|immediately|right\s+away|urgent(?:ly)?|final\s+(?:notice|warning)|otherwise\b)/i;
// Words of sign-in pages and the providers they imitate; in the host of a page that is not the
// provider's own, they dress a collector up as one.
const IDENTITY_WORDS = /(?:^|[.-])(?:okta|sso|login|signin|auth|oauth|idp|adfs|accounts?|verify|secure|microsoft|microsoftonline|office365|outlook|azure|google|github|gitlab|apple|icloud|aws|amazon|slack|atlassian|onelogin|auth0|duo|ping)(?:$|[.-])/;

export function signInLureMatches(file: FileView, text: string): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const m of findAll(text, SIGN_IN_WITH_SECRET, undefined, 5)) {
    const paragraphStart = Math.max(text.lastIndexOf('\n\n', m.index) + 2, m.index - 400);
    const paragraphEnd = (() => {
      const end = text.indexOf('\n\n', m.index + m.length);
      return Math.min(end < 0 ? text.length : end, m.index + m.length + 400);
    })();
    const paragraph = text.slice(paragraphStart, paragraphEnd);
    const hosts = [...paragraph.matchAll(URL_NEAR)].slice(0, 5).map((u) => hostOf(u[1]));
    const host = hosts.find((h) => !WELL_KNOWN_HOSTS.test(h));
    if (host === undefined || !DEADLINE.test(paragraph)) continue;
    const dressed = IDENTITY_WORDS.test(host);
    out.push({
      ...m,
      severity: dressed ? 'critical' : 'high',
      message: dressed
        ? `Sends the user to sign in with a password or code at ${host}, a host dressed as a sign-in provider, under a deadline (credential phishing)`
        : `Sends the user to sign in with a password or code at ${host} under a deadline (credential phishing)`,
    });
  }
  return out;
}
