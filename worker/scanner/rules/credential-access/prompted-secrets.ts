// CRED-11 in scripts: a prompt for a password, token or one-time code whose answer is posted to a
// server, directly or through a file the script uploads. Logging in with what was typed (curl -u,
// an Authorization header, docker login) is ordinary; sending it as the body of a request to a
// host that is not a well-known provider is how phishing scripts collect credentials.
import type { FileView, RuleMatch } from '../../types.ts';
import { firstUrlIn, hostOf, WELL_KNOWN_HOSTS } from '../hosts.ts';

const SECRET_WORDS = String.raw`(?:pass(?:word|wd|phrase)?|mot\s+de\s+passe|passwort|kennwort|contrase[ñn]a|senha|парол|has[łl]o|şifre|sifre|密码|パスワード|비밀번호|token|jeton|PAT\b|2fa|mfa|otp|one-time|verification|authenticator|code|seed|mnemonic|recovery)`;
const PROMPTS = [
  // batch: set /p PASS=Password:
  new RegExp(String.raw`\bset\s+\/p\s+"?(\w+)=[^\n]*${SECRET_WORDS}`, 'gi'),
  // sh: read -s PASS, read -rsp "Password: " PASS, read -p "Token: " TOKEN
  new RegExp(String.raw`\bread\s+(?:-\w+\s+)*(?:"[^"\n]*${SECRET_WORDS}[^"\n]*"\s+|'[^'\n]*${SECRET_WORDS}[^'\n]*'\s+)(?:-\w+\s+)*(\w+)`, 'gi'),
  /\bread\s+-\w*s\w*\s+(?:-\w+\s+|"[^"\n]*"\s+|'[^'\n]*'\s+)*(\w+)/g,
  // Python: pw = getpass.getpass(...) / input("Password: ")
  new RegExp(String.raw`\b(\w+)\s*=\s*(?:getpass\.)?getpass\s*\(|\b(\w+)\s*=\s*input\s*\([^)\n]*${SECRET_WORDS}`, 'gi'),
  // PowerShell: $pw = Read-Host "Password" [-AsSecureString]
  new RegExp(String.raw`\$(\w+)\s*=\s*Read-Host\b[^\n]*${SECRET_WORDS}`, 'gi'),
];
// A request that carries a body: form fields, data, an uploaded file, a POST.
const SENDS_BODY = /\bcurl\b[^\n]{0,300}(?:\s-d\b|\s--data\b|\s--data-\w+|\s-F\b|\s--form\b|\s-T\b|\s--upload-file\b|-X\s*POST)|\bwget\b[^\n]{0,300}--post-(?:data|file)|\brequests\.post\s*\(|\bhttpx\.post\s*\(|\burlopen\s*\(|\bInvoke-(?:WebRequest|RestMethod)\b[^\n]{0,300}-(?:Body|InFile|Method\s+Post)|\bfetch\s*\([^\n]{0,300}method\s*:\s*["']POST/i;

/** A test for a line that uses the variable (`%NAME%`, `$NAME`, `${NAME}`, a bare name). */
function usesOf(name: string): (line: string) => boolean {
  const use = new RegExp(String.raw`%${name}%|\$\{?${name}\b|(?<![\w$%])${name}\b(?![=(])`);
  return (line) => use.test(line);
}

export function promptedSecretsSent(file: FileView): RuleMatch[] {
  const text = file.text;
  if (!SENDS_BODY.test(text)) return [];
  const lines = text.split('\n').slice(0, 5000);
  const sendLines = lines.filter((l) => SENDS_BODY.test(l)).slice(0, 20);
  const out: RuleMatch[] = [];
  for (const re of PROMPTS) {
    re.lastIndex = 0;
    for (let m = re.exec(text), n = 0; m && n < 10; m = re.exec(text), n++) {
      const name = m[1] ?? m[2];
      if (!name || name.length < 2) continue;
      // Files the answer is written to: echo %PASS% >> "%OUT%", print(pw, file=f) is left out.
      const uses = usesOf(name);
      const files = lines
        .filter((l) => uses(l) && />>?\s*"?[^\s">]+/.test(l))
        .map((l) => />>?\s*"?([^\s">]+)/.exec(l)![1].replace(/^[%$]\{?|[%}]$/g, ''))
        .filter((f) => f.length >= 2);
      const send = sendLines.find((l) => uses(l) && !/\s-u\s|--user\b|Authorization|login\b/i.test(l)) ?? sendLines.find((l) => files.some((f) => l.includes(f)));
      if (!send) continue;
      const host = hostOf(firstUrlIn(send));
      if (!host || host.startsWith('$') || WELL_KNOWN_HOSTS.test(host)) continue;
      out.push({
        index: m.index,
        length: m[0].length,
        severity: 'critical',
        message: `Prompts for a secret ("${name}") and posts the answer to ${host}`,
      });
      break;
    }
  }
  return out;
}
