// Runs one rule over one skill: picks the files its scopes cover, calls detect, and drops matches
// that the negation guard removes. The engine and the rule-example test both go through here, so a
// rule's examples are checked exactly as the scanner will run the rule.
import type { FileView, Rule, RuleMatch, Scope, SkillView } from './types.ts';
import { mayHoldAny } from './literal-index.ts';
import { insidePattern, spansSeparateMentions } from './mention-lists.ts';

const PROSE_SCOPES: ReadonlySet<Scope> = new Set(['skill-md', 'markdown']);
// Rules about what code does (runs, decodes and runs): a match inside a regex's text is a pattern.
// Not the credential or exfiltration rules: a pattern can pick the files a script then sends.
const PATTERN_SHAPE_CATEGORIES: ReadonlySet<string> = new Set(['code-execution', 'obfuscation']);

export interface RuleHit {
  rule: Rule;
  file: FileView;
  match: RuleMatch;
}

function fileInScope(file: FileView, scopes: readonly Scope[]): boolean {
  switch (file.kind) {
    case 'skill-md':
      return scopes.includes('skill-md') || scopes.includes('frontmatter');
    case 'markdown':
      return scopes.includes('markdown');
    case 'script':
      return scopes.includes('script');
    case 'text':
      return scopes.includes('text');
    default:
      return false;
  }
}

/** Whether the engine's negation guard applies to this rule (default: rules that read prose). */
export function isNegatable(rule: Rule): boolean {
  return rule.negatable ?? rule.scopes.some((s) => PROSE_SCOPES.has(s));
}

export interface ApplyOptions {
  /**
   * false: run the rule on every file in its scopes, as if each held its anchors. The scanner
   * treats a literal that is everywhere as present in every text, so the adversarial checks run
   * rules this way too, or a slow path behind an anchor would go unmeasured.
   */
  anchors?: boolean;
}

export function applyRule(rule: Rule, skill: SkillView, options: ApplyOptions = {}): RuleHit[] {
  const hits: RuleHit[] = [];
  const negatable = isNegatable(rule);
  const keep = (file: FileView, match: RuleMatch) => {
    const target = match.file ?? file;
    const prose = target.kind === 'skill-md' || target.kind === 'markdown';
    if (negatable && prose && target.isNegated(match.index)) return;
    if (spansSeparateMentions(target, match.index, match.length)) return;
    // Command and payload shapes written as a regular expression are what a scanner looks for.
    if (PATTERN_SHAPE_CATEGORIES.has(rule.category) && insidePattern(target, match.index, match.length)) return;
    hits.push({ rule, file: target, match });
  };
  const anchors = options.anchors === false ? undefined : rule.anchors;
  if (rule.scopes.includes('skill')) {
    if (!anchors || skill.files.some((f) => f.kind !== 'binary' && mayHoldAny(f, anchors))) {
      for (const match of rule.detect(skill.skillMd, skill)) keep(skill.skillMd, match);
    }
  }
  for (const file of skill.files) {
    if (!fileInScope(file, rule.scopes)) continue;
    if (anchors && !mayHoldAny(file, anchors)) continue;
    for (const match of rule.detect(file, skill)) keep(file, match);
  }
  return hits;
}
