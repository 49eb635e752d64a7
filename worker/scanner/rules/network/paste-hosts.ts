// NET-04 paste sites and anonymous file hosts.
import type { FileView, RuleMatch } from '../../types.ts';
import { graded, scanCapped as scan } from '../context.ts';
import { withLabels } from './shared.ts';

const PASTE_HOST_RE =
  /\b(?:(?:pastebin\.(?:com|pl)|paste\.ee|rentry\.(?:co|org)|glot\.io|hastebin\.(?:com|skyra\.pw)|toptal\.com\/developers\/hastebin|transfer\.sh|file\.io|0x0\.st|temp\.sh|gofile\.io|anonfiles\.com|catbox\.moe|termbin\.com|ix\.io|sprunge\.us|dpaste\.(?:com|org)|ghostbin\.\w+|controlc\.com|justpaste\.it|paste\.rs|bashupload\.com|oshi\.at|tmpfiles\.org|filebin\.net|uguu\.se|pixeldrain\.com|privatebin\.\w+|zerobin\.net|pastie\.org|paste\.mozilla\.org|paste\.debian\.net|pastefy\.app|pastelink\.net|ufile\.io|anonfile\.\w+|bayfiles\.com|mediafire\.com\/file|files\.fm|krakenfiles\.com|sendspace\.com|wetransfer\.com|we\.tl)|cdn\.discordapp\.com\/attachments|media\.discordapp\.net\/attachments)\b/gi;
// Any host whose first label names a paste service ("paste.c-net.org", "pastes.dev").
const PASTE_LABEL_RE = /\b(?:https?:\/\/)(?:paste|pastes|pastebin|bin|hastebin|ghostbin|snippet|snippets)\.[a-z0-9-]+\.[a-z]{2,}\b/gi;
export const PASTE_ANCHORS = [
  'paste', 'rentry', 'glot.io', 'hastebin', 'transfer.sh', 'file.io', '0x0.st', 'temp.sh', 'gofile', 'anonfile', 'catbox',
  'termbin', 'ix.io', 'sprunge', 'ghostbin', 'controlc', 'bashupload', 'oshi.at', 'tmpfiles', 'filebin', 'uguu.se',
  'pixeldrain', 'privatebin', 'zerobin', 'pastie', 'ufile.io', 'bayfiles', 'mediafire', 'files.fm', 'krakenfiles',
  'sendspace', 'wetransfer', 'we.tl', 'discordapp', '://bin.', '://snippet',
];

export function detectPasteHost(file: FileView): RuleMatch[] {
  const text = file.text;
  const visit = (m: RegExpExecArray): RuleMatch | null => ({
    index: m.index, length: m[0].length, severity: graded(file, 'high'),
    message: `Paste site or anonymous file host ${m[0].replace(/^https?:\/\//, '')}`,
  });
  const seen = new Set<number>();
  return [...scan(text, PASTE_HOST_RE, (m) => visit(withLabels(text, m, 0, 3)!)), ...scan(text, PASTE_LABEL_RE, visit)]
    .filter((m) => !seen.has(m.index) && !!seen.add(m.index))
    .slice(0, 20);
}
