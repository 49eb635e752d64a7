// Score and grade of one skill, deterministic: the same findings always give the same number.
//
// Formula (scoring version 4):
//
//   score = 100 - sum of deductions, rounded to the nearest integer and clamped to 0..100,
//   then capped:  any critical finding        => score <= 39 (grade F)
//                 two or more high findings   => score <= 59 (grade D at best)
//                 a high finding and a medium
//                 one showing intent (hiding,
//                 stealing, steering) of
//                 another category            => score <= 59 (grade D at best)
//                 any high finding            => score <= 74 (grade C at best)
//
//   Two high findings (two rules, or one rule at two places) are two independent dangerous
//   behaviours: that combination, more than either alone, separates a harmful skill from a
//   dual-use one, so it lands in D however small the deductions. So does a high finding that a
//   medium one of an intent category (obfuscation, exfiltration, credential access, prompt
//   injection, social engineering) corroborates: a launch agent that also reads the clipboard, a
//   hidden comment that also fakes a system turn. Mediums of the capability categories (a
//   well-known installer piped to sh, a plain-HTTP fetch, unpinned packages) do not: they are what
//   dual-use skills graded C are made of. Neither cap can move a skill out of A or B: both need
//   a high finding, which alone caps the skill at C.
//
//   deduction of one finding = base(severity) x context x repeat
//     base:    critical 40, high 20, medium 7, low 2
//     context: 0.3 for documentation context, else 1.0. Documentation context is a file under a
//              references/, examples/, tests/, docs/, samples/ or fixtures/ folder of the skill, or
//              a markdown code block in a markdown file other than SKILL.md. SKILL.md is never
//              documentation context: install steps in its code blocks are exactly where droppers
//              put their payloads.
//     repeat:  the findings of one rule id are ordered by their deduction, largest first, and
//              weighted 1, 1/2, 1/4, then 0: one noisy rule cannot sink a skill on its own.
//
//   Caps only count findings outside documentation context: a critical pattern quoted in a
//   reference document deducts 12 (40 x 0.3) and does not force an F by itself. Rules about
//   hidden content (invisible tag or bidi characters, instructions in HTML comments or hidden
//   markup) are never in documentation context, and neither is anything inside an HTML comment
//   (documentation-context.ts): what a reader cannot see is no quoted example. Nor is anything in
//   a file that tells the agent to skip the user's confirmation (TPA-05, medium or worse) or to
//   keep a sensitive step from the user (SOC-01, high or worse): such a file gives orders.
//
// Grades (api-spec 3.1): A 90-100, B 75-89, C 60-74, D 40-59, F 0-39. Order, best to worst:
// A, B, C, D, F.
import { gradeForScore, isWorseThan, parseGradeLetter } from '../../lib/grades.ts';
import { GRADES, type Grade, type Severity } from './types.ts';

/** Bumped whenever the formula below changes; part of the rule-set version. */
export const SCORING_VERSION = 4;

export const SEVERITY_BASE: Readonly<Record<Severity, number>> = { critical: 40, high: 20, medium: 7, low: 2 };
export const DOCUMENTATION_FACTOR = 0.3;
export const REPEAT_WEIGHTS: readonly number[] = [1, 0.5, 0.25];
export const CRITICAL_CAP = 39;
export const HIGH_CAP = 74;
export const SEVERAL_HIGH_CAP = 59;
/**
 * Categories whose medium findings show intent (hiding, stealing, steering the agent or the user)
 * rather than a risky capability: they corroborate a high finding of another category.
 */
export const INTENT_CATEGORIES: ReadonlySet<string> = new Set(['obfuscation', 'exfiltration', 'credential-access', 'prompt-injection', 'social-engineering']);

/** What scoring needs to know about a finding. */
export interface ScoredFinding {
  ruleId: string;
  /** The rule's category: a medium finding corroborates a high one of another category. */
  category: string;
  severity: Severity;
  /** True when the finding lies in documentation context (see the formula above). */
  documentation: boolean;
}

export interface SkillScore {
  score: number;
  grade: Grade;
}

/** The grade of a score, by the bands of api-spec 3.1 (lib/grades.ts holds them for every part). */
export const gradeFromScore: (score: number) => Grade = gradeForScore;

export function scoreFindings(findings: readonly ScoredFinding[]): SkillScore {
  const byRule = new Map<string, number[]>();
  let critical = false;
  let highs = 0;
  const highCategories = new Set<string>();
  const mediumCategories = new Set<string>();
  for (const f of findings) {
    const deduction = SEVERITY_BASE[f.severity] * (f.documentation ? DOCUMENTATION_FACTOR : 1);
    const list = byRule.get(f.ruleId);
    if (list) list.push(deduction);
    else byRule.set(f.ruleId, [deduction]);
    if (!f.documentation) {
      if (f.severity === 'critical') critical = true;
      else if (f.severity === 'high') {
        highs++;
        highCategories.add(f.category);
      } else if (f.severity === 'medium') mediumCategories.add(f.category);
    }
  }
  // Summed in a fixed order (rule ids sorted, deductions largest first) so floating point
  // addition gives the same total whatever order the findings came in.
  let total = 0;
  for (const ruleId of [...byRule.keys()].sort()) {
    const deductions = byRule.get(ruleId)!.sort((a, b) => b - a);
    for (let i = 0; i < deductions.length && i < REPEAT_WEIGHTS.length; i++) total += deductions[i] * REPEAT_WEIGHTS[i];
  }
  let score = Math.min(100, Math.max(0, Math.round(100 - total)));
  if (critical) score = Math.min(score, CRITICAL_CAP);
  const corroborated = highs >= 1 && [...mediumCategories].some((c) => INTENT_CATEGORIES.has(c) && !highCategories.has(c));
  if (highs >= 2 || corroborated) score = Math.min(score, SEVERAL_HIGH_CAP);
  if (highs >= 1) score = Math.min(score, HIGH_CAP);
  return { score, grade: gradeFromScore(score) };
}

/** Negative when `a` is better than `b`, 0 when equal, positive when worse. */
export function compareGrades(a: Grade, b: Grade): number {
  return GRADES.indexOf(a) - GRADES.indexOf(b);
}

/** True when grade `a` is worse than grade `b` ("C" is worse than "B"). */
export const isWorse: (a: Grade, b: Grade) => boolean = isWorseThan;

/** Reads a grade letter, any case; a bad value is a bad parameter named in the message. */
export function parseGrade(value: string, parameter = 'grade'): Grade {
  return parseGradeLetter(value, parameter);
}
