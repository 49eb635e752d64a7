// Network sinks shared by several rules (EXF-06, EXF-09, EXF-11): sends that carry data and, for
// the strongest sources, any network call.
import type { FileView } from '../../types.ts';
import { execRegexIn } from '../context.ts';
import { COMMENT_LINE, type Hit } from './shared.ts';

// Network sends that carry data (a plain GET download is not a sink).
const NETWORK_SEND =
  /\b(?:requests|httpx|session|client|http)\.(?:post|put|patch)\s*\(|\b(?:urlopen|Request)\s*\([^)\n]{0,200}\bdata\s*=|\b(?:urllib\.request|request|urllib2)\.Request\s*\(\s*(?:[^,()\n]|\([^()\n]{0,80}\)){1,120},\s*(?!None\b|headers\s*=|method\s*=)[\w"'(]|\bhttp\.client\.HTTPS?Connection\b|\bfetch\s*\([^)]{0,300}?(?:method\s*:\s*["'`](?:POST|PUT|PATCH)|body\s*:)|\baxios\.(?:post|put|patch)\s*\(|\baxios\s*\(\s*\{[^}]{0,200}method\s*:\s*["'](?:post|put)|\bhttps?\.request\s*\(|\bXMLHttpRequest\b|\bnavigator\.sendBeacon\s*\(|\bcurl\b(?:[^\n\\]|\\\r?\n?){0,300}?(?:\s-d\b|\s--data\b|--data-\w+|\s-F\b|\s--form\b|\s-T\b|--upload-file|\s-X\s*["']?(?:POST|PUT)|@-)|\bwget\b[^\n]{0,200}?--(?:post|body)-(?:data|file)|(?<![\w-])(?:nc|ncat|netcat|socat)\s+(?:-\w+\s+){0,4}[\w.-]+\.[a-z]{2,}\s+\d{2,5}\b|\bsocket\.(?:socket|create_connection)\s*\(|\.sendall\s*\(|\bsock\w*\.send\s*\(|\bsmtplib\.SMTP|\bscp\s+[^\n]{0,200}\s[\w.-]+@[\w.-]+:|\brsync\s+[^\n]{0,200}\s[\w.-]+@[\w.-]+:|\bInvoke-(?:WebRequest|RestMethod)\b[^\n]{0,200}-(?:Method\s+Post|Body|InFile)|\b(?:iwr|irm)\b[^\n]{0,200}-(?:Method\s+Post|Body|InFile)|\bNet::HTTP\.post|\bhttp\.Post(?:Form)?\s*\(|\b\w+\.Post\s*\([^,\n]{1,120},\s*"[\w/.+-]+"\s*,|\bhttp\.NewRequest(?:WithContext)?\s*\([^)\n]{0,40}?["'](?:POST|PUT)["']|\bUpload(?:String|File|Data)\s*\(|\bTcpStream::connect\w*\s*\(|\b(?:ureq|reqwest(?:::blocking)?)::(?:post|Client::new\(\)\s*\.post)\s*\(|\bstream_context_create\s*\([^;]{0,300}?["']method["']\s*=>\s*["'](?:POST|PUT)|\[\s*["']http["']\s*=>\s*\[[^\]]{0,200}?["']method["']\s*=>\s*["'](?:POST|PUT)|\bCURLOPT_POSTFIELDS\b|\.httpMethod\s*=\s*"(?:POST|PUT|PATCH)"|\bURLSession\b[^\n]{0,80}\.upload(?:Task)?\s*\(|\bsetRequestMethod\s*\(\s*"(?:POST|PUT)"|\brequestMethod\s*=\s*"(?:POST|PUT)"|\b(?:dig|nslookup)\s+[^\n]{0,80}\$|["'`]curl["'`]\s*,\s*\[[^\]]{0,400}?["'`]-(?:d|F|T|-data[\w-]*|-form|-upload-file)["'`]|\bsocket\.(?:getaddrinfo|gethostbyname(?:_ex)?)\s*\(\s*(?!["'])|\bdns\.resolver\.(?:resolve|query)\s*\(\s*(?!["'])|\bdns\.(?:promises\.)?(?:lookup|resolve\w*)\s*\(\s*(?!["'])|\.Lookup(?:Host|TXT|IP|IPAddr|CNAME|MX|NS)\s*\(\s*(?:ctx\s*,\s*|context\.\w+\(\)\s*,\s*)?(?!")/gi;

export const NETWORK_SEND_ONE = new RegExp(NETWORK_SEND.source, 'i');

// Any network call, for the strongest sources (private keys, browser stores, wallets, history,
// environment dumps): with those, even a GET carries the data in its URL. After curl or wget the
// text up to the URL starts with a non-space: the same matches as `\s+[^\n]{0,200}`, without
// trying every split of a long run of spaces between the two.
export const NETWORK_ANY =
  /\b(?:requests|httpx|session|client|http|https|urllib\.request|axios)\.(?:get|post|put|patch|request|urlopen)\s*\(|\burlopen\s*\(|\bfetch\s*\(|\b(?:curl|wget)\s+(?:\S[^\n]{0,199})?https?:\/\/|\bInvoke-(?:WebRequest|RestMethod)\b|\b(?:iwr|irm)\s/gi;
export const STRONG_SOURCE = /\.ssh|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|Login Data|Cookies|logins\.json|key[34]\.db|cookies\.sqlite|wallet\.dat|seed\.txt|_history|\/etc\/shadow|login\.keychain|\.gnupg|\.kdbx|the whole environment|security\s|browser_cookie3|secret-tool|CryptUnprotectData|CredEnumerate|kSecMatchLimitAll|\.claude\W{1,8}\.credentials|credential\s+fill/;

export function codeSinks(file: FileView, from: number, to: number, re: RegExp = NETWORK_SEND): Hit[] {
  const region = file.text.slice(from, to);
  const hits: Hit[] = [];
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = execRegexIn(re, region, file.text, from)) !== null) {
    const index = from + m.index;
    // PHP's options array (`['http' => ['method' => 'POST', ...]]`) is named for what it does.
    const label = m[0].startsWith('[') ? 'a PHP POST stream context' : m[0].split(/\s/)[0];
    if (!COMMENT_LINE.test(file.lineAt(index))) hits.push({ index, length: m[0].length, label });
    if (hits.length >= 10) break;
  }
  return hits;
}
