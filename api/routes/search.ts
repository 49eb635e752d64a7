// GET /api/v1/skills/search: semantic search (api-spec 4.3), Pro and Enterprise only (the route is
// registered behind requireTier('pro')). A thin adapter over worker/search/search-skills.ts; the
// grade, score and verified filters and their defaults are the list's (GET /api/v1/skills).
import type { Request, Response } from 'express';
import { AppError } from '../../lib/errors.ts';
import { categoryExists } from '../../db/skills.ts';
import {
  DEFAULT_SEARCH_LIMIT, DEFAULT_THRESHOLD, MAX_SEARCH_LIMIT, searchSkills, type SearchDependencies,
} from '../../worker/search/search-skills.ts';
import { keyOf } from '../context.ts';
import { boolParam, floatParam, intParam, stringParam } from '../params.ts';
import { sendData } from '../respond.ts';
import { scoreFloor } from './skills-list.ts';

export const MAX_QUERY_LENGTH = 500;

export function searchSkillsRoute(deps: SearchDependencies) {
  return async (req: Request, res: Response) => {
    const raw = req.query.q;
    // An empty q is as good as none.
    if (raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
      throw new AppError('MISSING_PARAMETER', 'q is required: the text to search for, e.g. ?q=turn+a+spreadsheet+into+charts');
    }
    const q = stringParam(req.query, 'q', MAX_QUERY_LENGTH)!;
    const limit = intParam(req.query, 'limit', { min: 1, max: MAX_SEARCH_LIMIT }, DEFAULT_SEARCH_LIMIT);
    const category = stringParam(req.query, 'category', 100);
    const threshold = floatParam(req.query, 'threshold', { min: 0, max: 1 }, DEFAULT_THRESHOLD);
    const verifiedOnly = boolParam(req.query, 'verified') ?? false;
    const minScore = scoreFloor(req.query);
    const { items } = await searchSkills(deps, { q, limit, category, threshold, minScore, verifiedOnly, tier: keyOf(res).tier });
    // No results for an unknown category is a typo the caller should hear about.
    if (items.length === 0 && category !== undefined && !(await categoryExists(deps.pool, category))) {
      throw new AppError('INVALID_PARAMETER', `category "${category}" does not exist; GET /api/v1/categories lists them`);
    }
    sendData(res, items);
  };
}

/** The endpoint on a server composed without an embedding provider. */
export function searchUnavailableRoute() {
  return () => {
    throw new AppError('SERVICE_UNAVAILABLE', 'semantic search is not configured on this server');
  };
}
