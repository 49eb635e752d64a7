import type { FileView, RuleMatch, Severity, SkillView } from '../../types.ts';
import { execRegex } from '../context.ts';
import { NETWORK_TOOL, SHELL_TOOL, WRITE_TOOL, declaredTools, toolBase } from './declared-tools.ts';

// TPA-02 capabilities used but not declared

const CODE_NETWORK =
  /\b(?:requests|httpx|aiohttp|urllib3?)\.(?:get|post|put|patch|delete|request|Session|AsyncClient|Client|urlopen)\b|\burlopen\(|\bfetch\(\s*['"`h]|\baxios\b|\bcurl\s+-|\bwget\s+|\bsocket\.(?:socket|create_connection)\b|\bhttp\.client\b|Invoke-WebRequest|Net\.WebClient|\bnet\.(?:connect|createConnection)\b/;
const CODE_EXEC =
  /\bsubprocess\.(?:run|call|Popen|check_output|check_call)\b|\bos\.(?:system|popen|exec\w*)\(|\bchild_process\b|\bexecSync\(|\bspawnSync?\(|\bshell=True\b|\bRuntime\.getRuntime\(\)\.exec\b/;
const CODE_WRITE =
  /\bopen\([^)\n]{0,120},\s*['"][wax]b?\+?['"]|\.write_(?:text|bytes)\(|\bwriteFileSync?\(|\bos\.(?:remove|unlink|rmdir|rename|chmod)\(|\bshutil\.(?:move|rmtree|copy\w*)\(|\bfs\.(?:rm|unlink|rename)\w*\(|\bPath\([^)\n]{0,80}\)\.unlink\(/;

interface Usage {
  file: FileView;
  index: number;
  length: number;
  what: string;
}

function firstUse(files: readonly FileView[], re: RegExp): Usage | null {
  for (const file of files) {
    if (file.kind !== 'script') continue;
    const m = execRegex(re, file.text);
    if (m) return { file, index: m.index, length: m[0].length, what: m[0].trim() };
  }
  return null;
}

export function detectUndeclaredCapability(skillMd: FileView, skill: SkillView): RuleMatch[] {
  const declared = declaredTools(skillMd);
  if (!declared) return [];
  const bases = declared.tools.map(toolBase);
  const shell = bases.some((t) => SHELL_TOOL.test(t));
  if (shell) return [];
  const network = bases.some((t) => NETWORK_TOOL.test(t));
  const write = bases.some((t) => WRITE_TOOL.test(t));
  const listed = declared.tools.join(', ');
  // Read-only or empty declarations promise the most and make a contradiction worst.
  const readOnly = !network && !write;
  const out: RuleMatch[] = [];
  const report = (use: Usage | null, capability: string, severity: Severity) => {
    if (!use) return;
    out.push({
      file: use.file, index: use.index, length: use.length, severity,
      message: `${use.file.skillPath} uses ${capability} (${use.what.slice(0, 40)}) but ${declared.key} declares ${declared.tools.length ? 'only ' + listed : 'none'}`,
    });
  };
  const net = network ? null : firstUse(skill.files, CODE_NETWORK);
  const exec = firstUse(skill.files, CODE_EXEC);
  const wr = write ? null : firstUse(skill.files, CODE_WRITE);
  report(net, 'network access', readOnly ? 'high' : 'medium');
  report(exec, 'shell commands', 'medium');
  report(wr, 'file writes or deletes', 'medium');
  return out;
}
