// The Origin check the Streamable HTTP transport asks of servers (against DNS rebinding): a request
// from a browser page carries Origin, and only pages on loopback, on the server's own host, or on a
// configured origin may call the tool server. Editors and command-line clients send no Origin and
// pass. The API key is never ambient (no cookies), so this guards in depth rather than alone.

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `scheme://host[:port]`, lowercase, as MCP_ALLOWED_ORIGINS entries are stored; null when malformed. */
function normaliseOrigin(origin: string): { origin: string; hostname: string; host: string } | null {
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s]+)$/i.exec(origin.trim());
  if (!m) return null;
  const host = m[2].toLowerCase();
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  return { origin: `${m[1].toLowerCase()}://${host}`, hostname, host };
}

/** Host and port without the scheme's default port, so "example.com:443" equals "example.com". */
function withoutDefaultPort(host: string, scheme: string): string {
  if (scheme === 'https' && host.endsWith(':443')) return host.slice(0, -4);
  if (scheme === 'http' && host.endsWith(':80')) return host.slice(0, -3);
  return host;
}

export type OriginCheck = (origin: string | undefined, hostHeader: string | undefined) => boolean;

/** Builds the check once from the configured list (already validated by lib/config.ts). */
export function createOriginCheck(allowedOrigins: readonly string[]): OriginCheck {
  const anyOrigin = allowedOrigins.includes('*');
  const allowed = new Set(allowedOrigins.map((o) => o.toLowerCase()));
  return (origin, hostHeader) => {
    if (origin === undefined) return true;
    if (anyOrigin) return true;
    const parsed = normaliseOrigin(origin);
    if (!parsed) return false;
    if (allowed.has(parsed.origin)) return true;
    if (LOOPBACK_HOSTS.has(parsed.hostname)) return true;
    if (!hostHeader) return false;
    const scheme = parsed.origin.slice(0, parsed.origin.indexOf(':'));
    return withoutDefaultPort(parsed.host, scheme) === withoutDefaultPort(hostHeader.trim().toLowerCase(), scheme);
  };
}
