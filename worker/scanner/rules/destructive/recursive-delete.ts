// DES-01 recursive delete of roots, home and system folders: rm -r, rmtree and its kin, Windows
// rd /s and Remove-Item -Recurse, find -delete, and prose asking to wipe the home folder or disk.
// Each rm target is graded on its own (root or home critical, personal and system folders high,
// the whole current directory medium) and the worst one is reported.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { isDetectionRuleFile } from '../script-context.ts';
import { scan } from '../context.ts';
import { endOfLinesAfter } from '../../line-table.ts';
import { finding } from './shared.ts';
import { FILE_DELETE_CALL } from './delete-calls.ts';

const RM_RECURSIVE = /\brm[ \t]+((?:-{1,2}[\w-]+[ \t]+)+)((?:[^\s;&|<>()`]+[ \t]*){1,8})/g;
const SYSTEM_DIRS = 'etc|usr|var|bin|sbin|lib|lib32|lib64|boot|opt|root|home|srv|sys|proc|dev|System|Library|Applications|Users|private';
const CRITICAL_TARGET = new RegExp(
  String.raw`^(?:/+\.?|/+\*|~/?|~/\*|~/\.\*|\$\{?HOME\}?/?|\$\{?HOME\}?/\*|/(?:${SYSTEM_DIRS})/?\*?|/home/[^/\s]+/?\*?|/Users/[^/\s]+/?\*?|[A-Za-z]:\\?\*?|%USERPROFILE%\\?\*?|%SystemRoot%|%SYSTEMDRIVE%\\?)$`,
);
const HIGH_TARGET =
  /^(?:~|\$\{?HOME\}?)\/(?:\.ssh|\.gnupg|\.aws|\.config|\.local|\.kube|Documents|Desktop|Downloads|Pictures|Library|Music|Movies|Videos|[Pp]rojects|[Bb]ackups?|[Rr]epos|src|code|dev|work|workspace|\.git)\/?\*?$|^(?:~|\$\{?HOME\}?)\/[^\s]*\*[^\s]*\/\.git\/?$|^(?:~|\$\{?HOME\}?)\/\*\.(?:bundle|bak|backup)$|^\/(?:var\/(?:log|lib|db|backups?|mail|www)|etc\/\w+)\/?\*?$|^\.\.\/\.\.(?:\/\.\.)*\/?\*?$/;
const CWD_TARGET = /^(?:\*|\.\/\*|\.|\.\/|\.\.|\.\.\/|\.\.\/\*|\.\*|\.git\/?)$/;

// A target built from a shell variable: `rm -rf "$DIR"/*`. What it deletes depends on the
// variable's value, set in the script or left to a default: `DIR=$HOME` makes it the home folder,
// `DIR="${SNAPSHOT_DIR:-}"` (an empty default) makes it `/*` whenever the caller sets nothing.
const VARIABLE_TARGET = /^\$\{?([A-Za-z_]\w*)(?::?-([^}]*))?\}?(\/.*)?$/;
const HOME_WORDS = /^(?:~|\$\{?HOME\}?)$/;

/** The value of a variable's last plain assignment before `at`, quotes removed; undefined if none. */
function assignedValue(text: string, name: string, at: number): string | undefined {
  const assignment = new RegExp(String.raw`^[ \t]*(?:export\s+|local\s+|readonly\s+|declare\s+(?:-\w+\s+)?)?${name}=("[^"\n]*"|'[^'\n]*'|[^\s;&|]*)`, 'gm');
  let value: string | undefined;
  let m: RegExpExecArray | null;
  let count = 0;
  while ((m = assignment.exec(text)) !== null && m.index < at && ++count <= 20) value = m[1].replace(/^["']|["']$/g, '');
  return value;
}

interface VariableFacts {
  /** Whether the script checks that the variable is set (`[ -n "$X" ]`, `${X:?}`). */
  guarded: boolean;
  /** The value of its last assignment before the first delete that names it. */
  value: string | undefined;
}
type VariableTable = Map<string, VariableFacts>;

/**
 * What the script says about a variable, looked up once per name and file: a long line of rm
 * targets must not search the whole text again for each of them. Null past 20 names.
 */
function variableFacts(text: string, name: string, at: number, table: VariableTable): VariableFacts | null {
  const known = table.get(name);
  if (known !== undefined) return known;
  if (table.size >= 20) return null;
  const facts = {
    guarded: new RegExp(String.raw`-[nz]\s+"?\$\{?${name}\b|\$\{${name}:?\?`).test(text),
    value: assignedValue(text, name, at),
  };
  table.set(name, facts);
  return facts;
}

/** A variable target resolved through its assignment or default, with what it became. */
function resolveVariableTarget(text: string, raw: string, at: number, table: VariableTable): { severity: Severity; resolved: string } | null {
  const target = raw.replace(/["']/g, '');
  const v = VARIABLE_TARGET.exec(target);
  if (!v) return null;
  const [, name, inlineDefault, rest = ''] = v;
  const facts = variableFacts(text, name, at, table);
  // A guarded variable never reaches the delete empty.
  if (!facts || facts.guarded) return null;
  let value = inlineDefault ?? facts.value;
  if (value === undefined) return null;
  // One more level: `DIR="${SNAPSHOT_DIR:-}"` takes the default of the variable it copies.
  const copied = /^\$\{[A-Za-z_]\w*:?-([^}]*)\}$/.exec(value);
  if (copied) value = copied[1];
  if (value === '' && !rest) return null;
  const resolved = (HOME_WORDS.test(value) ? '~' : value) + rest;
  const severity = classifyDeleteTarget(resolved);
  if (!severity || severity === 'medium') return null;
  return { severity: value === '' ? 'high' : severity, resolved };
}

function classifyDeleteTarget(raw: string): Severity | null {
  // "$HOME"/backups is $HOME/backups: the shell joins quoted and bare parts.
  const target = raw.replace(/["']/g, '');
  if (CRITICAL_TARGET.test(target)) return 'critical';
  if (HIGH_TARGET.test(target)) return 'high';
  if (CWD_TARGET.test(target)) return 'medium';
  return null;
}

const RMTREE_DANGEROUS =
  /\b(?:shutil\.rmtree|fs\.(?:rmSync|rmdirSync|rm|rmdir|promises\.rm)|fse?\.(?:remove|removeSync|emptyDir)|rimraf(?:\.sync)?|FileUtils\.rm_rf|Remove-Item)\s*(?:\(\s*)?(?:["'](?:\/|~|\/(?:etc|usr|var|home|Users|root|opt|bin)\/?)["']|os\.path\.expanduser\(\s*["']~\/?["']\s*\)|Path\.home\(\)\s*(?=[,)])|os\.homedir\(\)\s*(?=[,)])|process\.env\.HOME\b\s*(?=[,)])|os\.environ\[\s*["']HOME["']\s*\]\s*(?=[,)])|Dir\.home\b|\$env:USERPROFILE\b|\$HOME\b|~\s|C:\\\\?\s)/g;
const WINDOWS_RECURSIVE_DELETE =
  /\b(?:rd|rmdir)\s+\/s\s+(?:\/q\s+)?["']?(?:[A-Za-z]:\\?|%USERPROFILE%|%SystemRoot%|%SYSTEMDRIVE%)["']?(?=\s|$)|\bdel\s+(?:\/[fsqa]\s+){1,4}["']?(?:[A-Za-z]:\\\*?|%USERPROFILE%\\\*?)["']?(?=\s|$)|\bRemove-Item\s+(?:-\w+\s+)*["']?(?:[A-Za-z]:\\\*?|\$env:USERPROFILE|\$HOME|~)["']?(?:\s+-\w+)*\s+-Recurse\b|\bRemove-Item\s+-Recurse\s+(?:-\w+\s+)*["']?(?:[A-Za-z]:\\\*?|\$env:USERPROFILE|\$HOME|~)["']?(?=\s|$)/gi;
const FIND_DELETE = /\bfind\s+["']?(\/|~|\$\{?HOME\}?|\/home|\/Users)((?:\/[^\s"';|&]{0,200})?)["']?(\s[^\n|;]{0,200}?)(?:-delete\b|-exec\s+(?:sudo\s+)?(?:rm|shred)\b)/g;
// A home sub-folder named by a variable: which folder is emptied is decided at run time.
const VARIABLE_SEGMENT = /^\/\$\{?\w+\}?\/?$/;

const WIPE_PROSE =
  /\b(?:delete|remove|wipe|erase|destroy|rm\s+-rf)\s+(?:all\s+(?:of\s+)?|everything\s+in\s+|the\s+(?:entire\s+|whole\s+)?contents?\s+of\s+)?(?:the\s+user'?s?\s+|your\s+|the\s+|their\s+)?(?:entire\s+|whole\s+)?(?:home\s+(?:directory|folder|dir)|hard\s+drive|disk|file\s*system|root\s+(?:directory|partition)|documents\s+folder)\b/gi;

// rm as an argument list: subprocess.run(["sudo", "rm", "-rf", "/var/lib/docker"]).
const RM_ARGV = /["']rm["']\s*,\s*((?:["']-{1,2}[\w-]+["']\s*,\s*)+)["']([^"'\n]{1,200})["']/g;
const SERVICE_DATA = /^\/var\/lib\/(?:docker|containerd|postgresql|mysql|mongodb|redis|kubelet|etcd)\/?\*?$/;

// Every entry of the home folder deleted one by one: `for name in os.listdir(HOME):` then
// `shutil.rmtree(...)`, `for f in ~/*; do rm -rf "$f"`, readdirSync(os.homedir()) then rmSync.
const HOME_VALUE = String.raw`(?:os\.path\.expanduser\(\s*["']~\/?["']\s*\)|Path\.home\(\)|os\.environ\[\s*["']HOME["']\s*\]|os\.getenv\(\s*["']HOME["']\s*\)|os\.homedir\(\)|process\.env\.HOME|Dir\.home)`;
const HOME_ASSIGNED = new RegExp(String.raw`^[ \t]*(?:(?:const|let|var)\s+)?([A-Za-z_]\w*)\s*=\s*${HOME_VALUE}\s*$`, 'gm');
const LISTING = String.raw`(?:os\.listdir|os\.scandir|glob\.glob|fs\.readdirSync|fs\.readdir|fs\.promises\.readdir|Dir\.children|Dir\.entries)\s*\(\s*`;
const SHELL_HOME_LOOP = /^[ \t]*for\s+(\w+)\s+in\s+["']?(?:~|\$\{?HOME\}?)\/?["']?\*?\s*;?\s*(?:do\b)?/gm;

function homeEntriesDeleted(file: FileView): RuleMatch[] {
  if (file.kind !== 'script') return [];
  const text = file.text;
  const names = new Set<string>();
  for (const m of text.matchAll(HOME_ASSIGNED)) if (names.add(m[1]).size >= 20) break;
  const homes = [HOME_VALUE, ...names];
  const listing = new RegExp(String.raw`${LISTING}(?:${homes.join('|')})\s*[,)]|(?:${homes.join('|')})\.(?:iterdir|glob)\s*\(`, 'g');
  const out: RuleMatch[] = [];
  const report = (m: RegExpExecArray) => {
    const below = text.slice(m.index, endOfLinesAfter(text, m.index, 6));
    if (!FILE_DELETE_CALL.test(below)) return null;
    return finding(file, m, 'critical', 'Deletes every entry of the home folder, one after another');
  };
  out.push(...scan(text, listing, report), ...scan(text, SHELL_HOME_LOOP, report));
  return out;
}

export function detectRecursiveDelete(file: FileView): RuleMatch[] {
  if (isDetectionRuleFile(file)) return [];
  const text = file.text;
  const found: RuleMatch[] = [];
  if (file.kind === 'skill-md' || file.kind === 'markdown') {
    const body = file.kind === 'skill-md' ? file.body : text;
    found.push(
      ...scan(body, WIPE_PROSE, (m) =>
        file.isNegated(m.index) ? null : finding(file, m, 'critical', 'Instruction to wipe the user\'s home folder, disk or file system'),
      ),
    );
  }
  const variables: VariableTable = new Map();
  found.push(
    ...scan(text, RM_RECURSIVE, (m) => {
      const options = m[1];
      const noPreserve = /--no-preserve-root/.test(options);
      if (!/(?:^|\s)-[a-zA-Z]*[rR][a-zA-Z]*\s|--recursive\b/.test(' ' + options) && !noPreserve) return null;
      let worst: Severity | null = noPreserve ? 'critical' : null;
      let worstTarget = '';
      for (const target of m[2].trim().split(/\s+/)) {
        let severity = classifyDeleteTarget(target);
        let shown = target;
        if (!severity && target.includes('$')) {
          const variable = resolveVariableTarget(text, target, m.index, variables);
          if (variable) {
            severity = variable.severity;
            shown = `${target} (which becomes ${variable.resolved})`;
          }
        }
        if (severity && (!worst || ['medium', 'high', 'critical'].indexOf(severity) > ['medium', 'high', 'critical'].indexOf(worst))) {
          worst = severity;
          worstTarget = shown;
        }
      }
      if (!worst) return null;
      const what = noPreserve ? 'with --no-preserve-root' : `of ${worstTarget}`;
      const message =
        worst === 'medium'
          ? `Recursive delete ${what} (the whole current directory)`
          : `Recursive delete ${what}: irreversible loss of ${worst === 'critical' ? 'the system or the home folder' : 'user or system data'}`;
      return finding(file, m, worst, message);
    }),
    ...scan(text, RMTREE_DANGEROUS, (m) => finding(file, m, 'critical', 'Recursive delete of the root or home folder from code')),
    ...scan(text, RM_ARGV, (m) => {
      if (!/[rR]|--recursive/.test(m[1].replace(/["'\s,]/g, ' '))) return null;
      const severity = SERVICE_DATA.test(m[2]) ? 'high' : classifyDeleteTarget(m[2]);
      return severity ? finding(file, m, severity, `Recursive delete of ${m[2]} from code`) : null;
    }),
    ...homeEntriesDeleted(file),
    ...scan(text, WINDOWS_RECURSIVE_DELETE, (m) => finding(file, m, 'critical', 'Recursive delete of a drive or the user profile')),
    ...scan(text, FIND_DELETE, (m) => {
      // Only a name or path pattern narrows what goes: an age or size test still takes every kind
      // of file, and a `-path X -prune -o` clause only spares X.
      const tests = m[3].replace(/-(?:i?path|i?name)\s+(?:"[^"]*"|'[^']*'|\S+)\s+-prune\s+-o\b/g, ' ');
      const filtered = /-(?:i?name|i?path|i?regex)\s+["']?(?!\*["'\s]|\.\*["'\s])/.test(tests);
      const below = m[2].replace(/\/+$/, '');
      if (below) {
        // Under the root or home folder: only personal or system folders, or one chosen at run time.
        const named = HIGH_TARGET.test(`${m[1]}${below}`);
        if (!named && (filtered || !VARIABLE_SEGMENT.test(below) || !/^(?:~|\$\{?HOME\}?)$/.test(m[1]))) return null;
        return finding(file, m, 'high', `find deletes the contents of ${m[1]}${below}${named ? '' : ' (a home folder chosen at run time)'}`);
      }
      return finding(
        file,
        m,
        filtered ? 'high' : 'critical',
        `find deletes files across ${m[1] === '/' ? 'the whole file system' : 'the home folder'}${filtered ? ' (filtered)' : ''}`,
      );
    }),
  );
  return found;
}
