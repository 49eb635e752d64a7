// download_skill: a directory skill's files as a ZIP, returned as an embedded resource. Skills
// graded worse than C are refused unless the caller insists (force: true), so an assistant does not
// install a risky skill by accident.
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { AppError } from '../../../lib/errors.ts';
import { isWorseThan, type GradeLetter } from '../../../lib/grades.ts';
import { getSkillDownload } from '../../../db/skill-download.ts';
import { defineTool } from '../tool-kit.ts';
import { gradeSchema } from '../schemas.ts';
import { gradeText } from '../skill-output.ts';
import { isSafeEntryPath, zipSkill } from '../skill-zip.ts';
import { slugSchema } from './get-skill.ts';

/** The worst grade downloaded without force. */
export const DOWNLOAD_THRESHOLD: GradeLetter = 'C';

const output = z.object({
  slug: z.string().describe('Slug of the skill'),
  name: z.string().describe('Name of the skill'),
  securityGrade: gradeSchema.describe('Security grade of the skill'),
  securityScore: z.number().int().describe('Security score of the skill, 0-100'),
  forced: z.boolean().describe('True when the grade is worse than the download threshold and force was given'),
  uri: z.string().describe('URI of the embedded ZIP resource in the content of this result'),
  zipBytes: z.number().int().describe('Size of the ZIP in bytes'),
  sha256: z.string().describe('Hex SHA-256 of the ZIP bytes'),
  folder: z.string().describe('Folder every file of the ZIP is under (the slug)'),
  files: z
    .array(z.object({ path: z.string().describe('Path in the skill folder'), bytes: z.number().int().describe('Size in bytes') }))
    .describe('The files in the ZIP, SKILL.md first'),
});

export const downloadSkillTool = defineTool({
  name: 'download_skill',
  title: 'Download a skill',
  description: `Download a directory skill as a ZIP (an embedded resource, base64, mime type application/zip) holding the folder <slug>/ with SKILL.md and its files. Skills graded worse than ${DOWNLOAD_THRESHOLD} are refused unless force is true; check the grade and findings with get_skill first.`,
  input: z.object({
    slug: slugSchema,
    force: z
      .boolean()
      .default(false)
      .describe(`true to download a skill graded worse than ${DOWNLOAD_THRESHOLD} anyway, after the user has accepted the risk`),
  }),
  output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, ctx) {
    const skill = await getSkillDownload(ctx.pool, args.slug);
    if (!skill) throw new AppError('NOT_FOUND', `No skill with slug "${args.slug}"; search_skills finds slugs`);
    const grade = skill.securityGrade as GradeLetter;
    const belowThreshold = isWorseThan(grade, DOWNLOAD_THRESHOLD);
    if (belowThreshold && !args.force) {
      throw new AppError(
        'GRADE_BELOW_THRESHOLD',
        `"${skill.slug}" is graded ${gradeText(grade, skill.securityScore)}, worse than ${DOWNLOAD_THRESHOLD}: review its findings (get_skill) and call again with force: true only if the user accepts the risk`,
        { securityGrade: grade, securityScore: skill.securityScore, threshold: DOWNLOAD_THRESHOLD },
      );
    }
    // Paths come from imports; one that could unpack outside the folder is left out, never shipped.
    const others = skill.files.filter((f) => f.path !== 'SKILL.md' && isSafeEntryPath(f.path));
    const dropped = skill.files.length - others.length - (skill.files.some((f) => f.path === 'SKILL.md') ? 1 : 0);
    if (dropped > 0) ctx.log.warn('download left out unsafe paths', { slug: skill.slug, dropped });
    const files = [{ path: 'SKILL.md', content: Buffer.from(skill.content, 'utf8') }, ...others];
    const zip = await zipSkill(skill.slug, files, skill.updatedAt);
    const uri = `skillgate://skills/${encodeURIComponent(skill.slug)}.zip`;
    const data = {
      slug: skill.slug,
      name: skill.name,
      securityGrade: grade,
      securityScore: skill.securityScore,
      forced: belowThreshold,
      uri,
      zipBytes: zip.length,
      sha256: createHash('sha256').update(zip).digest('hex'),
      folder: skill.slug,
      files: files.map((f) => ({ path: f.path, bytes: f.content.length })),
    };
    const text = [
      `${skill.name} (${skill.slug}), grade ${gradeText(grade, skill.securityScore)}${belowThreshold ? `, worse than ${DOWNLOAD_THRESHOLD}: downloaded because force was given` : ''}.`,
      `ZIP of ${zip.length} bytes (sha256 ${data.sha256}) embedded as ${uri}; unpack it into the skills folder to get ${skill.slug}/:`,
      ...data.files.map((f) => `- ${f.path} (${f.bytes} bytes)`),
    ].join('\n');
    return {
      data,
      text,
      extra: [{ type: 'resource', resource: { uri, mimeType: 'application/zip', blob: zip.toString('base64') } }],
    };
  },
});
