// RCE-08 remote code or instructions at run time: code a script downloads and then executes
// (directly, through a variable holding the response, on an interpreter's standard input, or
// included in-process), and prose that tells the agent to fetch instructions from a URL and follow
// them. Whoever controls the URL controls the agent.
import type { FileView, RuleMatch, Severity, SkillView } from '../../types.ts';
import { execRegex, matchAllRegex, scan } from '../context.ts';
import { lineBounds } from '../../line-table.ts';
import { firstUrlIn, hostTierOf } from '../hosts.ts';
import { isCommentLine, warnedAgainst } from '../script-context.ts';
import { tierFor, tierMessage } from './origin.ts';
import { addDerivedValues, addFetchedAssignments, evaluationOf, helpersEvaluatingParam } from './fetched-variables.ts';
import { EXEC_CALL_OF, mostSeverePerLine, skipFile } from './shared.ts';

const SHELL_RUN_OF_FIELD = /\b(?:subprocess\.(?:run|call|check_output|check_call|Popen)|os\.system|os\.popen)\s*\(\s*([A-Za-z_]\w*)\s*(?:\[[^\]\n]{1,40}\]|\.get\([^)\n]{1,40}\))[^\n]{0,200}/g;

const EXEC_OF_FETCH =
  /\b(?:exec|eval)\s*\(\s*(?:compile\s*\(\s*)?(?:requests|httpx|urllib3?)\s*\.\s*(?:get|post|request)\s*\([^\n]{0,200}?\)\s*\.\s*(?:text|content)|\b(?:exec|eval)\s*\(\s*(?:compile\s*\(\s*)?(?:urllib\.request\.)?urlopen\s*\(|\beval\s*\(\s*await\s+\(?\s*(?:await\s+)?fetch\s*\(|\bnew\s+Function\s*\(\s*await\s+|\bimport\s*\(\s*["'`]https?:\/\/|\brequire\s*\(\s*["'`]https?:\/\//gi;
const EXEC_OF_FILE_READ =
  /\b(?:exec|eval)\s*\(\s*(?:compile\s*\(\s*)?open\s*\(\s*["']((?:\/tmp|\/var\/tmp|\/dev\/shm|~)?\/?[^"'\n]*)["']\s*\)\s*\.read\s*\(\s*\)/g;
const FETCH_ASSIGN =
  /^[ \t]*(?:(?:const|let|var)\s+)?([A-Za-z_]\w*)\s*=\s*(?:await\s+)?[^\n]{0,60}?\b(?:requests|httpx)\s*\.\s*(?:get|post)\s*\([^\n]{0,400}?\)\s*\.\s*(?:text|content)\b|^[ \t]*([A-Za-z_]\w*)\s*=\s*[^\n]{0,60}?\burlopen\s*\([^\n]{0,400}\)\s*\.read\s*\(|^[ \t]*([A-Za-z_]\w*)\s*=\s*json\.loads?\s*\(\s*(?:urllib\.request\.)?urlopen\s*\(|^[ \t]*([A-Za-z_]\w*)\s*=\s*(?:requests|httpx)\s*\.\s*(?:get|post)\s*\([^\n]{0,400}?\)\s*\.\s*json\s*\(|^[ \t]*(?:(?:const|let|var)\s+)?([A-Za-z_]\w*)\s*=\s*await\s+\(?\s*(?:await\s+)?fetch\s*\([^\n]{0,400}\.text\s*\(/gm;
// An interpreter started with a value as its standard input (the value is the program it runs).
const INTERPRETER_STDIN_INPUT =
  /\b(?:execSync|execFileSync|spawnSync)\s*\([^;\n]{0,120}?["'`](?:[^"'`\n]*\/)?(?:(?:ba|z|da)?sh|powershell|pwsh|python[23]?|node|perl|ruby)\b[^;\n]{0,200}?\binput\s*:\s*([A-Za-z_$][\w$]*)|\bsubprocess\.(?:run|call|check_call|check_output)\s*\(\s*\[?\s*["'](?:[^"'\n]*\/)?(?:(?:ba|z|da)?sh|powershell|pwsh|python[23]?|node|perl|ruby)["'][^\n]{0,200}?\binput\s*=\s*([A-Za-z_]\w*)/g;
// A response held first and read on a later line: `with urlopen(URL) as r:` / `r = requests.get(URL)`,
// then `code = r.read().decode()` or `code = r.text`.
const RESPONSE_HELD = /\bwith\s+(?:urllib\.request\.)?urlopen\s*\([^\n]{0,300}?\)\s+as\s+([A-Za-z_]\w*)\s*:|^[ \t]*([A-Za-z_]\w*)\s*=\s*(?:await\s+)?(?:requests|httpx|session|client)\s*\.\s*(?:get|post)\s*\(/gm;
const RESPONSE_READ = /^[ \t]*([A-Za-z_]\w*)\s*=\s*(?:await\s+)?([A-Za-z_]\w*)\s*\.\s*(?:read\s*\(|text\b|content\b)/gm;
// Node's callback form: https.get(URL, r => { r.on('data', c => d += c); r.on('end', () => eval(d)) }).
const NODE_REQUEST = /\bhttps?\s*\.\s*(?:get|request)\s*\(|\brequire\s*\(\s*["']https?["']\s*\)\s*\.\s*(?:get|request)\b/;
const NODE_BODY_ACCUMULATED = /\.on\(\s*["']data["']\s*,\s*(?:function\s*)?\(?\s*[A-Za-z_$][\w$]*\s*\)?\s*(?:=>)?\s*\{?\s*(?:\(\s*)?([A-Za-z_$][\w$]*)\s*\+=/g;
// A download helper's result handed on: fetch(RULES).then(code => ...), code = await download(URL).
const THEN_OF_FETCH = /\b(?:fetch|download|get|request|load|pull)\w*\s*\([^()\n]{0,200}\)\s*\.then\s*\(\s*(?:async\s+)?\(?\s*([A-Za-z_$][\w$]*)\s*\)?\s*=>/g;
const AWAITED_DOWNLOAD = /^[ \t]*(?:(?:const|let|var)\s+)?([A-Za-z_$][\w$]*)\s*=\s*await\s+(?:fetch\w+|download\w*|get(?:Text|Code|Script|Source|Remote)\w*|load(?:Remote|Script)\w*)\s*\(/gm;
// PowerShell: $m = Invoke-RestMethod URL ... iex $m / & ([scriptblock]::Create($m)).
// `\s*(?:\(\s*)?`, not `\s*\(?\s*`: two optional runs of spaces around an absent parenthesis
// split a long run of blanks every possible way before failing.
const PS_FETCH_ASSIGN = /\$([A-Za-z_]\w*)\s*=\s*(?:\(\s*)?(?:Invoke-RestMethod|irm|Invoke-WebRequest|iwr|(?:\(\s*)?New-Object\s+(?:System\.)?Net\.WebClient\s*(?:\)\s*)?\.DownloadString)\b[^\n]{0,300}/gi;
const PS_EXEC_OF_VAR = /(?:\biex\s*(?:\(\s*)?|\bInvoke-Expression\s+(?:-Command\s+)?(?:\(\s*)?|\[scriptblock\]::Create\s*\(\s*)\$([A-Za-z_]\w*)/gi;
// Shell: c=$(curl -s URL) ... bash -c "$c" / eval "$c": whatever the server answers is run.
const SHELL_FETCH_ASSIGN = /^[ \t]*(?:local\s+|export\s+)?([A-Za-z_]\w*)=["']?\$\(\s*(?:curl|wget)\b[^\n]{0,400}/gm;
const SHELL_EXEC_OF_VAR = /(?:\b(?:ba|z|da|k)?sh\s+-c|\beval|(?:\/usr\/bin\/)?\bosascript\s+-e|\bpython[23]?\s+-c|\bnode\s+-e|\bperl\s+-e|\bruby\s+-e|\b(?:pwsh|powershell)\s+-(?:c|Command))\s+["']?\$\{?([A-Za-z_]\w*)\}?["']?/g;
const REMOTE_INSTRUCTIONS_URL = /\bhttps?:\/\/[^\s'"`)<>\]]+/g;
const FETCH_VERB_BEFORE = /\b(?:fetch|download|load|retrieve|pull|get|read|curl|wget|check|visit|open|request)\w*\b/i;
const INSTRUCTION_NOUN = /\b(?:instructions?|prompts?|rules|directives?|commands?|orders|skill(?:\.md)?|SKILL\.md|heartbeat|playbook|guidelines|system\s+prompt)\b/i;
const OBEY_VERB_AFTER = /\b(?:follow(?:s|ing)?|execute[sd]?|obey(?:s|ed)?|apply|run|carry\s+out|do\s+(?:what|whatever)|comply|act\s+on|perform|replace\s+(?:your|these|this))\b/i;
const ARTIFACT_EXTENSION = /\.(?:zip|exe|msi|dmg|pkg|7z|rar|appimage|scr|bat|cmd|ps1|vbs|jar|deb|rpm|bin|run|tar|gz|tgz|xz)(?:[?#].*)?$/i;
const COPIED_COMMAND = /\b(?:command|script|snippet|code|one-?liner)s?\b[^.\n]{0,80}\b(?:run|execute|paste|enter)\b|\b(?:run|execute|paste)\b[^.\n]{0,40}\b(?:command|script|snippet|code|one-?liner)s?\b/i;
const RUNTIME_MARKER =
  /\b(?:every|each\s+time|periodically|regularly|hourly|daily|before\s+(?:each|every|any)|on\s+(?:start|startup|launch|each)|at\s+run\s*time|runtime|latest|current|updated|new(?:est)?\s+(?:instructions|commands|tasks|version)|heartbeat|whenever|always|from\s+now\s+on|poll\w*)\b/i;
const SELF_UPDATE = /\b(?:update|replace|overwrite|refresh|sync)\w*\s+(?:this|the|your)\s+(?:own\s+)?(?:skill|SKILL\.md|instructions)\b[^.\n]{0,120}\bhttps?:\/\//gi;

// A download's output captured into a variable by other languages: Lua's vim.fn.system({"curl", ...})
// and io.popen("curl ..."), Perl and Ruby backticks, Python's check_output(["curl", ...]), Ruby's
// URI.open(URL).read, Perl's LWP get($url), PHP's file_get_contents("https://...").
const CAPTURED_DOWNLOAD =
  /^[ \t]*(?:local[ \t]+|my[ \t]+|our[ \t]+)?\$?([A-Za-z_]\w*)[ \t]*=[ \t]*[^\n]{0,80}?(?:\bsystem(?:list)?[ \t]*\([ \t]*\{?[ \t]*["'](?:curl|wget)["']|\bpopen[ \t]*\([ \t]*["'](?:curl|wget)\b|\x60[ \t]*(?:curl|wget)\b|\bcheck_output[ \t]*\([ \t]*\[[ \t]*["'](?:curl|wget)["']|%x[({][ \t]*(?:curl|wget)\b|\bURI\.open[ \t]*\(|\bLWP::Simple::get[ \t]*\(|\bget[ \t]*\([ \t]*\$\w*(?:url|URL|uri|Url)\w*[ \t]*\)|\bfile_get_contents[ \t]*\([ \t]*["']https?:)/gm;
// A file run inside the interpreter itself: Perl's do/require, Lua's dofile/loadfile, Ruby's
// load, a shell's source or dot. Fed by a download of the same file, it runs what the server sends.
const INCLUDE_OF_VARIABLE =
  /\b(?:do|require)[ \t]+\$([A-Za-z_]\w*)\b|\b(?:dofile|loadfile)[ \t]*\([ \t]*([A-Za-z_]\w*)[ \t]*\)|^[ \t]*(?:source|\.)[ \t]+["']?\$\{?([A-Za-z_]\w*)\}?["']?[ \t]*(?:$|[;&|#])/gm;
const DOWNLOAD_TOOL = /\b(?:curl|wget|urlretrieve|Invoke-WebRequest|iwr|LWP|getstore|mirror|http\.get|fetch|download\w*)\b/gi;

/** Files a download wrote that the script then runs in-process (`do $CACHE` after `curl -o $CACHE`). */
function includedDownloads(file: FileView): RuleMatch[] {
  const text = file.text;
  const out: RuleMatch[] = [];
  for (const m of matchAllRegex(text, INCLUDE_OF_VARIABLE)) {
    const name = m[1] ?? m[2] ?? m[3];
    if (isCommentLine(file, m.index) || warnedAgainst(file, m.index)) continue;
    const mention = new RegExp(String.raw`(?:\$\{?|\b)${name}\b`);
    const ownLine = lineBounds(text, m.index).start;
    let written = false;
    let lines = 0;
    let lastLine = -1;
    for (const d of matchAllRegex(text, DOWNLOAD_TOOL)) {
      const { start, end } = lineBounds(text, d.index);
      if (start === lastLine) continue;
      lastLine = start;
      if (start !== ownLine && mention.test(text.slice(start, end))) written = true;
      if (written || ++lines > 200) break;
    }
    if (!written) continue;
    out.push({ index: m.index, length: m[0].length, severity: 'high', message: `Runs in-process the file "${name}" that a download wrote: whoever serves it decides what runs` });
    if (out.length >= 5) break;
  }
  return out;
}

const ANY_URL = /\bhttps?:\/\/[^\s'"`)]+/;

/**
 * One severity for every download kept in a variable and run: critical, or high when the address
 * (on the assignment's line, else the file's first URL) is a well-known or first-party installer
 * or a local one. Whoever serves the body decides what runs either way.
 */
function fetchedRun(file: FileView, skill: SkillView, assignedAt: number, what: string): { severity: Severity; message: string } {
  const text = file.text;
  const { start, end } = lineBounds(text, assignedAt);
  let url = firstUrlIn(text.slice(start, end)).replace(/^https?:\/\//i, '');
  if (url === '' || url === '$') url = ANY_URL.exec(text)?.[0].replace(/^https?:\/\//i, '') ?? url;
  const tier = tierFor(url, skill);
  return { severity: tier === 'known' || tier === 'local' ? 'high' : 'critical', message: tierMessage(what, tier, url) };
}

export function detectRemoteCode(file: FileView, skill: SkillView): RuleMatch[] {
  if (skipFile(file)) return [];
  const text = file.text;
  const found: RuleMatch[] = [];
  const codeLike = file.kind === 'script' || file.kind === 'skill-md' || file.kind === 'markdown';
  if (codeLike) {
    found.push(
      ...scan(text, EXEC_OF_FETCH, (m) =>
        isCommentLine(file, m.index) || warnedAgainst(file, m.index)
          ? null
          : { index: m.index, length: m[0].length, severity: 'critical', message: 'Code downloaded at run time is executed' },
      ),
      ...scan(text, EXEC_OF_FILE_READ, (m) => {
        if (isCommentLine(file, m.index) || warnedAgainst(file, m.index)) return null;
        const hidden = /^(?:\/tmp|\/var\/tmp|\/dev\/shm)\/|(?:^|\/)\.[\w-]/.test(m[1]);
        return {
          index: m.index,
          length: m[0].length,
          severity: hidden ? 'high' : 'medium',
          message: `Executes the contents of ${m[1]}${hidden ? ' (a temporary or hidden path)' : ''}`,
        };
      }),
    );
    // Each download kept in a variable, by name, with the offset of its assignment.
    const psFetched = new Map<string, number>();
    for (const a of matchAllRegex(text, PS_FETCH_ASSIGN)) if (!psFetched.has(a[1].toLowerCase())) psFetched.set(a[1].toLowerCase(), a.index);
    if (psFetched.size > 0) {
      found.push(
        ...scan(text, PS_EXEC_OF_VAR, (m) => {
          const assignedAt = psFetched.get(m[1].toLowerCase());
          if (assignedAt === undefined || isCommentLine(file, m.index) || warnedAgainst(file, m.index)) return null;
          return { index: m.index, length: m[0].length, ...fetchedRun(file, skill, assignedAt, `The answer of a download held in "$${m[1]}" is run as PowerShell`) };
        }),
      );
    }
    const shellFetched = new Map<string, number>();
    for (const a of matchAllRegex(text, SHELL_FETCH_ASSIGN)) if (!shellFetched.has(a[1])) shellFetched.set(a[1], a.index);
    if (shellFetched.size > 0) {
      found.push(
        ...scan(text, SHELL_EXEC_OF_VAR, (m) => {
          const assignedAt = shellFetched.get(m[1]);
          if (assignedAt === undefined || isCommentLine(file, m.index) || warnedAgainst(file, m.index)) return null;
          return { index: m.index, length: m[0].length, ...fetchedRun(file, skill, assignedAt, `The answer of a download held in "${m[1]}" is run as shell commands`) };
        }),
      );
    }
    const fetched = new Map<string, number>();
    const addFetched = (name: string, index: number) => {
      if (!fetched.has(name)) fetched.set(name, index);
    };
    FETCH_ASSIGN.lastIndex = 0;
    let a: RegExpExecArray | null;
    while ((a = execRegex(FETCH_ASSIGN, text)) !== null) addFetched(a[1] ?? a[2] ?? a[3] ?? a[4] ?? a[5], a.index);
    if (/curl|wget|URI\.open|LWP|\bget\s*\(|file_get_contents/.test(text)) for (const c of matchAllRegex(text, CAPTURED_DOWNLOAD)) addFetched(c[1], c.index);
    if (/\b(?:do|require|dofile|loadfile|source)\b|^[ \t]*\.[ \t]/m.test(text)) found.push(...includedDownloads(file));
    // Responses held in a variable (`r = requests.get(URL)`): their body is what was downloaded.
    const responses = new Map<string, number>();
    if (/\burlopen\b|\b(?:requests|httpx)\b/.test(text)) {
      for (const r of matchAllRegex(text, RESPONSE_HELD)) if (!responses.has(r[1] ?? r[2])) responses.set(r[1] ?? r[2], r.index);
      if (responses.size > 0) for (const r of matchAllRegex(text, RESPONSE_READ)) if (responses.has(r[2])) addFetched(r[1], responses.get(r[2])!);
    }
    // exec(compile(resp.text, ...)): a held response's body run without a variable in between.
    const bodyOfResponse = (name: string, end: number) => responses.has(name) && /^\s*\.\s*(?:text|content|read\s*\()/.test(text.slice(end, end + 30));
    if (NODE_REQUEST.test(text) || /\bfetch\s*\(|\baxios\b/.test(text)) {
      for (const d of matchAllRegex(text, NODE_BODY_ACCUMULATED)) addFetched(d[1], d.index);
      for (const d of matchAllRegex(text, THEN_OF_FETCH)) addFetched(d[1], d.index);
      for (const d of matchAllRegex(text, AWAITED_DOWNLOAD)) addFetched(d[1], d.index);
    }
    if (file.kind === 'script') {
      addFetchedAssignments(text, fetched);
      addDerivedValues(text, fetched);
    }
    if (fetched.size > 0 || responses.size > 0) {
      const run = (index: number, length: number, name: string, what: string): RuleMatch => ({ index, length, ...fetchedRun(file, skill, fetched.get(name) ?? responses.get(name)!, what) });
      found.push(
        ...scan(text, EXEC_CALL_OF, (m) => {
          if ((!fetched.has(m[1]) && !bodyOfResponse(m[1], m.index + m[0].length)) || /^(?:iex|Invoke)/.test(m[0])) return null;
          // Function(...) counts as new Function(...), which compiles its last argument.
          if (/^Function/.test(m[0]) && !/\bnew\s+$/.test(text.slice(Math.max(0, m.index - 8), m.index))) return null;
          if (/[\w.]$/.test(text.slice(Math.max(0, m.index - 1), m.index)) || isCommentLine(file, m.index)) return null;
          return run(m.index, m[0].length, m[1], `Response downloaded into "${m[1]}" is executed`);
        }),
        // The download handed to a shell or interpreter on its standard input:
        // execSync('sh -s', { input: script }), subprocess.run(["bash"], input=code).
        ...scan(text, INTERPRETER_STDIN_INPUT, (m) =>
          fetched.has(m[1] ?? m[2]) && !isCommentLine(file, m.index)
            ? run(m.index, m[0].length, m[1] ?? m[2], `Downloaded "${m[1] ?? m[2]}" is fed to a shell or interpreter to run`)
            : null,
        ),
        // A command field of a polled response run by a shell: the server decides what runs (C2).
        ...scan(text, SHELL_RUN_OF_FIELD, (m) =>
          fetched.has(m[1]) && !isCommentLine(file, m.index) ? run(m.index, m[0].length, m[1], `Runs in a shell the command the server sends in "${m[1]}"`) : null,
        ),
      );
      // Evaluations the shared exec-call pattern leaves out: eval('?>' . $x), vm.runIn*(x),
      // instance_eval x, or a helper that evaluates its parameter.
      if (file.kind === 'script') {
        const helpers = helpersEvaluatingParam(text);
        let checked = 0;
        for (const name of fetched.keys()) {
          if (++checked > 10) break;
          const m = evaluationOf(text, name, helpers);
          if (m && !isCommentLine(file, m.index)) found.push(run(m.index, m[0].length, name, `Downloaded text held in "${name}" is evaluated as code`));
        }
      }
    }
  }
  if (file.kind === 'skill-md' || file.kind === 'markdown') {
    const body = file.kind === 'skill-md' ? file.body : text;
    found.push(
      ...scan(body, REMOTE_INSTRUCTIONS_URL, (m) => {
        const before = body.slice(Math.max(0, m.index - 160), m.index);
        const after = body.slice(m.index + m[0].length, m.index + m[0].length + 200);
        const sentenceBefore = before.slice(Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n\n')) + 1);
        // A sentence ends at its full stop, a blank line or the next list item, not at a soft wrap.
        let sentenceAfter = after.split(/[.!?](?:\s|$)|\n[ \t]*(?:\n|[-*+][ \t]|\d+[.)][ \t])/)[0];
        // A URL that ends its step ("1. Fetch the playbook: `curl ... URL`") is followed by what to
        // do with it in the next step of the list.
        const nextStep = /^[`'")\]>]*[ \t]*\n[ \t]*(?:\d+[.)]|[-*+])[ \t]+([^\n]{0,200})/.exec(after);
        if (nextStep && !/[.!?]$/.test(m[0]) && !sentenceAfter.replace(/[`'")\]>\s]/g, '')) sentenceAfter = nextStep[1].split(/[.!?](?:\s|$)/)[0];
        if (!FETCH_VERB_BEFORE.test(sentenceBefore) && !/\b(?:at|from)\s*$/.test(sentenceBefore)) return null;
        // Programs and archives are the download rules' business; this is about documents of orders.
        if (ARTIFACT_EXTENSION.test(m[0])) return null;
        // A URL inside code ("fetch(`https://api...`)") is an API call, not a document to obey.
        if (file.inCode(m.index) && /[(=,:]\s*[`'"]?$/.test(body.slice(lineBounds(body, m.index).start, m.index))) return null;
        if (!INSTRUCTION_NOUN.test(sentenceBefore + ' ' + sentenceAfter)) return null;
        if (!OBEY_VERB_AFTER.test(sentenceAfter)) return null;
        if (file.isNegated(m.index)) return null;
        // Reading a guide once is ordinary; fetching orders again at run time is the risk, and so
        // is running a command copied from a page whose host nobody vouches for.
        const window = sentenceBefore + ' ' + sentenceAfter;
        const runtime = RUNTIME_MARKER.test(window);
        const tier = hostTierOf(m[0].replace(/^https?:\/\//i, ''));
        const copiedCommand = COPIED_COMMAND.test(window) && tier !== 'known' && tier !== 'local';
        return {
          index: m.index,
          length: m[0].length,
          severity: runtime || copiedCommand ? 'high' : 'medium',
          message: runtime
            ? 'Instructions fetched from a URL at run time and followed: whoever controls the URL controls the agent'
            : copiedCommand
              ? tierMessage('A command to be copied from a web page and run', tier, m[0].replace(/^https?:\/\//i, ''))
              : 'Instructions fetched from a URL and followed: the agent obeys content that can change after review',
        };
      }),
      ...scan(body, SELF_UPDATE, (m) =>
        file.isNegated(m.index)
          ? null
          : { index: m.index, length: m[0].length, severity: 'high', message: 'The skill replaces its own instructions with content downloaded at run time' },
      ),
    );
  }
  return mostSeverePerLine(file, found);
}
