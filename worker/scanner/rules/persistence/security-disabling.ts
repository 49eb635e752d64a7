// PER-11 security controls, logging and history disabled: firewalls, SELinux, Gatekeeper and
// antivirus turned off, the quarantine flag removed, TLS checks turned off for every download,
// logs and shell history wiped, CI checks neutered, security tests skipped, and instructions to
// disable security software; package signature and content-trust checks switched off.
import type { FileView, RuleMatch } from '../../types.ts';
import { ARGV_GAP, isProse, matchAllRegex, scan } from '../context.ts';
import { finding } from './shared.ts';
import { isProseOnlyMention } from '../markdown-context.ts';
import { detectOpenServers } from './open-servers.ts';

// Between the words of a command, or between the quoted items of an argument list:
// spctl --master-disable as much as system('spctl', '--master-disable').
const SECURITY_OFF = new RegExp(
  String.raw`\bsetenforce\s+0\b|\bSELINUX\s*=\s*disabled\b|\bufw\s+disable\b|\biptables\s+(?:-t\s+\w+\s+)?(?:-F|--flush|-X)\b|\biptables\s+-P\s+(?:INPUT|FORWARD)\s+ACCEPT\b|\bsystemctl\s+(?:stop|disable|mask)\s+(?:--now\s+)?(?:firewalld|ufw|apparmor|auditd|fail2ban|clamav\w*|falcon-sensor|osqueryd|wazuh-agent|sentinel\w*|mdatp|crowdstrike\w*)\b|\bspctl${ARGV_GAP}--(?:master|global)-disable\b|\bcsrutil${ARGV_GAP}disable\b|\bSet-MpPreference\b[^\n]{0,400}-Disable\w+\s+\$?(?:true|1)\b|\bAdd-MpPreference\b[^\n]{0,400}-Exclusion(?:Path|Process|Extension)\b|\bnetsh\s+(?:adv)?firewall\s+set\s+[^\n]{0,400}\bstate\s+off\b|\bSet-ExecutionPolicy\s+(?:Bypass|Unrestricted)\b[^\n]{0,400}-Scope\s+(?:LocalMachine|CurrentUser)\b`,
  'gi',
);
// Also as an argument list: system('xattr', '-dr', 'com.apple.quarantine', app).
const QUARANTINE = new RegExp(String.raw`\bxattr${ARGV_GAP}(?:-\w+${ARGV_GAP})*-(?:d|rd|dr)${ARGV_GAP}com\.apple\.quarantine\b[^\n]{0,400}|\bxattr\s+-(?:c|cr|rc)\s+[^\n]{0,400}`, 'g');
const TLS_OFF_GLOBAL =
  /\bgit\s+config\s+--(?:global|system)\s+http\.sslVerify\s+(?:false|0)\b|\bnpm\s+config\s+set\s+strict-ssl\s+false\b|\byarn\s+config\s+set\s+strict-ssl\s+false\b|\bpip3?\s+config\s+set\s+global\.trusted-host\b|\bexport\s+NODE_TLS_REJECT_UNAUTHORIZED\s*=\s*["']?0\b|\bexport\s+PYTHONHTTPSVERIFY\s*=\s*["']?0\b|\bexport\s+GIT_SSL_NO_VERIFY\s*=\s*["']?(?:1|true)\b|\bexport\s+(?:CURL|REQUESTS)_CA_BUNDLE\s*=\s*["']{2}|\bconda\s+config\s+--set\s+ssl_verify\s+(?:false|no|0)\b|\bkubectl\s+config\s+set-cluster\b[^\n]{0,300}--insecure-skip-tls-verify(?:=true)?\b|\binsecure\b["']?\s*>>\s*["']?(?:~|\$\{?HOME\}?)\/\.curlrc\b|\bcheck_certificate\s*=\s*off\b["']?\s*>>\s*["']?(?:~|\$\{?HOME\}?)\/\.wgetrc\b/g;
// Package signature or content-trust checks switched off: any package or image a mirror, proxy or
// attacker in the path serves is installed as if its publisher had signed it.
const SIGNATURE_CHECKS_OFF =
  /\bapt(?:-get)?\b[^\n]{0,300}?--allow-(?:unauthenticated|insecure-repositories)\b|\[[ \t]*(?:[\w-]+=[\w,.-]+[ \t]+)*trusted=yes\b[^\]\n]{0,80}\][^\n]{0,200}|\b(?:Acquire::AllowInsecureRepositories|APT::Get::AllowUnauthenticated)\b[ \t]*["']?(?:true|1|yes)\b|\b(?:yum|dnf|zypper|tdnf|microdnf)\b[^\n]{0,300}?--(?:nogpgcheck|no-gpg-checks)\b|^[ \t]*(?:repo_)?gpgcheck[ \t]*=[ \t]*(?:0|false|no)\b|\brpm\b[^\n]{0,200}?--no(?:signature|digest)\b|\bapk\b[^\n]{0,200}?--allow-untrusted\b|^[ \t]*SigLevel[ \t]*=[ \t]*(?:Never|[^\n]{0,60}\bTrustAll)\b|\bDOCKER_CONTENT_TRUST["']?[ \t]*[=:][ \t]*["']?(?:0|false)\b|\bsnap\s+install\b[^\n]{0,200}?--dangerous\b|\bchoco(?:latey)?\s+(?:install|upgrade)\b[^\n]{0,200}?--(?:ignore-checksums|allow-empty-checksums(?:-secure)?)\b|\brequire-sigs[ \t]*=[ \t]*false\b|--no-check-sigs\b/gim;
const PLAIN_HTTP_SOURCE = /\bhttp:\/\/(?!(?:localhost|127\.0\.0\.1|\[::1\])[:/])/;
const LOCAL_SOURCE = /\bfile:|\bcopy:|\/var\/local\/|\blocalhost\b|127\.0\.0\.1/;

const TRACE_WIPING =
  /\brm[ \t]+(?:-\w+[ \t]+)*(?:[^\s;&|]+[ \t]+){0,6}["']?\/var\/log\/[^\s;&|]*|(?<![<>&\d])>\s*["']?\/var\/log\/\S+|\btruncate\s+-s\s*0\s+["']?\/var\/log\/\S*|\bshred\b[^\n]{0,400}(?:\/var\/log|\.bash_history|\.zsh_history)|\bhistory\s+-c\b|\bunset\s+HISTFILE\b|\b(?:export\s+)?HISTFILE\s*=\s*\/dev\/null\b|\b(?:export\s+)?HISTSIZE\s*=\s*0\b|\bset\s+\+o\s+history\b|\bauditctl\s+-(?:D|e\s*0)\b|\bwevtutil(?:\.exe)?\s+cl\b|\bClear-EventLog\b|\bln\s+-sf\s+\/dev\/null\s+\S*\.(?:bash|zsh)_history\b|\brm\s+(?:-\w+\s+)*["']?(?:~|\$\{?HOME\}?)\/\.(?:bash|zsh)_history\b/g;
const SECURITY_PROSE =
  /\b(?:disable|turn\s+off|deactivate|uninstall|stop|kill|bypass)\s+(?:the\s+|your\s+|any\s+)?(?:antivirus|anti-virus|firewall|windows\s+defender|defender|gatekeeper|selinux|apparmor|edr|endpoint\s+protection|security\s+(?:software|tools|agent)|xprotect|audit\s+logging)\b/gi;
// A repository's branch protection deleted through the API (`gh api -X DELETE
// repos/o/r/branches/main/protection`), or prose that has the agent remove or leave it off:
// reviews and required checks stop guarding what gets merged.
const PROTECTION_DELETED =
  /(?<![\w-])(?:-X|--method)\s*["']?DELETE["']?\s+[^\n]{0,200}?\/branches\/[^\s/]{1,100}\/protection\b|\/branches\/[^\s/]{1,100}\/protection\b[^\n]{0,120}?\s(?:-X|--method)\s*["']?DELETE\b|\bdelete_branch_protection\b|\bremove_protection\s*\(/gi;
const PROTECTION_PROSE =
  /\b(?:disables?|disabling|removes?|removing|deletes?|deleting|turns?\s+off|turning\s+off|drops?|lifts?|leaves?)\s+(?:the\s+|all\s+|any\s+)?(?:(?:temporarily|permanently)\s+)?branch\s+protection(?:\s+rules?)?\b(?:[^.\n]{0,40}\boff\b)?/gi;

// A script that edits the project's CI so checks cannot fail or no longer run, or that marks the
// security tests skipped: what reviewers rely on is switched off quietly.
const CI_FILE = /\.github\/workflows|\.gitlab-ci\.yml|azure-pipelines\.yml|\.circleci\/config\.yml|Jenkinsfile|bitbucket-pipelines\.yml/;
const CI_NEUTERED = /continue-on-error:\s*true|\|\|\s*true\b|\b(?:codeql|semgrep|trivy|snyk|gitleaks|trufflehog|bandit|npm\s+audit|pip-audit|dependency-review)\b[^\n]{0,80}(?:\/?d\b|,\+?\d+d\b)|\/(?:uses:\s*)?[\w\\/-]*(?:codeql|semgrep|dependency-review)[\w\\/-]*\/,?[+\d]*d/i;
const CI_EDIT = /\bsed\s+-i\b[^\n]{0,400}|\byq\s+(?:-i|e\s+-i)\b[^\n]{0,300}|\b(?:write_text|writeFileSync|writeFile)\s*\([^\n]{0,300}/g;
const SECURITY_TESTS = /\b(?:grep|rg|find|glob)\b[^\n]{0,120}\b(?:security|auth\w*|permission\w*|csrf|xss|sqli|injection|audit|sanitiz\w*|crypto)\b/i;
const SKIP_MARKER = /\b(?:describe|it|test)\.skip\b|pytest\.mark\.skip|@(?:unittest\.)?skip\b|\bt\.Skip\(|\bxit\(|\bxdescribe\(/;

function ciAndTestTampering(file: FileView): RuleMatch[] {
  if (file.kind !== 'script') return [];
  const text = file.text;
  const out: RuleMatch[] = [];
  for (const m of matchAllRegex(text, CI_EDIT)) {
    const command = m[0];
    const around = text.slice(Math.max(0, m.index - 300), m.index + command.length);
    if (CI_FILE.test(around) && CI_NEUTERED.test(command)) {
      out.push({ index: m.index, length: command.length, severity: 'high', message: 'Edits the CI workflow so checks cannot fail or security scans no longer run' });
    } else if (SKIP_MARKER.test(command) && SECURITY_TESTS.test(text.slice(Math.max(0, m.index - 600), m.index))) {
      out.push({ index: m.index, length: command.length, severity: 'high', message: 'Marks the security tests skipped' });
    }
    if (out.length >= 5) break;
  }
  return out;
}

export function detectSecurityDisabling(file: FileView): RuleMatch[] {
  const text = file.text;
  const found: RuleMatch[] = [
    ...ciAndTestTampering(file),
    ...detectOpenServers(file),
    ...scan(text, SECURITY_OFF, (m) => finding(file, m, 'high', 'Disables a security control (firewall, SELinux, Gatekeeper, antivirus, audit)')),
    ...scan(text, QUARANTINE, (m) => {
      // Clearing the flag on a package-manager install is routine; on a downloaded file it skips Gatekeeper.
      const installed = /brew\s+--prefix|\/opt\/homebrew\/|\/usr\/local\/(?:bin|Cellar)\/|\/Applications\//.test(m[0]);
      return finding(file, m, installed ? 'low' : 'medium', 'Removes the macOS quarantine flag so Gatekeeper does not check the file');
    }),
    ...scan(text, TLS_OFF_GLOBAL, (m) => finding(file, m, 'medium', 'Turns off TLS certificate checks for every later download')),
    ...scan(text, SIGNATURE_CHECKS_OFF, (m) => {
      // A local repository built on this machine has nothing to verify against; a plain-HTTP
      // source with its signatures ignored can be swapped by anyone on the network path.
      if (isProseOnlyMention(file, m.index) || file.isNegated(m.index)) return null;
      const line = file.lineAt(m.index);
      const plainHttp = PLAIN_HTTP_SOURCE.test(line);
      if (LOCAL_SOURCE.test(line) && !plainHttp) return finding(file, m, 'low', 'Trusts a local package repository without signatures');
      return plainHttp
        ? finding(file, m, 'high', 'Installs packages over plain HTTP with signature checks off: anyone on the path can replace them')
        : finding(file, m, 'medium', 'Turns off package signature or content-trust checks: tampered packages or images are accepted');
    }),
    ...scan(text, TRACE_WIPING, (m) => {
      // An application's own log folder may be cleaned up; system, audit and login logs or shell
      // history are the traces an intruder removes.
      const appLog = /\/var\/log\/(?!audit|auth|secure|syslog|messages|wtmp|btmp|lastlog|journal|kern|faillog|\*|\s|$)[\w.-]+/.test(m[0]) && !/history|HIST|auditctl|wevtutil|EventLog/.test(m[0]);
      return finding(file, m, appLog ? 'medium' : 'high', appLog ? 'Deletes or truncates application logs under /var/log' : 'Deletes system logs or shell history, or turns them off (covering tracks)');
    }),
  ];
  found.push(...scan(text, PROTECTION_DELETED, (m) => finding(file, m, 'high', "Deletes a branch's protection (required reviews and checks) through the API")));
  if (isProse(file)) {
    const body = file.kind === 'skill-md' ? file.body : text;
    found.push(...scan(body, SECURITY_PROSE, (m) => (file.isNegated(m.index) ? null : finding(file, m, 'high', 'Instruction to disable security software'))));
    found.push(...scan(body, PROTECTION_PROSE, (m) => (file.isNegated(m.index) ? null : finding(file, m, 'high', 'Instruction to remove branch protection'))));
  }
  return found;
}
