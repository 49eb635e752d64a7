// PER-02 permission weakening: world-writable and setuid chmod, chown to root, setcap, icacls
// grants to everyone and umask 000. Sensitive targets (system folders, the home folder, ~/.ssh)
// go higher.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { scan } from '../context.ts';
import { finding, findingAt } from './shared.ts';

const WORLD_WRITABLE = /\bchmod\s+((?:-[\w-]+\s+)*)(?:0?777|0?666|a\+rwx|a\+w|o\+w|ugo\+rwx|o\+rwx|a=rwx)\s+["']?([^\s"';&|]+)/g;
const SETUID = /\bchmod\s+(?:-[\w-]+\s+)*(?:[ug]*\+[rwx]*s[rwx]*|0?[4267][0-7]{3})\s+["']?([^\s"';&|]+)/g;
// `install -m 4755 SRC DST` sets the bit as it copies.
const INSTALL_SETUID = /\binstall\s+(?:-[\w-]+\s+(?:[\w:-]+\s+)?)*?-m\s*["']?0?[4267][0-7]{3}\b[^\n]{0,300}/g;
// A copy of an interpreter or shell with the setuid bit is a root shell for every local user.
const INTERPRETER = /(?:python[\d.]*|\bbash|\bzsh|\bdash|\bperl|\bruby|\bnode|\bphp|\blua|busybox|\bsh)\b/;
const COPY_TO = /\b(?:cp|install|ln)\b[^\n]{0,200}/g;

/** Whether the setuid target is a copy of an interpreter made in the lines before. */
function setuidInterpreter(text: string, index: number, target: string): boolean {
  const before = text.slice(Math.max(0, index - 800), index);
  const name = target.replace(/^["']|["']$/g, '');
  if (!name || !INTERPRETER.test(before)) return false;
  for (const c of before.matchAll(COPY_TO)) if (c[0].includes(name)) return true;
  return false;
}

const OTHER_WEAKENING =
  /\bchown\s+(?:-[\w-]+\s+)*root(?::\w+)?\s+\S+|\bsetcap\s+["']?\S*cap_\w+[^\n]{0,400}|\bicacls(?:\.exe)?\s+[^\n]{0,400}\/grant\s+(?:\*S-1-1-0|Everyone|Users|"Authenticated Users"):\(?(?:OI\)\(CI\)\()?F\)?|\bumask\s+0{3,4}\b|\bos\.chmod\s*\([^)\n]{0,300},\s*(?:0o?777|0o?666|511|stat\.S_IS[UG]ID)|\bfs\.chmod(?:Sync)?\s*\([^)\n]{0,300},\s*(?:0o?777|0o?666|["']777["'])/g;
const SENSITIVE_TARGET = /^(?:\/$|\/(?:etc|usr|bin|sbin|lib|opt|var|root|home|boot|srv|Library|System|Applications)(?:\/|$)|~\/?$|\$\{?HOME\}?\/?$|~\/\.ssh|\$\{?HOME\}?\/\.ssh|~\/\.\w+rc$|\/dev\/)/;

// Access to a repository or cluster handed to someone: an account made admin collaborator
// (`gh api -X PUT repos/o/r/collaborators/bot -f permission=admin`), a deploy key that can push, a
// cluster-admin binding for every authenticated user or service account.
const ACCESS_GRANT =
  /\bcollaborators\/(\$?\{?[\w.-]+\}?)[^\n]{0,200}?\bpermission["']?\s*[=:]\s*["']?(?:admin|maintain)\b|\/memberships\/(\$?\{?[\w.-]+\}?)[^\n]{0,200}?\brole["']?\s*[=:]\s*["']?admin\b|\/keys\b[^\n]{0,300}?\bread_only["']?\s*[=:]\s*["']?false\b/g;
const CLUSTER_ADMIN_FOR_ALL =
  /\bcluster-admin\b[\s\S]{0,400}?\bsystem:(?:authenticated|unauthenticated|serviceaccounts|anonymous)\b|\bsystem:(?:authenticated|unauthenticated|serviceaccounts|anonymous)\b[\s\S]{0,400}?\bcluster-admin\b/g;

const INSPECTS = /==|!=|\bin\s*[([]|\.get\(|\bstartswith\b|\bif\s|\bcase\s|\bmatch\s/;

function accessGrants(file: FileView): RuleMatch[] {
  if (file.kind === 'skill-md' || file.kind === 'markdown') {
    if (!/collaborators|memberships|read_only|cluster-admin/.test(file.text)) return [];
  }
  return [
    ...scan(file.text, ACCESS_GRANT, (m) => {
      const who = m[1] ?? m[2];
      if (!who) return finding(file, m, 'high', 'Adds a deploy key that can push to the repository');
      const named = !/^\$|\{/.test(who);
      return finding(file, m, named ? 'critical' : 'high', `Gives ${named ? `the account "${who}"` : 'an account'} admin rights on the repository or organisation`);
    }),
    ...scan(file.text, CLUSTER_ADMIN_FOR_ALL, (m) =>
      // Code that inspects bindings compares these names; a binding only states them.
      INSPECTS.test(m[0]) ? null : findingAt(file, m.index, Math.min(m[0].length, 200), 'critical', 'Binds cluster-admin to every authenticated user or service account'),
    ),
  ];
}

export function detectPermissionWeakening(file: FileView): RuleMatch[] {
  const text = file.text;
  return [
    ...accessGrants(file),
    ...scan(text, WORLD_WRITABLE, (m) => {
      const recursive = /-\w*R|--recursive/.test(m[1]);
      const sensitive = SENSITIVE_TARGET.test(m[2]);
      return finding(
        file,
        m,
        sensitive ? 'high' : 'medium',
        `World-writable permissions on ${m[2]}${recursive ? ' (recursively)' : ''}: any local user or process can replace its contents`,
      );
    }),
    ...scan(text, SETUID, (m) =>
      setuidInterpreter(text, m.index, m[1])
        ? finding(file, m, 'critical', `setuid bit set on ${m[1]}, a copy of an interpreter or shell: a root shell for every local user`)
        : finding(file, m, 'high', `setuid/setgid bit set on ${m[1]}: it will run with its owner's privileges`),
    ),
    ...scan(text, INSTALL_SETUID, (m) =>
      INTERPRETER.test(m[0].replace(/^install\s+(?:-\S+\s+)*/, ''))
        ? finding(file, m, 'critical', 'Installs an interpreter or shell with the setuid bit: a root shell for every local user')
        : finding(file, m, 'high', "Installs a program with the setuid/setgid bit: it will run with its owner's privileges"),
    ),
    ...scan(text, OTHER_WEAKENING, (m) => {
      const s = m[0];
      const severe = /setcap[^\n]{0,400}cap_(?:setuid|setgid|sys_admin|dac_override|dac_read_search|sys_ptrace|sys_module|net_admin|chown|fowner)|icacls|S_IS[UG]ID/.test(s);
      const severity: Severity = severe ? 'high' : /chown/.test(s) ? 'low' : 'medium';
      return finding(file, m, severity, 'Ownership or permissions changed to grant broader or elevated access');
    }),
  ];
}
