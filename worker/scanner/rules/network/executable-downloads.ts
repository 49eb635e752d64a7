// NET-06 executable downloads from unknown publishers: forge release assets and raw scripts of
// accounts outside the well-known organisations, and executables from hosts other than big vendors.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { graded, lowerSeverity, nearby, scanCapped as scan } from '../context.ts';
import { eachUrl, isLocalOrExampleHost, lineWindow } from './shared.ts';

/** Well-known organisations whose GitHub releases are ordinary downloads. */
const WELL_KNOWN_OWNERS = new Set([
  'anthropics', 'modelcontextprotocol', 'microsoft', 'google', 'googleapis', 'github', 'cli', 'actions',
  'astral-sh', 'rust-lang', 'nodejs', 'denoland', 'oven-sh', 'docker', 'kubernetes', 'kubernetes-sigs',
  'hashicorp', 'golang', 'python', 'aws', 'awslabs', 'azure', 'cloudflare', 'vercel', 'mozilla', 'apple',
  'facebook', 'huggingface', 'openai', 'jqlang', 'stedolan', 'burntsushi', 'sharkdp', 'junegunn',
  'homebrew', 'nvm-sh', 'pyenv', 'llvm', 'protocolbuffers', 'grpc', 'helm', 'containerd', 'moby',
  'semgrep', 'returntocorp', 'mikefarah', 'koalaman', 'mvdan', 'cli-tools', 'git-for-windows', 'neovim',
  'tree-sitter', 'pnpm', 'yarnpkg', 'npm', 'pypa', 'conda', 'conda-forge', 'mamba-org', 'ollama',
  'ggerganov', 'ggml-org', 'jgm', 'pandoc', 'imagemagick', 'ffmpeg', 'gohugoio', 'prometheus',
  'grafana', 'open-telemetry', 'getsentry', 'supabase', 'stripe', 'twilio', 'slackapi', 'playwright',
  'puppeteer', 'seleniumhq', 'chromium', 'electron', 'tauri-apps',
]);

/** Hosts of big vendors whose direct installer downloads are ordinary. */
const VENDOR_DOWNLOAD_HOSTS =
  /(^|\.)(microsoft\.com|visualstudio\.com|apple\.com|python\.org|nodejs\.org|go\.dev|golang\.org|java\.com|oracle\.com|mozilla\.org|google\.com|googleapis\.com|docker\.com|jetbrains\.com|git-scm\.com|7-zip\.org|videolan\.org|adobe\.com|nvidia\.com|intel\.com|amd\.com|postgresql\.org|mysql\.com|mongodb\.com|anaconda\.com|rstudio\.com|posit\.co|zoom\.us|slack\.com|code\.visualstudio\.com)$/;

const FORGE_RELEASE_RE =
  /\b(?:github\.com|gitlab\.com|codeberg\.org|gitea\.com|bitbucket\.org)\/([\w.-]{1,100})\/[\w.-]{1,100}\/(?:-\/)?releases\/download\/[^\s"'<>()`]{1,300}/gi;
const RAW_SCRIPT_RE =
  /\b(?:raw\.githubusercontent\.com|gist\.githubusercontent\.com|gitlab\.com)\/([\w.-]{1,100})\/[^\s"'<>()`]{1,300}?\.(?:sh|bash|ps1|bat|cmd|vbs|exe|py|pl|rb)(?=[\s"'<>()`?#]|$)/gi;
const WINDOWS_OR_MAC_BINARY = /\.(exe|msi|scr|bat|cmd|ps1|vbs|hta|lnk|jar|apk|dmg|pkg|appimage|iso|img)$/i;
// Archives are ordinary release assets; next to "run the executable" they are the dropper lure.
const ARCHIVE = /\.(zip|rar|7z)$/i;
const RUN_NEARBY = /\b(run|execute|launch|double-click|open)\s+(the\s+)?(\w[\w-]*\.exe|executable|installer|binary|app)\b|\.exe\b/i;
// A download inside a container build runs in the container, not on the user's machine.
const CONTAINER_BUILD = /(^|\/)(Dockerfile|Containerfile)[^/]*$|\.dockerfile$/i;
const EXECUTABLE_URL_RE = /\.(exe|msi|scr|bat|cmd|vbs|hta|lnk|jar|apk|dmg|pkg|appimage|iso)$/i;
export const EXECUTABLE_DOWNLOAD_ANCHORS = [
  'releases/download', 'githubusercontent', 'gitlab.com',
  '.exe', '.msi', '.scr', '.bat', '.cmd', '.vbs', '.hta', '.lnk', '.jar', '.apk', '.dmg', '.pkg', '.appimage', '.iso',
];

function urlPath(url: string): string {
  const noQuery = url.replace(/[?#].*$/, '');
  return noQuery.slice(noQuery.indexOf('//') + 2);
}

export function detectExecutableDownload(file: FileView): RuleMatch[] {
  const text = file.text;
  const out: RuleMatch[] = [];
  scan(text, FORGE_RELEASE_RE, (m) => {
    const owner = m[1].toLowerCase();
    if (WELL_KNOWN_OWNERS.has(owner)) return null;
    const path = m[0].replace(/[?#].*$/, '').replace(/[.,;:!*_]+$/, '');
    let severity: Severity =
      WINDOWS_OR_MAC_BINARY.test(path) || (ARCHIVE.test(path) && RUN_NEARBY.test(nearby(text, m.index, 400))) ? 'high' : 'medium';
    if (CONTAINER_BUILD.test(file.path)) severity = lowerSeverity(severity);
    out.push({ index: m.index, length: m[0].length, severity: graded(file, severity), message: `Release download from the unvetted publisher "${m[1]}"` });
    return null;
  });
  scan(text, RAW_SCRIPT_RE, (m) => {
    const owner = m[1].toLowerCase();
    if (WELL_KNOWN_OWNERS.has(owner)) return null;
    // Piped straight into a shell it is a code-execution finding; reporting it here too would double count.
    if (/\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\|\s*iex\b/.test(lineWindow(text, m.index, m[0].length))) return null;
    out.push({ index: m.index, length: m[0].length, severity: graded(file, 'medium'), message: `Script fetched from the unvetted publisher "${m[1]}"` });
    return null;
  });
  eachUrl(text, (url, host, index) => {
    if (/releases\/download|githubusercontent/.test(url)) return null;
    if (!EXECUTABLE_URL_RE.test(urlPath(url))) return null;
    if (isLocalOrExampleHost(host) || VENDOR_DOWNLOAD_HOSTS.test(host)) return null;
    out.push({ index, length: url.length, severity: graded(file, 'high'), message: `Executable downloaded from ${host}` });
    return null;
  });
  return out.slice(0, 20);
}
