// skillgate keys create|list|revoke: manage API keys in the configured database.
import { AppError } from '../lib/errors.ts';
import { parseDuration } from '../lib/api-keys.ts';
import { issueKey } from '../lib/issue-key.ts';
import { isTier, TIERS } from '../lib/tiers.ts';
import { listKeys, revokeKey } from '../db/keys.ts';
import type { Database } from '../db/connect.ts';
import { parseArgs, rejectUnknownFlags, stringFlag, UsageError } from './args.ts';
import type { CommandIo } from './io.ts';

export const KEYS_USAGE = `usage:
  skillgate keys create --tier free|pro|enterprise --name NAME [--expires-in 30d|12h|90m]
  skillgate keys list
  skillgate keys revoke PREFIX`;

function iso(date: Date | null): string {
  return date ? date.toISOString().replace(/\.\d{3}Z$/, 'Z') : '-';
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd()).join('\n');
}

export async function runKeysCommand(argv: string[], db: () => Promise<Database>, io: CommandIo): Promise<number> {
  const [action, ...rest] = argv;
  const args = parseArgs(rest);
  if (action === 'create') {
    rejectUnknownFlags(args, ['tier', 'name', 'expires-in']);
    const tier = stringFlag(args, 'tier');
    const name = stringFlag(args, 'name');
    if (!tier || !isTier(tier)) throw new UsageError(`--tier must be one of ${TIERS.join(', ')}`);
    if (!name || !name.trim()) throw new UsageError('--name is required');
    const expiresIn = stringFlag(args, 'expires-in');
    let expiresAt: Date | null = null;
    if (expiresIn !== undefined) {
      const ms = parseDuration(expiresIn);
      if (!ms) throw new UsageError('--expires-in must look like 30d, 12h or 90m');
      expiresAt = new Date(Date.now() + ms);
    }
    const database = await db();
    const { key, row } = await issueKey(database.pool, { tier, name: name.trim(), expiresAt });
    io.stdout(`Created ${row.tier} key "${row.name}" (prefix ${row.prefix}${expiresAt ? `, expires ${iso(expiresAt)}` : ''}).`);
    io.stdout('Store it now: only its hash is kept.');
    io.stdout(key);
    return 0;
  }
  if (action === 'list') {
    rejectUnknownFlags(args, []);
    const rows = await listKeys((await db()).pool);
    const now = Date.now();
    const status = (r: (typeof rows)[number]) =>
      r.status === 'revoked' ? 'revoked' : r.expiresAt && r.expiresAt.getTime() <= now ? 'expired' : 'active';
    io.stdout(
      table([
        ['PREFIX', 'NAME', 'TIER', 'STATUS', 'CREATED', 'LAST USED', 'EXPIRES'],
        ...rows.map((r) => [r.prefix, r.name, r.tier, status(r), iso(r.createdAt), iso(r.lastUsedAt), iso(r.expiresAt)]),
      ]),
    );
    return 0;
  }
  if (action === 'revoke') {
    rejectUnknownFlags(args, []);
    const prefix = args.positional[0];
    if (!prefix) throw new UsageError('keys revoke needs the key prefix (see keys list)');
    if (!(await revokeKey((await db()).pool, prefix))) {
      throw new AppError('NOT_FOUND', `no active key with prefix ${prefix}`);
    }
    io.stdout(`Revoked ${prefix}.`);
    return 0;
  }
  throw new UsageError(KEYS_USAGE);
}
