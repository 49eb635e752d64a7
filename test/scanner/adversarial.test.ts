// Safety, not speed: every rule is fed about 100 KB of input built to make a backtracking regex
// blow up (repeated near-matches, giant lines, long runs of what it looks for). A linear rule
// takes milliseconds; a catastrophic one takes minutes, so a generous bound catches it.
import { describe, expect, it } from 'vitest';
import { RULES } from '../../worker/scanner/rules/index.ts';
import { applyRule } from '../../worker/scanner/apply-rule.ts';
import { makeSkillView } from '../../worker/scanner/skill-view.ts';
import { adversarialInputs } from '../../bench/adversarial-inputs.ts';

const SIZE = 100 * 1024;
const BOUND_MS = 2000;

describe.each(RULES.map((r) => [r.id, r] as const))('rule %s on adversarial input', (_id, rule) => {
  it(`finishes every 100 KB input within ${BOUND_MS} ms`, () => {
    const inputs = adversarialInputs(rule, SIZE);
    expect(inputs.length).toBeGreaterThan(5);
    for (const input of inputs) {
      const skill = makeSkillView(input.files);
      // CPU time, not wall time: the bound is about the rule, not about a busy machine.
      const start = process.cpuUsage();
      // Without the anchor gate: a literal common enough in a scan counts as present everywhere,
      // so the rule's own code must be safe on every input, anchors or not.
      applyRule(rule, skill, { anchors: false });
      const used = process.cpuUsage(start);
      const ms = (used.user + used.system) / 1000;
      expect(ms, `${rule.id} ${input.label}`).toBeLessThan(BOUND_MS);
    }
  });
});
