// NET-08, container daemons served over plain TCP: the Docker API on a network address without TLS
// gives whoever reaches the port root on the host (the usual way cryptominers get in), and a socat
// relay from a TCP port to docker.sock does the same without touching the daemon's settings.
import type { FileView, RuleMatch } from '../../types.ts';
import { graded, scanCapped as scan } from '../context.ts';
import { warnedAgainst } from '../script-context.ts';

// The daemon's listen addresses: `dockerd -H tcp://...`, `--host=tcp://...`, DOCKER_OPTS, and the
// "hosts" list of daemon.json.
const DAEMON_TCP =
  /(?:\bdockerd\b[^\n]{0,200}?(?:-H|--host)[\s=]*|\bDOCKER_OPTS\s*=\s*["']?[^\n]{0,120}?(?:-H|--host)[\s=]*|"hosts"\s*:\s*\[[^\]\n]{0,200}?)["']?tcp:\/\/([^\s"',\]]*)/g;
// socat or ncat listening on a TCP port and relaying it to the daemon's socket.
const SOCKET_RELAY = /\b(?:socat|ncat)\b[^\n]{0,200}?(?:TCP[46]?-LISTEN:|--listen\b|-l\b)[^\n]{0,200}?(?:docker|containerd|podman)\.sock\b/gi;
export const CONTAINER_DAEMON_ANCHORS = ['tcp://', 'socat', 'ncat'];

const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|localhost|\[?::1\]?)(?::\d+)?$/i;

export function detectExposedDaemon(file: FileView): RuleMatch[] {
  const tls = /--tlsverify\b|"tlsverify"\s*:\s*true/.test(file.text);
  return [
    ...scan(file.text, DAEMON_TCP, (m) => {
      if (warnedAgainst(file, m.index)) return null;
      const address = m[1];
      const local = LOOPBACK.test(address);
      if (tls && !/:2375$/.test(address)) return null;
      return {
        index: m.index, length: m[0].length,
        severity: graded(file, local ? 'medium' : 'critical'),
        message: local
          ? `Docker API served on TCP ${address} (any local user or page that reaches it is root)`
          : `Docker API served on tcp://${address || '(all interfaces)'} without TLS: anyone who reaches the port is root on the host`,
      };
    }),
    ...scan(file.text, SOCKET_RELAY, (m) => {
      if (warnedAgainst(file, m.index)) return null;
      return {
        index: m.index, length: m[0].length,
        severity: graded(file, 'critical'),
        message: 'The container daemon\'s socket relayed to a TCP port: anyone who reaches the port is root on the host',
      };
    }),
  ];
}
