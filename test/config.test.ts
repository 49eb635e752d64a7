// Configuration is validated once, with messages that name the variable to set.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../lib/config.ts';

describe('configuration', () => {
  it('has working defaults for a laptop', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, databaseUrl: undefined, dbPoolMax: 10, logLevel: 'info', seedOnEmpty: true });
    expect(c.dataDir).toMatch(/\.skillgate-data$/);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x@y/z' }, /DATABASE_URL/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    [{ DB_POOL_MAX: '0' }, /DB_POOL_MAX/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ SKILLGATE_SEED_ON_EMPTY: 'perhaps' }, /SKILLGATE_SEED_ON_EMPTY/],
  ])('rejects %o naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads what is set', () => {
    const c = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@h:5432/d', DB_POOL_MAX: '20', LOG_LEVEL: 'warn' });
    expect(c).toMatchObject({ port: 8080, databaseUrl: 'postgres://u@h:5432/d', dbPoolMax: 20, logLevel: 'warn' });
  });
});
