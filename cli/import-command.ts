// skillgate import owner/repo[/path] [--ref REF]: finds, grades and stores the skills of a GitHub
// repository, or brings an earlier import up to date.
import type { Config } from '../lib/config.ts';
import type { Database } from '../db/connect.ts';
import { createGitHubClient } from '../worker/github/client.ts';
import { importRepository } from '../worker/import-repository.ts';
import { importLimits } from '../worker/import-limits.ts';
import { parseArgs, rejectUnknownFlags, stringFlag, UsageError } from './args.ts';
import type { CommandIo } from './io.ts';

export const IMPORT_USAGE = `usage: skillgate import owner/repo[/path] [--ref BRANCH|TAG|SHA]
  also accepts a link: https://github.com/owner/repo/tree/REF/path`;

export async function runImportCommand(argv: string[], db: () => Promise<Database>, io: CommandIo, config: Config): Promise<number> {
  const args = parseArgs(argv);
  rejectUnknownFlags(args, ['ref']);
  if (args.positional.length !== 1) throw new UsageError(IMPORT_USAGE);
  const ref = stringFlag(args, 'ref');
  const github = createGitHubClient({ baseUrl: config.github.apiUrl, token: config.github.token });
  io.stderr(`importing ${args.positional[0]}${ref ? ` at ${ref}` : ''} ...`);
  const result = await importRepository({ pool: (await db()).pool, github, limits: importLimits(config.scan) }, args.positional[0], { ref });
  const slugWidth = Math.max(...result.skills.map((s) => s.slug.length));
  for (const skill of result.skills) {
    io.stdout(`${skill.status.padEnd(9)}  ${skill.grade} ${String(skill.score).padStart(3)}  ${skill.slug.padEnd(slugWidth)}  ${skill.folder || '.'}`);
  }
  const c = result.counts;
  const where = result.path ? `${result.repository}/${result.path}` : result.repository;
  io.stdout(
    `Imported ${where}@${result.ref}: ${c.added} added, ${c.updated} updated, ${c.regraded} regraded, ${c.unchanged} unchanged, ` +
      `${c.removed} removed (author ${result.author}, ${result.stars} stars, ${result.forks} forks, ${result.language ?? 'no language'}).`,
  );
  return 0;
}
