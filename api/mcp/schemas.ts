// Schemas shared by several tools. Every field carries a description: assistants read them from
// tools/list to decide what to send and how to read the answer. Output objects are closed (the
// JSON Schema says additionalProperties: false), so results are built field by field.
import * as z from 'zod';
import { CATEGORIES, GRADES, SEVERITIES } from '../../worker/scanner/types.ts';
import type { GradeLetter } from '../../lib/grades.ts';

export const gradeSchema = z.enum(GRADES);

/** An optional grade threshold with its default. */
export function thresholdSchema(what: string, fallback: GradeLetter) {
  return gradeSchema.default(fallback).describe(`${what}: the worst grade that still passes (A best, F worst). Default ${fallback}.`);
}

export const countsSchema = z
  .object({
    critical: z.number().int().describe('Critical findings'),
    high: z.number().int().describe('High findings'),
    medium: z.number().int().describe('Medium findings'),
    low: z.number().int().describe('Low findings'),
  })
  .describe('Number of findings by severity');
export type Counts = z.infer<typeof countsSchema>;

export const findingSchema = z.object({
  ruleId: z.string().describe('Stable id of the rule that matched, e.g. "PI-01"'),
  category: z.enum(CATEGORIES).describe('Threat category of the rule'),
  severity: z.enum(SEVERITIES).describe('How serious the finding is: critical, high, medium or low'),
  title: z.string().describe('Short name of the problem'),
  message: z.string().describe('What was found, in one sentence'),
  file: z.string().describe('File of the finding, relative to the skill folder ("SKILL.md" for the skill text)'),
  line: z.number().int().describe('1-based line of the finding in that file'),
  column: z.number().int().describe('1-based column of the finding on that line'),
  evidence: z.string().describe('The text that matched, with secrets redacted'),
  fix: z.string().describe('How to fix it or what to do instead'),
});
export type FindingOutput = z.infer<typeof findingSchema>;

export const analysisSchema = z
  .object({
    summary: z.string().optional().describe('One-sentence summary of the findings'),
    riskLevel: z.enum(['none', 'low', 'medium', 'high', 'critical']).optional().describe('Severity of the worst finding, or none'),
    findingCounts: countsSchema.optional(),
    categories: z.record(z.string(), z.number().int()).optional().describe('Number of findings by threat category'),
    files: z.number().int().optional().describe('Number of files graded'),
  })
  .describe('Summary of the security analysis (Enterprise keys)');
export type AnalysisOutput = z.infer<typeof analysisSchema>;

/** The fields of a skill in lists: enough to choose one; get_skill gives the rest. */
export const skillSummaryShape = {
  slug: z.string().describe('Identifier of the skill; pass it to get_skill, download_skill or my_library'),
  name: z.string().describe('Name of the skill (from its SKILL.md front matter)'),
  description: z.string().describe('What the skill does and when to use it'),
  category: z.string().describe('Category slug'),
  tags: z.array(z.string().describe('A tag')).describe('Tags of the skill'),
  author: z.string().describe('Author or owner of the source repository'),
  stars: z.number().int().describe('GitHub stars of the source repository'),
  verified: z.boolean().describe('Whether the directory verified the skill'),
  votes: z.number().int().describe('Votes of directory users'),
  updatedAt: z.string().describe('When the listed content last changed (ISO 8601 UTC)'),
  securityGrade: gradeSchema.describe('Security grade A (no significant issues) to F (critical issues)'),
  securityScore: z.number().int().describe('Security score 0-100; grade bands A 90+, B 75+, C 60+, D 40+, F below'),
};
export const skillSummarySchema = z.object(skillSummaryShape);
export type SkillSummary = z.infer<typeof skillSummarySchema>;

export const skillShape = {
  ...skillSummaryShape,
  createdAt: z.string().describe('When the skill was added to the directory (ISO 8601 UTC)'),
  forks: z.number().int().describe('GitHub forks of the source repository'),
  language: z.string().nullable().describe('Main language of the source repository, or null'),
  content: z.string().describe('The full SKILL.md text'),
  findings: z
    .array(findingSchema)
    .optional()
    .describe('Every finding of the listed version with its line and fix (Enterprise keys; absent for Pro)'),
  analysis: analysisSchema.optional(),
  contentHash: z
    .string()
    .optional()
    .describe('"sha256:" hash over every file of the listed version (Enterprise keys; absent for Pro)'),
};
export type SkillOutput = z.infer<z.ZodObject<typeof skillShape>>;
