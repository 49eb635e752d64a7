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
  let capabilities: Capabilities;
  try {
    if (options.migrate !== false) {
      const applied = await migrate(pool);
      if (applied.length) logger.info('migrations applied', { applied });
    }
    capabilities = await detectCapabilities(pool);
  } catch (err) {
    await pool.end();
    await embedded?.close();
    throw err;
  }
  return {
    pool,
    connectionString,
    embedded: embedded !== null,
    capabilities,
    ownsEmbedded: embedded?.owner ?? false,
    async close() {
      await pool.end();
      await embedded?.close();
    },
  };
}
