// GET /api/v1/skills: filter, sort and page the directory (api-spec 4.1).
import type { Request, Response } from 'express';
import type pg from 'pg';
import { AppError } from '../../lib/errors.ts';
import { GRADE_FLOOR, parseGradeLetter } from '../../lib/grades.ts';
import { categoryExists, listSkills, type SkillSort } from '../../db/skills.ts';
import { keyOf } from '../context.ts';
import { boolParam, enumParam, intParam, stringParam } from '../params.ts';
import { envelopeHead, paginationFor, sendEnvelopeHead } from '../respond.ts';
import type { ResponseCache } from '../response-cache.ts';

export const DEFAULT_LIST_LIMIT = 20;
export const MAX_LIST_LIMIT = 100;
const SORTS = ['recent', 'votes', 'stars'] as const satisfies readonly SkillSort[];

/**
 * The score floor of the securityGrade and minSecurityScore filters. securityGrade is the worst
 * grade accepted (default A, `all` for none); both filters together keep the stricter floor.
 */
export function scoreFloor(query: Request['query']): number {
  const grade = stringParam(query, 'securityGrade', 10) ?? 'A';
  const gradeFloor = grade.toLowerCase() === 'all' ? 0 : GRADE_FLOOR[parseGradeLetter(grade, 'securityGrade')];
  const minScore = intParam(query, 'minSecurityScore', { min: 0, max: 100 }, 0);
  return Math.max(gradeFloor, minScore);
}

export function listSkillsRoute(pool: pg.Pool, cache?: ResponseCache) {
  return async (req: Request, res: Response) => {
    const q = stringParam(req.query, 'q');
    const category = stringParam(req.query, 'category', 100);
    const sort = enumParam(req.query, 'sort', SORTS, 'recent');
    const limit = intParam(req.query, 'limit', { min: 1, max: MAX_LIST_LIMIT }, DEFAULT_LIST_LIMIT);
    const offset = intParam(req.query, 'offset', { min: 0, max: 10_000_000 }, 0);
    const verifiedOnly = boolParam(req.query, 'verified') ?? false;
    const minScore = scoreFloor(req.query);
    const { tier, directoryVersion } = keyOf(res);
    // Keyed by the parsed parameters: spellings of one request share an entry.
    const cacheKey = JSON.stringify(['list', tier, q, category, sort, limit, offset, verifiedOnly, minScore]);
    const cached = directoryVersion === undefined ? undefined : cache?.get(directoryVersion, cacheKey);
    if (cached !== undefined) return sendEnvelopeHead(res, cached);
    const page = await listSkills(pool, tier, { q, category, verifiedOnly, minScore }, { sort, limit, offset });
    // An empty page for an unknown category is a typo the caller should hear about.
    if (page.totalCount === 0 && category !== undefined && !(await categoryExists(pool, category))) {
      throw new AppError('INVALID_PARAMETER', `category "${category}" does not exist; GET /api/v1/categories lists them`);
    }
    const head = envelopeHead(page.items, paginationFor(page.totalCount, limit, offset));
    if (directoryVersion !== undefined) cache?.set(directoryVersion, cacheKey, head);
    sendEnvelopeHead(res, head);
  };
}
