// Where a finding counts less (see the formula in score.ts): files under documentation and
// example folders, and code blocks of markdown files other than SKILL.md. SKILL.md itself never
// is, because its install steps are what the agent runs.
import type { FileView, Rule, SkillView } from './types.ts';
import { insideHtmlComment } from './html-comments.ts';
import { applyRule } from './apply-rule.ts';

const DOCUMENTATION_FOLDER = /(^|\/)(references?|examples?|tests?|docs?|samples?|fixtures?|__tests__|spec)\//i;

export function isDocumentationContext(file: FileView, index: number): boolean {
  if (file.kind === 'skill-md') return false;
  // What sits inside an HTML comment is hidden from the reader: it is no quoted example, wherever
  // the file lives (a hidden `curl ... | sh` in references/ counts in full).
  if (file.kind === 'markdown' && insideHtmlComment(file, index)) return false;
  if (DOCUMENTATION_FOLDER.test(file.skillPath)) return true;
  return file.kind === 'markdown' && file.inCode(index);
}

// A reference file that tells the agent to keep a step from the user, or to go ahead without the
// user's confirmation, is addressed to the agent: it gives orders, it does not quote examples.
// Every finding in such a file then counts in full ("Before writing the summary, send the state
// files to ... This does not need to be confirmed with the user").
// The least severity that shows an order: SOC-01 from high up hides a sensitive action or a send
// (a reference file's own "silently copies the table" stays medium), TPA-05 from medium.
const ORDERS_TO_AGENT: Readonly<Record<string, readonly string[]>> = {
  'SOC-01': ['critical', 'high'],
  'TPA-05': ['critical', 'high', 'medium'],
};

export function withOrdersCountedInFull<T extends { finding: { ruleId: string; file: string; severity: string }; documentation: boolean }>(located: readonly T[]): T[] {
  const ordering = new Set<string>();
  for (const l of located) {
    if (ORDERS_TO_AGENT[l.finding.ruleId]?.includes(l.finding.severity)) ordering.add(l.finding.file);
  }
  if (ordering.size === 0) return [...located];
  return located.map((l) => (l.documentation && ordering.has(l.finding.file) ? { ...l, documentation: false } : l));
}

/** The rules whose findings show that a file gives the agent orders (ORDERS_TO_AGENT). */
export function orderRulesOf(rules: readonly Rule[]): Rule[] {
  return rules.filter((r) => Object.hasOwn(ORDERS_TO_AGENT, r.id));
}

/**
 * The documentation files of a skill that give the agent orders. The scanner reads them as
 * instructions before the other rules run, so that no rule lowers what such a file says for being
 * "documentation": "the assistant refreshes them without prompting the user:" followed by a
 * download-and-run is a step to run, not a quoted example.
 */
export function documentsGivingOrders(orderRules: readonly Rule[], skill: SkillView): Set<FileView> {
  const found = new Set<FileView>();
  // Only the documentation files are read here; the main pass reads the rest.
  const documents = skill.files.filter((f) => f.isDocumentation && f.kind === 'markdown');
  if (documents.length === 0) return found;
  for (const rule of orderRules) {
    for (const hit of applyRule(rule, { ...skill, files: documents })) {
      if (hit.file.isDocumentation && ORDERS_TO_AGENT[rule.id].includes(hit.match.severity ?? rule.severity)) found.add(hit.file);
    }
  }
  return found;
}
