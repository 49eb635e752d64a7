// The skillgate command: one entry for the server and every operator task.
import { loadConfig, ConfigError, type Config } from '../lib/config.ts';
import { createLogger } from '../lib/logger.ts';
import { AppError } from '../lib/errors.ts';
import { connectDatabase, type Database } from '../db/connect.ts';
import { UsageError } from './args.ts';
import { processIo, type CommandIo } from './io.ts';

// Commands are loaded when run, so `skillgate keys` does not load the scanner or the server.

const USAGE = `skillgate: a directory of agent skills with security grades

usage: skillgate <command> [options]

commands:
  serve [--api-only|--worker-only]
                              run the API and workers (npm start runs this)
  migrate                     apply database migrations and exit
  seed                        load and grade the demo directory
  keys create|list|revoke     manage API keys (skillgate keys for details)
  scan PATH [--folder F|*] [--fail-below G] [--format text|json|sarif]
                              grade a skill folder offline
  import owner/repo[/path] [--ref REF]
                              add or update the skills of a GitHub repository
  rescan [--no-github] [--threads N]
                              regrade out-of-date skills now, refresh GitHub metadata

Configuration comes from the environment (see README): DATABASE_URL, PORT, ...`;

async function withDatabase(
  config: Config,
  run: (db: () => Promise<Database>) => Promise<number>,
  options: { changesSkills?: boolean } = {},
): Promise<number> {
  let database: Database | undefined;
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  try {
    const code = await run(async () => (database ??= await connectDatabase(config, logger)));
    if (code === 0 && options.changesSkills && database) {
      const { requestEmbeddingFromCommand } = await import('./request-embedding.ts');
      await requestEmbeddingFromCommand(database, logger);
    }
    return code;
  } finally {
    await database?.close();
  }
}

export async function main(argv: string[], io: CommandIo = processIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'scan') return await (await import('./scan-command.ts')).runScanCommand(rest, io);
    if (!command || command === 'help' || command === '--help' || command === '-h') {
      io.stdout(USAGE);
      return command ? 0 : 2;
    }
    const config = loadConfig();
    switch (command) {
      case 'serve':
        return await (await import('./serve-command.ts')).runServeCommand(rest, config, createLogger(config.logLevel), io);
      case 'migrate':
        return await withDatabase(config, async (db) => {
          await db();
          io.stdout('Migrations are up to date.');
          return 0;
        });
      case 'seed':
        return await withDatabase(config, async (db) => {
          const { seedDirectory } = await import('../worker/seed-directory.ts');
          const result = await seedDirectory((await db()).pool, {
            onProgress: (done, total) => {
              if (done % 10 === 0 || done === total) io.stderr(`graded ${done}/${total}`);
            },
          });
          io.stdout(`Loaded ${result.skills} skills in ${result.categories} categories; grades: ${JSON.stringify(result.grades)}`);
          return 0;
        }, { changesSkills: true });
      case 'keys':
        return await withDatabase(config, async (db) => (await import('./keys-command.ts')).runKeysCommand(rest, db, io));
      case 'import':
        return await withDatabase(config, async (db) => (await import('./import-command.ts')).runImportCommand(rest, db, io, config), { changesSkills: true });
      case 'rescan':
        return await withDatabase(config, async (db) => (await import('./rescan-command.ts')).runRescanCommand(rest, db, io, config), { changesSkills: true });
      default:
        throw new UsageError(`unknown command "${command}"\n\n${USAGE}`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(err.message);
      return 2;
    }
    if (err instanceof ConfigError) {
      io.stderr(`configuration error: ${err.message}`);
      return 78;
    }
    if (err instanceof AppError) {
      io.stderr(`error: ${err.message}`);
      return 1;
    }
    io.stderr(`error: ${(err as Error).stack ?? String(err)}`);
    return 1;
  }
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2));
}
