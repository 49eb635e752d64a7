// /api/v1/library: the key's own library of saved skills, the REST face of the my_library tool.
//   GET    /api/v1/library          the saved skills with the tier's fields and addedAt, newest first
//   PUT    /api/v1/library/:slug    add a skill (201 when added, 200 when already there; POST too)
//   DELETE /api/v1/library/:slug    remove it (404 when it is not in the library)
// Open to every tier, like the skills list. Mounted behind the authenticate middleware.
import express, { type Request, type Response, type Router } from 'express';
import type pg from 'pg';
import { AppError } from '../../lib/errors.ts';
import { addToLibrary, listLibrary, removeFromLibrary } from '../../db/library.ts';
import { keyOf } from '../context.ts';
import { intParam } from '../params.ts';
import { paginationFor, sendData } from '../respond.ts';

export const DEFAULT_LIBRARY_LIMIT = 20;
export const MAX_LIBRARY_LIMIT = 100;

function checkedSlug(slug: string): string {
  if (slug.length > 200 || slug.includes('\u0000')) throw new AppError('NOT_FOUND', `No skill with slug "${slug.slice(0, 200).replace(/\u0000/g, '')}"`);
  return slug;
}

export function libraryRoutes(pool: pg.Pool): Router {
  const router = express.Router();

  router.get('/', async (req: Request, res: Response) => {
    const limit = intParam(req.query, 'limit', { min: 1, max: MAX_LIBRARY_LIMIT }, DEFAULT_LIBRARY_LIMIT);
    const offset = intParam(req.query, 'offset', { min: 0, max: 10_000_000 }, 0);
    const key = keyOf(res);
    const page = await listLibrary(pool, key.keyId, key.tier, { limit, offset });
    sendData(res, page.items, { pagination: paginationFor(page.totalCount, limit, offset) });
  });

  const add = async (req: Request<{ slug: string }>, res: Response) => {
    const slug = checkedSlug(req.params.slug);
    const key = keyOf(res);
    const outcome = await addToLibrary(pool, key.keyId, key.tier, slug);
    if (outcome.status === 'unknown-skill') throw new AppError('NOT_FOUND', `No skill with slug "${slug}"`);
    sendData(res, outcome.item, { status: outcome.status === 'added' ? 201 : 200 });
  };
  router.put('/:slug', add);
  router.post('/:slug', add);

  router.delete('/:slug', async (req: Request<{ slug: string }>, res: Response) => {
    const slug = checkedSlug(req.params.slug);
    if (!(await removeFromLibrary(pool, keyOf(res).keyId, slug))) {
      throw new AppError('NOT_FOUND', `"${slug}" is not in this key's library`);
    }
    sendData(res, { slug, removed: true });
  });

  return router;
}
