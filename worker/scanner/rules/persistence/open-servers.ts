// PER-11 servers started or configured with their authentication removed: a notebook server with an
// empty token or password, code-server with --auth none, Redis with protected mode off,
// Elasticsearch with its security off, and static file servers that expose the home folder or the
// disk. Listening on every interface, such a server hands anyone on the network a shell (a
// notebook runs code) or the data; on localhost it is still one step away.
import type { FileView, RuleMatch } from '../../types.ts';
import { scan } from '../context.ts';
import { finding } from './shared.ts';

const AUTH_REMOVED =
  /--?(?:NotebookApp|ServerApp|IdentityProvider)\.(?:token|password)\s*=\s*(?:''|""|(?=\s|$))|\bc\.(?:NotebookApp|ServerApp|IdentityProvider)\.(?:token|password)\s*=\s*(?:''|"")|\bcode-server\b[^\n]{0,200}?--auth[=\s]+none\b|\bprotected-mode\s+no\b|\bxpack\.security\.enabled["']?\s*[:=]\s*["']?false\b/g;
// Every interface: 0.0.0.0, ::, '*', or a Jupyter --ip of any of them.
const ALL_INTERFACES = /(?:^|[\s=:"'\/])(?:0\.0\.0\.0|\[?::\]?(?=[\s:"']|$)|\*(?=["']))|--ip[=\s]+["']?\*|\bbind\s+0\.0\.0\.0\b|--bind-addr[=\s]+0\.0\.0\.0/m;

// Static file servers have no authentication at all: what they serve, anyone who reaches the port
// reads. Python's http.server listens on every interface unless told otherwise.
const FILE_SERVER =
  /\bpython[23]?(?:\.\d+)?\s+-m\s+(?:http\.server|SimpleHTTPServer)\b[^\n]{0,200}|\bphp\s+-S\s+[^\n]{0,200}|\b(?:npx\s+)?http-server\b[^\n]{0,200}|\bbusybox\s+httpd\b[^\n]{0,200}|\bruby\s+-run\s+-e\s*httpd\b[^\n]{0,200}|\brclone\s+serve\s+(?:http|webdav|ftp)\b[^\n]{0,200}|\bminiserve\b[^\n]{0,200}/g;
const LOOPBACK_ONLY = /(?:--bind|-b|--addr|--address|-a)[=\s]+["']?(?:127\.\d+\.\d+\.\d+|localhost|::1)\b|(?:^|[\s"'])(?:127\.0\.0\.1|localhost):\d/;
const HOME_OR_ROOT = String.raw`(?:~|\$HOME|\$\{HOME\}|%h|\/|\/home|\/Users|[A-Za-z]:\\)\/?`;
const SERVED_DIRECTORY = new RegExp(String.raw`(?:--directory|-d|--root|-r|-h|-t)[=\s]+["']?${HOME_OR_ROOT}(?=["'\s;&|]|$)|(?:http-server|miniserve|rclone\s+serve\s+\w+)\s+["']?${HOME_OR_ROOT}(?=["'\s;&|]|$)`);
const CHANGED_INTO = new RegExp(String.raw`(?:\bcd\s+["']?${HOME_OR_ROOT}["']?\s*(?:$|[;&|\n])|^\s*WorkingDirectory\s*=\s*${HOME_OR_ROOT}\s*$|\bcwd\s*[=:]\s*(?:os\.path\.expanduser\(\s*["']~["']\s*\)|Path\.home\(\)|os\.homedir\(\)|["']\/["']))`, 'm');

function fileServers(file: FileView): RuleMatch[] {
  const text = file.text;
  return scan(text, FILE_SERVER, (m) => {
    if (LOOPBACK_ONLY.test(m[0])) return null;
    const before = text.slice(Math.max(0, m.index - 400), m.index);
    const servesHome = SERVED_DIRECTORY.test(m[0]) || CHANGED_INTO.test(before.split(/\n\s*\n/).pop() ?? '');
    if (servesHome) return finding(file, m, 'high', "Serves the user's home folder or the whole disk over HTTP without authentication");
    return /(?:^|[\s=:"'])0\.0\.0\.0\b/.test(m[0]) ? finding(file, m, 'medium', 'Serves files on every network interface without authentication') : null;
  });
}

export function detectOpenServers(file: FileView): RuleMatch[] {
  const text = file.text;
  return [...fileServers(file), ...scan(text, AUTH_REMOVED, (m) => {
    const around = text.slice(Math.max(0, m.index - 300), Math.min(text.length, m.index + m[0].length + 300));
    const open = ALL_INTERFACES.test(around);
    return finding(
      file,
      m,
      open ? 'high' : 'medium',
      open ? 'Starts a server on every network interface with its authentication removed' : 'Starts or configures a server with its authentication removed',
    );
  })];
}
