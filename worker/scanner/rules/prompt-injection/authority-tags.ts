import type { FileView, RuleMatch } from '../../types.ts';
import { SECRET_PATH_SOURCE } from '../secret-paths.ts';
import { fenceAt, isSignatureContext, underProhibitionHeading } from '../markdown-context.ts';
import { matchAllRegex } from '../context.ts';

// <IMPORTANT> ... </IMPORTANT> style wrappers whose content addresses the agent about secrets,
// files, commands or concealment.
const AUTHORITY_OPEN =
  /<((?:[\w-]{0,20}-)?important|critical|urgent|instructions?|admin|secret|hidden|mandatory|priority|system[_-]?(?:note|instructions?)|note[_-]?to[_-]?(?:ai|agent|assistant|llm|model)|(?:ai|assistant|agent|llm)[_-]?instructions?)>/gi;
const PAYLOAD_ACTION =
  /\b(?:read|cat|send|post|upload|pass|include|execute|run|call|fetch|curl|wget|forward|exfiltrate|copy|output|print|reveal|attach|write|delete|install|download|do\s+not\s+(?:tell|mention|inform|reveal)|don'?t\s+(?:tell|mention)|without\s+(?:telling|informing|asking))\b/i;
const PAYLOAD_TARGET = new RegExp(
  String.raw`${SECRET_PATH_SOURCE}|\bmcp\.json\b|https?:\/\/|\b(?:api[ _-]?keys?|tokens?|credentials?|passwords?|secrets?|private\s+keys?|ssh|environment\s+variables|system\s+prompt|conversation|the\s+user|sidenote|notes?\s+(?:field|parameter)|bash|shell|terminal)\b|~\/`,
  'i',
);

// Code that hands the agent text to read: MCP tool registrations and their descriptions.
const TOOL_DESCRIPTION = /\.(?:tool|registerTool|addTool|prompt)\s*\(|\bdescription\s*[:=]|@(?:mcp\.)?tool\b|\bTool\s*\(/;

export function authorityTagMatches(file: FileView): RuleMatch[] {
  // In code, such a block sits in a string the agent reads: an MCP tool's description.
  if (file.kind === 'script' && !TOOL_DESCRIPTION.test(file.text)) return [];
  if (file.kind !== 'skill-md' && file.kind !== 'markdown' && file.kind !== 'script') return [];
  const text = file.text;
  const lower = text.toLowerCase();
  const out: RuleMatch[] = [];
  for (const m of matchAllRegex(text, AUTHORITY_OPEN)) {
    const windowEnd = m.index + m[0].length + 2000;
    const found = lower.slice(m.index + m[0].length, windowEnd).indexOf(`</${m[1].toLowerCase()}>`);
    if (found < 0) continue;
    const close = m.index + m[0].length + found;
    const payload = text.slice(m.index + m[0].length, close);
    if (!PAYLOAD_ACTION.test(payload) || !PAYLOAD_TARGET.test(payload)) continue;
    if (underProhibitionHeading(file, m.index) || isSignatureContext(file, m.index)) continue;
    const fenced = fenceAt(file, m.index) !== undefined;
    out.push({
      index: m.index,
      length: close + m[1].length + 3 - m.index,
      severity: fenced ? 'medium' : undefined,
      evidence: payload.replace(/\s+/g, ' ').trim().slice(0, 200),
      message: `<${m[1]}> block instructs the agent: "${payload.replace(/\s+/g, ' ').trim().slice(0, 100)}"`,
    });
    if (out.length >= 10) break;
  }
  return out;
}
