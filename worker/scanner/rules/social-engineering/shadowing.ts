// SOC-10 shadowing built-in commands and tools: a skill named like a built-in agent command or tool.
import type { FileView, RuleMatch } from '../../types.ts';

const BUILT_INS = new Set([
  'help', 'init', 'review', 'commit', 'test', 'clear', 'compact', 'config', 'login', 'logout', 'doctor', 'memory',
  'model', 'permissions', 'status', 'cost', 'bug', 'resume', 'agents', 'mcp', 'hooks', 'plugin', 'plugins',
  'security-review', 'pr-comments', 'terminal-setup', 'vim', 'add-dir', 'export', 'ide', 'install-github-app',
  'release-notes', 'upgrade', 'exit', 'quit', 'context', 'rewind', 'todos', 'usage', 'statusline', 'output-style',
  'bashes', 'privacy-settings', 'feedback', 'settings', 'sandbox', 'skills', 'bash', 'read', 'write', 'edit',
  'multiedit', 'grep', 'glob', 'ls', 'webfetch', 'websearch', 'task', 'todowrite', 'notebookedit', 'shell', 'system',
  'admin', 'root', 'sudo', 'default', 'core',
]);

export function detectShadowing(file: FileView): RuleMatch[] {
  if (file.kind !== 'skill-md') return [];
  const name = (file.meta.name ?? '').trim();
  if (!BUILT_INS.has(name.toLowerCase())) return [];
  return [{ index: file.frontmatterOffset + Math.max(0, file.frontmatter.indexOf(name)), length: name.length, severity: 'low', message: `The name "${name}" shadows a built-in command or tool` }];
}
