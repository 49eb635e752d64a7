// RCE-01 pipe to shell: a downloaded script piped into an interpreter (`curl ... | sh`), run
// through command substitution, or handed to Invoke-Expression. Severity follows where the script
// comes from; a shape named in prose (no address, a placeholder or a defanged host) has nothing to
// fetch and is not reported.
import type { FileView, RuleMatch, SkillView } from '../../types.ts';
import { isProse, scan } from '../context.ts';
import { firstUrlIn } from '../hosts.ts';
import { urlOfVariableIn } from '../assigned-urls.ts';
import { fenceAt } from '../markdown-context.ts';
import { decodedShellNames, warnedAgainst } from '../script-context.ts';
import { originSeverity, tierFor, tierMessage } from './origin.ts';
import { mostSeverePerLine, skipFile, STDIN_INTERPRETER } from './shared.ts';

// A download command has an argument; "curl|sh" with none names the pattern, as prose does.
const PIPE_FROM_FETCH = new RegExp(
  String.raw`\b(?:curl|wget)\s+[^\s|](?:[^\n|]|\\\n){0,300}\|\s*` + STDIN_INTERPRETER,
  'gim',
);
const SUBSTITUTED_FETCH =
  /(?:\b(?:(?:ba|z|da|k)?sh|python[23]?|node|perl|ruby)(?:\s+-[ceE])?\s+|\beval\s+|\bsource\s+|(?<![\w.])\.\s+)["']?(?:\$\(|`|<\()\s*(?:curl|wget)\b[^\n]{0,300}/gi;
// A WebClient held in a variable counts as one made in place: only a WebClient has DownloadString.
const POWERSHELL_FETCH_EXEC =
  /(?:\b(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod)|\(?New-Object\s+(?:System\.)?Net\.WebClient\)?\.DownloadString|\$[A-Za-z_]\w*\.DownloadString)\b[^\n|]{0,300}\|\s*(?:iex|Invoke-Expression)\b|\b(?:iex|Invoke-Expression)\s*[\s(]\s*(?:\(\s*)?(?:iwr\b|irm\b|Invoke-WebRequest\b|Invoke-RestMethod\b|\(?\s*New-Object\s+(?:System\.)?Net\.WebClient\b|\$[A-Za-z_]\w*\.DownloadString\b)[^\n]{0,300}/gi;

const ELLIPSIS_ARGUMENT = /\b(?:curl|wget|iwr|irm|Invoke-WebRequest|Invoke-RestMethod|DownloadString)\b[^|\n]{0,24}?(?:\.{3}|…)/i;

const DEFANGED = /\bhxxps?:\/\/|\w\[\.\]\w/i;

function isShapeOnly(command: string, url: string, inFence: boolean): boolean {
  // An <placeholder> host: firstUrlIn stops at "<", so the command itself is read for it.
  if (/\bhttps?:\/\/<[^>\s]{1,40}>/i.test(command)) return true;
  // `curl | sh` with no address at all, in a table of shapes to look for (a fenced command may
  // carry its address on a continued line).
  if (!url) return !inFence;
  return url === '$' && ELLIPSIS_ARGUMENT.test(command);
}

export function detectPipeToShell(file: FileView, skill: SkillView): RuleMatch[] {
  if (skipFile(file)) return [];
  const text = file.text;
  // Names a decoding assigned, found once per file when a variable address first needs them.
  let decodedNames: Set<string> | undefined;
  const build = (what: string) => (m: RegExpExecArray): RuleMatch | null => {
    if (warnedAgainst(file, m.index)) return null;
    let url = firstUrlIn(m[0]);
    // `curl … | sh` or `curl http://<host>/x.sh | bash` in prose names a shape: there is nothing
    // to fetch, so nothing an agent could run.
    if (isProse(file) && isShapeOnly(m[0], url, fenceAt(file, m.index) !== undefined)) return null;
    // Defanged addresses (hxxp://, evil[.]example) are written so that nothing can fetch them.
    if (DEFANGED.test(m[0])) return null;
    // `. <(curl -fsSL "$CHANNEL")` with `CHANNEL="https://..."` above: judged by that URL.
    if (url === '$') url = urlOfVariableIn(text, m[0]) ?? url;
    const tier = tierFor(url, skill);
    // The address held in a variable that a decoding filled (`src=$(rev < .index-src)`,
    // `u=$(echo ... | base64 -d)`): where the script comes from is kept from the reader.
    if (tier === 'variable' && file.kind === 'script') {
      decodedNames ??= decodedShellNames(text);
      const used = /\$\{?([A-Za-z_]\w*)/.exec(m[0])?.[1];
      if (used && decodedNames.has(used)) {
        return { index: m.index, length: m[0].length, severity: 'critical', message: `${what} from an address decoded at run time ("${used}")` };
      }
    }
    return {
      index: m.index,
      length: m[0].length,
      severity: originSeverity(file, m.index, tier, url, m[0]),
      message: tierMessage(what, tier, url, m[0]),
    };
  };
  return mostSeverePerLine(file, [
    ...scan(text, PIPE_FROM_FETCH, build('Script piped into an interpreter')),
    ...scan(text, SUBSTITUTED_FETCH, build('Downloaded script run through command substitution')),
    ...scan(text, POWERSHELL_FETCH_EXEC, build('Downloaded script run with Invoke-Expression')),
  ]);
}
