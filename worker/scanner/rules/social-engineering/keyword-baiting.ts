// SOC-09 keyword baiting and capability inflation: descriptions that repeat words or list
// keywords to attract triggers, and claims to apply to any request.
import type { FileView, RuleMatch } from '../../types.ts';
import { scanCapped as scan } from '../context.ts';

const INFLATION_RE =
  /\b(?:use|invoke|trigger|activate|call)\s+(?:this\s+skill\s+|me\s+|it\s+)?(?:for|on|with|whenever)\s+(?:anything|everything|any\s+(?:task|request|question|query|prompt|message)|all\s+(?:tasks|requests|questions|queries|prompts|messages)|every\s+(?:task|request|question|query|prompt|message))\b(?!\s+(?:that|which|involving|related|with|in|where|of|on|about|using|requiring|for)\b)|\b(?:the\s+)?default\s+skill\s+for\s+(?:all|every|any)\b|\bhelp\s+with\s+anything\b|\bwhenever\s+the\s+user\s+(?:says|asks|types|writes)\s+anything\b|\balways\s+(?:use|activate|load|invoke)\s+this\s+skill\s+(?:first|before\s+any|for\s+(?:every|all|any)\s+(?:task|request|message|question|prompt|conversation)s?\b|regardless)/gi;
const STOPWORDS = new Set(['the', 'and', 'for', 'with', 'use', 'when', 'this', 'that', 'from', 'into', 'your', 'you', 'are', 'files', 'file', 'any', 'all', 'not', 'such', 'like', 'using', 'also', 'can', 'will', 'other', 'more', 'than']);

export function detectKeywordBaiting(file: FileView): RuleMatch[] {
  if (file.kind !== 'skill-md') return [];
  const description = file.meta.description ?? '';
  const at = file.frontmatterOffset + Math.max(0, file.frontmatter.indexOf(description.slice(0, 30)));
  const out: RuleMatch[] = [];
  const words = (description.toLowerCase().match(/[a-z][a-z0-9-]{2,}/g) ?? []).slice(0, 2000);
  // "file, file, file": the same word three times in a row.
  for (let i = 2; i < words.length; i++) {
    if (words[i] === words[i - 1] && words[i] === words[i - 2]) {
      out.push({ index: at, length: Math.min(description.length, 80), severity: 'medium', message: `The description repeats "${words[i]}" to attract triggers` });
      break;
    }
  }
  if (!out.length && words.length >= 20) {
    const counts = new Map<string, number>();
    for (const w of words) if (!STOPWORDS.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
    for (const [w, n] of counts) {
      if (n >= 8 && n / words.length >= 0.2) {
        out.push({ index: at, length: Math.min(description.length, 80), severity: 'low', message: `The description repeats "${w}" ${n} times` });
        break;
      }
    }
  }
  const items = description.split(/[,;|]/).filter((s) => s.trim().split(/\s+/).length <= 3);
  if (items.length >= 30) out.push({ index: at, length: Math.min(description.length, 80), severity: 'low', message: `The description is a list of ${items.length} keywords` });
  out.push(...scan(file.text, INFLATION_RE, (m) => ({ index: m.index, length: m[0].length, severity: 'medium', message: 'Claims to apply to any request' }), 3));
  return out;
}
