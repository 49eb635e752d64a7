// get_skill: one directory skill with the fields of the key's tier (GET /api/v1/skills/:slug):
// Pro reads the text, grade and score; Enterprise also the findings, analysis and content hash.
import * as z from 'zod';
import { AppError } from '../../../lib/errors.ts';
import { getSkill } from '../../../db/skills.ts';
import { defineTool } from '../tool-kit.ts';
import { skillShape } from '../schemas.ts';
import { findingLines, gradeText, toSkill } from '../skill-output.ts';

export const slugSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters')
  .describe('Slug of a directory skill, as search_skills returns it');

export const getSkillTool = defineTool({
  name: 'get_skill',
  title: 'Get a skill',
  description:
    'Read one skill of the directory by slug: its SKILL.md text, security grade and score, and (Enterprise keys) every finding with its line and fix.',
  input: z.object({ slug: slugSchema }),
  output: z.object(skillShape),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, ctx) {
    const record = await getSkill(ctx.pool, ctx.tier, args.slug);
    if (!record) throw new AppError('NOT_FOUND', `No skill with slug "${args.slug}"; search_skills finds slugs`);
    const skill = toSkill(record, ctx.tier);
    const lines = [
      `${skill.name} (${skill.slug}): grade ${gradeText(skill.securityGrade, skill.securityScore)}`,
      `${skill.category}, by ${skill.author || 'unknown'}, ${skill.stars} stars${skill.verified ? ', verified' : ''}, updated ${skill.updatedAt}`,
      skill.description,
    ];
    if (skill.findings) {
      lines.push('', skill.findings.length === 0 ? 'No findings.' : `${skill.findings.length} finding${skill.findings.length === 1 ? '' : 's'}:`);
      lines.push(...findingLines(skill.findings));
    } else {
      lines.push('', 'Findings are shown to Enterprise keys.');
    }
    lines.push('', '--- SKILL.md ---', skill.content);
    return { data: skill, text: lines.join('\n') };
  },
});
