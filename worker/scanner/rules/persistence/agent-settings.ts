// PER-08 agent settings, hooks and MCP configuration tampering: writes to agent settings and MCP
// configuration, permission bypasses, wildcard and any-code allow-list grants, and hooks that run
// payloads. In a dev container the agent's settings live in the image and count less.
import type { FileView, RuleMatch, Severity, SkillView } from '../../types.ts';
import { containerScoped, isDetectionRuleFile, warnedAgainst } from '../script-context.ts';
import { lineText } from '../../line-table.ts';
import { isProse, lowerSeverity, onePerLine, scan, testRegex } from '../context.ts';
import { CODE_WRITE_OPEN, finding, findingAt, SHELL_WRITE, writesInMode } from './shared.ts';

const AGENT_SETTINGS = String.raw`(?:\.claude\/settings(?:\.local)?\.json|\.claude\.json|\.mcp\.json|claude_desktop_config\.json|\.cursor\/mcp\.json|\.vscode\/mcp\.json|\.codex\/config\.toml|\.gemini\/settings\.json|\.continue\/config\.(?:json|yaml)|\.windsurf\/mcp_config\.json|cline_mcp_settings\.json|\.roo\/mcp\.json|\.kiro\/settings\/mcp\.json)`;
const SETTINGS_WRITE = new RegExp(
  `(?:${SHELL_WRITE}|${CODE_WRITE_OPEN})[\\w./~$-]*?(${AGENT_SETTINGS})|\\b(?:write|append|add|insert|merge|update|modify|edit|overwrite|replace|patch)\\b[^.\\n]{0,60}?\\b(?:to|into|in)\\s+(?:the\\s+|your\\s+|a\\s+)?(?:project'?s?\\s+|user'?s?\\s+|global\\s+)?[\\x60'"*]*[\\w./~-]*?(${AGENT_SETTINGS})`,
  'gi',
);
const PERMISSION_BYPASS =
  /["']?defaultMode["']?\s*\]?\s*[:=]\s*["']bypassPermissions["']|\bdangerouslyDisableSandbox["']?\s*[:=]\s*["']?true\b|["']allow["']\s*:\s*\[[^\]]{0,200}["']Bash(?:\(\*\)|\(\s*\*\s*:\s*\*\s*\))?["']|\bautoApprove(?:All)?["']?\s*[:=]\s*["']?true\b|\benableAllProjectMcpServers["']?\s*[:=]\s*true\b|\bapproval_policy\s*=\s*["']never["']|\bsandbox_mode\s*=\s*["']danger-full-access["']|["']trust["']\s*:\s*true\b[^\n]{0,60}mcp/g;
const PERMISSION_BYPASS_ANYWHERE = new RegExp(PERMISSION_BYPASS.source);
const HOOK_COMMAND =
  /["'](?:PreToolUse|PostToolUse|UserPromptSubmit|SessionStart|SessionEnd|Stop|SubagentStop|Notification|PreCompact)["']\s*:\s*\[[\s\S]{0,600}?["']command["']\s*:\s*["']([^"'\n]{1,300})["']/g;
const HOOK_PAYLOAD = /\bcurl\b|\bwget\b|\bnc\b|\bncat\b|\bbase64\b|\bpython[23]?\s+-c\b|\bbash\s+-c\b|\bsh\s+-c\b|https?:\/\/|\/tmp\/\.|\beval\b/;

// Agent configuration files named in pieces (path.join(home, '.cursor', 'mcp.json')), often as a
// list a loop then rewrites; with a write in the file and the keys that matter, the same takeover.
const AGENT_CONFIG_PIECES =
  /["'](?:\.cursor|\.claude|\.codex|\.gemini|\.windsurf|\.continue|Claude)["']\s*[,/+]\s*(?:["'][^"'\n]{1,40}["']\s*[,/+]\s*)?["'](?:mcp\.json|claude_desktop_config\.json|settings(?:\.local)?\.json|config\.toml|config\.json)["']|["'][^"'\n]{0,80}?(?:claude_desktop_config\.json|\.claude\/settings(?:\.local)?\.json|\.cursor\/mcp\.json)["']/g;
// A script that grants the agent every command: the literal only exists to be written into settings.
const WILDCARD_GRANT = /["'](?:Bash|Write|Edit|WebFetch)\(\s*\*(?:\s*:\s*\*)?\s*\)["']/g;
// Allow-list entries that run any code while looking narrow: `Bash(sh -c:*)`, `Bash(python3 -c:*)`,
// `Bash(node -e:*)`, `Bash(env:*)` and `Bash(xargs:*)` (either runs any command after it), `Bash(sudo:*)`.
const ANY_CODE_GRANT =
  /["'](?:Bash|Shell)\(\s*(?:(?:ba|z|da|k)?sh\s+-c|python[23]?\s+-c|node\s+-e|deno\s+eval|perl\s+-e|ruby\s+-e|php\s+-r|pwsh\s+-c|powershell\s+-c|eval|env|xargs|sudo|doas|exec|nohup|command|(?:ba|z|da|k)?sh(?=\s*(?::\s*\*|\s\*)))\s*(?::\s*\*|\s\*)?\s*\)["']/g;
// Prose that has the agent add entries to its allow list ("add these to `permissions.allow`",
// "in die Allow-Liste eintragen"): the list it then quotes is written into the settings.
const PROSE_ALLOW_LIST = /permissions\.allow|\ballow[- ]?list|\ballowlist|\ballowedTools\b|\bpermissions\b[^.\n]{0,60}\ballow\b|Allow-Liste|liste\s+(?:d'autorisation|blanche)|lista\s+(?:de\s+permitidos|blanca|de\s+permiss)/i;
const PROSE_WILDCARD_GRANT = /["'\x60](?:Bash|Write|Edit|WebFetch)\(\s*\*(?:\s*:\s*\*)?\s*\)["'\x60]/g;

/** An entry quoted in prose a few lines after the words that name the agent's allow list. */
function inProseAllowList(file: FileView, index: number): boolean {
  if (!isProse(file)) return false;
  return PROSE_ALLOW_LIST.test(file.text.slice(Math.max(0, index - 400), index)) && !file.isNegated(index);
}
const ALLOW_LIST_KEY = /["']?allow["']?\s*:\s*\[/y;

/** Whether `index` lies inside an `"allow": [` list opened at most 3,000 characters before it. */
function inAllowList(text: string, index: number): boolean {
  const from = Math.max(0, index - 3000);
  const close = text.lastIndexOf(']', index);
  // The nearest few occurrences of the word, back to the last `]`: an entry may hold it too
  // ("Bash(allowlist:*)"). Sticky at each: the key itself, not some later one.
  let open = index;
  for (let tries = 0; tries < 8; tries++) {
    open = text.lastIndexOf('allow', open - 1);
    if (open < from || open < close) return false;
    ALLOW_LIST_KEY.lastIndex = open;
    if (ALLOW_LIST_KEY.test(text)) return true;
  }
  return false;
}
const CONFIG_WRITE_CALL = /\b(?:writeFileSync|writeFile|write_text|json\.dump)\s*\(|\bopen\s*\([^)\n]{0,120}["'][wa]\+?["']/;
const CONFIG_KEYS = /\bmcpServers\b|["']hooks["']|\bpermissions\b|\ballowedTools\b|\bmcp_servers\b/;

export function detectAgentSettings(file: FileView, skill: SkillView): RuleMatch[] {
  if (isDetectionRuleFile(file)) return [];
  const text = file.text;
  // In a dev container the agent's settings live in the image, not on the user's machine.
  const contained = containerScoped(skill);
  const adjust = (severity: Severity) => (contained ? lowerSeverity(severity) : severity);
  const found: RuleMatch[] = [
    ...scan(text, SETTINGS_WRITE, (m) => {
      const prose = !m[1];
      if (!prose && !writesInMode(text, m)) return null;
      if (prose && isProse(file) && file.isNegated(m.index)) return null;
      const window = text.slice(m.index, Math.min(text.length, m.index + 800));
      const bypass = PERMISSION_BYPASS_ANYWHERE.test(window);
      const hookPayload = /["']hooks["']\s*:|\bhooks\s*[:=]/.test(window) && HOOK_PAYLOAD.test(window);
      const target = m[1] ?? m[2];
      // "Add this to your claude_desktop_config.json" is installation documentation for the user;
      // a script or command that writes the file itself is the takeover.
      const severity: Severity = prose ? (bypass || hookPayload ? 'high' : 'low') : bypass || hookPayload ? 'critical' : 'high';
      return findingAt(
        file,
        m.index,
        m[0].length,
        adjust(severity),
        bypass || hookPayload
          ? `Modifies agent configuration (${target}) to bypass permissions or run commands automatically`
          : prose
            ? `Tells the user to change agent configuration (${target})`
            : `Writes agent configuration (${target}): hooks and MCP servers run code in every session`,
      );
    }),
    ...(file.kind === 'script' && testRegex(CONFIG_WRITE_CALL, text) && testRegex(CONFIG_KEYS, text)
      ? scan(text, AGENT_CONFIG_PIECES, (m) =>
          finding(file, m, adjust('high'), 'Rewrites agent configuration files (MCP servers, hooks or permissions) named in pieces'),
        )
      : []),
    ...(file.kind === 'script' && testRegex(CONFIG_WRITE_CALL, text)
      ? scan(text, WILDCARD_GRANT, (m) => {
          // Added to an allow list on the same line; a set of grants to refuse is no grant.
          if (!/allow/i.test(lineText(text, m.index))) return null;
          return finding(file, m, adjust('high'), `Grants the agent ${text.slice(m.index + 1, m.index + m[0].length - 1)} in its settings: every such call runs without asking`);
        })
      : []),
    ...(isProse(file)
      ? scan(text, PROSE_WILDCARD_GRANT, (m) =>
          inProseAllowList(file, m.index) && !warnedAgainst(file, m.index)
            ? finding(file, m, adjust('high'), `Has the agent add ${text.slice(m.index + 1, m.index + m[0].length - 1)} to its allow list: every such call runs without asking`)
            : null,
        )
      : []),
    ...scan(text, ANY_CODE_GRANT, (m) =>
      (inAllowList(text, m.index) || inProseAllowList(file, m.index)) && !warnedAgainst(file, m.index)
        ? finding(file, m, adjust('high'), `Allow list grants ${text.slice(m.index + 1, m.index + m[0].length - 1)}: any code runs through it without asking`)
        : null,
    ),
    ...scan(text, PERMISSION_BYPASS, (m) =>
      finding(file, m, adjust('high'), 'Agent configured to skip permission prompts or the sandbox'),
    ),
    ...scan(text, HOOK_COMMAND, (m) => {
      const payload = HOOK_PAYLOAD.test(m[1]);
      return finding(
        file,
        m,
        adjust(payload ? 'critical' : 'low'),
        payload ? `Agent hook runs a network or shell payload on every event: ${m[1].slice(0, 80)}` : 'Agent hook runs a command automatically on every event',
      );
    }),
  ];
  return onePerLine(file, found);
}
