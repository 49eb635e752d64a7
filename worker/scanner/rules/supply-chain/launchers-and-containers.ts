// SUP-06 unpinned launchers and privileged containers: npx -y, uvx, pipx run, bunx and dlx runs
// and MCP servers launched without a version, and docker run with extended privileges, the host
// file system, PID space or Docker socket.
import type { FileView, RuleMatch } from '../../types.ts';
import { scan } from '../context.ts';
import { finding } from './shared.ts';

// Command position only ("which uv uvx python3" lists tools, it runs none of them).
const UNPINNED_LAUNCHER =
  /(?:^|[;&|\x60]|\$\s|\brun:\s)[ \t]*(npx\s+(?:-y|--yes)|uvx|pipx\s+run|bunx|pnpm\s+dlx|yarn\s+dlx)\s+(?!-)(@?[\w.-]+(?:\/[\w.-]+)?)(@[\w.^~-]+|==\S+)?(?=[\s"',\]\x60]|$)/gm;
const NOT_A_PACKAGE = /^(?:not|is|the|and|or|to|for|if|python3?|found|installed|command|available)$/;
const MCP_NPX = /"command"\s*:\s*"(npx|uvx|bunx)"\s*,\s*"args"\s*:\s*\[\s*(?:"-y"\s*,\s*|"--yes"\s*,\s*)?"(@?[\w.-]+(?:\/[\w.-]+)?)(@[^"]+)?"/g;
const PRIVILEGED_CONTAINER =
  /\bdocker\s+run\b[^\n]{0,400}?(?:--privileged\b|--cap-add[= ](?:ALL|SYS_ADMIN|SYS_PTRACE|SYS_MODULE)\b|--pid[= ]host\b|-v\s+["']?\/:\/|--volume[= ]["']?\/:\/|-v\s+["']?\/var\/run\/docker\.sock|--security-opt[= ](?:seccomp|apparmor)[=:]unconfined)[^\n]{0,400}/g;
// The same in configuration: compose and Kubernetes files, GitLab runner and devcontainer settings.
const PRIVILEGED_SETTING = /\bprivileged["']?\s*[:=]\s*["']?true\b|"--privileged"/g;
const HOST_TAKEOVER_SETTING =
  /(?:^|[\s"'\[,-])\/:\/[\w.-]*(?!:ro\b)|docker\.sock|\bpid["']?\s*[:=]\s*["']?host\b|\bhostPID["']?\s*:\s*true\b|\bcap_add\b[^\n]{0,40}\bALL\b|\b(?:seccomp|apparmor)[:=]unconfined\b/m;

export function detectUnpinnedLaunchers(file: FileView): RuleMatch[] {
  const text = file.text;
  return [
    ...scan(text, UNPINNED_LAUNCHER, (m) => {
      if (m[3] || NOT_A_PACKAGE.test(m[2])) return null;
      return finding(file, m, 'low', `${m[1].split(/\s/)[0]} runs ${m[2]} at whatever version the registry serves today`);
    }),
    ...scan(text, MCP_NPX, (m) => (m[3] ? null : finding(file, m, 'low', `MCP server ${m[2]} launched unpinned: every session runs the newest published code`))),
    ...scan(text, PRIVILEGED_CONTAINER, (m) => {
      // --privileged alone is common for fuzzers and debuggers; mounting the host root or the
      // Docker socket hands the host over.
      const hostTakeover = /-v\s+["']?\/:\/|--volume[= ]["']?\/:\/|docker\.sock|--pid[= ]host/.test(m[0]);
      return finding(
        file,
        m,
        hostTakeover ? 'high' : 'medium',
        hostTakeover ? 'Container given the host file system, PID space or Docker socket: equivalent to root on the host' : 'Container run with extended privileges (--privileged or added capabilities)',
      );
    }),
  ...scan(text, PRIVILEGED_SETTING, (m) => {
      const around = text.slice(Math.max(0, m.index - 800), Math.min(text.length, m.index + 800));
      const hostTakeover = HOST_TAKEOVER_SETTING.test(around);
      return finding(
        file,
        m,
        hostTakeover ? 'high' : 'medium',
        hostTakeover ? 'Privileged container with the host file system, PID space or Docker socket: equivalent to root on the host' : 'Container configured as privileged',
      );
    }),
  ];
}
