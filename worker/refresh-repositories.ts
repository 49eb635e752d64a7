// Refreshes the GitHub metadata of imported skills: one repository request per repository (never
// per skill), a few at a time. A repository GitHub cannot answer for (gone, private, rate limit,
// network) is logged, recorded on its row and counted; its skills keep their last metadata.
import type pg from 'pg';
import type { Logger } from '../lib/logger.ts';
import { listSourceRepositories, recordSourceRepositoryError, refreshSourceRepository } from '../db/source-repositories.ts';
import type { GitHubClient } from './github/client.ts';

export interface RefreshSummary {
  repositories: number;
  refreshed: number;
  failed: number;
  /** Skills whose author, stars, forks or language changed. */
  skillsUpdated: number;
}

export async function refreshRepositories(
  deps: { pool: pg.Pool; github: GitHubClient; logger?: Logger },
  options: { concurrency?: number } = {},
): Promise<RefreshSummary> {
  const repositories = await listSourceRepositories(deps.pool);
  const summary: RefreshSummary = { repositories: repositories.length, refreshed: 0, failed: 0, skillsUpdated: 0 };
  let next = 0;
  const worker = async () => {
    while (next < repositories.length) {
      const repository = repositories[next++];
      try {
        const data = await deps.github.getRepository(repository.owner, repository.name);
        summary.skillsUpdated += await refreshSourceRepository(deps.pool, repository.id, {
          owner: data.owner,
          name: data.repo,
          fullName: data.fullName,
          description: data.description,
          stars: data.stars,
          forks: data.forks,
          language: data.language,
          defaultBranch: data.defaultBranch,
        });
        summary.refreshed++;
      } catch (err) {
        summary.failed++;
        const message = (err as Error).message ?? String(err);
        deps.logger?.warn('repository metadata refresh failed', { repository: repository.fullName, error: message });
        await recordSourceRepositoryError(deps.pool, repository.id, message).catch(() => {});
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return summary;
}
