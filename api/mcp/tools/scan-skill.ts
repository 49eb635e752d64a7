// scan_skill: grades the skill being written (its SKILL.md text, or its files) through the same
// worker pipeline and rules as POST /api/v1/scan, with every finding's line and fix. Under the
// failBelow threshold the answer is a tool error that still carries the whole result, as the
// REST endpoint answers 422 with the result.
import * as z from 'zod';
import { AppError } from '../../../lib/errors.ts';
import { isWorseThan } from '../../../lib/grades.ts';
import type { ScanSubmission } from '../../scan-service.ts';
import { defineTool, type ToolContext } from '../tool-kit.ts';
import { countsSchema, findingSchema, gradeSchema } from '../schemas.ts';
import { findingLines, gradeText, toFinding } from '../skill-output.ts';
import type { ScanReport } from '../../../worker/scanner/index.ts';

const input = z.object({
  content: z.string().optional().describe('The SKILL.md text of the skill (front matter included). Send this or files, not both.'),
  files: z
    .array(
      z.object({
        path: z.string().describe('Path relative to the skill folder, forward slashes: "SKILL.md", "scripts/setup.sh"'),
        content: z.string().describe('The file text (UTF-8)'),
      }),
    )
    .min(1)
    .optional()
    .describe('Every text file of the skill, SKILL.md included, when it has scripts or resources. Send this or content, not both.'),
  folder: z
    .string()
    .optional()
    .describe('When files hold several skills (several SKILL.md): the folder of the one to grade, or "*" for all of them'),
  failBelow: gradeSchema.optional().describe('Grade threshold: a grade worse than this letter makes the call fail (the result is still returned)'),
});

const output = z.object({
  scanId: z.string().describe('Id of the scan; GET /api/v1/scans/{scanId} reads it again'),
  grade: gradeSchema.describe('Grade of the worst skill graded'),
  score: z.number().int().describe('Score 0-100 of the worst skill graded'),
  rulesVersion: z.string().describe('Version of the rule set that graded it'),
  failBelow: gradeSchema.nullable().describe('The threshold applied, or null when none was given'),
  passed: z.boolean().describe('False when the grade is worse than failBelow'),
  skills: z
    .array(
      z.object({
        folder: z.string().describe('Folder of the skill relative to the input root ("" for the root)'),
        name: z.string().describe('Name of the skill'),
        grade: gradeSchema.describe('Grade of this skill'),
        score: z.number().int().describe('Score of this skill, 0-100'),
        findingCounts: countsSchema,
      }),
    )
    .describe('Each skill graded'),
  findings: z
    .array(z.object({ folder: z.string().describe('Folder of the skill the finding belongs to'), ...findingSchema.shape }))
    .describe('Every finding, with file, line, column and a fix'),
  skipped: z
    .array(z.object({ path: z.string().describe('Path not graded'), reason: z.string().describe('Why it was not graded') }))
    .describe('Files or folders left out of grading (vendored code, too large)'),
});

type ScanOutput = z.infer<typeof output>;

/** Paths as the scanner reads them; anything that could point outside the skill is refused. */
function checkedFiles(files: { path: string; content: string }[], ctx: ToolContext): { path: string; content: string }[] {
  if (files.length > ctx.maxFiles) throw new AppError('PAYLOAD_TOO_LARGE', `files holds ${files.length} files; at most ${ctx.maxFiles} are accepted`);
  const seen = new Set<string>();
  return files.map(({ path, content }) => {
    const clean = path.trim().replace(/\\/g, '/').replace(/^(\.\/)+/, '');
    const segments = clean.split('/');
    if (!clean || clean.includes('\u0000') || clean.startsWith('/') || /^[a-z]:/i.test(clean) || segments.includes('..') || segments.includes('')) {
      throw new AppError('INVALID_INPUT', `file path "${path.slice(0, 200)}" must be relative to the skill folder, like "scripts/run.sh"`);
    }
    if (seen.has(clean)) throw new AppError('INVALID_INPUT', `file path "${clean}" is given twice`);
    seen.add(clean);
    if (content.includes('\u0000')) throw new AppError('INVALID_INPUT', `file "${clean}" holds NUL characters: send binary files in a ZIP to POST /api/v1/scan`);
    return { path: clean, content };
  });
}

function submissionOf(args: { content?: string; files?: { path: string; content: string }[] }, ctx: ToolContext): ScanSubmission {
  if ((args.content === undefined) === (args.files === undefined)) {
    throw new AppError('INVALID_INPUT', 'send exactly one input: content (the SKILL.md text) or files (every file of the skill)');
  }
  const size = Buffer.byteLength(args.content ?? '') + (args.files ?? []).reduce((n, f) => n + Buffer.byteLength(f.content) + f.path.length, 0);
  if (size > ctx.maxInputBytes) throw new AppError('PAYLOAD_TOO_LARGE', `the skill is ${size} bytes; at most ${ctx.maxInputBytes} are accepted`);
  if (args.content !== undefined) {
    if (args.content.trim() === '') throw new AppError('INVALID_INPUT', 'content is empty: send the SKILL.md text');
    if (args.content.includes('\u0000')) throw new AppError('INVALID_INPUT', 'content holds NUL characters');
    return { kind: 'content', text: args.content };
  }
  return { kind: 'files', files: checkedFiles(args.files!, ctx) };
}

export function toScanOutput(scanId: string, result: ScanReport, failBelow: ScanOutput['failBelow']): ScanOutput {
  return {
    scanId,
    grade: result.grade,
    score: result.score,
    rulesVersion: result.rulesVersion,
    failBelow,
    passed: failBelow === null || !isWorseThan(result.grade, failBelow),
    skills: result.skills.map((s) => ({
      folder: s.folder,
      name: s.name,
      grade: s.grade,
      score: s.score,
      findingCounts: { critical: s.findingCounts.critical, high: s.findingCounts.high, medium: s.findingCounts.medium, low: s.findingCounts.low },
    })),
    findings: result.findings.map((f) => ({ folder: f.folder, ...toFinding(f) })),
    skipped: (result.skipped ?? []).map((s) => ({ path: s.path, reason: s.reason })),
  };
}

export const scanSkillTool = defineTool({
  name: 'scan_skill',
  title: 'Scan a skill',
  description:
    'Grade the skill you are writing, before it is installed or shared: send its SKILL.md text (content) or all its files. Returns the security grade A-F, the score and every finding with its file, line and a fix. With failBelow, a worse grade makes the call fail.',
  input,
  output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, ctx) {
    const submission = submissionOf(args, ctx);
    const folder = args.folder?.trim() || undefined;
    const { scanId, result } = await ctx.scans.run(submission, { folder, failBelow: args.failBelow });
    const data = toScanOutput(scanId, result, args.failBelow ?? null);
    const verdict = data.passed
      ? data.failBelow
        ? `passes the threshold ${data.failBelow}`
        : ''
      : `GRADE_BELOW_THRESHOLD: grade ${data.grade} is worse than the threshold ${data.failBelow} (failBelow)`;
    const lines = [
      ...(data.passed ? [] : [verdict]),
      `Grade ${gradeText(data.grade, data.score)}${data.passed && verdict ? `, ${verdict}` : ''}; rules ${data.rulesVersion}.`,
      ...(data.skills.length > 1 ? data.skills.map((s) => `- ${s.folder || '.'} (${s.name}): ${gradeText(s.grade, s.score)}`) : []),
      data.findings.length === 0 ? 'No findings.' : `${data.findings.length} finding${data.findings.length === 1 ? '' : 's'}:`,
      ...findingLines(data.findings),
    ];
    return { data, text: lines.join('\n'), isError: !data.passed };
  },
});
