// NET-02 tunnels: tunnel service hosts and commands, SSH forwards that expose this machine, and SSH
// configs that route every connection through an unverified relay.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { graded, isProse, scanCapped as scan } from '../context.ts';
import { lineWindow, TRANSFER_VERB, withLabels } from './shared.ts';

// The service name is found first; at least one subdomain label must precede it (withLabels).
const TUNNEL_HOST_RE =
  /(?<=[a-z0-9-]\.)(?:ngrok(?:-free)?\.(?:io|app|dev|pizza)|ngrok\.app|trycloudflare\.com|serveo\.net|serveousercontent\.com|localtunnel\.me|loca\.lt|lhr\.life|lhr\.rocks|pinggy\.(?:io|link|online)|tunnelmole\.net|loclx\.io|localxpose\.io|telebit\.(?:cloud|io)|pagekite\.me|devtunnels\.ms|zrok\.io|ply\.gg|playit\.gg|tunnel\.pyjam\.as|bore\.digital)\b/gi;
const TUNNEL_BARE_RE = /(?<![\w.-])(?:bore\.pub|serveo\.net|localhost\.run|tuns\.sh|pinggy\.io)\b/gi;
const TUNNEL_COMMAND_RE =
  /\b(?:ngrok\s+(?:http|tcp|tls|start)\b|cloudflared\s+(?:tunnel\s+)?(?:--url|tunnel\s+run)\b|lt\s+--port\b|bore\s+local\b|ssh\s+[^\n]{0,60}-R\s*[^\n]{0,40}(?:serveo\.net|localhost\.run|pinggy\.io))/gi;
// Every tunnel match holds one of these (the engine skips files without any).
export const TUNNEL_ANCHORS = [
  'ngrok', 'trycloudflare', 'serveo', 'localtunnel', 'loca.lt', 'lhr.life', 'lhr.rocks', 'pinggy', 'tunnelmole',
  'loclx', 'localxpose', 'telebit', 'pagekite', 'devtunnels', 'zrok.io', 'ply.gg', 'playit.gg', 'pyjam.as', 'bore',
  'localhost.run', 'tuns.sh', 'cloudflared', '--port',
];

const CREDENTIAL_FLOW = /oauth|callback|redirect_uri|token|\bauth|login|signin|credential|secret|password|passwd|api[_-]?key|session|cookie/i;

export function detectTunnel(file: FileView): RuleMatch[] {
  const text = file.text;
  const hosts = (m: RegExpExecArray): RuleMatch | null => {
    const line = lineWindow(text, m.index, m[0].length);
    // Shipped code or config that sends logins or tokens through a throwaway tunnel intercepts them.
    if (!isProse(file) && CREDENTIAL_FLOW.test(line)) {
      return { index: m.index, length: m[0].length, severity: graded(file, 'critical'), message: `Credentials or OAuth callbacks routed through the tunnel host ${m[0]}` };
    }
    const severity: Severity = !isProse(file) || TRANSFER_VERB.test(line) ? 'high' : 'medium';
    return { index: m.index, length: m[0].length, severity: graded(file, severity), message: `Traffic routed through the tunnel host ${m[0]}` };
  };
  return [
    ...scan(text, TUNNEL_HOST_RE, (m) => {
      const full = withLabels(text, m, 1, 4);
      return full ? hosts(full) : null;
    }),
    ...scan(text, TUNNEL_BARE_RE, hosts),
    ...scan(text, TUNNEL_COMMAND_RE, (m) => ({
      index: m.index, length: m[0].length, severity: graded(file, 'medium'),
      message: 'Opens a public tunnel to a local port',
    })),
    ...scan(text, SSH_BACKDOOR_FORWARD, (m) =>
      isProse(file) && !file.inCode(m.index)
        ? null
        : {
            // In a unit, launch agent or cron entry it comes back after every reboot.
            index: m.index, length: m[0].length, severity: graded(file, PERSISTENT_UNIT.test(file.skillPath) || /^\s*(?:ExecStart|ProgramArguments)\b/m.test(text) ? 'critical' : 'high'),
            message: /-D\s/.test(m[0]) ? 'Opens a SOCKS proxy on every interface: anyone who can reach the machine uses its network' : 'Forwards this machine\'s SSH port to a remote host: a standing way in',
          },
    ),
    ...sshConfigInterception(file),
  ].slice(0, 20);
}

// ssh -R ...:localhost:22 hands the machine's own SSH server to whoever holds the remote end;
// -D 0.0.0.0:1080 turns it into an open proxy. Lines continued with a backslash count as one;
// autossh keeps the same tunnel up for good, and the remote port may be built from variables. A
// unit written by a heredoc in a script continues its lines with a doubled backslash.
const SSH_BACKDOOR_FORWARD =
  /\b(?:auto)?ssh\b(?:[^\n\\]|\\{1,2}\r?\n){0,300}?\s(?:-R\s*(?:[\w.*[\]:${}-]{0,40}:)?(?:localhost|127\.0\.0\.1|\[::1\]):22\b|-D\s*(?:0\.0\.0\.0|\*|\[::\]):\d{2,5}\b)/g;
const PERSISTENT_UNIT = /\.(?:service|timer|socket|plist|desktop)$|(?:^|\/)(?:crontab|cron\.d\/[^/]+)$/i;
// `Host *` that sends every connection through someone else's host with host keys unchecked.
const HOST_ALL_BLOCK = /^[ \t]*Host[ \t]+\*[ \t]*$/gm;

function sshConfigInterception(file: FileView): RuleMatch[] {
  if (isProse(file) || !/\bProxy(?:Command|Jump)\b/.test(file.text)) return [];
  const out: RuleMatch[] = [];
  for (const h of file.text.matchAll(HOST_ALL_BLOCK)) {
    const next = file.text.slice(h.index + h[0].length).search(/^[ \t]*(?:Host|Match)\b/m);
    const block = file.text.slice(h.index, next < 0 ? file.text.length : h.index + h[0].length + next);
    const proxy = /^[ \t]*Proxy(?:Command|Jump)\b[^\n]*?\b[\w.-]+@?((?:[a-z0-9-]+\.)+[a-z]{2,})\b/im.exec(block);
    if (!proxy || /^(?:localhost|bastion|jump)\b/i.test(proxy[1])) continue;
    if (!/^[ \t]*StrictHostKeyChecking[ \t=]+(?:no|off)\b/im.test(block) && !/UserKnownHostsFile[ \t=]+\/dev\/null/i.test(block)) continue;
    // With the agent forwarded too, the unverified relay can sign in anywhere with the user's keys.
    const agent = /^[ \t]*ForwardAgent[ \t=]+yes\b/im.test(block);
    out.push({
      index: h.index, length: h[0].length, severity: agent ? 'critical' : 'high',
      message: `Routes every SSH connection through ${proxy[1]} with host keys unchecked${agent ? ', and forwards the SSH agent to it' : ''}`,
    });
  }
  return out;
}
