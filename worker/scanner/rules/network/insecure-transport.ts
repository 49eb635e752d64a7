// NET-09 plain HTTP and disabled certificate checks.
import type { FileView, RuleMatch, SkillView } from '../../types.ts';
import { graded, scanCapped as scan } from '../context.ts';
import { eachUrl, IDENTIFIER_HOSTS, isLocalOrExampleHost, lineWindow } from './shared.ts';

// curl -k / wget --no-check-certificate: the flag is found first and the command looked up before
// it on the same command (a "curl, then up to 160 characters" pattern rescans at every "curl").
const TLS_FLAG_RE = /\s(?:-[a-zA-Z]{0,6}k[a-zA-Z]{0,6}|--insecure)(?=\s|$)|--no-check-certificate\b/g;
const TLS_OFF_COMMON =
  /\bverify\s*=\s*False\b|\brejectUnauthorized\s*:\s*false\b|\bNODE_TLS_REJECT_UNAUTHORIZED\s*=\s*['"]?0\b|\bInsecureSkipVerify\s*:\s*true\b|\bssl\._create_unverified_context\b|\bssl\.CERT_NONE\b|\bcheck_hostname\s*=\s*False\b|--trusted-host\s+\S+|\bstrict-ssl\s*[=:]\s*false\b|\bhttp\.sslVerify\s*(?:=\s*)?false\b|-SkipCertificateCheck\b|ServerCertificateValidationCallback\s*=\s*\{\s*\$true\s*\}|\bPYTHONHTTPSVERIFY\s*=\s*['"]?0\b|\bGIT_SSL_NO_VERIFY\s*=\s*['"]?(?:1|true)\b/;
// Cluster and registry clients, conda, Ansible, PHP, Ruby, .NET, Java and mobile manifests.
const TLS_OFF_OTHER_CLIENTS =
  /--insecure-skip-tls-verify(?:=true)?\b|\binsecure-skip-tls-verify:\s*true\b|--tls-verify=false\b|\bssl_verify\s*[=:]?\s*(?:false|no|0)\b|\b(?:verify_(?:ssl|tls|certs?|certificates?)|tls_verify|verify_https)\s*[=:]\s*(?:false|no|0)\b|\b(?:skip_tls_verify|insecure_skip_verify|tls_insecure|ssl_insecure|allow_insecure)\s*[=:]\s*(?:true|yes|1)\b|\bvalidate_certs\s*[=:]\s*(?:false|no)\b|['"]verify_peer(?:_name)?['"]\s*=>\s*false\b|\bCURLOPT_SSL_VERIFY(?:PEER|HOST)\s*,\s*(?:false|0)\b|\bVERIFY_NONE\b|\bDangerousAcceptAnyServerCertificateValidator\b|\bServerCertificateCustomValidationCallback\s*=\s*\([^()\n]{0,80}\)\s*=>\s*true\b|\bsetHostnameVerifier\s*\(\s*\([^()\n]{0,60}\)\s*->\s*true\b|\b(?:ALLOW_ALL_HOSTNAME_VERIFIER|NoopHostnameVerifier|TrustAllStrategy)\b|\busesCleartextTraffic\s*=\s*["']true\b|\bNSAllowsArbitraryLoads<\/key>\s*<true\b/;
const TLS_OFF_RE = new RegExp(`${TLS_OFF_COMMON.source}|${TLS_OFF_OTHER_CLIENTS.source}`, 'g');
const FETCH_CONTEXT =
  /\b(curl|wget|fetch|requests\.\w+|httpx\.\w+|urlopen|urlretrieve|urllib|axios|got|http\.get|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|WebClient|DownloadString|DownloadFile|--index-url|--extra-index-url|registry\s*=|download\w*|pip3?\s+install|npm\s+install|git\s+clone)\b/i;
// The warning a client prints for every unverified request, silenced: nobody sees that TLS is off.
const TLS_WARNING_SILENCED =
  /\bdisable_warnings\s*\(\s*(?:[\w.]*InsecureRequestWarning)?\s*\)|\bfilterwarnings\s*\(\s*["']ignore["'][^)\n]{0,120}Insecure|\bNODE_NO_WARNINGS\s*=\s*['"]?1\b/;

export const PLAIN_HTTP_ANCHORS = [
  'curl', 'no-check-certificate', 'verify', 'rejectunauthorized', 'node_tls_reject', 'insecureskipverify', 'create_unverified',
  'cert_none', 'check_hostname', '--trusted-host', 'strict-ssl', 'sslverify', 'skipcertificatecheck',
  'servercertificatevalidationcallback', 'git_ssl_no_verify', 'http:/', 'ftp:/', 'ws:/',
  'insecure-skip-tls-verify', 'tls-verify', 'ssl_verify', 'verify_ssl', 'validate_certs', 'verify_peer', 'curlopt_ssl_verify',
  'verify_none', 'dangerousacceptany', 'servercertificatecustomvalidationcallback', 'hostnameverifier', 'allow_all_hostname',
  'trustallstrategy', 'cleartexttraffic', 'nsallowsarbitraryloads', 'verify_', 'tls_verify', 'verify_https', 'skip_tls_verify',
  'insecure_skip_verify', 'tls_insecure', 'ssl_insecure', 'allow_insecure',
];

/** The start of the curl or wget command a TLS flag at `index` belongs to, or -1. */
function tlsCommandBefore(text: string, index: number, tool: 'curl' | 'wget', after: number): number {
  // Same command: no line break, pipe or semicolon between, at most 160 characters of gap.
  const from = Math.max(0, after, index - 160 - tool.length);
  const window = text.slice(from, index);
  const stop = Math.max(window.lastIndexOf('\n'), window.lastIndexOf('|'), window.lastIndexOf(';'));
  const re = tool === 'curl' ? /\bcurl\b/g : /\bwget\b/g;
  re.lastIndex = stop + 1;
  const m = re.exec(window);
  return m ? from + m.index : -1;
}

/** Whether a script of the skill silences the client's warning about unverified requests. */
function warningSilenced(file: FileView, skill: SkillView | undefined): boolean {
  const scripts = skill ? skill.files.filter((f) => f.kind === 'script') : file.kind === 'script' ? [file] : [];
  return scripts.some((f) => TLS_WARNING_SILENCED.test(f.text));
}

export function detectPlainHttp(file: FileView, skill?: SkillView): RuleMatch[] {
  const text = file.text;
  const message = (m: string) => `Certificate verification disabled: ${m.trim().slice(0, 60)}`;
  const out: RuleMatch[] = [];
  let reportedTo = 0;
  scan(text, TLS_FLAG_RE, (m) => {
    const wget = m[0].startsWith('--no-check');
    const start = tlsCommandBefore(text, m.index, wget ? 'wget' : 'curl', reportedTo);
    if (start < 0) return null;
    const end = m.index + m[0].length;
    reportedTo = end;
    out.push({ index: start, length: end - start, severity: graded(file, 'medium'), message: message(text.slice(start, end)) });
    return null;
  });
  // A settings file that turns verification off counts with the script of the skill that reads it;
  // the skill's scripts are read only once a file turns verification off.
  let silenced: boolean | undefined;
  out.push(
    ...scan(text, TLS_OFF_RE, (m) => {
      silenced ??= warningSilenced(file, skill);
      return {
        index: m.index, length: m[0].length,
        severity: graded(file, silenced ? 'high' : 'medium'),
        message: silenced ? `${message(m[0])}, and the warning about it silenced` : message(m[0]),
      };
    }),
  );
  out.sort((a, b) => a.index - b.index);
  eachUrl(text, (url, host, index) => {
    if (!/^http:|^ftp:|^ws:/i.test(url)) return null;
    if (isLocalOrExampleHost(host) || IDENTIFIER_HOSTS.test(host)) return null;
    const line = lineWindow(text, index, url.length);
    // apt sources are signed; `deb http://...` is the norm.
    if (!FETCH_CONTEXT.test(line) || /^\s*deb(-src)?\s/.test(line)) return null;
    out.push({ index, length: url.length, severity: graded(file, 'medium'), message: `Unencrypted fetch from ${host}` });
    return null;
  });
  return out.slice(0, 20);
}
