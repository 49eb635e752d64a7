// EXF-08 DNS exfiltration: DNS lookups of names built from data, in shell and in code.
import type { FileView, RuleMatch } from '../../types.ts';
import { findAll } from '../match.ts';
import { onePerLine, testRegex } from '../context.ts';
import { isProseMention, isSignatureContext } from '../markdown-context.ts';

const DNS_SHELL =
  /\b(?:dig|nslookup|host|drill|delv|Resolve-DnsName)\b[^\n]{0,80}?\$(?:\{\w{1,40}[^}\n]{0,20}\}|\(\s*[^)\n]{1,80}\)|\w{1,40})[\w.-]{0,40}\.[a-z0-9-]{2,63}\.[a-z]{2,24}\b/gi;
const DNS_CODE =
  /\b(?:gethostbyname|getaddrinfo|dns\.resolve\w*|dns\.lookup|dns\.promises\.\w+|resolver\.(?:resolve|query)|Dns\.GetHostEntry\w*|net\.Lookup(?:Host|IP|TXT|CNAME|Addr))\s*\(\s*(?:fmt\.Sprintf\s*\(\s*"[^"\n]{0,10}%|f["'][^"'\n]{0,10}\{|`\$\{|\w{1,40}\s*\+\s*["']\.|["'][^"'\n]{0,10}["']\s*\.\s*format|["'][^"'\n]{0,10}%s)/g;
const ENCODING_NEARBY = /\bbase64\b|b64encode|\bhex\b|hexlify|\.hex\(\)|toString\(\s*["'](?:hex|base64)|\bfold\s+-w|\bcut\s+-c|\bchunk/i;

export function dnsMatches(file: FileView): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const m of findAll(file.text, DNS_SHELL)) {
    if (isProseMention(file, m.index) && !file.inCode(m.index)) continue;
    if (isSignatureContext(file, m.index)) continue;
    out.push({ ...m, message: 'Encodes data into DNS lookups' });
  }
  const encodes = testRegex(ENCODING_NEARBY, file.text);
  for (const m of findAll(file.text, DNS_CODE)) {
    if (isProseMention(file, m.index) && !file.inCode(m.index)) continue;
    if (isSignatureContext(file, m.index)) continue;
    out.push({ ...m, severity: encodes ? 'critical' : 'high', message: 'Builds DNS names from data' });
  }
  return onePerLine(file, out);
}
