// SOC-05 name typosquatting and version spoofing: names that imitate a popular one with the
// edits typosquatters use, status suffixes such as "official" or "patched", and claims to
// replace another tool.
import type { FileView, RuleMatch } from '../../types.ts';
import { scanCapped as scan } from '../context.ts';

const POPULAR = [
  'google', 'github', 'gitlab', 'slack', 'notion', 'anthropic', 'openai', 'claude', 'microsoft', 'outlook', 'gmail',
  'discord', 'telegram', 'whatsapp', 'twitter', 'stripe', 'paypal', 'metamask', 'coinbase', 'binance', 'phantom',
  'solana', 'ethereum', 'dropbox', 'linear', 'figma', 'youtube', 'spotify', 'salesforce', 'shopify', 'docker',
  'kubernetes', 'vercel', 'supabase', 'firebase', 'playwright', 'puppeteer', 'chrome', 'firefox', 'excel',
  'powerpoint', 'clawhub', 'openclaw', 'brainstorming', 'jira', 'confluence', 'postgres', 'mongodb', 'redis',
  'terraform', 'jenkins', 'gemini', 'copilot', 'cursor', 'zapier', 'hubspot', 'twilio', 'sendgrid', 'mailchimp',
];
const HOMOGLYPH_DIGITS: Record<string, string> = { '0': 'o', '1': 'l', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b' };

/** How a token imitates a popular name, or null. Only edits typosquatters use, not arbitrary ones. */
export function typosquatOf(token: string): { brand: string; how: string } | null {
  const t = token.toLowerCase();
  if (t.length < 4 || POPULAR.includes(t)) return null;
  const digitless = t.replace(/[0134578]/g, (d) => HOMOGLYPH_DIGITS[d]);
  for (const brand of POPULAR) {
    if (brand.length < 5) continue;
    if (digitless !== t && (digitless === brand || digitless.replace(/l/g, 'i') === brand)) return { brand, how: 'digits for letters' };
    if (t.length === brand.length) {
      for (let i = 0; i + 1 < t.length; i++) {
        if (t[i] !== t[i + 1] && t === brand.slice(0, i) + brand[i + 1] + brand[i] + brand.slice(i + 2)) return { brand, how: 'swapped letters' };
      }
    }
    if (t.length === brand.length + 1) {
      for (let i = 0; i < brand.length; i++) {
        if (t === brand.slice(0, i + 1) + brand[i] + brand.slice(i + 1)) return { brand, how: 'doubled letter' };
      }
    }
    if (brand.length >= 6 && t.length === brand.length - 1) {
      for (let i = 1; i < brand.length; i++) {
        if (t === brand.slice(0, i) + brand.slice(i + 1)) return { brand, how: 'missing letter' };
      }
    }
  }
  return null;
}

const SPOOF_SUFFIX = /(?:^|[-_.])(official|verified|genuine|authentic|original|legit|updated|patched|fixed|unlocked|cracked)$/i;
const REPLACEMENT_RE =
  /\b(?:updated|newer|patched|fixed|improved|upgraded|unlocked|premium)\s+(?:version|release|fork|edition)\s+of\s+(?:the\s+)?(?:original|official|popular|existing|well-known)\b|\breplaces?\s+(?:the\s+)?(?:original|official|deprecated|old|outdated)\s+[\w-]{2,40}\s+(?:skill|tool|plugin|extension)\b/gi;

export function detectTyposquat(file: FileView): RuleMatch[] {
  if (file.kind !== 'skill-md') return [];
  const out: RuleMatch[] = [];
  const name = (file.meta.name ?? '').slice(0, 200);
  const at = file.frontmatterOffset + Math.max(0, file.frontmatter.indexOf(name));
  for (const token of name.slice(0, 200).split(/[-_.\s]+/).slice(0, 12)) {
    const squat = typosquatOf(token);
    if (squat) {
      out.push({ index: at, length: name.length, severity: squat.how === 'missing letter' ? 'medium' : 'high', message: `The name "${name}" imitates "${squat.brand}" (${squat.how})` });
      break;
    }
  }
  // "react-devtooIs": a capital I standing in for a lowercase l in an otherwise lowercase name.
  if (!out.length && /[a-z][IO]|[IO][a-z]{2}/.test(name) && name.replace(/[IO]/g, '') === name.replace(/[IO]/g, '').toLowerCase()) {
    out.push({ index: at, length: name.length, severity: 'high', message: `The name "${name}" uses a capital I or O to imitate a lowercase l or o` });
  }
  const suffix = SPOOF_SUFFIX.exec(name);
  if (suffix && name.length > suffix[0].length) {
    out.push({ index: at, length: name.length, severity: 'medium', message: `The name "${name}" carries the version or status claim "${suffix[1]}"` });
  }
  out.push(...scan(file.text, REPLACEMENT_RE, (m) => ({ index: m.index, length: m[0].length, severity: 'medium', message: 'Presents itself as a replacement or newer version of another tool' }), 3));
  return out;
}
