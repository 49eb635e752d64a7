import { describe, expect, it } from 'vitest';
import { cleanEvidence, maskSecret, redactSecrets, trimEvidence } from '../../worker/scanner/redact.ts';

describe('secret redaction in evidence', () => {
  it('keeps the first and last four characters of a long secret', () => {
    expect(maskSecret('abcdefghijklmnop')).toBe('abcd…mnop');
    expect(maskSecret('short')).toBe('****');
  });

  it.each([
    ['AWS', 'key AKIAIOSFODNN7EXAMPLE here', 'AKIAIOSFODNN7EXAMPLE'],
    ['GitHub', 'token ghp_abcdefghijklmnopqrstuvwxyz0123456789', 'ghp_abcdefghijklmnopqrstuvwxyz0123456789'],
    ['OpenAI', 'OPENAI=sk-proj-abcdefghijklmnopqrstuvwx', 'sk-proj-abcdefghijklmnopqrstuvwx'],
    ['Anthropic', 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz', 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz'],
    ['Slack', 'xoxb-123456789012-abcdefghij', 'xoxb-123456789012-abcdefghij'],
    ['Stripe', 'sk_live_abcdefghijklmnop1234', 'sk_live_abcdefghijklmnop1234'],
    ['JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', 'dozjgNryP4J3jVmNHl0w5N'],
  ])('redacts %s keys', (_name, text, secret) => {
    const out = redactSecrets(text);
    expect(out).not.toContain(secret);
    expect(out).toContain('…');
  });

  it('redacts password-like assignments, keeping the name', () => {
    expect(redactSecrets('password = "hunter2hunter2"')).toBe('password = "hunt…ter2"');
    expect(redactSecrets('API_KEY: abcdefghijklmnopqrstuvwx')).toBe('API_KEY: abcd…uvwx');
    expect(redactSecrets('Authorization: Bearer abcdefghijklmnopqrstuvwx')).toContain('Bearer abcd…uvwx');
    expect(redactSecrets('mysql -u root --password hunter22')).toContain('--password ****');
  });

  it('leaves placeholders and environment references alone', () => {
    expect(redactSecrets('password=${DB_PASSWORD}')).toBe('password=${DB_PASSWORD}');
    expect(redactSecrets('api_key = your_api_key_here')).toBe('api_key = your_api_key_here');
    expect(redactSecrets('token = process.env.TOKEN')).toBe('token = process.env.TOKEN');
  });

  it('redacts passwords in URLs and private key blocks', () => {
    expect(redactSecrets('postgres://admin:s3cretpassw0rd@db:5432/x')).toBe('postgres://admin:s3cr…w0rd@db:5432/x');
    expect(redactSecrets('-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----')).toBe('[private key redacted]');
  });
});

describe('evidence trimming', () => {
  it('makes evidence one line of at most 200 characters', () => {
    const out = trimEvidence('a\n\n b\t c ' + 'x'.repeat(500));
    expect(out.startsWith('a b c x')).toBe(true);
    expect(out.length).toBe(200);
    expect(out.endsWith('…')).toBe(true);
    expect(out).not.toMatch(/\n/);
  });

  it('redacts before cutting', () => {
    const out = cleanEvidence(`${'y'.repeat(150)} ghp_abcdefghijklmnopqrstuvwxyz0123456789 ${'z'.repeat(100)}`);
    expect(out).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz');
    expect(out.length).toBeLessThanOrEqual(200);
  });
});
