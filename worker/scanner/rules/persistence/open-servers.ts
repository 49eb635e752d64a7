// PER-11 servers started or configured with their authentication removed: a notebook server with an
// empty token or password, code-server with --auth none, Redis with protected mode off,
// Elasticsearch with its security off. Listening on every interface, such a server hands anyone on
// the network a shell (a notebook runs code) or the data; on localhost it is still one step away.
import type { FileView, RuleMatch } from '../../types.ts';
import { scan } from '../context.ts';
import { finding } from './shared.ts';

const AUTH_REMOVED =
  /--?(?:NotebookApp|ServerApp|IdentityProvider)\.(?:token|password)\s*=\s*(?:''|""|(?=\s|$))|\bc\.(?:NotebookApp|ServerApp|IdentityProvider)\.(?:token|password)\s*=\s*(?:''|"")|\bcode-server\b[^\n]{0,200}?--auth[=\s]+none\b|\bprotected-mode\s+no\b|\bxpack\.security\.enabled["']?\s*[:=]\s*["']?false\b/g;
// Every interface: 0.0.0.0, ::, '*', or a Jupyter --ip of any of them.
const ALL_INTERFACES = /(?:^|[\s=:"'\/])(?:0\.0\.0\.0|\[?::\]?(?=[\s:"']|$)|\*(?=["']))|--ip[=\s]+["']?\*|\bbind\s+0\.0\.0\.0\b|--bind-addr[=\s]+0\.0\.0\.0/m;

export function detectOpenServers(file: FileView): RuleMatch[] {
  const text = file.text;
  return scan(text, AUTH_REMOVED, (m) => {
    const around = text.slice(Math.max(0, m.index - 300), Math.min(text.length, m.index + m[0].length + 300));
    const open = ALL_INTERFACES.test(around);
    return finding(
      file,
      m,
      open ? 'high' : 'medium',
      open ? 'Starts a server on every network interface with its authentication removed' : 'Starts or configures a server with its authentication removed',
    );
  });
}
