// NET-07 password-protected archive lures: a download to be extracted with a given password.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { graded, nearby, scanCapped as scan } from '../context.ts';

// The value must be presented as a credential: after ":"/"=", quoted, or in backticks.
const PASSWORD_PHRASE_RE =
  /\b(?:extract|unzip|unpack|decompress|unrar|open|decrypt)(?:ing|ed|s)?\b[^\n]{0,60}?\b(?:pass(?:word|code|phrase)?|pwd|pw)\b(?:\s+is)?(?:\s*[:=]\s*[`'"*]{0,3}|\s*[`'"*]{1,3})([^\s`'"*]{3,32})/gi;
const PASSWORD_LABEL_RE = /^[ \t>*_#-]{0,12}(?:archive\s+|zip\s+|file\s+)?(?:pass(?:word|code)?|pwd)[\s*_`]{0,4}[:=][\s*_`'"]{0,4}([^\s`'"*]{3,32})/gim;
const PASSWORD_COMMAND_RE =
  /\b(?:unzip\s+(?:-\w+\s+){0,3}-P\s*['"]?([^\s'"]{3,32})|7z[a-z]?\s+[xe]\b[^\n]{0,80}?\s-p['"]?([^\s'"]{3,32})|unrar\s+[xe]\b[^\n]{0,40}?\s-p['"]?([^\s'"-][^\s'"]{2,31}))/g;
const DOWNLOAD_CONTEXT = /\b(download\w*|https?:\/\/|releases\/|\.zip\b|\.rar\b|\.7z\b|\.exe\b|\.dmg\b|\.pkg\b|\.msi\b|archive)/i;
const PAYLOAD_CONTEXT = /\.(exe|zip|rar|7z|dmg|pkg|msi|scr|bat)\b|\b(run|execute|launch|open)\s+(the\s+)?(\w+\.exe|executable|installer|binary|setup)\b/i;
const PLACEHOLDER = /^(<|\{|\$|your|xxx|\.\.\.|example|password|changeme|secret|mypassword|\*+$)/i;
// "pw" and "7z" are too short to index, so they are listed with what must follow them.
export const ARCHIVE_PASSWORD_ANCHORS = [
  'pass', 'pwd', 'pw ', 'pw:', 'pw=', 'pw`', "pw'", 'pw"', 'pw*', 'pw\t', 'pw\n', 'unzip', 'unrar',
  '7z ', '7z\t', ...'abcdefghijklmnopqrstuvwxyz'.split('').map((c) => `7z${c}`),
];

export function detectArchivePassword(file: FileView): RuleMatch[] {
  const text = file.text;
  const out: RuleMatch[] = [];
  const judge = (index: number, length: number, value: string, requireContext: boolean): void => {
    if (out.length >= 20 || PLACEHOLDER.test(value)) return;
    const around = nearby(text, index, 500);
    if (requireContext && !DOWNLOAD_CONTEXT.test(around)) return;
    const severity: Severity = DOWNLOAD_CONTEXT.test(around) && PAYLOAD_CONTEXT.test(around) ? 'critical' : 'high';
    const conventional = /^infected$/i.test(value);
    out.push({
      index, length,
      severity: graded(file, conventional ? 'medium' : severity),
      message: `Download that must be extracted with the password "${value}"`,
    });
  };
  scan(text, PASSWORD_PHRASE_RE, (m) => (judge(m.index, m[0].length, m[1], true), null));
  scan(text, PASSWORD_LABEL_RE, (m) => {
    const around = nearby(text, m.index, 400);
    if (/\.(zip|rar|7z)\b|\b(extract|unzip|archive)\b/i.test(around)) judge(m.index, m[0].length, m[1], true);
    return null;
  });
  scan(text, PASSWORD_COMMAND_RE, (m) => (judge(m.index, m[0].length, m[1] ?? m[2] ?? m[3] ?? '', false), null));
  const seen = new Set<number>();
  return out.filter((m) => !seen.has(m.index) && !!seen.add(m.index));
}
