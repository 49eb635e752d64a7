// GET /api/v1/skills/:slug: one skill, with the fields the key's tier may read (api-spec 4.2).
import type { Request, Response } from 'express';
import type pg from 'pg';
import { AppError } from '../../lib/errors.ts';
import { getSkill } from '../../db/skills.ts';
import { keyOf } from '../context.ts';
import { sendData } from '../respond.ts';

export function getSkillRoute(pool: pg.Pool) {
  return async (req: Request<{ slug: string }>, res: Response) => {
    const slug = req.params.slug;
    const skill = slug.length <= 200 && !slug.includes('\u0000') ? await getSkill(pool, keyOf(res).tier, slug) : null;
    if (!skill) throw new AppError('NOT_FOUND', `No skill with slug "${slug.slice(0, 200).replace(/\u0000/g, '')}"`);
    sendData(res, skill);
  };
}
