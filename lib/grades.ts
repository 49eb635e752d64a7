// Grades and their score bands (api-spec 3.1), ordered best to worst.
import { AppError } from './errors.ts';

export const GRADE_ORDER = ['A', 'B', 'C', 'D', 'F'] as const;
export type GradeLetter = (typeof GRADE_ORDER)[number];

/** Lowest score of each grade's band. */
export const GRADE_FLOOR: Readonly<Record<GradeLetter, number>> = { A: 90, B: 75, C: 60, D: 40, F: 0 };

export function gradeForScore(score: number): GradeLetter {
  for (const grade of GRADE_ORDER) if (score >= GRADE_FLOOR[grade]) return grade;
  return 'F';
}

/** Parses a grade letter (any case); throws INVALID_PARAMETER naming `parameter` otherwise. */
export function parseGradeLetter(value: string, parameter: string): GradeLetter {
  const upper = value.trim().toUpperCase();
  if ((GRADE_ORDER as readonly string[]).includes(upper)) return upper as GradeLetter;
  throw new AppError('INVALID_PARAMETER', `${parameter} must be a grade letter A, B, C, D or F (got "${value}")`);
}

/** True when `grade` is worse than `threshold` (C is worse than B). */
export function isWorseThan(grade: GradeLetter, threshold: GradeLetter): boolean {
  return GRADE_ORDER.indexOf(grade) > GRADE_ORDER.indexOf(threshold);
}
