// GET /api/v1/categories: every category with its slug, name, description and skill count.
import type { Request, Response } from 'express';
import type pg from 'pg';
import { listCategories } from '../../db/categories.ts';
import { sendData } from '../respond.ts';

export function categoriesRoute(pool: pg.Pool) {
  return async (_req: Request, res: Response) => {
    sendData(res, await listCategories(pool));
  };
}
