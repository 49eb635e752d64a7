// The Origin rule of /api/mcp and its configuration (MCP_ALLOWED_ORIGINS).
import { describe, expect, it } from 'vitest';
import { createOriginCheck } from '../../api/mcp/origin.ts';
import { ConfigError, loadConfig } from '../../lib/config.ts';

describe('Origin check', () => {
  const byDefault = createOriginCheck([]);

  it('lets requests without Origin through: editors and command-line clients send none', () => {
    expect(byDefault(undefined, 'skillgate.example.com')).toBe(true);
  });

  it('lets loopback pages through on any port', () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1', 'https://[::1]:8443', 'http://LOCALHOST:3000']) {
      expect(byDefault(origin, 'skillgate.example.com'), origin).toBe(true);
    }
  });

  it('lets pages of the server\'s own host through, default ports included', () => {
    expect(byDefault('https://skillgate.example.com', 'skillgate.example.com')).toBe(true);
    expect(byDefault('https://skillgate.example.com', 'skillgate.example.com:443')).toBe(true);
    expect(byDefault('http://skillgate.example.com:8080', 'skillgate.example.com:8080')).toBe(true);
    expect(byDefault('http://skillgate.example.com:8081', 'skillgate.example.com:8080')).toBe(false);
  });

  it('refuses other origins, opaque and malformed ones', () => {
    for (const origin of ['https://evil.example', 'null', 'evil', 'https://localhost.evil.example', 'https://skillgate.example.com/path']) {
      expect(byDefault(origin, 'skillgate.example.com'), origin).toBe(false);
    }
  });

  it('adds the configured origins, and "*" allows any', () => {
    const listed = createOriginCheck(['https://app.example.com', 'vscode-webview://abc']);
    expect(listed('https://app.example.com', 'api.example.com')).toBe(true);
    expect(listed('HTTPS://APP.EXAMPLE.COM', 'api.example.com')).toBe(true);
    expect(listed('vscode-webview://abc', 'api.example.com')).toBe(true);
    expect(listed('https://other.example.com', 'api.example.com')).toBe(false);
    expect(createOriginCheck(['*'])('https://anything.example', 'api.example.com')).toBe(true);
  });
});

describe('MCP_ALLOWED_ORIGINS', () => {
  it('defaults to none and reads a comma-separated list of origins', () => {
    expect(loadConfig({}).mcp.allowedOrigins).toEqual([]);
    expect(loadConfig({ MCP_ALLOWED_ORIGINS: ' https://App.example.com/ , http://10.0.0.5:8080,* ' }).mcp.allowedOrigins).toEqual([
      'https://app.example.com',
      'http://10.0.0.5:8080',
      '*',
    ]);
  });

  it('stops the start with a message naming the variable for anything but origins', () => {
    expect(() => loadConfig({ MCP_ALLOWED_ORIGINS: 'https://app.example.com/path' })).toThrow(ConfigError);
    expect(() => loadConfig({ MCP_ALLOWED_ORIGINS: 'app.example.com' })).toThrow(/MCP_ALLOWED_ORIGINS must be a comma-separated list of origins/);
  });
});
