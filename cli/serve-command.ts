// skillgate serve (and npm start): migrate, load the demo directory into an empty embedded
// database, serve the API, and stop cleanly on SIGTERM/SIGINT.
import type { Config } from '../lib/config.ts';
import type { Logger } from '../lib/logger.ts';
import { createApp } from '../api/app.ts';
import { listen } from '../api/server.ts';
import { connectDatabase, type Database } from '../db/connect.ts';
import { countSkills } from '../db/skills.ts';
import { listKeys } from '../db/keys.ts';
import { issueKey } from '../lib/issue-key.ts';
import { TIERS } from '../lib/tiers.ts';
import { parseArgs, rejectUnknownFlags } from './args.ts';
import type { CommandIo } from './io.ts';

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
  const args = parseArgs(argv, ['api-only']);
  rejectUnknownFlags(args, ['api-only']);
  const db = await connectDatabase(config, logger, { preferOwner: true });
  if (db.embedded && db.ownsEmbedded && config.seedOnEmpty) await prepareEmptyEmbeddedDatabase(db, logger, io);

  let shuttingDown = false;
  const app = createApp({ pool: db.pool, logger, isShuttingDown: () => shuttingDown });
  const running = await listen(app, config.port, config.host);
  logger.info('listening', { port: running.port, host: config.host, database: db.embedded ? 'embedded' : 'postgres' });

  await new Promise<void>((resolve) => {
    const stop = async (signal: string) => {
      if (shuttingDown) return;
      shuttingDown = true;
      logger.info('shutting down', { signal });
      await running.stop(config.shutdownTimeoutMs);
      await db.close();
      logger.info('stopped');
      resolve();
    };
    process.once('SIGTERM', () => void stop('SIGTERM'));
    process.once('SIGINT', () => void stop('SIGINT'));
  });
  return 0;
}
