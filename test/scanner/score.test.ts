import { describe, expect, it } from 'vitest';
import {
  compareGrades,
  gradeFromScore,
  isWorse,
  parseGrade,
  scoreFindings,
  type ScoredFinding,
} from '../../worker/scanner/score.ts';
import { AppError } from '../../lib/errors.ts';

// The category is the rule id's prefix, as in the real rule set (H-1 and H-2 share one).
const f = (ruleId: string, severity: ScoredFinding['severity'], documentation = false): ScoredFinding => ({
  ruleId,
  category: ruleId.split('-')[0],
  severity,
  documentation,
});

describe('grade bands (api-spec 3.1)', () => {
  it.each([
    [100, 'A'], [90, 'A'], [89, 'B'], [75, 'B'], [74, 'C'], [60, 'C'], [59, 'D'], [40, 'D'], [39, 'F'], [0, 'F'],
  ] as const)('score %i is grade %s', (score, grade) => {
    expect(gradeFromScore(score)).toBe(grade);
  });
});

describe('score', () => {
  it('is 100 and A without findings', () => {
    expect(scoreFindings([])).toEqual({ score: 100, grade: 'A' });
  });

  it('deducts 40/20/7/2 by severity', () => {
    expect(scoreFindings([f('L', 'low')]).score).toBe(98);
    expect(scoreFindings([f('M', 'medium')]).score).toBe(93);
    expect(scoreFindings([f('M', 'medium'), f('N', 'medium')]).score).toBe(86);
  });

  it('caps any critical at 39 (F) and any high at 74 (C)', () => {
    expect(scoreFindings([f('C', 'critical')])).toEqual({ score: 39, grade: 'F' });
    expect(scoreFindings([f('H', 'high')])).toEqual({ score: 74, grade: 'C' });
    expect(scoreFindings([f('H', 'high'), f('I', 'high'), f('J', 'high')]).score).toBe(40);
  });

  it('caps two or more high findings at 59 (D), from two rules or one rule at two places', () => {
    expect(scoreFindings([f('H', 'high'), f('I', 'high')])).toEqual({ score: 59, grade: 'D' });
    expect(scoreFindings([f('H', 'high'), f('H', 'high')])).toEqual({ score: 59, grade: 'D' });
    expect(scoreFindings([f('H', 'high'), f('I', 'high', true)]).grade).toBe('C');
  });

  it('caps a high finding at 59 (D) when a medium finding showing intent, of another category, corroborates it', () => {
    const cat = (ruleId: string, category: string, severity: ScoredFinding['severity'], documentation = false): ScoredFinding => ({ ruleId, category, severity, documentation });
    expect(scoreFindings([cat('PER-05', 'persistence', 'high'), cat('EXF-11', 'exfiltration', 'medium')])).toEqual({ score: 59, grade: 'D' });
    // A capability medium (a plain-HTTP fetch, a known installer piped to sh) does not corroborate.
    expect(scoreFindings([cat('RCE-09', 'code-execution', 'high'), cat('NET-09', 'network', 'medium')]).grade).toBe('C');
    // Same category, documentation context, or a low finding: no corroboration.
    expect(scoreFindings([cat('EXF-05', 'exfiltration', 'high'), cat('EXF-11', 'exfiltration', 'medium')]).grade).toBe('C');
    expect(scoreFindings([cat('PER-05', 'persistence', 'high'), cat('EXF-11', 'exfiltration', 'medium', true)]).grade).toBe('C');
    expect(scoreFindings([cat('PER-05', 'persistence', 'high'), cat('EXF-11', 'exfiltration', 'low')]).grade).toBe('C');
    // Never out of A or B: without a high finding mediums only deduct.
    expect(scoreFindings([cat('EXF-11', 'exfiltration', 'medium'), cat('OBF-02', 'obfuscation', 'medium')]).grade).toBe('B');
  });

  it('counts repeats of one rule with diminishing weight: 1, 1/2, 1/4, then nothing', () => {
    const repeats = (n: number) => scoreFindings(Array.from({ length: n }, () => f('M', 'medium'))).score;
    expect(repeats(1)).toBe(93);
    expect(repeats(2)).toBe(90); // 7 + 3.5 = 10.5 -> 89.5 rounds to 90
    expect(repeats(3)).toBe(88); // 12.25
    expect(repeats(4)).toBe(88);
    expect(repeats(50)).toBe(88);
  });

  it('weights documentation context by 0.3 and keeps it out of the caps', () => {
    expect(scoreFindings([f('C', 'critical', true)])).toEqual({ score: 88, grade: 'B' });
    expect(scoreFindings([f('H', 'high', true)]).score).toBe(94);
    // A full-weight finding of the same rule counts first.
    expect(scoreFindings([f('H', 'high', true), f('H', 'high')]).score).toBe(74);
  });

  it('never goes below 0', () => {
    expect(scoreFindings(['A', 'B', 'C', 'D'].map((id) => f(id, 'critical'))).score).toBe(0);
  });

  it('is deterministic whatever the order of the findings', () => {
    const list = [f('A', 'medium'), f('B', 'low', true), f('A', 'medium', true), f('C', 'high'), f('B', 'low'), f('A', 'low')];
    const first = scoreFindings(list);
    for (let i = 0; i < 20; i++) {
      const shuffled = [...list].sort(() => Math.random() - 0.5);
      expect(scoreFindings(shuffled)).toEqual(first);
    }
  });
});

describe('grade helpers', () => {
  it('orders grades A, B, C, D, F', () => {
    expect(compareGrades('A', 'B')).toBeLessThan(0);
    expect(compareGrades('F', 'D')).toBeGreaterThan(0);
    expect(compareGrades('C', 'C')).toBe(0);
    expect(isWorse('C', 'B')).toBe(true);
    expect(isWorse('B', 'B')).toBe(false);
    expect(isWorse('A', 'F')).toBe(false);
  });

  it('parses grade letters in any case', () => {
    expect(parseGrade('b')).toBe('B');
    expect(parseGrade(' F ')).toBe('F');
  });

  it('rejects a bad letter as INVALID_PARAMETER naming the parameter', () => {
    for (const bad of ['Z', 'E', '', 'AB', 'all']) {
      try {
        parseGrade(bad, 'fail_below');
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe('INVALID_PARAMETER');
        expect((error as AppError).message).toContain('fail_below');
      }
    }
  });
});
