// GET /api/v1/skills/:slug: one skill, with the fields the key's tier may read (api-spec 4.2).
import type { Request, Response } from 'express';
import type pg from 'pg';
import { AppError } from '../../lib/errors.ts';
import { getSkill } from '../../db/skills.ts';
import { keyOf } from '../context.ts';
import { envelopeHead, sendEnvelopeHead } from '../respond.ts';
import type { ResponseCache } from '../response-cache.ts';

export function getSkillRoute(pool: pg.Pool, cache?: ResponseCache) {
  return async (req: Request<{ slug: string }>, res: Response) => {
    const slug = req.params.slug;
    const { tier, directoryVersion } = keyOf(res);
    const cacheKey = `skill\u0000${tier}\u0000${slug}`;
    const cached = directoryVersion === undefined ? undefined : cache?.get(directoryVersion, cacheKey);
    if (cached !== undefined) return sendEnvelopeHead(res, cached);
    const skill = slug.length <= 200 && !slug.includes('\u0000') ? await getSkill(pool, tier, slug) : null;
    if (!skill) throw new AppError('NOT_FOUND', `No skill with slug "${slug.slice(0, 200).replace(/\u0000/g, '')}"`);
    const head = envelopeHead(skill);
    if (directoryVersion !== undefined) cache?.set(directoryVersion, cacheKey, head);
    sendEnvelopeHead(res, head);
  };
}
