// search_skills: the directory's text search (GET /api/v1/skills?q=) with the list's filters, or
// semantic search when asked and available. Results are summaries; get_skill gives the rest.
import * as z from 'zod';
import { AppError } from '../../../lib/errors.ts';
import { GRADE_FLOOR } from '../../../lib/grades.ts';
import { categoryExists, listSkills } from '../../../db/skills.ts';
import { defineTool } from '../tool-kit.ts';
import { skillSummaryShape } from '../schemas.ts';
import { summaryLine, toSummary } from '../skill-output.ts';

const noNul = (s: string) => !s.includes('\u0000');

const input = z.object({
  query: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .refine(noNul, 'must not contain NUL characters')
    .describe('What to look for: words matched against skill names and descriptions, or for semantic search a description of the task'),
  category: z.string().trim().min(1).max(100).optional().describe('Category slug; only skills of that category are returned'),
  limit: z.number().int().min(1).max(100).default(10).describe('Most results to return, 1 to 100. Default 10.'),
  securityGrade: z
    .enum(['A', 'B', 'C', 'D', 'F', 'all'])
    .default('A')
    .describe('Worst security grade accepted: "B" returns A and B skills. Default "A", as on the REST list; "all" turns the filter off.'),
  minSecurityScore: z.number().int().min(0).max(100).optional().describe('Lowest security score accepted, 0 to 100; with securityGrade, the stricter floor applies'),
  semantic: z
    .boolean()
    .default(false)
    .describe('true: rank by meaning (embeddings) instead of matching words; needs the semantic search of the server'),
  sort: z
    .enum(['stars', 'votes', 'recent'])
    .default('stars')
    .describe('Order of text-search results: most GitHub stars (default), most votes, or newest. Semantic results are ordered by relevance.'),
});

const output = z.object({
  query: z.string().describe('The query as searched'),
  semantic: z.boolean().describe('Whether the results come from semantic search'),
  securityGrade: z.string().describe('The grade filter applied'),
  totalCount: z.number().int().nullable().describe('Number of skills matching in the directory (text search); null for semantic search'),
  items: z
    .array(
      z.object({
        ...skillSummaryShape,
        relevance: z.number().optional().describe('Combined relevance of a semantic result (higher is better)'),
        similarity: z.number().optional().describe('Vector similarity of a semantic result, 0 to 1'),
      }),
    )
    .describe('Matching skills, best first'),
});

export const searchSkillsTool = defineTool({
  name: 'search_skills',
  title: 'Search skills',
  description:
    'Search the skill directory by words in names and descriptions, or by meaning with semantic: true. Only grade-A skills are returned unless securityGrade says otherwise. Each result has its slug, security grade and score; use get_skill for the full text and findings.',
  input,
  output,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, ctx) {
    const gradeFloor = args.securityGrade === 'all' ? 0 : GRADE_FLOOR[args.securityGrade];
    const minScore = Math.max(gradeFloor, args.minSecurityScore ?? 0);
    const gradeText = args.securityGrade === 'all' ? 'any grade' : `grade ${args.securityGrade} or better`;
    let items: z.infer<typeof output>['items'];
    let totalCount: number | null = null;
    if (args.semantic) {
      if (!ctx.semanticSearch) {
        throw new AppError('SERVICE_UNAVAILABLE', 'Semantic search is unavailable on this server; search again with semantic: false');
      }
      const records = await ctx.semanticSearch({ query: args.query, limit: args.limit, category: args.category, minScore, tier: ctx.tier });
      items = records
        .map((r) => ({ ...toSummary(r), relevance: Number(r._score ?? 0), similarity: Number(r._similarity ?? 0) }))
        .filter((s) => s.securityScore >= minScore)
        .slice(0, args.limit);
    } else {
      const page = await listSkills(
        ctx.pool,
        ctx.tier,
        { q: args.query, category: args.category, verifiedOnly: false, minScore },
        { sort: args.sort, limit: args.limit, offset: 0 },
      );
      items = page.items.map(toSummary);
      totalCount = page.totalCount;
    }
    // An empty answer for an unknown category is a typo the caller should hear about.
    if (items.length === 0 && args.category !== undefined && !(await categoryExists(ctx.pool, args.category))) {
      throw new AppError('INVALID_PARAMETER', `category "${args.category}" does not exist; GET /api/v1/categories lists them`);
    }
    const head =
      items.length === 0
        ? `No skills match "${args.query}" with ${gradeText}.${args.securityGrade === 'all' ? '' : ' securityGrade "all" widens the search.'}`
        : `${totalCount ?? items.length} skill${(totalCount ?? items.length) === 1 ? '' : 's'} match "${args.query}" with ${gradeText}${
            totalCount !== null && totalCount > items.length ? `; the first ${items.length}` : ''
          }${args.semantic ? ' (semantic search)' : ''}:`;
    return {
      data: { query: args.query, semantic: args.semantic, securityGrade: args.securityGrade, totalCount, items },
      text: [head, ...items.map((s, i) => summaryLine(s, i + 1))].join('\n'),
    };
  },
});
