// Every rule carries examples that must and must not match; this runs them all through the same
// path the engine uses (applyRule), so a rule's documentation cannot drift from its behaviour.
import { describe, expect, it } from 'vitest';
import { RULES } from '../../worker/scanner/rules/index.ts';
import { applyRule } from '../../worker/scanner/apply-rule.ts';
import { makeSkillView } from '../../worker/scanner/skill-view.ts';
import { CATEGORIES, type Rule, type RuleExample } from '../../worker/scanner/types.ts';

const DEFAULT_PATH: Record<string, string> = {
  'skill-md': 'SKILL.md',
  frontmatter: 'SKILL.md',
  markdown: 'guide.md',
  script: 'scripts/run.sh',
  text: 'config.txt',
  skill: 'SKILL.md',
};

function exampleSkill(rule: Rule, example: RuleExample) {
  if (typeof example === 'string') {
    const scope = rule.scopes[0];
    const text = scope === 'frontmatter' ? `---\n${example}\n---\n# Skill\n` : example;
    return makeSkillView([{ path: DEFAULT_PATH[scope], content: text }]);
  }
  if ('files' in example) return makeSkillView(example.files.map((f) => ({ path: f.path, content: f.text })));
  return makeSkillView([{ path: example.path, content: example.text }]);
}

describe('rule set', () => {
  it('has 120 rules with unique ids across the 11 categories', () => {
    expect(RULES).toHaveLength(120);
    expect(new Set(RULES.map((r) => r.id)).size).toBe(120);
    expect(new Set(RULES.map((r) => r.category))).toEqual(new Set(CATEGORIES));
  });

  it('gives every rule a title, a reason, a fix and at least two examples each way', () => {
    for (const rule of RULES) {
      expect(rule.title, rule.id).toBeTruthy();
      expect(rule.why, rule.id).toBeTruthy();
      expect(rule.fix, rule.id).toBeTruthy();
      expect(rule.examples.match.length, rule.id).toBeGreaterThanOrEqual(2);
      expect(rule.examples.noMatch.length, rule.id).toBeGreaterThanOrEqual(2);
    }
  });
});

describe.each(RULES.map((r) => [r.id, r] as const))('rule %s', (_id, rule) => {
  it.each(rule.examples.match.map((e, i) => [i, e] as const))('matches example %i', (_i, example) => {
    expect(applyRule(rule, exampleSkill(rule, example)).length).toBeGreaterThan(0);
  });
  it.each(rule.examples.noMatch.map((e, i) => [i, e] as const))('does not match example %i', (_i, example) => {
    expect(applyRule(rule, exampleSkill(rule, example))).toEqual([]);
  });
});
