// RCE-02 download then execute: a file fetched by curl, wget, certutil and the like (or by a
// Dockerfile's ADD, or by code) and then run, or made executable in a hidden or temporary place;
// and prose lures to download a program and run it. Severity follows where the file comes from.
import type { FileView, RuleMatch, SkillView } from '../../types.ts';
import { atMost, execRegex, matchAllRegex, SEVERITY_ORDER, testRegex } from '../context.ts';
import { lineBounds } from '../../line-table.ts';
import { firstUrlIn } from '../hosts.ts';
import { urlOfVariableIn } from '../assigned-urls.ts';
import { isCommentLine, warnedAgainst } from '../script-context.ts';
import { originSeverity, tierFor, tierMessage } from './origin.ts';
import { mostSeverePerLine, skipFile } from './shared.ts';

const DOWNLOAD_LINE = /\b(?:curl|wget|Invoke-WebRequest|iwr|certutil(?:\.exe)?\s+-urlcache|bitsadmin(?:\.exe)?\s+\/transfer|urlretrieve)\b(?:[^\n]|\\\n){0,400}/gi;
const EXEC_AT_COMMAND =
  /(?:^|&&|;|\|\||\bthen\b|\bdo\b)[ \t]*(?:RUN[ \t]+)?(?:sudo[ \t]+(?:-\S+[ \t]+)*)?(?:(?:nohup|setsid|exec|nice|timeout[ \t]+\S+)[ \t]+)*(?:((?:(?:ba|z|da|k)?sh|source|\.|&|python[23]?|perl|ruby|node|php|pwsh|powershell(?:\.exe)?|Start-Process|start(?:[ \t]+"[^"\n]{0,40}")?(?:[ \t]+\/\w+)*|msiexec(?:\.exe)?[ \t]+\/i|open|installer[ \t]+-pkg|wine|cmd(?:\.exe)?[ \t]+\/c)[ \t]+(?:-\S+[ \t]+)*))?["']?([^\s"';&|()]+)/gim;

function baseName(path: string): string {
  const clean = path.replace(/["']/g, '').replace(/[?#].*$/, '');
  return clean.slice(Math.max(clean.lastIndexOf('/'), clean.lastIndexOf('\\')) + 1);
}

const COMMAND_SEPARATOR = /;|&&|\|\||\||&(?!\d)/;

/** Where a download command writes its file (its base name), or '' for stdout / unknown. */
function downloadTarget(fullCommand: string): { file: string; url: string; path?: string } {
  // Only the download command itself, up to the next separator: "wget URL -O x; chmod +x x".
  // Cut at the first separator and trim, rather than split on /\s*(?:;|&&|...)\s*/: that pattern
  // tries every space of a long run of them as the start of a match.
  const joined = fullCommand.replace(/\\\n/g, ' ');
  const separator = COMMAND_SEPARATOR.exec(joined);
  const command = separator ? joined.slice(0, separator.index).trimEnd() : joined;
  const tokens = command.split(/\s+/).map((t) => t.replace(/^["']|["'],?$/g, ''));
  const url = firstUrlIn(command);
  const urlBase = url && url !== '$' ? baseName(url) : '';
  const tool = tokens[0].toLowerCase();
  let file = '';
  let remoteName = false;
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === '|' || t === '&&' || t === ';' || t === '||') break;
    if (tool === 'curl' && (t === '-o' || t === '--output' || /^-[a-zA-Z]*o$/.test(t))) file = tokens[i + 1] ?? '';
    else if (tool === 'curl' && (/^-[a-zA-Z]*O[a-zA-Z]*$/.test(t) || t === '--remote-name')) remoteName = true;
    else if (tool === 'wget' && (t === '-O' || /^-[a-zA-Z]*O$/.test(t))) file = tokens[i + 1] ?? '';
    else if (tool === 'wget' && /^-[a-zA-Z]*O-$/.test(t)) return { file: '', url };
    else if (t.startsWith('--output-document=')) file = t.slice(18);
    else if (/^-OutFile$/i.test(t)) file = tokens[i + 1] ?? '';
    else if (t === '>' && tool !== 'wget') file = tokens[i + 1] ?? '';
  }
  if (file === '-') return { file: '', url };
  if (!file && (remoteName || tool === 'wget')) file = urlBase;
  if (!file && /^certutil|^bitsadmin|^urlretrieve/i.test(tool)) file = baseName(tokens[tokens.length - 1] ?? '');
  return { file: baseName(file), url, path: file };
}

// The extension on a path, not the host: https://brew.sh is a site, not a shell script.
const ARTIFACT_URL = /\bhttps?:\/\/[^\s/'"`)<>\]]+\/[^\s'"`)<>\]]*?\.(?:zip|exe|msi|dmg|pkg|7z|rar|appimage|scr|bat|cmd|ps1|vbs|jar|deb|rpm|bin|run|sh|command)(?=[\s'"`)<>\]?#]|$)/gi;
const DOWNLOAD_VERB = /\b(?:download|get|grab|fetch|save|install)\w*\b/i;
const RUN_VERB = /\b(?:run|execute|launch|open|start|double-?click|install)\w*\b/i;
// An archive's password given to the reader ("extract with password 1234", "(pass: `hc`)"), not
// an installer that will ask for the user's password.
// A download checked against a published checksum or signature before it runs: the practice the
// fix asks for, so a prose step that does so is no lure.
const VERIFIED_NEAR = /\bsha(?:256|512)(?:sums?)?\b|\bchecksums?\b|\.(?:sig|asc|sha256|sha512)\b|\bgpg\s+--verify\b|\bminisign\b|\bcosign\s+verify|\bsignatures?\b|\bPrüfsumme|\bsomme\s+de\s+contr[oô]le|\bsuma\s+de\s+verificaci[oó]n/i;
const PASSWORD_NEAR = /\b(?:password|passcode|pass|pwd)\b\s*(?:[:=]|is\b)|\b(?:with|using|use)\s+(?:the\s+)?(?:password|passcode|pass)\b|\b(?:password|passcode)[- ]protected\b/i;

// The same in code: a response written to a file whose name is held in a variable, and that
// variable then run as a program (Node's child_process, Python's subprocess and os).
const CODE_FETCH =
  /\b(?:https?\.(?:get|request)|fetch|axios(?:\.get)?|got|needle|requests\.get|urlopen|urlretrieve|httpx\.(?:get|stream)|Net::HTTP|open-uri|http\.Get|ureq::get|reqwest::(?:blocking::)?get)\s*\(/;
// Rust too: fs::File::create(&out) ... Command::new(&out) (a build.rs runs at every build).
// Go too: os.OpenFile(p, ...) or os.Create(p) ... exec.Command(p); and a download helper's
// target: download(URL, dest) ... spawn(dest).
const CODE_SAVE =
  /\b(?:createWriteStream|writeFileSync|writeFile|copyFileSync)\s*\(\s*([A-Za-z_$][\w$]*)\s*[,)]|\burlretrieve\s*\([^,()\n]{1,200},\s*([A-Za-z_]\w*)\s*[,)]|\bopen\s*\(\s*([A-Za-z_]\w*)\s*,\s*["'][wa]b["']|\b(?:File::create|fs::write)\s*\(\s*&?([A-Za-z_]\w*)\s*[,)]|\bos\.(?:OpenFile|Create|WriteFile)\s*\(\s*([A-Za-z_]\w*)\s*[,)]|\b(?:download|fetch|save|retrieve)\w*\s*\(\s*[^,()\n]{1,200},\s*([A-Za-z_$][\w$]*)\s*[,)]/g;
const CODE_RUN =
  /\b(?:execFileSync|execFile|spawnSync|spawn|execSync|exec|fork)\s*\(\s*([A-Za-z_$][\w$]*)\s*[,)]|\bsubprocess\.(?:run|call|Popen|check_call|check_output)\s*\(\s*\[\s*([A-Za-z_]\w*)\s*[,\]]|\bos\.(?:system|startfile|execv\w*|spawnv\w*)\s*\(\s*([A-Za-z_]\w*)\s*[,)]|\bCommand::new\s*\(\s*&?([A-Za-z_]\w*)\s*\)|\bexec\.Command(?:Context)?\s*\(\s*(?:ctx\s*,\s*)?([A-Za-z_]\w*)\s*[,)]/g;
const URL_LITERAL = /\bhttps?:\/\/[^\s'"`)<>\]]+/;

function codeDownloadThenRun(file: FileView, skill: SkillView): RuleMatch[] {
  const text = file.text;
  if (!testRegex(CODE_FETCH, text)) return [];
  const saved = new Set<string>();
  for (const m of matchAllRegex(text, CODE_SAVE)) saved.add(m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6]);
  if (saved.size === 0) return [];
  const out: RuleMatch[] = [];
  // The script's first URL stands for where the download comes from (often built into a variable).
  const url = (execRegex(URL_LITERAL, text)?.[0] ?? '$').replace(/^https?:\/\//i, '');
  const tier = url === '$' ? 'unknown' : tierFor(url, skill);
  for (const m of matchAllRegex(text, CODE_RUN)) {
    const name = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5];
    if (!saved.has(name) || isCommentLine(file, m.index) || warnedAgainst(file, m.index)) continue;
    out.push({
      index: m.index,
      length: m[0].length,
      severity: originSeverity(file, m.index, tier, url),
      message: tierMessage(`Downloaded file "${name}" is executed`, tier, url),
    });
    if (out.length >= 5) break;
  }
  return out;
}

const HIDDEN_OR_TEMP_PATH = /(?:^|\/)\.[\w$-]|(?:^|\/)(?:tmp|var\/tmp|dev\/shm)\/|\$\{?TMPDIR\}?\//;
const CHMOD_EXECUTABLE = /\bchmod\s+(?:-\w+\s+)*(?:[ugoa]*\+[rwx]*x[rwx]*|[0-7]?[0-7][57][57])\s+["']?([^\s"';&|]+)/g;

function madeExecutableIn(window: string, target: string): boolean {
  for (const c of window.matchAll(CHMOD_EXECUTABLE)) if (baseName(c[1]) === target) return true;
  return false;
}

// A Dockerfile's ADD of a URL downloads at build time: `ADD http://host/tool /usr/local/bin/tool`
// then `RUN chmod +x ... && /usr/local/bin/tool` runs whatever the address serves in the image.
const DOCKER_ADD_URL = /^[ \t]*ADD[ \t]+(?:--[\w-]+(?:=\S+)?[ \t]+)*(https?:\/\/[^\s"']+)[ \t]+["']?([^\s"']+)/gm;

const MOVE = /\b(?:mv|Move-Item)\s+(?:-\w+\s+)*["']?([^\s"';&|]+)["']?\s+["']?([^\s"';&|]+)/g;

// The running script's own path: a download moved there replaces the script, so every later run
// (of a git hook, on every commit) runs what the server sent.
const OWN_PATH = /^(?:\$0|\$\{0\}|\$\{?BASH_SOURCE(?:\[0\])?\}?)$/;
const GIT_HOOK_FILE = /(?:^|[/\\])(?:\.?git[/\\]hooks|\.?githooks|git-hooks|hooks)[/\\](?:pre-commit|commit-msg|pre-push|post-checkout|post-merge|prepare-commit-msg|post-commit|pre-rebase|post-rewrite|pre-receive|post-receive|update|pre-merge-commit)$/;

/** The base name a download is moved to in `window` (an update swapped into place), if any. */
function renamedTo(window: string, target: string): string | undefined {
  for (const m of window.matchAll(MOVE)) if (baseName(m[1]) === target && baseName(m[2]) !== target) return baseName(m[2]);
  return undefined;
}

/** Whether a command in `window` runs one of `targets` (through an interpreter, by a path, or as a variable). */
function runsDownloaded(window: string, ...targets: string[]): boolean {
  EXEC_AT_COMMAND.lastIndex = 0;
  let e: RegExpExecArray | null;
  while ((e = EXEC_AT_COMMAND.exec(window)) !== null) {
    if (e.index === 0 && e[0].length === 0) {
      EXEC_AT_COMMAND.lastIndex++;
      continue;
    }
    const path = e[2] ?? '';
    // Most commands name something else: a substring test first, the base name only when it may match.
    if (!targets.some((target) => path.includes(target))) continue;
    if (targets.includes(baseName(path)) && (e[1] || /[/\\]/.test(path) || /^\$\{?\w+\}?$/.test(path.replace(/["']/g, '')))) return true;
  }
  return false;
}

export function detectDownloadThenRun(file: FileView, skill: SkillView): RuleMatch[] {
  if (skipFile(file)) return [];
  const text = file.text;
  const found: RuleMatch[] = [];
  if (text.includes('ADD')) {
    for (const m of matchAllRegex(text, DOCKER_ADD_URL)) {
      const url = m[1];
      const target = m[2].endsWith('/') ? baseName(url) : baseName(m[2]);
      if (target.length < 2 || /\.(?:tar|tgz|gz|zip|xz|bz2|json|txt|md|pem|crt)$/i.test(target)) continue;
      const window = text.slice(m.index + m[0].length, Math.min(text.length, m.index + m[0].length + 600));
      if (!runsDownloaded(window, target) || warnedAgainst(file, m.index)) continue;
      const tier = tierFor(url, skill);
      found.push({
        index: m.index,
        length: m[0].length,
        severity: originSeverity(file, m.index, tier, url),
        message: tierMessage(`File "${target}" added from a URL at build time and then executed`, tier, url),
      });
      if (found.length >= 10) break;
    }
  }
  const hook = GIT_HOOK_FILE.test(file.path);
  DOWNLOAD_LINE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = execRegex(DOWNLOAD_LINE, text)) !== null && found.length < 20) {
    const { file: target, url: named, path: savedTo = '' } = downloadTarget(m[0]);
    if (!target || target.length < 2) continue;
    // `BASE="https://static.rust-lang.org/..."` above: judged by the URL the script assigned.
    const url = named === '$' ? (urlOfVariableIn(text, m[0]) ?? named) : named;
    const windowEnd = Math.min(text.length, m.index + m[0].length + 600);
    const window = text.slice(m.index, windowEnd);
    // Run through an interpreter, by a path, or as the variable that holds the download's path;
    // also under the name it is moved to (`curl -o "$F.tmp" && mv "$F.tmp" "$F"; . "$F"`).
    const renamed = renamedTo(window, target);
    const replacesItself = OWN_PATH.test(target) || (renamed !== undefined && OWN_PATH.test(renamed));
    const runs = replacesItself || (renamed === undefined ? runsDownloaded(window, target) : runsDownloaded(window, target, renamed));
    // Made executable in a hidden or temporary place is made to be run by whatever starts it later
    // (a launch agent, a service); an installer's binary saved as ./kind is the user's to run.
    const madeExecutable = !runs && HIDDEN_OR_TEMP_PATH.test(savedTo.replace(/["']/g, '')) && madeExecutableIn(window, target);
    if ((!runs && !madeExecutable) || warnedAgainst(file, m.index)) continue;
    const tier = tierFor(url, skill);
    let severity = originSeverity(file, m.index, tier, url, m[0]);
    // A script that swaps itself for a download, or a git hook that runs one, runs the server's
    // code on every later run or commit, whoever the host is.
    if ((replacesItself || hook) && !isCommentLine(file, m.index) && SEVERITY_ORDER.indexOf(severity) < SEVERITY_ORDER.indexOf('high')) severity = 'high';
    found.push({
      index: m.index,
      length: m[0].length,
      severity,
      message: replacesItself
        ? tierMessage('The script replaces itself with a download: every later run runs what the server sends', tier, url)
        : tierMessage(`File "${target}" downloaded and then ${runs ? 'executed' : 'made executable'}${hook ? ' by a git hook, on every run of the hook' : ''}`, tier, url, m[0]),
    });
  }
  if (file.kind === 'script' && found.length < 20) found.push(...codeDownloadThenRun(file, skill));
  // Prose lures: "download [tool.zip](https://...), extract with password 1234, run tool.exe".
  if (file.kind === 'skill-md' || file.kind === 'markdown') {
    const body = file.kind === 'skill-md' ? file.body : text;
    ARTIFACT_URL.lastIndex = 0;
    while ((m = execRegex(ARTIFACT_URL, body)) !== null && found.length < 20) {
      const before = body.slice(Math.max(0, m.index - 200), m.index);
      const after = body.slice(m.index + m[0].length, m.index + m[0].length + 300);
      if (!DOWNLOAD_VERB.test(before + ' ' + after.slice(0, 40)) || !RUN_VERB.test(after)) continue;
      // A URL inside a curl/wget command is the pipe and download rules' business.
      const line = lineBounds(body, m.index);
      const previous = line.start > 0 ? lineBounds(body, line.start - 1) : line;
      const commandText = (/\\\s*$/.test(body.slice(previous.start, previous.end)) ? body.slice(previous.start, previous.end) : '') + body.slice(line.start, line.end);
      if (/\b(?:curl|wget|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b/i.test(commandText)) continue;
      if (warnedAgainst(file, m.index) || file.isNegated(m.index)) continue;
      const url = m[0].replace(/^https?:\/\//i, '');
      const tier = tierFor(url, skill);
      const password = PASSWORD_NEAR.test(before.slice(-80) + after);
      const verified = !password && VERIFIED_NEAR.test(before.slice(-120) + after.slice(0, 200));
      found.push({
        index: m.index,
        length: m[0].length,
        severity: password ? 'critical' : verified ? atMost(originSeverity(file, m.index, tier, url), 'medium') : originSeverity(file, m.index, tier, url),
        message: password
          ? 'Instructions to download a password-protected archive and run what is inside (a malware lure that evades scanning)'
          : tierMessage('Instructions to download and run a program', tier, url),
      });
    }
  }
  return mostSeverePerLine(file, found);
}
