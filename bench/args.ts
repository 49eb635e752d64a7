// Command-line flags of the benchmarks: `--name value`.

/** The value after `--name`, or undefined when the flag is absent or has no value. */
export function flagValue(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : undefined;
}

/** A whole number of at least 1 after `--name`, else `fallback`; anything else is refused. */
export function wholeNumberFlag(args: readonly string[], name: string, fallback: number): number {
  const raw = flagValue(args, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a whole number of at least 1`);
  return value;
}
