import { RULES } from './worker/scanner/rules/index.ts';
import { applyRule } from './worker/scanner/apply-rule.ts';
import { makeSkillView } from './worker/scanner/skill-view.ts';
import { adversarialInputs } from './bench/adversarial-inputs.ts';
const args = process.argv.slice(2);
const all = args.includes('--all');
const cross = args.includes('--cross');
const ids = args.filter((a) => !a.startsWith('--'));
const opts = all ? { matchExamples: 100, noMatchExamples: 100 } : { matchExamples: 2, noMatchExamples: 2 };
const cpu = () => process.cpuUsage().user / 1000;
for (const id of ids) {
  const rule = RULES.find((r) => r.id === id)!;
  const sources = cross ? RULES : [rule];
  let worst = { ms: 0, label: '' };
  for (const src of sources) {
    for (const input of adversarialInputs(src, 1 << 20, opts)) {
      const skill = makeSkillView(input.files);
      const t = cpu();
      applyRule(rule, skill, { anchors: cross });
      const ms = cpu() - t;
      if (ms > worst.ms) worst = { ms, label: `${src.id} ${input.label}` };
    }
  }
  console.log(id, worst.ms.toFixed(0), 'ms', worst.label);
}
