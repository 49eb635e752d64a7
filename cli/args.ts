// A small argument reader: positionals, `--flag value`, `--flag=value` and boolean `--flag`.

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

export class UsageError extends Error {}

export function parseArgs(argv: string[], booleanFlags: readonly string[] = []): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    if (eq >= 0) flags.set(name, arg.slice(eq + 1));
    else if (booleanFlags.includes(name)) flags.set(name, true);
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) flags.set(name, argv[++i]);
    else throw new UsageError(`--${name} needs a value`);
  }
  return { positional, flags };
}

export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags.get(name);
  if (value === true) throw new UsageError(`--${name} needs a value`);
  return value;
}

export function rejectUnknownFlags(args: ParsedArgs, known: readonly string[]): void {
  for (const name of args.flags.keys()) if (!known.includes(name)) throw new UsageError(`unknown option --${name}`);
}
