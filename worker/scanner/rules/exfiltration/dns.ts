// EXF-08 DNS exfiltration: DNS lookups of names built from data, in shell and in code.
import type { FileView, RuleMatch } from '../../types.ts';
import { findAll } from '../match.ts';
import { execRegex, onePerLine, testRegex } from '../context.ts';
import { isProseOnlyMention, isSignatureContext } from '../markdown-context.ts';

const DNS_SHELL =
  /\b(?:dig|nslookup|host|drill|delv|Resolve-DnsName)\b[^\n]{0,80}?\$(?:\{\w{1,40}[^}\n]{0,20}\}|\(\s*[^)\n]{1,80}\)|\w{1,40})[\w.-]{0,40}\.[a-z0-9-]{2,63}\.[a-z]{2,24}\b/gi;
const DNS_CODE =
  /\b(?:gethostbyname|getaddrinfo|dns\.resolve\w*|dns\.lookup|dns\.promises\.\w+|resolver\.(?:resolve|query)|Dns\.GetHostEntry\w*|net\.Lookup(?:Host|IP|TXT|CNAME|Addr))\s*\(\s*(?:fmt\.Sprintf\s*\(\s*"[^"\n]{0,10}%|f["'][^"'\n]{0,10}\{|`\$\{|\w{1,40}\s*\+\s*["']\.|["'][^"'\n]{0,10}["']\s*\.\s*format|["'][^"'\n]{0,10}%s)/g;
const ENCODING_NEARBY = /\bbase64\b|b64encode|\bhex\b|hexlify|\.hex\(\)|toString\(\s*["'](?:hex|base64)|\bfold\s+-w|\bcut\s+-c|\bchunk/i;

// The other shape: a lookup of a name held in a variable, in code that reads who and where it runs
// (user, host name, git remote), encodes something and joins labels with dots. Each DNS query then
// carries that identity to whoever runs the zone's name server, whatever the lookup's answer.
const DNS_LOOKUP_CALL =
  /\b(?:gethostbyname(?:_ex)?|getaddrinfo|dns\.resolve\w*|dns\.lookup|dns\.promises\.\w+|resolver\.(?:resolve|query)|Dns\.GetHostEntry\w*|Resolve-DnsName)\s*\(?|\.Lookup(?:Host|IP|IPAddr|TXT|CNAME|Addr|MX|NS)\s*\(|\bnet\.Lookup\w*\s*\(/g;
const IDENTITY_READ =
  /\bos\.Hostname\(\)|\bgethostname\b|\bplatform\.node\(\)|\bgetpass\.getuser\(\)|\bos\.getlogin\(\)|\buser\.Current\(\)|\bos\.userInfo\(\)|\bos\.hostname\(\)|\bwhoami\b|\bgit["',\s]+(?:remote|config)\b|\$env:(?:USERNAME|COMPUTERNAME)\b|\bEtc\.getlogin\b|\bSocket\.gethostname\b/;
const IDENTITY_ENCODED = /\bb(?:32|64|16)encode\b|\bhex\.EncodeToString\b|\bbase32\.\w+Encoding\b|\bhexlify\b|\.hex\(\)|toString\(\s*["'](?:hex|base64|base32)["']|\bEncodeToString\b/;
const DOTTED_NAME_BUILT = /["']\.["']\s*\.join\b|\.join\(\s*["']\.["']\s*\)|strings\.Join\([^)\n]{0,80}"\."\)|%[sx]\.[^"'\n]{0,80}\.[a-z]{2,24}\.?["']|\}\.[\w.-]{0,80}\.[a-z]{2,24}["'`]|\+\s*["']\.[\w-]/;

function identityBeacons(file: FileView): RuleMatch[] {
  if (file.kind !== 'script') return [];
  const text = file.text;
  if (!testRegex(IDENTITY_READ, text) || !testRegex(IDENTITY_ENCODED, text)) return [];
  const joined = execRegex(DOTTED_NAME_BUILT, text);
  if (!joined) return [];
  // The lookup of the built name: the first after the place where the labels are joined.
  const built = joined.index;
  const lookups = findAll(text, DNS_LOOKUP_CALL, undefined, 20).filter((m) => !/^\s*(?:#|\/\/)/.test(file.lineAt(m.index)));
  const lookup = lookups.find((m) => m.index > built) ?? lookups[0];
  return lookup ? [{ ...lookup, severity: 'critical', message: "Looks up DNS names built from the encoded user, host or repository: each query carries them to the zone's name server" }] : [];
}

export function dnsMatches(file: FileView): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const m of findAll(file.text, DNS_SHELL)) {
    if (isProseOnlyMention(file, m.index)) continue;
    if (isSignatureContext(file, m.index)) continue;
    out.push({ ...m, message: 'Encodes data into DNS lookups' });
  }
  const encodes = testRegex(ENCODING_NEARBY, file.text);
  for (const m of findAll(file.text, DNS_CODE)) {
    if (isProseOnlyMention(file, m.index)) continue;
    if (isSignatureContext(file, m.index)) continue;
    out.push({ ...m, severity: encodes ? 'critical' : 'high', message: 'Builds DNS names from data' });
  }
  if (!out.some((m) => m.severity === 'critical')) out.push(...identityBeacons(file));
  return onePerLine(file, out.sort((a, b) => a.index - b.index));
}
