import { describe, expect, it } from 'vitest';
import { hostOf, hostTierOf } from '../../worker/scanner/rules/hosts.ts';

describe('reading the host of an address', () => {
  it.each([
    ['https://Example.com/path?q=1', 'example.com'],
    ['https://user:pass@collector.example.net:8443/x', 'collector.example.net'],
    ['ci-bot:${TOKEN}@gitlab.com/api/v4', 'gitlab.com'],
    ['github.com@collector.example.net/upload', 'collector.example.net'],
    ['203.0.113.7:4444', '203.0.113.7'],
    ['git+ssh://git@github.com/owner/repo.git', 'github.com'],
  ])('%s is on %s', (url, host) => {
    expect(hostOf(url)).toBe(host);
  });

  it('classifies by the host, not by user details in front of it', () => {
    expect(hostTierOf('raw.githubusercontent.com@203.0.113.9/install.sh')).toBe('ip');
    expect(hostTierOf('deploy:secret@github.com/owner/tool/releases/download/v1/tool')).toBe('hosted');
  });
});
