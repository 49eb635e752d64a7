// skillgate import and skillgate rescan, as the commands run them (output and exit codes), on both
// databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../db/connect.ts';
import { loadConfig, type Config } from '../../lib/config.ts';
import { createLogger } from '../../lib/logger.ts';
import { runImportCommand } from '../../cli/import-command.ts';
import { runRescanCommand } from '../../cli/rescan-command.ts';
import { UsageError } from '../../cli/args.ts';
import { BACKENDS } from '../support/databases.ts';
import { DOCKER_SKILL, PDF_SKILL, startDirectoryFixture, type DirectoryFixture } from './support.ts';

function capture() {
  const out = { stdout: [] as string[], stderr: [] as string[] };
  return { out, io: { stdout: (s: string) => out.stdout.push(s), stderr: (s: string) => out.stderr.push(s) } };
}

describe.each(BACKENDS)('import and rescan commands on %s', (backend) => {
  let f: DirectoryFixture;
  let config: Config;
  let database: Database;
  const db = async () => database;

  beforeAll(async () => {
    f = await startDirectoryFixture(backend);
    config = loadConfig({ DATABASE_URL: f.database.connectionString, GITHUB_API_URL: f.fake.baseUrl });
    database = await connectDatabase(config, createLogger('silent'));
    f.fake.addRepository({
      owner: 'acme', repo: 'toolbox', stars: 42, forks: 7, language: 'Python',
      refs: { main: { 'skills/pdf/SKILL.md': PDF_SKILL, 'skills/compose/SKILL.md': DOCKER_SKILL } },
    });
  });
  afterAll(async () => {
    await database?.close();
    await f?.close();
  });

  it('import prints one line per skill and a summary', async () => {
    const { out, io } = capture();
    expect(await runImportCommand(['acme/toolbox'], db, io, config)).toBe(0);
    expect(out.stdout).toEqual([
      expect.stringMatching(/^added\s+A\s+\d+\s+acme-toolbox-skills-compose\s+skills\/compose$/),
      expect.stringMatching(/^added\s+A\s+\d+\s+acme-toolbox-skills-pdf\s+skills\/pdf$/),
      'Imported acme/toolbox@main: 2 added, 0 updated, 0 regraded, 0 unchanged, 0 removed (author acme, 42 stars, 7 forks, Python).',
    ]);
    expect(out.stderr).toEqual(['importing acme/toolbox ...']);
  });

  it('import refuses a missing repository with a message naming it, and bad usage', async () => {
    const { io } = capture();
    await expect(runImportCommand(['acme/nothing'], db, io, config)).rejects.toMatchObject({
      code: 'NOT_FOUND', message: 'GitHub repository acme/nothing not found',
    });
    await expect(runImportCommand([], db, io, config)).rejects.toBeInstanceOf(UsageError);
    await expect(runImportCommand(['a/b', '--depth', '2'], db, io, config)).rejects.toThrow(/unknown option --depth/);
  });

  it('rescan prints progress on stderr and a summary on stdout', async () => {
    await f.pool.query(`UPDATE skills SET rules_version = 'old' WHERE slug = 'acme-toolbox-skills-pdf'`);
    const { out, io } = capture();
    expect(await runRescanCommand(['--batch-size', '1', '--threads', '0'], db, io, config)).toBe(0);
    expect(out.stderr.at(-1)).toBe('rescan 2/2 (100%): 1 regraded, 1 skipped, 0 failed');
    expect(out.stdout[0]).toMatch(/^Rescanned 2 skills in \d+\.\d s \(\d+ skills\/s\): 1 regraded, 1 skipped, 0 failed; rules \S+\.$/);
    expect(out.stdout[1]).toBe('GitHub metadata: 1 repositories, 0 failed.');
  });

  it('rescan grades on threads by default', async () => {
    await f.pool.query(`UPDATE skills SET rules_version = 'old'`);
    const { out, io } = capture();
    expect(await runRescanCommand(['--no-github'], db, io, config)).toBe(0);
    expect(out.stdout[0]).toMatch(/2 regraded, 0 skipped, 0 failed/);
    await runRescanCommand(['--no-github', '--threads', '0'], db, capture().io, config);
  });

  it('rescan --no-github leaves GitHub alone', async () => {
    f.fake.requests.length = 0;
    const { out, io } = capture();
    expect(await runRescanCommand(['--no-github', '--threads', '0'], db, io, config)).toBe(0);
    expect(out.stdout).toEqual([expect.stringMatching(/^Rescanned 2 skills .* 0 regraded, 2 skipped, 0 failed/)]);
    expect(f.fake.requests).toHaveLength(0);
    await expect(runRescanCommand(['--batch-size', '0'], db, io, config)).rejects.toBeInstanceOf(UsageError);
    await expect(runRescanCommand(['--threads', 'x'], db, io, config)).rejects.toThrow(/--threads must be a whole number/);
  });
});
