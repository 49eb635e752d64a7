// SOC-02 fake prerequisite: claims that the skill cannot work without an extra setup step. Such
// a claim is often simply true, so it is critical only next to a download-and-run payload, and
// high in a skill that ships one.
import type { FileView, RuleMatch, Severity, SkillView } from '../../types.ts';
import { graded, scanCapped as scan } from '../context.ts';
import { findPayloads, type Payload, payloadNear } from './payloads.ts';

// Strong: the skill claims it cannot work without an extra step. Weak: ordinary dependency wording
// that only matters next to a payload.
const PREREQ_STRONG_RE = new RegExp(
  [
    String.raw`\b(?:this|the)\s+(?:skill|tool|plugin|agent|extension|integration|cli|app|application)\s+(?:will\s+not|won'?t|does\s+not|doesn'?t|cannot|can'?t|will\s+fail\s+to|is\s+unable\s+to)\s+(?:work|function|run|operate|start|load)\b[^.\n]{0,40}?\b(?:unless|without|until|if\s+not|before)\b`,
    String.raw`\b(?:without|unless)\s+[^.\n]{0,60}?\b(?:installed|running|completing|complete|this\s+step|the\s+setup|setup)\b[^.\n]{0,50}?\b(?:will\s+not|won'?t|cannot|can'?t|does\s+not|doesn'?t|do\s+not|don'?t|not)\s+(?:work|function|run|operate)`,
    String.raw`\b(?:must|needs?\s+to|has\s+to)\s+be\s+(?:running|active|installed)\s+before\s+(?:using|starting|running|launching|invoking)?\s*(?:this|the)\s+(?:skill|tool|agent|plugin)\b[^.\n]{0,20}(?:starts?)?`,
  ].join('|'),
  'gi',
);
const PREREQ_WEAK_RE = new RegExp(
  [
    String.raw`\b(?:requires?|needs?)\s+(?:the\s+|an?\s+)?[\w.-]{2,40}\s+(?:utility|helper|agent|service|daemon|binary|executable|runtime|core|component|driver|tool|package|app|bridge|client|connector|launcher)\s+to\s+(?:function|work|run|operate|be\s+running)\b`,
    String.raw`\brequires?\s+(?:the\s+)?[\w.-]{2,40}\s+to\s+be\s+(?:installed|running)\b`,
    String.raw`\b(?:CRITICAL|MANDATORY|REQUIRED|IMPORTANT)\s+(?:REQUIREMENT|SETUP|PREREQUISITE|INSTALLATION|STEP)S?\b`,
    String.raw`\b(?:MANDATORY|REQUIRED)\s*(?:SETUP|PREREQUISITES?)\b`,
    String.raw`\b(?:run|execute|launch|install|download)\s+[^.\n]{0,40}?\b(?:before|prior\s+to)\s+(?:using|starting|running)\s+(?:this|the)\s+(?:skill|tool|agent|plugin)\b`,
  ].join('|'),
  'g',
);
export const PREREQ_ANCHORS = ['unless', 'without', 'until', 'before', 'prior', 'if not', 'require', 'need', 'critical', 'mandatory', 'important'];

export function detectFakePrerequisite(skillMd: FileView, skill: SkillView): RuleMatch[] {
  const prose = skill.files.filter((f) => f.kind === 'skill-md' || f.kind === 'markdown');
  // Payload searches are the expensive part and only matter once a claim is found, so both the
  // skill-wide answer and each file's list are computed on first use.
  let skillPayloads: boolean | undefined;
  const hasSkillPayloads = () => (skillPayloads ??= skill.files.some((f) => f.kind !== 'binary' && findPayloads(f.text).length > 0));
  const out: RuleMatch[] = [];
  for (const file of prose) {
    // The front matter counts too: ClawHavoc puts "download AuthTool.exe (password: 1234)" in the description.
    const text = file.text;
    let payloads: Payload[] | undefined;
    const judge = (m: RegExpExecArray, strong: boolean): RuleMatch | null => {
      payloads ??= findPayloads(text);
      const close = payloadNear(payloads, m.index, 900);
      let severity: Severity;
      let message: string;
      if (close) {
        severity = 'critical';
        message = `Claims a required setup step next to a download-and-run payload (${close.kind})`;
      } else if (hasSkillPayloads()) {
        severity = 'high';
        message = 'Claims a required setup step in a skill that ships a download-and-run payload';
      } else if (strong) {
        // "This skill won't work without a GITHUB_TOKEN" is often simply true.
        severity = 'low';
        message = 'Claims the skill will not work without an extra setup step';
      } else return null;
      return { index: m.index, length: m[0].length, file, severity: graded(file, severity), message };
    };
    out.push(...scan(text, PREREQ_STRONG_RE, (m) => judge(m, true), 5));
    out.push(...scan(text, PREREQ_WEAK_RE, (m) => judge(m, false), 5));
  }
  const seen = new Set<string>();
  return out.filter((m) => {
    const key = `${m.file?.path}:${m.index}`;
    return !seen.has(key) && !!seen.add(key);
  }).slice(0, 10);
}
