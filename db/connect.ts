// Connects to DATABASE_URL, or to the embedded database when none is set, and migrates.
import type pg from 'pg';
import type { Config } from '../lib/config.ts';
import type { Logger } from '../lib/logger.ts';
import { openEmbeddedDatabase, type EmbeddedDatabase } from './embedded.ts';
import { createPool } from './pool.ts';
import { migrate } from './migrate.ts';
import { detectCapabilities, type Capabilities } from './capabilities.ts';

export interface Database {
  pool: pg.Pool;
  /** Connections of the limiter: request counts are committed without waiting for the disk. */
  limiterPool: pg.Pool;
  /** The connection string the pool uses (pg-boss opens its own connections with it). */
  connectionString: string;
  embedded: boolean;
  capabilities: Capabilities;
  /** True when this process created the embedded database's folder contents just now or owns it. */
  ownsEmbedded: boolean;
  close(): Promise<void>;
}

export async function connectDatabase(
  config: Config,
  logger: Logger,
  options: { preferOwner?: boolean; migrate?: boolean } = {},
): Promise<Database> {
  let embedded: EmbeddedDatabase | null = null;
  let connectionString = config.databaseUrl;
  if (!connectionString) {
    embedded = await openEmbeddedDatabase(config.dataDir, { preferOwner: options.preferOwner });
    connectionString = embedded.connectionString;
    logger.debug('embedded database', { dataDir: config.dataDir, owner: embedded.owner });
  }
  const pool = createPool(connectionString, config.dbPoolMax, logger);
  const limiterPool = createPool(connectionString, config.dbPoolMax, logger, { asyncCommit: true });
  let capabilities: Capabilities;
  try {
    if (options.migrate !== false) {
      const applied = await migrate(pool);
      if (applied.length) logger.info('migrations applied', { applied });
    }
    capabilities = await detectCapabilities(pool);
    await detectCapabilities(limiterPool);
  } catch (err) {
    await pool.end();
    await limiterPool.end();
    await embedded?.close();
    throw err;
  }
  return {
    pool,
    limiterPool,
    connectionString,
    embedded: embedded !== null,
    capabilities,
    ownsEmbedded: embedded?.owner ?? false,
    async close() {
      await pool.end();
      await limiterPool.end();
      await embedded?.close();
    },
  };
}
