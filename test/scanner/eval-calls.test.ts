// RCE-05 (dynamic evaluation) and RCE-10 (injection templates) share one reading of each eval-like
// call of a script. What either rule finds in a file must not depend on which files, or which of
// the two rules, came before it: each file's findings are taken alone, then again with the files
// and rules interleaved in other orders.
import { describe, expect, it } from 'vitest';
import { RULES } from '../../worker/scanner/rules/index.ts';
import { applyRule } from '../../worker/scanner/apply-rule.ts';
import { makeSkillView } from '../../worker/scanner/skill-view.ts';

const rule = (id: string) => RULES.find((r) => r.id === id)!;
const RCE05 = rule('RCE-05');
const RCE10 = rule('RCE-10');

// Calls at the same offsets in different files, so that a reading kept for the wrong file would
// show: the same call taking a constant, a variable, caller input or interpolated code.
const FILES = [
  { path: 'scripts/a.py', content: 'def run(expr):\n    return eval(expr)\n' },
  { path: 'scripts/b.py', content: 'def run(expr):\n    return eval(f"{expr} + 1")\n' },
  { path: 'scripts/c.py', content: 'def run(expr):\n    return eval("1 + 1")\n' },
  { path: 'scripts/d.py', content: 'def run(expr):\n#   return eval(expr + "1")\n' },
  { path: 'scripts/e.js', content: 'function run(expr) { return eval(expr); }\n' },
  { path: 'scripts/f.js', content: 'function run(expr) { return eval(`${expr}!`); }\n' },
  { path: 'scripts/g.js', content: 'const f = new Function("a", "b", `return ${body}`);\nsetTimeout("tick()", 10);\n' },
  { path: 'scripts/h.rb', content: 'def run(expr)\n  eval(expr + "1")\nend\n' },
  { path: 'scripts/i.php', content: '<?php eval($_GET["code"] . ";"); assert($x);\n' },
];

function findings(id: string, file: (typeof FILES)[number]): string[] {
  return applyRule(id === 'RCE-05' ? RCE05 : RCE10, makeSkillView([file])).map(
    (h) => `${h.file.path}:${h.match.index}:${h.match.severity}:${h.match.message}`,
  );
}

describe('eval-like calls read once for RCE-05 and RCE-10', () => {
  it('finds the same in each file whatever ran before', () => {
    const alone = new Map<string, string[]>();
    for (const file of FILES) {
      for (const id of ['RCE-05', 'RCE-10']) {
        // A file of its own content but a new string, read with nothing cached from the others.
        alone.set(`${id} ${file.path}`, findings(id, { ...file, content: file.content.slice(0) }));
      }
    }
    // Both rules found something across these files, so the comparison below means something.
    expect([...alone].filter(([k, v]) => k.startsWith('RCE-05') && v.length > 0).length).toBeGreaterThan(3);
    expect([...alone].filter(([k, v]) => k.startsWith('RCE-10') && v.length > 0).length).toBeGreaterThan(3);
    const orders = [FILES, [...FILES].reverse(), FILES.filter((_, i) => i % 2).concat(FILES.filter((_, i) => i % 2 === 0))];
    for (const order of orders) {
      for (const ids of [['RCE-05', 'RCE-10'], ['RCE-10', 'RCE-05']]) {
        for (const file of order) {
          for (const id of ids) expect(findings(id, file), `${id} ${file.path}`).toEqual(alone.get(`${id} ${file.path}`));
        }
        // One rule over every file, then the other.
        for (const id of ids) {
          for (const file of order) expect(findings(id, file), `${id} ${file.path}`).toEqual(alone.get(`${id} ${file.path}`));
        }
      }
    }
  });
});
