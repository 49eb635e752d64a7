// my_library: the key's own list of saved directory skills (also REST: /api/v1/library). Every
// answer ends with the library as it stands, newest first.
import * as z from 'zod';
import { AppError } from '../../../lib/errors.ts';
import { addToLibrary, listLibrary, removeFromLibrary } from '../../../db/library.ts';
import { defineTool } from '../tool-kit.ts';
import { skillSummaryShape } from '../schemas.ts';
import { summaryLine, toSummary } from '../skill-output.ts';

/** Entries shown in one answer; the REST list pages through the rest. */
export const LIBRARY_PAGE = 100;

const output = z.object({
  action: z.enum(['list', 'add', 'remove']).describe('The action done'),
  slug: z.string().nullable().describe('The skill added or removed; null for list'),
  changed: z.boolean().describe('Whether the library changed (false when adding a skill already there)'),
  totalCount: z.number().int().describe('Number of skills in the library'),
  items: z
    .array(z.object({ ...skillSummaryShape, addedAt: z.string().describe('When the skill was added to the library (ISO 8601 UTC)') }))
    .describe(`The library after the action, newest first, at most ${LIBRARY_PAGE}`),
});

export const myLibraryTool = defineTool({
  name: 'my_library',
  title: 'My skill library',
  description:
    'The skills saved by this API key: list them, add one by slug, or remove one. Every answer shows the library after the action.',
  input: z.object({
    action: z.enum(['list', 'add', 'remove']).describe('list the library, add a skill to it, or remove one from it'),
    slug: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters')
      .optional()
      .describe('Slug of the skill to add or remove (needed for add and remove)'),
  }),
  output,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run(args, ctx) {
    let changed = false;
    let head = '';
    if (args.action !== 'list') {
      if (!args.slug) throw new AppError('MISSING_PARAMETER', `slug is required to ${args.action} a skill`);
      if (args.action === 'add') {
        const outcome = await addToLibrary(ctx.pool, ctx.keyId, ctx.tier, args.slug);
        if (outcome.status === 'unknown-skill') throw new AppError('NOT_FOUND', `No skill with slug "${args.slug}"; search_skills finds slugs`);
        changed = outcome.status === 'added';
        head = changed ? `Added ${args.slug}` : `${args.slug} was already in your library`;
      } else {
        changed = await removeFromLibrary(ctx.pool, ctx.keyId, args.slug);
        if (!changed) throw new AppError('NOT_FOUND', `"${args.slug}" is not in your library`);
        head = `Removed ${args.slug}`;
      }
    }
    const page = await listLibrary(ctx.pool, ctx.keyId, ctx.tier, { limit: LIBRARY_PAGE, offset: 0 });
    const items = page.items.map((r) => ({ ...toSummary(r), addedAt: String(r.addedAt ?? '') }));
    const count = `${page.totalCount} skill${page.totalCount === 1 ? '' : 's'}`;
    const lines = [`${head ? `${head}. ` : ''}Your library holds ${count}${page.totalCount > items.length ? `; the newest ${items.length}` : ''}${items.length ? ':' : '.'}`];
    lines.push(...items.map((s, i) => summaryLine(s, i + 1)));
    return {
      data: { action: args.action, slug: args.action === 'list' ? null : args.slug!, changed, totalCount: page.totalCount, items },
      text: lines.join('\n'),
    };
  },
});
