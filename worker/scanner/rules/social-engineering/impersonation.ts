// SOC-04 brand or authority impersonation: names, authors and text that claim to be official,
// verified or endorsed by a well-known vendor.
import type { FileView, RuleMatch } from '../../types.ts';
import { inQuotes, scanCapped as scan } from '../context.ts';

const BRAND = String.raw`(?:anthropic|claude|openai|chatgpt|google|microsoft|github|apple|meta|amazon|aws|cursor|openclaw|clawhub|the\s+claude\s+team)`;
const IMPERSONATION_RE = new RegExp(
  [
    String.raw`\b(?:this|the)\s+(?:skill|tool|plugin|extension|package|integration|server|agent|mcp\s+server)\s+(?:is|has\s+been)\s+(?:an?\s+)?(?:officially\s+)?(?:official|verified|certified|endorsed|approved|sanctioned|authori[sz]ed|audited|vetted|whitelisted|trusted)\b[^.\n]{0,40}?\b${BRAND}\b`,
    String.raw`\b(?:official|verified|certified|authentic|genuine)\s+${BRAND}\s+(?:skill|tool|plugin|extension|integration|partner|release|version|package|installer|update|connector|agent)\b`,
    String.raw`\b(?:endorsed|approved|certified|verified|audited|vetted|authori[sz]ed|signed|sanctioned|whitelisted)\s+by\s+(?:the\s+)?${BRAND}(?:'s)?(?:\s+(?:team|security|staff|trust))?\b`,
    String.raw`\b(?:message|notice|directive|instruction|update|alert)s?\s+from\s+(?:the\s+)?${BRAND}(?:\s+(?:team|security|staff|support))?\s*[:\-\u2014]`,
    String.raw`\b${BRAND}\s+(?:security|safety|trust|compliance|support|admin)\s+team\s+(?:requires|mandates|has\s+(?:approved|verified|requested)|says|asks|instructs|needs)\b`,
  ].join('|'),
  'gi',
);
const NAME_CLAIM = /(?:^|[-_.])(official|verified|certified|authentic|genuine)(?:$|[-_.])/i;
const BRANDED_NAME = /(?:^|[-_.])(anthropic|claude|openai|chatgpt)(?:$|[-_.])/i;
export const IMPERSONATION_ANCHORS = [
  'official', 'verified', 'certified', 'authentic', 'genuine', 'endorsed', 'approved', 'sanctioned', 'authori', 'audited',
  'vetted', 'whitelisted', 'trusted', 'signed',
  'anthropic', 'claude', 'openai', 'chatgpt', 'google', 'microsoft', 'github', 'apple', 'meta', 'amazon', 'aws', 'cursor',
  'openclaw', 'clawhub',
];

export function detectImpersonation(file: FileView): RuleMatch[] {
  if (file.kind !== 'skill-md') return [];
  const out: RuleMatch[] = [];
  const name = file.meta.name ?? '';
  if (BRANDED_NAME.test(name) && NAME_CLAIM.test(name)) {
    out.push({ index: file.frontmatterOffset + Math.max(0, file.frontmatter.indexOf(name)), length: name.length, severity: 'medium', message: `The name "${name}" claims an official or verified status` });
  }
  for (const key of ['author', 'publisher', 'vendor', 'maintainer']) {
    const value = file.meta[key];
    if (value && /\b(official|verified|certified|trusted)\b/i.test(value)) {
      out.push({ index: file.frontmatterOffset + Math.max(0, file.frontmatter.indexOf(value)), length: value.length, severity: 'low', message: `The ${key} "${value}" claims a verification status nothing backs` });
    }
  }
  const text = file.text;
  out.push(
    ...scan(text, IMPERSONATION_RE, (m) => {
      if (inQuotes(text, m.index)) return null;
      return { index: m.index, length: m[0].length, severity: 'medium', message: 'Claims to be official, verified or endorsed by a well-known vendor' };
    }),
  );
  return out.slice(0, 10);
}
