// What a skill declares it may use: the front matter's allowed-tools (or permissions) split into
// tools, their capability classes, and where a token sits for reporting.
import type { FileView } from '../../types.ts';

/** Splits an allowed-tools value: "Bash(npx x *) Read, Write" -> ["Bash(npx x *)", "Read", "Write"]. */
function splitTools(value: string): string[] {
  const tools: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of value.slice(0, 4000)) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === ',' || ch === ' ' || ch === '\t' || ch === '\n')) {
      if (current) tools.push(current);
      current = '';
    } else current += ch;
  }
  if (current) tools.push(current);
  return tools.map((t) => t.replace(/^["'[\]]+|["'[\]]+$/g, '')).filter(Boolean);
}

// `tools:` is left out: some formats use it to list the tools a skill provides, not the ones it may use.
const TOOL_KEYS = ['allowed-tools', 'allowed_tools', 'permissions'];

/** The declared tools or permissions, or null when the skill declares none at all. */
export function declaredTools(file: FileView): { key: string; tools: string[] } | null {
  for (const key of TOOL_KEYS) {
    const value = file.meta[key];
    if (value !== undefined) return { key, tools: splitTools(value) };
  }
  return null;
}

/** Offset of a token inside the front matter of a SKILL.md, for reporting. */
export function offsetInFrontmatter(file: FileView, token: string): number {
  const at = file.frontmatter.indexOf(token);
  return file.frontmatterOffset + Math.max(0, at);
}

// Capability classes of declared tools (Claude Code names and generic permission words).
export const SHELL_TOOL = /^(bash|shell|terminal|exec|execute|run_command|command|process|subprocess|powershell|\*|all|any|full)$/i;
export const NETWORK_TOOL = /^(webfetch|websearch|fetch|network|net|http|https|internet|web|browser|url|requests?)(:.*)?$/i;
export const WRITE_TOOL = /^(write|edit|multiedit|notebookedit|write:.*|files:write|filesystem|fs)$/i;

export function toolBase(tool: string): string {
  return tool.replace(/\(.*$/, '').trim();
}
