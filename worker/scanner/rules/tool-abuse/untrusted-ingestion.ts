import type { FileView, RuleMatch, SkillView } from '../../types.ts';
import { proseOf } from '../match.ts';
import { execRegex } from '../context.ts';
import { SHELL_TOOL, WRITE_TOOL, declaredTools, toolBase } from './declared-tools.ts';

// TPA-10 untrusted content ingestion with powerful tools

const UNTRUSTED_SOURCE_RE =
  /\b(?:fetch|read|browse|scrape|crawl|open|visit|load|ingest|process|summari[sz]e|monitor|triage|download)\w*\s+(?:the\s+|any\s+|arbitrary\s+|incoming\s+|new\s+|all\s+|user-supplied\s+|external\s+|their\s+|open\s+|recent\s+|unread\s+){0,2}(?:web\s?pages?|websites?|urls?|emails?|e-mails?|inbox(?:es)?|github\s+issues|issues\s+and\s+pull\s+requests|issue\s+comments|pull\s+request\s+comments|pr\s+comments|tweets?|social\s+media\s+posts?|rss\s+feeds?|search\s+results?|(?:chat|slack|discord|telegram|whatsapp)\s+messages|support\s+tickets?)\b/gi;
export const UNTRUSTED_SOURCE_ANCHORS = [
  'web', 'url', 'email', 'e-mail', 'inbox', 'issue', 'pull request', 'tweet', 'social media', 'rss', 'search result', 'message',
  'ticket',
];

export function detectUntrustedIngestion(skillMd: FileView, skill: SkillView): RuleMatch[] {
  const text = proseOf(skillMd);
  UNTRUSTED_SOURCE_RE.lastIndex = 0;
  const m = execRegex(UNTRUSTED_SOURCE_RE, text);
  if (!m) return [];
  const declared = declaredTools(skillMd);
  const bases = declared ? declared.tools.map(toolBase) : [];
  const powerful = declared
    ? bases.some((t) => SHELL_TOOL.test(t) || WRITE_TOOL.test(t))
    : skill.files.some((f) => f.kind === 'script');
  if (!powerful) return [];
  return [{
    index: m.index, length: m[0].length, severity: 'low',
    message: 'Reads untrusted content (web, issues, messages) while shell or write tools are available: an indirect prompt-injection surface',
  }];
}
