// NET-11 dynamic DNS, lookalike domains and destinations the skill never mentions.
import type { FileView, RuleMatch, SkillView } from '../../types.ts';
import { graded, isProse } from '../context.ts';
import { WELL_KNOWN_HOSTS } from '../hosts.ts';
import { eachUrl, IDENTIFIER_HOSTS, isLocalOrExampleHost, lineWindow } from './shared.ts';

const DYNAMIC_DNS =
  /(^|\.)(duckdns\.org|no-ip\.(com|org|biz|info)|noip\.com|ddns\.net|hopto\.org|zapto\.org|sytes\.net|serveftp\.com|myftp\.(org|biz)|servehttp\.com|redirectme\.net|dynu\.(com|net)|freedns\.afraid\.org|mooo\.com|chickenkiller\.com|dynv6\.net|dyndns\.\w+|ddnsfree\.com|ddns\.me|3utilities\.com|bounceme\.net|servebeer\.com|webhop\.me|ngrok\.io)$/;
const ABUSED_TLDS = /\.(tk|ml|ga|cf|gq|zip|mov)$/;
const BRANDS = ['github', 'google', 'microsoft', 'apple', 'anthropic', 'openai', 'claude', 'paypal', 'amazon', 'npmjs', 'pypi', 'docker', 'cloudflare', 'icloud', 'outlook', 'office365'];
const REAL_BRAND_DOMAINS =
  /(^|\.)(github\.(com|io)|githubusercontent\.com|githubassets\.com|githubapp\.com|google\.[a-z.]{2,6}|googleapis\.com|googleusercontent\.com|googlesource\.com|googlevideo\.com|googletagmanager\.com|google-analytics\.com|microsoft\.com|microsoftonline\.com|apple\.com|icloud\.com|anthropic\.com|openai\.com|claude\.(ai|com)|paypal\.com|amazon\.[a-z.]{2,6}|amazonaws\.com|npmjs\.(com|org)|pypi\.org|docker\.(com|io)|cloudflare\.com|cloudflare-dns\.com|outlook\.com|office365\.com)$/;
// "github.com.example-cdn.io": a real domain used as a label of another one.
const BRAND_AS_SUBDOMAIN = new RegExp(`(?:^|\\.)(${BRANDS.join('|')})\\.(?:com|ai|org|io|net)\\.`);
// A brand name plus a word of its infrastructure (github-mirror, npmjs-registry, pypi-cache).
const LURE_WORDS = /(update|verify|verification|secure|security|login|signin|auth|account|support|helpdesk|download|setup|install|installer|service|cdn|official|patch|wallet|billing|recovery|mirror|proxy|registry|cache|pkg|packages|static|assets|releases)/;

function registrable(host: string): string {
  const labels = host.split('.');
  const two = labels.slice(-2).join('.');
  if (/^(co|com|org|net|gov|ac|edu)\.[a-z]{2}$/.test(two) && labels.length >= 3) return labels.slice(-3).join('.');
  return two;
}

function suspiciousHost(host: string): string | null {
  if (DYNAMIC_DNS.test(host)) return 'a dynamic-DNS host';
  if (REAL_BRAND_DOMAINS.test(host)) return null;
  const name = registrable(host).split('.')[0];
  for (const brand of BRANDS) {
    if (name.includes(brand) && name !== brand && LURE_WORDS.test(name.replace(brand, ''))) return `a lookalike of ${brand}`;
  }
  const prefixed = BRAND_AS_SUBDOMAIN.exec(host);
  if (prefixed) return `a lookalike of ${prefixed[1]}`;
  if (ABUSED_TLDS.test(host) && !WELL_KNOWN_HOSTS.test(host)) return 'a domain on a frequently abused top-level domain';
  return null;
}

const CALLER_FILE = /\.(py|js|mjs|cjs|ts|sh|bash|zsh|ps1|rb|go|php|pl|json|ya?ml|toml|ini|cfg|conf|env)$/i;

function inComment(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 200), index);
  const line = before.slice(before.lastIndexOf('\n') + 1);
  return /(^|\s)(#|\/\/|\*|\/\*|--|;|REM\b)/.test(line) || /^\s*("""|''')/.test(line);
}

const SEND_CONTEXT = /\.(post|put|patch)\(|-X\s*(POST|PUT)|--data|\s-d\s|--upload-file|\s-F\s|method:\s*['"](POST|PUT)|\bsend\w*\(|upload/i;

export function detectUndeclaredDestination(_file: FileView, skill: SkillView): RuleMatch[] {
  const out: RuleMatch[] = [];
  // Built on first use: most skills have no URL that needs the check.
  let prose: string | undefined;
  const mentioned = new Map<string, boolean>();
  const isMentioned = (label: string): boolean => {
    let known = mentioned.get(label);
    prose ??= skill.files.filter(isProse).map((f) => f.text.toLowerCase()).join('\n');
    if (known === undefined) mentioned.set(label, (known = prose.includes(label)));
    return known;
  };
  const reported = new Set<string>();
  for (const file of skill.files) {
    if (file.kind === 'binary' || out.length >= 20) continue;
    eachUrl(file.text, (url, host, index) => {
      if (isLocalOrExampleHost(host) || IDENTIFIER_HOSTS.test(host) || /^\d/.test(host)) return null;
      const odd = suspiciousHost(host);
      if (odd) {
        if (reported.has(host + file.path)) return null;
        reported.add(host + file.path);
        out.push({ index, length: url.length, file, severity: graded(file, 'medium'), message: `${host} is ${odd}` });
        return null;
      }
      // Code and config that call a service the instructions never name (comments do not call).
      if (!CALLER_FILE.test(file.path) || isProse(file) || WELL_KNOWN_HOSTS.test(host) || reported.has(host)) return null;
      if (inComment(file.text, index)) return null;
      const label = registrable(host).split('.')[0];
      if (label.length < 3 || isMentioned(label)) return null;
      reported.add(host);
      const line = lineWindow(file.text, index, url.length);
      out.push({
        index, length: url.length, file,
        severity: SEND_CONTEXT.test(line) ? 'medium' : 'low',
        message: `${host} is contacted by ${file.skillPath} but never mentioned in the skill's instructions`,
      });
      return null;
    }, 20);
  }
  return out.slice(0, 20);
}
