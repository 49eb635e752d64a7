// Findings as workflow commands: escaping, levels, order, and GitHub's limit of 10 per kind per step.
import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty, formatAnnotation, planAnnotations } from '../../action/src/annotations.ts';
import type { Finding, Severity } from '../../worker/scanner/types.ts';
import { parseCommands } from './run-action.ts';

function finding(severity: Severity, file: string, line: number, extra: Partial<Finding> = {}): Finding {
  return {
    folder: '',
    ruleId: 'RCE-01',
    category: 'code-execution',
    severity,
    title: 'Downloaded script piped into a shell',
    message: 'Pipes a download into sh',
    file,
    line,
    column: 3,
    evidence: 'curl x | sh',
    fix: 'Download, verify, then run.',
    ...extra,
  };
}

describe('workflow command escaping', () => {
  it('encodes %, CR and LF in data, and also : and , in properties', () => {
    expect(escapeData('50% done\r\nnext: a, b')).toBe('50%25 done%0D%0Anext: a, b');
    expect(escapeProperty('50% done\r\nnext: a, b')).toBe('50%25 done%0D%0Anext%3A a%2C b');
  });

  it('formats file, line, col and title, and round-trips through a runner-style parser', () => {
    const line = formatAnnotation({
      level: 'warning',
      file: 'skills/a,b/SKILL.md',
      line: 4,
      col: 2,
      title: 'skillgate X-1 (medium): 100% sure, really',
      message: 'first line\nFix: second, line: 50%',
    });
    expect(line).toBe('::warning file=skills/a%2Cb/SKILL.md,line=4,col=2,title=skillgate X-1 (medium)%3A 100%25 sure%2C really::first line%0AFix: second, line: 50%25');
    expect(line.includes('\n')).toBe(false);
    expect(parseCommands(line)).toEqual([
      {
        command: 'warning',
        properties: { file: 'skills/a,b/SKILL.md', line: '4', col: '2', title: 'skillgate X-1 (medium): 100% sure, really' },
        message: 'first line\nFix: second, line: 50%',
      },
    ]);
  });
});

describe('planAnnotations', () => {
  const toWorkspace = (p: string) => `skills/${p}`;

  it('maps severities to error, warning and notice, most severe first, on workspace paths', () => {
    const plan = planAnnotations([finding('low', 'b/x.sh', 1), finding('medium', 'a/SKILL.md', 9), finding('critical', 'b/x.sh', 7), finding('high', 'a/SKILL.md', 2)], toWorkspace);
    expect(plan.shown.map((a) => [a.level, a.file, a.line])).toEqual([
      ['error', 'skills/b/x.sh', 7],
      ['error', 'skills/a/SKILL.md', 2],
      ['warning', 'skills/a/SKILL.md', 9],
      ['notice', 'skills/b/x.sh', 1],
    ]);
    expect(plan.shown[0]).toMatchObject({ col: 3, title: 'skillgate RCE-01 (critical): Downloaded script piped into a shell', message: 'Pipes a download into sh.\nFix: Download, verify, then run.' });
    expect(plan.omitted).toEqual({ error: 0, warning: 0, notice: 0 });
  });

  it('sends at most 10 of each kind, the most severe, and counts the rest', () => {
    const findings = [
      ...Array.from({ length: 8 }, (_, i) => finding('high', 'h.sh', i + 1)),
      ...Array.from({ length: 5 }, (_, i) => finding('critical', 'c.sh', i + 1)),
      ...Array.from({ length: 12 }, (_, i) => finding('medium', 'm.sh', i + 1)),
      ...Array.from({ length: 3 }, (_, i) => finding('low', 'l.sh', i + 1)),
    ];
    const plan = planAnnotations(findings, toWorkspace);
    const errors = plan.shown.filter((a) => a.level === 'error');
    expect(errors).toHaveLength(10);
    expect(errors.slice(0, 5).every((a) => a.title.includes('(critical)'))).toBe(true);
    expect(plan.shown.filter((a) => a.level === 'warning')).toHaveLength(10);
    expect(plan.shown.filter((a) => a.level === 'notice')).toHaveLength(3);
    expect(plan.omitted).toEqual({ error: 3, warning: 2, notice: 0 });
  });

  it('keeps error slots free for the step\'s own failure message', () => {
    const findings = Array.from({ length: 12 }, (_, i) => finding('critical', 'c.sh', i + 1));
    const plan = planAnnotations(findings, toWorkspace, 1);
    expect(plan.shown).toHaveLength(9);
    expect(plan.omitted.error).toBe(3);
  });

  it('never points before line 1 or column 1 (whole-file findings)', () => {
    const [a] = planAnnotations([finding('high', 'x.bin', 0, { column: 0 })], toWorkspace).shown;
    expect([a.line, a.col]).toEqual([1, 1]);
  });
});
