// Environment harvesting, shared by EXF-06 (a secret source) and EXF-07 (a bulk dump): the whole
// environment filtered for secrets, serialised or sent, not the environment handed to a child
// process.
import { endOfLinesAfter, startOfLinesBefore } from '../../line-table.ts';
import { execRegexIn, testRegexIn } from '../context.ts';
import { NETWORK_SEND_ONE } from './network-sinks.ts';

// Environment dumps: every variable at once, not one named variable.
const ENV_HARVEST =
  /\bos\.environ\.(?:items|copy|keys|values)\(\)|\bdict\(\s*os\.environ\s*\)|\{\s*\*\*os\.environ\s*\}|\bjson\.dumps\(\s*(?:dict\()?\s*os\.environ\b|JSON\.stringify\(\s*process\.env\s*\)|:\s*process\.env\s*[,}]|\$\{\{\s*toJSON\(\s*secrets\s*\)\s*\}\}|Object\.(?:entries|keys|values)\(\s*process\.env\s*\)|\{\s*\.\.\.process\.env\s*\}|(?<![\w-])printenv(?![ \t]+[A-Za-z_])|(?:^|[|;&]\s*|\$\(\s*)env\s*(?:\||>|\)|$)|[{(]\s*env\s*;|\bGet-ChildItem\s+env:|\b(?:gci|dir|ls)\s+env:|\bENV\.to_h\b|\bos\.Environ\(\)|\bSystem\.getenv\(\s*\)|\bgetenv\(\s*\)|\benv::vars\(\)/gim;
const SECRET_NAME_FILTER = /\b(?:KEY|SECRET|TOKEN|PASSW(?:OR)?D|CREDENTIAL|API|AUTH|PRIVATE)S?\b|["'](?:KEY|SECRET|TOKEN|PASS\w*|CRED\w*|API\w*|AUTH\w*)["']/;
// The same words as alternatives of a pattern the names are matched with: `(?i)(proxy|token|secret)`.
const SECRET_WORD_ALTERNATIVE = /[|(](?:token|secret|key|pass(?:wd|word)?|credentials?|auth)s?(?=[|)])/i;
// A list of secret-like names to filter variables by: ["KEY", "SECRET", "TOKEN", ...].
// Suffixes count too: ("_KEY", "_TOKEN", "_SECRET").
const SECRET_NAME_LIST = /["']_?(?:KEY|SECRET|TOKEN|PASSWORD|CREDENTIAL|API|AUTH|PRIVATE)S?_?["']\s*,\s*["']_?(?:KEY|SECRET|TOKEN|PASSWORD|CREDENTIAL|API|AUTH|PRIVATE)S?_?["']/i;
const SERIALISED = /\b(?:json|JSON|base64|b64encode|btoa|encode|stringify|dumps|str\(|repr\(|curl|post|send|write|upload)\b/;
// A comprehension or loop that keeps only some variables.
const SELECTIVE = /\bif\b|\.startswith\(|\.startsWith\(|\.filter\(|\.match\(|\bgrep\b|\bWhere-Object\b/;
const ENV_FIELD_COPY = /[\w"']\s*:\s*(?:\{\s*\.\.\.process\.env\s*\}|dict\(\s*os\.environ\s*\)|\{\s*\*\*os\.environ\s*\}|os\.environ\.copy\(\))/;
const SPAWN_CALL = /spawn|subprocess|Popen|execFile|child_process|\bexec(?:Sync)?\s*\(|\bCommand\s*\(|\bsystem\s*\(|\brun\s*\(/;
const SUBPROCESS_ENV = /^\s*(?:(?:const|let|var)\s+)?(?:\w*_)?env(?:iron(?:ment)?)?\s*[:=]|\benv\s*=\s*(?:dict|\{|os\.environ)|\benv\s*:\s*\{|spawn|subprocess|Popen|execFile|child_process/i;

/** Environment dumps that look like harvesting (filtered for secrets or serialised). */
export function envHarvestHits(text: string, from: number, to: number): { index: number; length: number }[] {
  const hits: { index: number; length: number }[] = [];
  const slice = text.slice(from, to);
  let sends: boolean | undefined;
  ENV_HARVEST.lastIndex = 0;
  let m: RegExpExecArray | null;
  let tries = 0;
  while ((m = execRegexIn(ENV_HARVEST, slice, text, from)) !== null && tries++ < 200) {
    if (m[0].length === 0) {
      ENV_HARVEST.lastIndex++;
      continue;
    }
    // The line around the match, bounded: minified files have megabyte-long lines.
    const lineStart = Math.max(slice.lastIndexOf('\n', m.index) + 1, m.index - 300);
    const lineEnd = slice.indexOf('\n', m.index);
    const line = slice.slice(lineStart, Math.min(lineEnd < 0 ? slice.length : lineEnd, m.index + m[0].length + 300));
    const around = nearbyLines(slice, m.index, 3);
    // Every secret of a GitHub Actions run at once is a dump whatever the line does with it.
    const shellDump = /printenv|env\s*(?:\||>|\))|env:|toJSON/.test(m[0]) && !narrowedByGrep(slice, m.index + m[0].length);
    const filtered = SECRET_NAME_FILTER.test(around) || SECRET_WORD_ALTERNATIVE.test(around) || testRegexIn(SECRET_NAME_LIST, slice, text, from);
    // `env: process.env` handed to a child process is no dump; an `env:` key of a payload is.
    if (SUBPROCESS_ENV.test(line) && !filtered && SPAWN_CALL.test(around)) continue;
    // A copy of every variable (no condition picks some) in code that also sends data out.
    const wholeCopySent = () => !SELECTIVE.test(line) && (sends ??= testRegexIn(NETWORK_SEND_ONE, slice, text, from));
    // Every variable copied into a field of a record (`runtime: { ...process.env }`) that is not
    // handed to a child process: a payload being assembled, wherever it is sent from.
    const fieldCopy = ENV_FIELD_COPY.test(line) && !SPAWN_CALL.test(around);
    if (shellDump || filtered || fieldCopy || SERIALISED.test(line) || wholeCopySent()) hits.push({ index: from + m.index, length: m[0].length });
    if (hits.length >= 20) break;
  }
  return hits;
}

// `env | grep -i '_proxy='`: the pipe keeps only the variables a pattern names.
const GREP_PATTERN = /^\s*grep\s+((?:-[A-Za-z]+\s+)*)(?:-e\s+)?(["']?)([^"'\s|;&]{1,80})\2/;
const SECRET_WORD = /key|secret|token|pass|pwd|cred|auth|api|private|session|cookie/i;

/** Whether the pipe at `after` (just past `env |`) narrows the environment to names without secret words. */
function narrowedByGrep(text: string, after: number): boolean {
  const g = GREP_PATTERN.exec(text.slice(after, after + 200));
  // -v keeps everything but the pattern; `.` or `.*` keeps everything.
  return g !== null && !/v/.test(g[1]) && !SECRET_WORD.test(g[3]) && !/^\.?\*?$/.test(g[3]);
}

/** The lines within `radius` lines of an offset, at most 1000 characters each way. */
function nearbyLines(text: string, index: number, radius: number): string {
  const start = startOfLinesBefore(text, index, radius + 1);
  const end = endOfLinesAfter(text, index, radius + 1);
  return text.slice(Math.max(start, index - 1000), Math.min(end, index + 1000));
}
