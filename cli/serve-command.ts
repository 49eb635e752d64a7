// skillgate serve (and npm start): the API and workers, or one role; on an empty embedded database
// the demo directory is loaded first. Stops cleanly on SIGTERM/SIGINT.
import type { Config } from '../lib/config.ts';
import type { Logger } from '../lib/logger.ts';
import { countSkills } from '../db/skills.ts';
import { listKeys } from '../db/keys.ts';
import type { Database } from '../db/connect.ts';
import { issueKey } from '../lib/issue-key.ts';
import { TIERS } from '../lib/tiers.ts';
import { parseArgs, rejectUnknownFlags, UsageError } from './args.ts';
import type { CommandIo } from './io.ts';
import { startService } from './start-service.ts';

/** On a fresh embedded database: the demo directory and one key per tier, printed for the person who started it. */
async function prepareEmptyEmbeddedDatabase(db: Database, logger: Logger, io: CommandIo): Promise<void> {
  if ((await countSkills(db.pool)) > 0 || (await listKeys(db.pool)).length > 0) return;
  logger.info('empty embedded database: loading the demo directory');
  const { seedDirectory } = await import('../worker/seed-directory.ts');
  const result = await seedDirectory(db.pool);
  logger.info('demo directory loaded', result);
  const lines = ['', 'Demo API keys (shown once; only their hashes are stored):'];
  for (const tier of TIERS) {
    const { key } = await issueKey(db.pool, { tier, name: `demo-${tier}` });
    lines.push(`  ${tier.padEnd(10)} ${key}`);
  }
  lines.push('');
  io.stdout(lines.join('\n'));
}

export async function runServeCommand(argv: string[], config: Config, logger: Logger, io: CommandIo): Promise<number> {
  const args = parseArgs(argv, ['api-only', 'worker-only']);
  rejectUnknownFlags(args, ['api-only', 'worker-only']);
  const apiOnly = args.flags.has('api-only');
  const workerOnly = args.flags.has('worker-only');
  if (apiOnly && workerOnly) throw new UsageError('--api-only and --worker-only exclude each other');
  const service = await startService(config, logger, { api: !workerOnly, workers: !apiOnly }, {
    afterConnect: async (db) => {
      if (db.embedded && db.ownsEmbedded && config.seedOnEmpty) await prepareEmptyEmbeddedDatabase(db, logger, io);
    },
  });
  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info('shutting down', { signal });
      await service.stop();
      logger.info('stopped');
      resolve();
    };
    process.once('SIGTERM', () => void stop('SIGTERM'));
    process.once('SIGINT', () => void stop('SIGINT'));
  });
  return 0;
}
