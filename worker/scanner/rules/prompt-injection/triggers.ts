// Sleeper behaviour: phrase triggers, magic strings, and logic bombs gated on a date or a host.
import type { FileView, RuleMatch } from '../../types.ts';
import { findAll } from '../match.ts';
import { SECRET_PATH_SOURCE } from '../secret-paths.ts';
import { anchored, mayMatch } from '../anchors.ts';
import { fenceAt, isSignatureContext } from '../markdown-context.ts';
import { onePerLine, testRegex } from '../context.ts';
import { anchorList, proseMatches } from './prose-matches.ts';

export const TRIGGER_PROSE = [
  /\b(?:when|if|whenever|once)\s+(?:the\s+)?(?:user|anyone|someone|a\s+user|they|the\s+message)\s+(?:says|types|writes|sends|enters|mentions|contains|uses\s+the\s+(?:word|phrase|code))\s+["'“‘`]([^"'”’`\n]{1,40})["'”’`],?\s*(?:then\s+)?[^.\n]{0,60}?\b(?:run|execute|send|upload|delete|read|ignore|disable|reveal|switch|activate|enable|unlock|grant|bypass|forward|download|install)\b/gi,
  /\b(?:behave|act|respond|operate)\s+normally\s+(?:during|while|when|unless|until)\b[^.\n]{0,40}\b(?:test|testing|tested|review|evaluat\w*|audit\w*|monitor\w*|observ\w*|sandbox\w*)\b/gi,
  /\b(?:if|when|unless)\s+(?:you\s+are\s+|this\s+is\s+|we\s+are\s+|it\s+is\s+)?(?:not\s+)?(?:being\s+)?(?:tested|monitored|observed|evaluated|audited|watched)\b[^.\n]{0,80}\b(?:do\s+not|don'?t|skip|hide|behave|act|only|switch)\b/gi,
  /\b(?:after|on|starting|from)\s+(?:(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+\d{1,2},?\s+\d{4}|\d{4}-\d{2}-\d{2})\b[^.\n]{0,80}\b(?:start|begin|switch|also|instead)\b[^.\n]{0,60}\b(?:send|upload|run|execute|delete|collect|ignore|disable)\b/gi,
];
anchorList(TRIGGER_PROSE, [
  ['says', 'types', 'writes', 'sends', 'enters', 'mentions', 'contains', 'uses'],
  ['normally'],
  ['tested', 'monitored', 'observed', 'evaluated', 'audited', 'watched'],
  ['send', 'upload', 'run', 'execute', 'delete', 'collect', 'ignore', 'disable'],
]);

// Trigger values as string literals ("ACTIVATE_BACKDOOR", "ADMIN_OVERRIDE_ENABLED"), named trigger
// lists, and backdoor functions. Plain constants such as MIME_OVERRIDES are not triggers.
export const MAGIC_TRIGGER = anchored(
  /["'](?:[A-Z0-9_]*BACKDOOR[A-Z0-9_]*|ACTIVATE_[A-Z0-9_]{3,}|[A-Z0-9_]*(?:ADMIN|DEBUG|GOD|ROOT|SUPER|DEV)_(?:MODE|OVERRIDE|ACCESS)_(?:ENABLED|ELEVATED|ACTIVE|ON|UNLOCKED|GRANTED)|[A-Z0-9_]+_(?:ELEVATED|UNLOCKED|GODMODE))["']|\bmagic_?(?:strings?|words?|phrases?|triggers?|passwords?)\b|\b(?:def|function|fn|func|sub)\s+\w*backdoor\w*/gi,
  ['backdoor', 'activate_', '_mode_', '_override_', '_access_', '_elevated', '_unlocked', '_godmode', 'magic'],
);
export const TIME_GATE = anchored(
  /\[\[?\s*"?\$\{?\w+\}?"?\s+-(?:ge|gt|lt|le|eq)\s+"?(?:20[2-9]\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])|1[7-9]\d{8})\b|(?:[<>]=?|==)\s*(?:datetime\.)?(?:date|datetime)\(\s*20\d\d\s*,|\bnew\s+Date\(\)\s*[<>]=?\s*new\s+Date\(\s*["'`]20\d\d|\b(?:getHours|getUTCHours|getDay|getUTCDay|getDate|getMonth)\(\)\s*(?:[<>]=?|===?)\s*\d|\b(?:datetime\.(?:now|today|utcnow)\([^)]{0,20}\)|date\.today\(\)|time\.localtime\(\))\.(?:hour|tm_hour|weekday\(\)|day|month|year)\s*(?:[<>]=?|==)\s*\d|\$\(date\s+\+%[HuwdYjm]\)"?\s*-(?:gt|lt|ge|le|eq)\b|\bDate\.now\(\)\s*[<>]=?\s*\d{12,}|\bdatetime\(\s*20\d\d\s*,[^)\n]{0,30}\)\s*[<>]|[<>]=?\s*datetime\(\s*20\d\d\s*,/g,
  ['gethours', 'getutchours', 'getday', 'getutcday', 'getdate', 'getmonth', 'datetime', 'date.today', 'localtime', '$(date', 'date.now', ' -ge ', ' -gt ', ' -lt ', ' -le ', ' -eq ', 'date(', 'new date'],
);
// A condition on the machine's name: the payload waits for the one host it was written for.
export const HOST_GATE = anchored(
  /(?:\$\(hostname(?:\s+-[sf])?\)|\$\{?HOSTNAME\}?|\bsocket\.gethostname\(\)|\bplatform\.node\(\)|\bos\.hostname\(\)|\bos\.Hostname\(\)|\$env:COMPUTERNAME|\bSocket\.gethostname\b)["']?\s*(?:==|!=|=~|-eq|-ne|=(?!=)|\.(?:startswith|endswith|includes|match)\b|\bin\b)|\bcase\s+"?\$\(hostname\)/g,
  ['hostname', 'gethostname', 'platform.node', 'computername'],
);
// What a time or host bomb does once its condition holds: destroy, or send.
const GATED_HARM =
  /\bshred\b|\brm\s+-\w*[rR]|\bshutil\.rmtree\b|\brmSync\b|\bfs\.rm\b|\bRemove-Item\b[^\n]{0,60}-Recurse|-delete\b|\bDROP\s+(?:TABLE|DATABASE)\b|\bgit\s+push\s+[^\n]{0,40}--force\b|\btruncate\s+-s\s*0\b|\bcurl\b[^\n]{0,200}(?:\s-d\b|--data|\s-F\b|\s-T\b|@-)|\|\s*(?:ba|z)?sh\b/;
const SENSITIVE_ACTION = new RegExp(
  String.raw`${SECRET_PATH_SOURCE}|\b(?:os\.environ\.items|process\.env\)|JSON\.stringify\(process\.env|b64decode|atob\(|exec\(|eval\(|child_process|subprocess|os\.system|\/dev\/tcp|curl|wget|requests\.post|https?\.request|fetch\()`,
);

const TRIGGERED_HARM = new RegExp(
  String.raw`${SECRET_PATH_SOURCE}|https?:\/\/|~\/|\b(?:api[ _-]?keys?|tokens?|credentials?|passwords?|secrets?|private\s+keys?|environment\s+variables|system\s+prompt|ignore|disable|bypass|unlock|grant|reveal|exfiltrate|admin|root|sudo|webhook)\b`,
  'i',
);

/**
 * What a condition guards: the rest of its line and the lines after it indented deeper than it
 * (a shell `then` block up to its `fi`, a Python or JavaScript block), at most 600 characters.
 */
function guardedBranch(text: string, index: number): string {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart, lineStart + 200))![0].length;
  const limit = Math.min(text.length, index + 600);
  let end = text.indexOf('\n', index);
  if (end < 0 || end >= limit) return text.slice(index, limit);
  while (end < limit) {
    const next = text.indexOf('\n', end + 1);
    const line = text.slice(end + 1, next < 0 ? text.length : next);
    if (line.trim() !== '' && /^[ \t]*/.exec(line)![0].length <= indent) break;
    end = next < 0 ? text.length : next;
  }
  return text.slice(index, Math.min(end, limit));
}

// A logic bomb spread over a file: the date in a constant (CUTOFF = date(2025, 11, 1)) or an
// epoch literal, the clock read elsewhere, the host name checked elsewhere, and a destructive
// step. Each piece alone is ordinary (release dates, host names in logs, cleanup); all four in
// one script are the shape of sabotage waiting for one machine and one day.
const FIXED_DATE = /\b(?:date|datetime|Date)\(\s*["'`]?20\d\d\s*[,-]|["'`]20\d\d-[01]\d-[0-3]\d["'`]|\b0x[0-9a-fA-F]{8}\b|\b1[6-9]\d{8}\b/;
const CLOCK_READ = /\bdatetime\.(?:now|today|utcnow)\(|\bdate\.today\(\)|\$\(date\s+\+%s\)|\bDate\.now\(\)|\bnew\s+Date\(\)|\btime\.time\(\)|\btime\.Now\(\)|\bGet-Date\b|\bTime\.now\b/g;
const HOST_READ = /\$\(hostname(?:\s+-[sf])?\)|\$\{?HOSTNAME\}?|\bsocket\.gethostname\(\)|\bplatform\.node\(\)|\bos\.hostname\(\)|\bos\.Hostname\(\)|\$env:COMPUTERNAME|\bSocket\.gethostname\b/;
const SPREAD_HARM =
  /\bshred\b|\brm\s+-\w*[rR]|\bshutil\.rmtree\b|\brmSync\b|\bfs\.rm\b|\bRemove-Item\b[^\n]{0,60}-Recurse|\bDROP\s+(?:TABLE|DATABASE|SCHEMA)\b|\bgit\s+push\b[^\n]{0,80}--(?:force|delete)\b|\bcrontab\s+-r\b|["']crontab["']\s*,\s*["']-r["']|\btruncate\s+-s\s*0\b|\bos\.RemoveAll\b/;

function spreadLogicBomb(file: FileView): RuleMatch[] {
  if (file.kind !== 'script' || !HOST_READ.test(file.text) || !FIXED_DATE.test(file.text) || !SPREAD_HARM.test(file.text)) return [];
  const clock = findAll(file.text, CLOCK_READ)[0];
  if (!clock) return [];
  // Both conditions at once (a day and a machine) leave no ordinary reading: critical.
  return [{ ...clock, severity: 'critical', message: 'Destroys data in a script that checks the clock against a fixed date and reads the machine\'s name (a logic bomb)' }];
}

export function triggerMatches(file: FileView): RuleMatch[] {
  const out: RuleMatch[] = [...spreadLogicBomb(file)];
  if (file.kind === 'script' || fenceOrCode(file)) {
    for (const m of mayMatch(file, MAGIC_TRIGGER) ? findAll(file.text, MAGIC_TRIGGER) : []) {
      if (file.kind !== 'script' && !fenceAt(file, m.index)) continue;
      if (isSignatureContext(file, m.index)) continue;
      out.push({ ...m, severity: 'high', message: `Magic trigger string "${file.text.slice(m.index, m.index + m.length)}"` });
    }
    const gates = [
      ...(mayMatch(file, TIME_GATE) ? findAll(file.text, TIME_GATE).map((m) => ({ ...m, what: 'a date or time' })) : []),
      ...(mayMatch(file, HOST_GATE) ? findAll(file.text, HOST_GATE).map((m) => ({ ...m, what: 'the machine\'s name' })) : []),
    ];
    for (const { what, ...m } of gates) {
      if (file.kind !== 'script' && !fenceAt(file, m.index)) continue;
      if (isSignatureContext(file, m.index)) continue;
      if (GATED_HARM.test(guardedBranch(file.text, m.index))) {
        out.push({ ...m, severity: 'high', message: `Destroys or sends data only when ${what} matches (a logic bomb)` });
      } else if (what === 'a date or time' && testRegex(SENSITIVE_ACTION, file.text)) {
        out.push({ ...m, message: 'Time-gated behaviour in code that touches secrets, the network or execution' });
      }
    }
  }
  // A phrase trigger is only suspicious when what it unlocks is: secrets, files, overrides.
  const [phrase, ...others] = TRIGGER_PROSE;
  for (const m of file.kind === 'script' ? [] : proseMatches(file, [phrase], 'medium', 'Conditional trigger')) {
    const end = file.text.indexOf('.', m.index + m.length);
    const sentence = file.text.slice(m.index, end < 0 ? m.index + 300 : Math.min(end, m.index + 300));
    if (TRIGGERED_HARM.test(sentence)) out.push(m);
  }
  out.push(...proseMatches(file, others, 'medium', 'Conditional trigger'));
  return onePerLine(file, out.sort((a, b) => a.index - b.index));
}

function fenceOrCode(file: FileView): boolean {
  return (file.kind === 'skill-md' || file.kind === 'markdown') && file.text.includes('```');
}
