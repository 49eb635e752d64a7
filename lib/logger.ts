// JSON lines on stdout: one object per event with time, level and message, plus fields such as
// the request id. Machine-readable first; `jq` makes it readable for people.

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

function serialiseError(err: unknown): unknown {
  if (err instanceof Error) return { name: err.name, message: err.message, stack: err.stack };
  return err;
}

// Lines are gathered and written once per turn of the event loop: one write per burst of
// requests instead of one per line, which matters at thousands of requests a second.
let pending: string[] = [];
let scheduled = false;
function flush(): void {
  scheduled = false;
  if (pending.length === 0) return;
  const chunk = pending.join('\n') + '\n';
  pending = [];
  process.stdout.write(chunk);
}
process.on('exit', flush);

function bufferedWrite(line: string): void {
  pending.push(line);
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
}

export function createLogger(
  level: LogLevel = 'info',
  base: Record<string, unknown> = {},
  write: (line: string) => void = bufferedWrite,
): Logger {
  const threshold = LEVELS[level];
  const log = (lvl: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>) => {
    if (LEVELS[lvl] < threshold) return;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level: lvl, msg, ...base, ...fields };
    if ('err' in entry) entry.err = serialiseError(entry.err);
    write(JSON.stringify(entry));
  };
  return {
    debug: (m, f) => log('debug', m, f),
    info: (m, f) => log('info', m, f),
    warn: (m, f) => log('warn', m, f),
    error: (m, f) => log('error', m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}
