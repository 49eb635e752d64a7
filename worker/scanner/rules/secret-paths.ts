// Credential paths shared by the credential-access and exfiltration rules: the files that hold
// credentials, the separators of a path built from pieces, the commands and calls that read a
// file, and code that reads credential files by name from their folders.
import type { FileView, Severity } from '../types.ts';
import { findAll } from './match.ts';
import { endOfLinesAfter, lineBounds } from '../line-table.ts';

/**
 * Files that hold credentials (keys, tokens, cookies, wallets, shell history). Shared with the
 * exfiltration rules as the "source" side of source-to-sink flows.
 */
// Between the folders of a credential path: a slash, or the quotes and operator of a path built
// from pieces (os.path.join(home, ".aws", "credentials"), Path.home() / ".kube" / "config",
// ".docker" + "/config.json" joins the same way).
// A parameter default closes before the separator (${DOCKER_CONFIG:-$HOME/.docker}/config.json),
// and a call may close between the pieces (join(expanduser("~/.docker")), "config.json")).
export const PATH_SEP = String.raw`(?:\}?[/\\]{1,2}|["'\x60]\){0,2}[ \t]{0,3}(?:[,/+][ \t]{0,3})?["'\x60]/?)`;

/** A path matched across PATH_SEP pieces, written with slashes (`.aws", "credentials` -> `.aws/credentials`). */
export function joinedPath(found: string): string {
  return found.replace(/["'\x60]\)*[ \t]*(?:[,/+][ \t]*)?["'\x60]\/?|\}(?=[/\\])/g, (sep) => (sep === '}' ? '' : '/'));
}

export const SECRET_PATH_SOURCE =
  String.raw`\.ssh(?![/\\](?:config|known_hosts|authorized_keys)\b)(?![/\\][\w.*-]*\.pub\b)(?:[/\\]|\b)|\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub)|\.aws${PATH_SEP}(?:credentials|sso)|\.azure${PATH_SEP}|\bgcloud${PATH_SEP}|application_default_credentials|\.kube${PATH_SEP}config|\.docker${PATH_SEP}config\.json|(?<![\w-])\.npmrc\b|(?<![\w-])\.pypirc\b|(?<![\w-])[._]netrc\b|\.git-credentials\b|(?<![\w-])\.pgpass\b|(?<![\w-])\.gnupg(?![\w-])|\.vault-token\b|(?<![\w.$-])\.env(?:\.(?!example|sample|template)[\w-]+)?(?![\w.-])|/etc/(?:passwd|shadow|sudoers)\b|\.\w*_history\b|\.(?:gem|cargo|terraform\.d|local${PATH_SEP}share${PATH_SEP}gem)${PATH_SEP}credentials(?:\.(?:toml|json|tfrc\.json))?\b|[/\\](?:Login Data|Local State|Cookies|Web Data)\b|["'](?:Login Data|Local State|Web Data)["']|logins\.json|key[34]\.db|cookies\.sqlite|login\.keychain|wallet\.dat|seed\.txt|\.kdbx\b|[/\\]credentials\b|auth-profiles\.json|\.config${PATH_SEP}(?:gh|anthropic|openai|claude)\b|\.claude${PATH_SEP}\.credentials|\.gradle${PATH_SEP}gradle\.properties\b|\.m2${PATH_SEP}settings\.xml\b|\bglobalStorage${PATH_SEP}state\.vscdb\b|\bmeta-data[/\\]iam[/\\]security-credentials\b|computeMetadata[/\\]v1[/\\]instance[/\\]service-accounts\b`;

// Verbs and commands that read, copy or ship a file's content.
export const ACCESS_COMMAND =
  /\b(?:cat|less|more|head|tail|base64|xxd|od|strings|cp|scp|rsync|tar|zip|7z|gzip|curl|wget|nc|ncat|socat|Get-Content|sqlite3|readFile|readFileSync|read_text|read_bytes|readlines|fopen|copyfile|copytree|listdir|readdir|glob|find)\b|\bopen\s*\(|\.read\s*\(|\bfs\.\w+|\bwith\s+open\b/i;

export interface PathHit {
  index: number;
  length: number;
  severity: Severity;
  message: string;
}

// File reads in languages ACCESS_COMMAND does not spell (Go, Rust, Java, C#).
const CODE_FILE_READ = /\b(?:os\.ReadFile|ioutil\.ReadFile|fs::read(?:_to_string)?|Files\.read(?:AllBytes|String|AllLines)|File\.ReadAll(?:Text|Bytes))\s*\(/;

// A credential folder joined with a variable file name (f"~/.aws/{name}", Path.home() / ".aws" /
// name, path.join(home, '.kube', f)) whose value a literal list a few lines above supplies:
// `for name in ("credentials", "config")`. The folder alone is ordinary (the CLIs read it); the
// credential file's name beside it and a read right after make it a harvest.
const CLOUD_DIR_WITH_VARIABLE = /\.(aws|kube|docker|azure)(?:[/\\]\{|[/\\]\$\{?|["'\x60][ \t]{0,3}[,/+][ \t]{0,3})(?=[A-Za-z_])/g;
const CLOUD_FILE_LITERAL: Readonly<Record<string, RegExp>> = {
  aws: /["'\x60]credentials["'\x60]/,
  kube: /["'\x60]config["'\x60]/,
  docker: /["'\x60]config\.json["'\x60]/,
  azure: /["'\x60](?:accessTokens\.json|msal_token_cache\.json|azureProfile\.json)["'\x60]/,
};

// The folder named a line or two above and the file names in the loop that reads them:
//   home = CARGO_HOME or ~/.cargo
//   for f in ["credentials.toml", "credentials"]: fs::read_to_string(home.join(f))
const CREDENTIAL_NAME_LITERAL = /["'\x60](?:credentials(?:\.toml|\.json)?|config\.json|hosts\.yml|\.git-credentials|\.netrc|\.npmrc|\.pypirc)["'\x60]/;
const CLOUD_FOLDER_NAMES = String.raw`aws|kube|docker|azure`;
const TOKEN_FOLDER_NAMES = String.raw`cargo|gem|config[/\\]gh|composer`;
export const CLOUD_FOLDERS = new RegExp(String.raw`["'\x60/\\]\.(?:${CLOUD_FOLDER_NAMES})\b`);
export const TOKEN_FOLDERS = new RegExp(String.raw`["'\x60/\\]\.(?:${TOKEN_FOLDER_NAMES})\b|["'\x60]gh["'\x60]`);
/** Either kind of folder, as a source of credential files read in a loop (EXF-06). */
export const CREDENTIAL_FOLDERS = new RegExp(String.raw`["'\x60/\\]\.(?:${CLOUD_FOLDER_NAMES}|${TOKEN_FOLDER_NAMES})\b`);

export function credentialNamesReadInLoop(file: FileView, folders: RegExp): PathHit[] {
  if (file.kind !== 'script') return [];
  const hits: PathHit[] = [];
  for (const m of findAll(file.text, LOOP_HEAD_G)) {
    const { start, end } = lineBounds(file.text, m.index);
    const line = file.text.slice(start, end);
    const name = CREDENTIAL_NAME_LITERAL.exec(line);
    if (!name || !folders.test(file.text.slice(Math.max(0, start - 300), end))) continue;
    if (!readInLoopBelow(file.text, m.index)) continue;
    hits.push({ index: start + name.index, length: name[0].length, severity: 'high', message: `Credential files read by name in a loop (${name[0]})` });
    if (hits.length >= 5) break;
  }
  return hits;
}

export function cloudDirWithVariableHits(file: FileView): PathHit[] {
  if (file.kind !== 'script') return [];
  const hits: PathHit[] = [];
  for (const m of findAll(file.text, CLOUD_DIR_WITH_VARIABLE)) {
    const dir = /\.(\w+)/.exec(file.text.slice(m.index, m.index + m.length))?.[1]?.toLowerCase() ?? '';
    const { start, end } = lineBounds(file.text, m.index);
    const before = file.text.slice(Math.max(0, start - 240), end);
    if (!CLOUD_FILE_LITERAL[dir]?.test(before)) continue;
    // The read: on the line itself or within the next two (p = ...; if p.exists(): p.read_text()).
    if (!readsFile(file.text.slice(start, endOfLinesAfter(file.text, end, 2)))) continue;
    hits.push({ index: m.index, length: m.length, severity: 'high', message: `Cloud credential files read by name from ~/.${dir}` });
  }
  return hits;
}

// `for p in ("~/.aws/credentials", ".env"):` then `open(p)` a line or three below: the listed
// files are read one after another.
const LOOP_HEAD = /^\s*(?:for\b|foreach\b|\w+\.forEach\b)|\bfor\s*\(|\brange\b|\.each\s+do\b/;
const LOOP_HEAD_G = /^[ \t]*(?:for|foreach)\b[^\n]*|\.forEach\b[^\n]*|\.each\s+do\b[^\n]*/gm;

export function readInLoopBelow(text: string, index: number): boolean {
  const { start, end } = lineBounds(text, index);
  if (!LOOP_HEAD.test(text.slice(start, end))) return false;
  return readsFile(text.slice(end, endOfLinesAfter(text, end, 3)));
}

/** Whether a piece of code reads a file: a shell reader, an open or read call, a Go/Rust/Java read. */
export function readsFile(code: string): boolean {
  return ACCESS_COMMAND.test(code) || CODE_FILE_READ.test(code);
}
