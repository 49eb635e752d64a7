// SUP-05 install-time lifecycle scripts: package.json install hooks, setup.py command overrides,
// and prose describing a dependency's install hook that sends data over the network.
import type { FileView, RuleMatch } from '../../types.ts';
import { scan, testRegex } from '../context.ts';
import { finding } from './shared.ts';
import { baseNameOf } from '../../file-view.ts';

const LIFECYCLE_SCRIPT = /"(preinstall|install|postinstall|prepare|prepublish|preuninstall|postuninstall)"\s*:\s*"((?:[^"\\]|\\.)*)"/g;
const ROUTINE_LIFECYCLE = /^(?:husky(?:\s+install)?|tsc(?:\s.*)?|node-gyp\s+rebuild|prebuild-install(?:\s.*)?|patch-package|npm\s+run\s+[\w:-]+|pnpm\s+(?:run\s+)?[\w:-]+|yarn\s+[\w:-]+|ngcc|svelte-kit\s+sync|nuxt\s+prepare|electron-builder\s+install-app-deps|lefthook\s+install|simple-git-hooks)$/;
const INSTALL_PAYLOAD = /\bcurl\b|\bwget\b|https?:\/\/|\bnc\b|\bbase64\b|\beval\b|\bnode\s+-e\b|\b(?:ba)?sh\s+-c\b|\bpython[23]?\s+-c\b|\bpowershell\b|\biwr\b|\bchild_process\b|\|\s*(?:ba)?sh\b/;
const SETUP_CMDCLASS = /\bcmdclass\s*=\s*\{[^}]{0,5000}\}/g;
const SETUP_SIDE_EFFECTS = /\b(?:urllib|requests|http\.client|socket|subprocess|os\.system|os\.popen|exec\s*\(|eval\s*\(|base64)\b/;
const LIFECYCLE_PROSE = /\b(?:post-?install|pre-?install)\s+(?:script|hook|step)\b[^.\n]{0,200}/gi;
// Sending or reporting to somewhere (not "downloads the binary for your platform").
const LIFECYCLE_PROSE_NETWORK = /\b(?:report|send|upload|post|transmit|phone|beacon|collect|telemetry)\w*\b[^\n]{0,80}\b(?:to|home)\b[^\n]{0,40}(?:https?:\/\/|[\w-]+\.(?:com|dev|io|net|org|app|xyz|sh)\b|server|endpoint|api)/i;

export function detectLifecycleScripts(file: FileView): RuleMatch[] {
  const text = file.text;
  const base = baseNameOf(file.skillPath).toLowerCase();
  const found: RuleMatch[] = [];
  if (base === 'package.json') {
    found.push(
      ...scan(text, LIFECYCLE_SCRIPT, (m) => {
        const command = m[2].trim();
        if (ROUTINE_LIFECYCLE.test(command)) return null;
        const payload = INSTALL_PAYLOAD.test(command);
        return {
          index: m.index,
          length: m[0].length,
          severity: payload ? 'high' : 'low',
          message: payload ? `"${m[1]}" script downloads or evaluates code at install time: ${command.slice(0, 100)}` : `"${m[1]}" script runs at install time: ${command.slice(0, 100)}`,
        };
      }),
    );
  }
  if (base === 'setup.py') {
    found.push(
      ...scan(text, SETUP_CMDCLASS, (m) => {
        const sideEffects = testRegex(SETUP_SIDE_EFFECTS, text);
        return {
          index: m.index,
          length: m[0].length,
          severity: sideEffects ? 'high' : 'low',
          message: sideEffects ? 'setup.py overrides install commands and makes network calls or runs commands' : 'setup.py overrides install commands (code runs at install time)',
        };
      }),
    );
  }
  if (file.kind === 'skill-md' || file.kind === 'markdown') {
    const body = file.kind === 'skill-md' ? file.body : text;
    found.push(
      ...scan(body, LIFECYCLE_PROSE, (m) => {
        if (file.isNegated(m.index)) return null;
        // The hook's description often continues in a list below ("runs a postinstall script that:").
        const window = body.slice(m.index, Math.min(body.length, m.index + 500));
        if (!LIFECYCLE_PROSE_NETWORK.test(window)) return null;
        return finding(file, m, 'high', 'A dependency\'s install hook sends data over the network: code runs on install, before any review');
      }),
    );
  }
  return found;
}
