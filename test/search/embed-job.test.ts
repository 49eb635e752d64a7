// The embed job through pg-boss on both databases: it embeds the directory when the workers
// start, embeds new and changed skills when asked, and re-embeds everything after a model change
// while search keeps answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createPool } from '../../db/pool.ts';
import { migrate } from '../../db/migrate.ts';
import { detectCapabilities } from '../../db/capabilities.ts';
import { embeddingCoverage } from '../../db/embeddings.ts';
import { upsertSkill } from '../../db/skills-write.ts';
import { createLogger } from '../../lib/logger.ts';
import { startQueues, type QueueRuntime } from '../../worker/queues.ts';
import { EMBED_SCHEDULE, registerEmbeddingWorkers, requestEmbedding } from '../../worker/embedding-workers.ts';
import { EMBED_QUEUE } from '../../worker/jobs/embed-job.ts';
import { QueryEmbeddingCache } from '../../worker/embeddings/query-cache.ts';
import { searchSkills } from '../../worker/search/search-skills.ts';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { addCategories, addSkills, skillRecord } from '../support/test-app.ts';
import { createFakeProvider } from './fake-provider.ts';

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const logger = createLogger('silent');

describe.each(BACKENDS)('embed job on %s', (backend) => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let queues: QueueRuntime;
  const v1 = createFakeProvider({ model: 'fake-v1' });
  const records = Array.from({ length: 30 }, (_, i) =>
    skillRecord({ slug: `tool-${i}`, name: `tool-${i}`, description: `Helps with chart number ${i}`, tags: ['chart'], category: 'testing' }),
  );
  const vectorsAt = async () =>
    new Map((await pool.query(`SELECT s.slug, e.model, e.updated_at FROM skill_embeddings e JOIN skills s ON s.id = e.skill_id`)).rows.map((r) => [r.slug, r]));

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    pool = createPool(database.connectionString, 6);
    await migrate(pool);
    await detectCapabilities(pool);
    await addCategories(pool, ['testing']);
    await addSkills(pool, records);
    queues = await startQueues(database.connectionString, { embedded: backend === 'pglite', logger });
  });
  afterAll(async () => {
    await queues?.stop();
    await pool?.end();
    await database?.drop();
  });

  it('embeds the directory when the workers start, and schedules a backstop run', async () => {
    await registerEmbeddingWorkers(queues.boss, { pool, provider: v1, logger, embedded: backend === 'pglite' });
    const coverage = await until(() => embeddingCoverage(pool, v1.model), (c) => c.embedded === 30);
    expect(coverage).toEqual({ embedded: 30, total: 30 });
    const schedules = await queues.boss.getSchedules(EMBED_QUEUE);
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({ cron: EMBED_SCHEDULE, timezone: 'UTC' });
  });

  it('embeds new skills and skills whose content, description or tags changed, and only those', async () => {
    const before = await vectorsAt();
    await upsertSkill(pool, { ...records[1], description: 'Now about tables' });
    await upsertSkill(pool, { ...records[2], content: records[2].content + '\nMore.\n', contentHash: 'sha256:changed' });
    await upsertSkill(pool, { ...records[3], tags: ['chart', 'table'] });
    await addSkills(pool, [skillRecord({ slug: 'tool-new', name: 'tool-new', description: 'A new one', category: 'testing' })]);
    expect(await embeddingCoverage(pool, v1.model)).toEqual({ embedded: 27, total: 31 });
    await requestEmbedding(queues.boss);
    expect(await until(() => embeddingCoverage(pool, v1.model), (c) => c.embedded === 31)).toEqual({ embedded: 31, total: 31 });
    const after = await vectorsAt();
    const changed = [...after.keys()].filter((slug) => before.get(slug)?.updated_at.getTime() !== after.get(slug)!.updated_at.getTime());
    expect(changed.sort()).toEqual(['tool-1', 'tool-2', 'tool-3', 'tool-new']);
  });

  it('re-embeds the directory after a model change while search keeps answering', async () => {
    await queues.boss.offWork(EMBED_QUEUE);
    // A slower model, in batches of 4, so that searches run while it works.
    const v2 = createFakeProvider({ model: 'fake-v2', dimensions: 48, delayMs: 150 });
    const deps = { pool, provider: v2, cache: new QueryEmbeddingCache() };
    const request = { q: 'chart number', limit: 100, threshold: 0, minScore: 0, verifiedOnly: false, tier: 'pro' } as const;
    await registerEmbeddingWorkers(queues.boss, { pool, provider: v2, logger, embedded: backend === 'pglite', batchSize: 4 });
    const counts: number[] = [];
    await until(
      async () => {
        counts.push((await searchSkills(deps, request)).items.length);
        return counts[counts.length - 1];
      },
      (n) => n === 31,
    );
    expect(counts[counts.length - 1]).toBe(31);
    // Answers grew as vectors were replaced, never failing or shrinking.
    expect(counts.some((n) => n > 0 && n < 31)).toBe(true);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(await embeddingCoverage(pool, v2.model)).toEqual({ embedded: 31, total: 31 });
    expect(new Set([...(await vectorsAt()).values()].map((v) => v.model))).toEqual(new Set(['fake-v2']));
  });

  it('keeps at most one run waiting however often embedding is requested', async () => {
    await queues.boss.offWork(EMBED_QUEUE);
    const jobs = async (state: string) =>
      (await pool.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = $2`, [EMBED_QUEUE, state])).rows[0].n;
    await until(() => jobs('active'), (n) => n === 0);
    await requestEmbedding(queues.boss);
    const again = [await requestEmbedding(queues.boss), await requestEmbedding(queues.boss)];
    expect(again).toEqual([null, null]);
    expect(await jobs('created')).toBe(1);
  });
});
