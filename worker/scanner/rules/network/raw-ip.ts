// NET-01 raw IP addresses: in URLs, handed to a network tool, with a port, or quoted in code next to
// a network word. Non-public ranges and public DNS resolvers are ordinary.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { graded, isProse, scanCapped as scan } from '../context.ts';
import { isNonPublicIpv4, lineWindow, TRANSFER_VERB } from './shared.ts';

const IP_URL_RE =
  /\b(?:https?|ftp|wss?|tcp|udp|smb|ldap|rtmp|ssh|sftp):\/\/(?:[^\s/@"'<>]{1,64}@)?(\d{1,3}(?:\.\d{1,3}){3})\b(?::\d{1,5})?[^\s"'<>()`]{0,200}/gi;
// Schemeless addresses handed to a network tool: `nc 45.9.1.2 4444`, `curl 45.9.1.2:8080/x`.
// Found address-first (addresses are rare, tool names are not), then the line before it is checked.
const BARE_IP_RE = /(?<![\w.@=/:-])(\d{1,3}(?:\.\d{1,3}){3})(?![\w.]|\/\d{1,2}\b)/g;
const NETWORK_TOOL_BEFORE =
  /\b(?:curl|wget|nc|ncat|netcat|socat|telnet|ssh|scp|rsync|ftp|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b[^\n|;&]{0,80}$/i;
// Public DNS resolvers: connectivity checks and `dig @8.8.8.8` are ordinary.
const PUBLIC_RESOLVERS = new Set(['8.8.8.8', '8.8.4.4', '1.1.1.1', '1.0.0.1', '9.9.9.9', '149.112.112.112', '208.67.222.222', '208.67.220.220']);
// An address with a port, or quoted in code next to a network word.
const IP_PORT_RE = /(?<![\w.@=/-])(\d{1,3}(?:\.\d{1,3}){3}):(\d{2,5})\b/g;
const IP_QUOTED_RE = /(["'])(\d{1,3}(?:\.\d{1,3}){3})\1/g;
const NETWORK_WORD = /\b(host|addr|address|ip|server|connect|socket|url|endpoint|remote|c2|callback|target|upstream|proxy|beacon)\b/i;
const EXECUTABLE_PATH = /\.(exe|msi|scr|bat|cmd|ps1|vbs|sh|py|dmg|pkg|apk|jar|bin|elf|zip|rar|7z|tar\.gz|tgz)\b/i;

/** High in code and config, or in prose that fetches, sends or runs; a bare mention in prose is medium. */
function rawIpSeverity(file: FileView, acted: boolean): Severity {
  return graded(file, !isProse(file) || acted ? 'high' : 'medium');
}

export function detectRawIp(file: FileView): RuleMatch[] {
  const text = file.text;
  const out: RuleMatch[] = [];
  const taken = new Set<number>();
  const add = (index: number, length: number, ip: string, severity: Severity) => {
    if (taken.has(index) || out.length >= 20 || PUBLIC_RESOLVERS.has(ip)) return;
    taken.add(index);
    out.push({ index, length, severity, message: `Connection to the raw IP address ${ip}` });
  };
  scan(text, IP_URL_RE, (m) => {
    if (isNonPublicIpv4(m[1])) return null;
    const acted = TRANSFER_VERB.test(lineWindow(text, m.index, m[0].length)) || EXECUTABLE_PATH.test(m[0]);
    add(m.index, m[0].length, m[1], rawIpSeverity(file, acted));
    return null;
  });
  scan(text, BARE_IP_RE, (m) => {
    if (isNonPublicIpv4(m[1])) return null;
    const before = text.slice(Math.max(0, m.index - 100), m.index);
    if (!NETWORK_TOOL_BEFORE.test(before) || /\burl\b|:\/\//i.test(before.slice(before.lastIndexOf('\n') + 1))) return null;
    add(m.index, m[1].length, m[1], rawIpSeverity(file, true));
    return null;
  });
  scan(text, IP_PORT_RE, (m) => {
    if (isNonPublicIpv4(m[1]) || Number(m[2]) > 65535) return null;
    // Inside a URL the URL pattern already reported it.
    const before = text.slice(Math.max(0, m.index - 12), m.index);
    if (/:\/\/[^\s]*$/.test(before)) return null;
    add(m.index, m[0].length, m[1], rawIpSeverity(file, TRANSFER_VERB.test(lineWindow(text, m.index, m[0].length))));
    return null;
  });
  if (file.kind === 'script' || file.kind === 'text') {
    scan(text, IP_QUOTED_RE, (m) => {
      const line = lineWindow(text, m.index, m[0].length, 120);
      if (isNonPublicIpv4(m[2]) || !NETWORK_WORD.test(line) || /\bversion\b|__version__/i.test(line)) return null;
      add(m.index + 1, m[2].length, m[2], graded(file, 'high'));
      return null;
    });
  }
  return out;
}
