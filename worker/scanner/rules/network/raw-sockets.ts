// NET-10 raw sockets and netcat: TCP/UDP connections to external hosts and netcat listeners.
import type { FileView, RuleMatch } from '../../types.ts';
import { graded, scanCapped as scan } from '../context.ts';
import { isLocalOrExampleHost } from './shared.ts';

const SOCKET_RE = new RegExp(
  [
    String.raw`\b(?:nc|ncat|netcat)(?:\s+-[\w-]{1,12}){0,4}\s+([a-zA-Z0-9][\w.-]{0,252})\s+(\d{1,5})\b`,
    String.raw`\bsocat\b[^\n]{0,120}?\b(?:tcp4?|udp4?|openssl)(?:-connect)?:([\w.-]{1,253}):(\d{1,5})`,
    String.raw`\/dev\/(?:tcp|udp)\/([\w.-]{1,253})\/(\d{1,5})`,
    String.raw`\.connect(?:_ex)?\(\s*\(\s*['"]([\w.-]{1,253})['"]\s*,\s*(\d{1,5})`,
    String.raw`\bcreate_connection\(\s*\(\s*['"]([\w.-]{1,253})['"]\s*,\s*(\d{1,5})`,
    String.raw`\bnet\.(?:connect|createConnection)\(\s*(\d{1,5})\s*,\s*['"]([\w.-]{1,253})['"]`,
    String.raw`\bnet\.(?:connect|createConnection)\(\s*\{[^}\n]{0,80}?host\s*:\s*['"]([\w.-]{1,253})['"]`,
    String.raw`Net\.Sockets\.TCPClient\(\s*['"]([\w.-]{1,253})['"]\s*,\s*(\d{1,5})`,
    String.raw`\btelnet\s+([a-zA-Z0-9][\w.-]{0,252})\s+(\d{1,5})\b`,
  ].join('|'),
  'gi',
);
const LISTENER_RE = /\b(?:nc|ncat|netcat)\s+(?:-[\w]{0,6}l[\w]{0,6})(?:\s+-[\w-]{1,12}){0,3}\s+(?:-p\s*)?\d{2,5}\b/g;
export const SOCKET_ANCHORS = [
  'nc ', 'nc\t', 'nc\n', 'ncat', 'netcat', 'socat', '/dev/tcp', '/dev/udp', '.connect', 'create_connection', 'net.connect',
  'net.createconnection', 'tcpclient', 'telnet',
];

export function detectRawSocket(file: FileView): RuleMatch[] {
  const text = file.text;
  const out = scan(text, SOCKET_RE, (m) => {
    const groups = m.slice(1).filter((g) => g !== undefined);
    const host = (groups.find((g) => !/^\d+$/.test(g)) ?? '').toLowerCase();
    if (!host || isLocalOrExampleHost(host) || !/[a-z]|\d+\.\d+\.\d+\.\d+/.test(host)) return null;
    // `nc -z host port` checks that a port is open; it sends nothing.
    const probe = /\bnc\s+-\w*z/.test(m[0]);
    return {
      index: m.index, length: m[0].length,
      severity: graded(file, probe ? 'medium' : 'high'),
      message: `Raw TCP/UDP connection to ${host}`,
    };
  });
  out.push(
    ...scan(text, LISTENER_RE, (m) => ({
      index: m.index, length: m[0].length, severity: graded(file, 'medium'), message: 'Opens a netcat listener',
    })),
  );
  return out.slice(0, 20);
}
