// Configuration, read once from the environment and validated at start. A bad value stops the
// process with a message naming the variable to set; nothing else in the code reads process.env.
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; absent means the embedded PGlite database. */
  databaseUrl: string | undefined;
  /** Folder of the embedded database. */
  dataDir: string;
  dbPoolMax: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  shutdownTimeoutMs: number;
  /** Bytes of serialised skill reads each API process keeps (0: none). */
  responseCacheBytes: number;
  /** Load the demo directory when the embedded database is empty at start. */
  seedOnEmpty: boolean;
  scan: {
    maxUploadBytes: number;
    maxFiles: number;
    maxUnpackedBytes: number;
    maxFileBytes: number;
    /** How long POST /api/v1/scan waits for the result before answering 202. */
    waitMs: number;
    /** Scan jobs one worker process runs at once. */
    workerConcurrency: number;
  };
  github: { apiUrl: string; token: string | undefined };
  rescan: { enabled: boolean; cron: string };
  /** Where embeddings come from: the bundled model (`use`) or an OpenAI-compatible endpoint. */
  embeddings: {
    provider: 'use' | 'openai';
    /** Base URL of the endpoint (openai only); `/embeddings` is appended. */
    url: string | undefined;
    model: string | undefined;
    apiKey: string | undefined;
    dimensions: number;
  };
  mcp: {
    /**
     * Browser origins (scheme://host[:port]) allowed to call /api/mcp besides loopback and the
     * server's own host; "*" allows any. Requests without an Origin header are always allowed.
     */
    allowedOrigins: string[];
  };
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const MB = 1024 * 1024;

function url(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error();
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL (got "${raw}")`);
  }
  return raw.replace(/\/+$/, '');
}

function cron(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\S+( \S+){4}$/.test(raw.trim())) throw new ConfigError(`${name} must be a 5-field cron expression in UTC, e.g. "0 3 * * *" (got "${raw}")`);
  return raw.trim();
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function oneOf<T extends string>(env: Env, name: string, fallback: T, allowed: readonly T[]): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!allowed.includes(raw as T)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
  return raw as T;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

function origins(env: Env, name: string): string[] {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return [];
  return raw.split(',').map((item) => item.trim()).filter(Boolean).map((item) => {
    if (item === '*') return item;
    // scheme://host[:port] and nothing more: an Origin header never carries a path.
    const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s]+)\/?$/i.exec(item);
    if (!m) throw new ConfigError(`${name} must be a comma-separated list of origins such as https://app.example.com, or * (got "${item}")`);
    return `${m[1]}://${m[2]}`.toLowerCase();
  });
}

function embeddings(env: Env): Config['embeddings'] {
  const provider = oneOf(env, 'EMBEDDINGS_PROVIDER', 'use', ['use', 'openai'] as const);
  const model = env.EMBEDDINGS_MODEL?.trim() || undefined;
  const apiKey = env.EMBEDDINGS_API_KEY || undefined;
  if (provider === 'use') {
    for (const name of ['EMBEDDINGS_URL', 'EMBEDDINGS_MODEL', 'EMBEDDINGS_API_KEY']) {
      if (env[name]) throw new ConfigError(`${name} is set but EMBEDDINGS_PROVIDER is "use" (the bundled model); set EMBEDDINGS_PROVIDER=openai to use an endpoint`);
    }
    const dimensions = integer(env, 'EMBEDDINGS_DIMENSIONS', 512, 1, 16000);
    if (dimensions !== 512) throw new ConfigError(`EMBEDDINGS_DIMENSIONS must be 512 with EMBEDDINGS_PROVIDER=use (got "${dimensions}")`);
    return { provider, url: undefined, model: undefined, apiKey: undefined, dimensions };
  }
  if (!env.EMBEDDINGS_URL) throw new ConfigError('EMBEDDINGS_URL must be set with EMBEDDINGS_PROVIDER=openai, e.g. https://api.openai.com/v1');
  if (!model) throw new ConfigError('EMBEDDINGS_MODEL must be set with EMBEDDINGS_PROVIDER=openai, e.g. text-embedding-3-small');
  if (!env.EMBEDDINGS_DIMENSIONS) throw new ConfigError('EMBEDDINGS_DIMENSIONS must be set with EMBEDDINGS_PROVIDER=openai (the length of the model\'s vectors, e.g. 1536)');
  return {
    provider,
    url: url(env, 'EMBEDDINGS_URL', ''),
    model,
    apiKey,
    dimensions: integer(env, 'EMBEDDINGS_DIMENSIONS', 0, 1, 16000),
  };
}

function databaseUrl(env: Env): string | undefined {
  const raw = env.DATABASE_URL;
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL must be a postgres:// connection string, e.g. postgres://user@127.0.0.1:5432/skillgate');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql:// (got "${url.protocol}")`);
  }
  return raw;
}

export function loadConfig(env: Env = process.env): Config {
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '0.0.0.0',
    databaseUrl: databaseUrl(env),
    dataDir: resolve(env.SKILLGATE_DATA_DIR || '.skillgate-data'),
    dbPoolMax: integer(env, 'DB_POOL_MAX', 10, 1, 500),
    logLevel: oneOf(env, 'LOG_LEVEL', 'info', ['debug', 'info', 'warn', 'error', 'silent'] as const),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    responseCacheBytes: integer(env, 'RESPONSE_CACHE_MB', 64, 0, 65_536) * 1024 * 1024,
    seedOnEmpty: boolean(env, 'SKILLGATE_SEED_ON_EMPTY', true),
    scan: {
      maxUploadBytes: integer(env, 'SCAN_MAX_UPLOAD_BYTES', 10 * MB, 1024, 1024 * MB),
      maxFiles: integer(env, 'SCAN_MAX_FILES', 2000, 1, 1_000_000),
      maxUnpackedBytes: integer(env, 'SCAN_MAX_UNPACKED_BYTES', 50 * MB, 1024, 10 * 1024 * MB),
      maxFileBytes: integer(env, 'SCAN_MAX_FILE_BYTES', 5 * MB, 1024, 1024 * MB),
      waitMs: integer(env, 'SCAN_WAIT_MS', 25_000, 0, 600_000),
      workerConcurrency: integer(env, 'SCAN_WORKER_CONCURRENCY', 4, 1, 256),
    },
    github: { apiUrl: url(env, 'GITHUB_API_URL', 'https://api.github.com'), token: env.GITHUB_TOKEN || undefined },
    rescan: { enabled: boolean(env, 'RESCAN_ENABLED', true), cron: cron(env, 'RESCAN_CRON', '0 3 * * *') },
    embeddings: embeddings(env),
    mcp: { allowedOrigins: origins(env, 'MCP_ALLOWED_ORIGINS') },
  };
}
