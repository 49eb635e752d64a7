// Secret sources in code, the "source" side of EXF-06's source-to-sink flows: credential files that
// are read, keychains and credential helpers, environment dumps, and credentials packed together.
import type { FileView } from '../../types.ts';
import { ARGV_GAP, execRegexIn, lineWindow, testRegexIn } from '../context.ts';
import { isSignatureContext } from '../markdown-context.ts';
import {
  SECRET_PATH_SOURCE,
  cloudDirWithVariableHits,
  CREDENTIAL_FOLDERS,
  credentialNamesReadInLoop,
  joinedPath,
} from '../secret-paths.ts';
import { COMMENT_LINE, logicalLines, type Hit } from './shared.ts';
import { envHarvestHits } from './env-harvest.ts';
import { packedCredentials } from './credential-collections.ts';

const SECRET_PATH_G = new RegExp(SECRET_PATH_SOURCE, 'gi');

// Reading a file's content, for the path-based sources.
const READ_OP =
  /\bos\.ReadFile\b|\bioutil\.ReadFile\b|\b(?:cat|less|head|tail|base64|xxd|strings|cp|tar|zip|7z|sqlite3|Get-Content|find|readFile|readFileSync|read_text|read_bytes|readlines|fopen|file_get_contents|glob|copyfile|copytree|listdir|readdir)\b|\bopen\s*\(|\.read\s*\(|\bfs\.\w+/;
const SETUP_LINE =
  /(?<![\w./-])(?:ssh|ssh-add|ssh-keygen|ssh-copy-id|chmod|chown|mkdir|touch|kubectl|helm)\s|load_dotenv|dotenv|\.gitignore|KUBECONFIG|--kubeconfig|IdentityFile|GIT_SSH_COMMAND|\s-i\s+["']?~?\/?[\w./-]*\.ssh|(?<![0-9&])>>?\s*["']?(?!\/dev\/null\b)[~$\w./-]*$/;
// Credential stores read through their tools and SDKs: keychains, git's and cloud CLIs' helpers,
// password managers, and the SDK calls that hand out live keys (boto3's get_frozen_credentials).
const G = ARGV_GAP;
const KEYCHAIN_SOURCE = new RegExp(
  [
    String.raw`\bsecurity${G}(?:dump-keychain|find-generic-password|find-internet-password)\b`,
    String.raw`\bbrowser_cookie3\b|\bsecret-tool${G}lookup\b|\bCryptUnprotectData\b|\bCredEnumerate[AW]?\b|\bkSecMatchLimitAll\b`,
    String.raw`\bgit${G}credential${G}fill\b|\bgit${G}["']?credential-[\w\${}-]+["']?${G}get\b|\bgit-credential-[\w-]+${G}get\b`,
    String.raw`\bterraform${G}state${G}pull\b|\bget_(?:frozen_)?credentials\s*\(\s*\)`,
    String.raw`\baws${G}configure${G}(?:get${G}aws_secret_access_key|export-credentials)\b`,
    String.raw`\bgcloud${G}auth${G}(?:application-default${G})?print-access-token\b|\baz${G}account${G}get-access-token\b`,
    String.raw`\b(?:op${G}item${G}get|op${G}read|bw${G}(?:get${G}password|export)|lpass${G}show)\b`,
    String.raw`\bkubectl${G}config${G}view${G}(?:[^\n]{0,40}${G})?--raw\b|\bdocker-credential-[\w-]+${G}get\b`,
  ].join('|'),
);

const LIST_ITEM_LINE = /^\s*[^=\s][^=\n]{0,160},\s*(?:#[^\n]*)?$/;

/** Secret sources in a code region: credential files that are read, keychains, env dumps. */
export function codeSources(file: FileView, from: number, to: number): Hit[] {
  const text = file.text;
  const region = text.slice(from, to);
  const hits: Hit[] = [];
  const readsFiles = testRegexIn(READ_OP, region, text, from);
  SECRET_PATH_G.lastIndex = 0;
  let m: RegExpExecArray | null;
  let tries = 0;
  while (readsFiles && (m = execRegexIn(SECRET_PATH_G, region, text, from)) !== null && tries++ < 200) {
    const index = from + m.index;
    const line = lineWindow(file, index, m[0].length);
    if (COMMENT_LINE.test(file.lineAt(index)) || SETUP_LINE.test(line) || isSignatureContext(file, index)) continue;
    // A path counts when the line reads it, when the line lists several credential paths (a target
    // list read in a loop), or when it is stored in a variable the code uses again.
    const stored = /^\s*(?:(?:const|let|var|export|local)\s+)?([A-Za-z_$][\w$]{0,40})\s*[:=]/.exec(file.lineAt(index))?.[1];
    const reused = stored !== undefined && region.split(stored).length > 2;
    const listed = (line.match(SECRET_PATH_G) ?? []).length >= 2;
    SECRET_PATH_G.lastIndex = m.index + m[0].length;
    // One item per line of a longer list of targets (`SOURCES = [\n  HOME / ".aws" / "credentials",`).
    const listItem = LIST_ITEM_LINE.test(file.lineAt(index));
    // A helper that returns the path (`return filepath.Join(home, ".kube", "config")`) is read
    // wherever it is called.
    const returned = /^\s*return\b/.test(file.lineAt(index));
    if (!READ_OP.test(line) && !listed && !reused && !listItem && !returned) continue;
    hits.push({ index, length: m[0].length, label: joinedPath(m[0]) });
    if (hits.length >= 10) break;
  }
  // The tokens of several services packed into one encoded value (shell).
  for (const c of packedCredentials(file, from, to)) hits.push({ index: c.index, length: c.length, label: 'several credentials packed together' });
  // Credential files named in a list and read through a folder joined with a variable.
  if (file.kind === 'script') {
    for (const h of [...cloudDirWithVariableHits(file), ...credentialNamesReadInLoop(file, CREDENTIAL_FOLDERS)]) {
      if (h.index >= from && h.index < to) hits.push({ index: h.index, length: h.length, label: h.message });
    }
  }
  for (const line of logicalLines(text, from, to)) {
    const k = KEYCHAIN_SOURCE.exec(line.line);
    if (k && !COMMENT_LINE.test(line.line)) hits.push({ index: line.start + k.index, length: k[0].length, label: k[0] });
  }
  for (const h of envHarvestHits(text, from, to)) {
    if (!COMMENT_LINE.test(file.lineAt(h.index)) && !isSignatureContext(file, h.index)) hits.push({ ...h, label: 'the whole environment' });
  }
  return hits.sort((a, b) => a.index - b.index);
}
