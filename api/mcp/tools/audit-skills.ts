// audit_skills: checks the skills installed on the caller's machine against the directory (rules
// in ../audit.ts) and gives an overall verdict against a grade threshold.
import * as z from 'zod';
import { AppError } from '../../../lib/errors.ts';
import { defineTool } from '../tool-kit.ts';
import { countsSchema, findingSchema, gradeSchema, thresholdSchema } from '../schemas.ts';
import { auditInstalled, type AuditEntry } from '../audit.ts';
import { gradeText } from '../skill-output.ts';

export const MAX_AUDITED_SKILLS = 100;
const DEFAULT_FAIL_BELOW = 'C';

const input = z.object({
  skills: z
    .array(
      z.object({
        name: z
          .string()
          .trim()
          .min(1)
          .max(200)
          .describe('Name of the installed skill: its folder name or the name in its SKILL.md front matter'),
        content: z.string().optional().describe('Its SKILL.md text: lets the audit tell the version and grade a copy the directory does not list'),
        contentHash: z
          .string()
          .regex(/^sha256:[0-9a-f]{64}$/)
          .optional()
          .describe(
            'Hash of the installed folder, "sha256:" + hex SHA-256 over every file sorted by path, each as path, NUL byte, bytes, NUL byte; identifies the exact version, scripts included',
          ),
        installedAt: z.iso
          .datetime({ offset: true })
          .optional()
          .describe('When this copy was installed or last updated (ISO 8601); a listed version changed after it counts as newer'),
      }),
    )
    .min(1)
    .max(MAX_AUDITED_SKILLS)
    .describe(`The installed skills, 1 to ${MAX_AUDITED_SKILLS}`),
  failBelow: thresholdSchema('Threshold of the verdict', DEFAULT_FAIL_BELOW),
});

const entrySchema = z.object({
  name: z.string().describe('The installed name, as sent'),
  known: z.boolean().describe('Whether the directory lists this skill'),
  slug: z.string().nullable().describe('Slug of the listed skill it matched, or null'),
  version: z
    .enum(['current', 'outdated', 'modified', 'unverified'])
    .nullable()
    .describe(
      'current: same as the listed version; outdated: an earlier listed version; modified: differs from every listed version; unverified: no content or hash sent; null when not listed',
    ),
  newerVersionListed: z.boolean().describe('Whether the directory lists a newer version than the installed one'),
  listed: z
    .object({
      grade: gradeSchema.describe('Grade of the listed version'),
      score: z.number().int().describe('Score of the listed version, 0-100'),
      updatedAt: z.string().describe('When the listed content last changed (ISO 8601 UTC)'),
    })
    .nullable()
    .describe('The listed version, or null when not listed'),
  grade: gradeSchema.nullable().describe('Grade of the installed copy, or null when it could not be graded'),
  score: z.number().int().nullable().describe('Score of the installed copy, 0-100, or null'),
  gradeSource: z
    .enum(['directory', 'scan'])
    .nullable()
    .describe('directory: the listed grade applies to the installed copy; scan: the installed copy was graded now; null: not graded'),
  findings: z
    .array(findingSchema)
    .nullable()
    .describe('Findings of the installed copy with line and fix; null when hidden by the tier (directory findings are for Enterprise keys) or not graded'),
  findingCounts: countsSchema.nullable().describe('Number of findings by severity, or null like findings'),
  passed: z.boolean().nullable().describe('Whether the grade meets failBelow; null when not graded'),
  note: z.string().describe('What the audit concluded, in words'),
});

const output = z.object({
  verdict: z
    .enum(['pass', 'fail', 'incomplete'])
    .describe('fail: a skill is graded worse than failBelow; incomplete: none failed but some could not be graded; pass: all graded and passed'),
  failBelow: gradeSchema.describe('The threshold applied'),
  summary: z
    .object({
      total: z.number().int().describe('Skills audited'),
      known: z.number().int().describe('Skills the directory lists'),
      newerVersionListed: z.number().int().describe('Skills with a newer listed version'),
      failed: z.number().int().describe('Skills graded worse than failBelow'),
      ungraded: z.number().int().describe('Skills that could not be graded'),
    })
    .describe('Counts over all skills'),
  skills: z.array(entrySchema).describe('One entry per installed skill, in the order sent'),
});

function entryLine(e: AuditEntry): string {
  const status = e.passed === null ? 'UNGRADED' : e.passed ? 'PASS' : 'FAIL';
  const grade = e.grade ? `grade ${gradeText(e.grade, e.score ?? 0)} (${e.gradeSource === 'scan' ? 'graded now' : 'directory'})` : 'no grade';
  const listed = e.slug ? `listed as ${e.slug}${e.newerVersionListed ? `, newer version listed (${e.listed!.updatedAt})` : ''}` : 'not listed';
  const counts = e.findingCounts
    ? `; findings: ${(Object.entries(e.findingCounts) as [string, number][]).filter(([, n]) => n > 0).map(([s, n]) => `${n} ${s}`).join(', ') || 'none'}`
    : '';
  return `- ${status} ${e.name}: ${grade}, ${listed}${counts}. ${e.note}`;
}

export const auditSkillsTool = defineTool({
  name: 'audit_skills',
  title: 'Audit installed skills',
  description:
    'Check the skills installed in this project or on this machine: send each one\'s name and its SKILL.md content (or a content hash). For each: whether the directory lists it, whether a newer version is listed, its grade and findings; copies the directory does not list are graded now. Ends in a verdict against failBelow (default C).',
  input,
  output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, ctx) {
    const size = args.skills.reduce((n, s) => n + Buffer.byteLength(s.content ?? ''), 0);
    if (size > ctx.maxInputBytes) throw new AppError('PAYLOAD_TOO_LARGE', `the contents sent are ${size} bytes; at most ${ctx.maxInputBytes} are accepted`);
    const bad = args.skills.find((s) => s.content?.includes('\u0000'));
    if (bad) throw new AppError('INVALID_INPUT', `the content of "${bad.name}" holds NUL characters`);
    const report = await auditInstalled(ctx, args.skills, args.failBelow);
    const summary = {
      total: report.skills.length,
      known: report.skills.filter((e) => e.known).length,
      newerVersionListed: report.skills.filter((e) => e.newerVersionListed).length,
      failed: report.skills.filter((e) => e.passed === false).length,
      ungraded: report.skills.filter((e) => e.passed === null).length,
    };
    const head = `Audit of ${summary.total} installed skill${summary.total === 1 ? '' : 's'} against ${report.failBelow}: ${report.verdict.toUpperCase()} (${summary.failed} failed, ${summary.ungraded} ungraded, ${summary.known} listed, ${summary.newerVersionListed} with a newer version listed).`;
    return {
      data: { verdict: report.verdict, failBelow: report.failBelow, summary, skills: report.skills },
      text: [head, ...report.skills.map(entryLine)].join('\n'),
    };
  },
});
