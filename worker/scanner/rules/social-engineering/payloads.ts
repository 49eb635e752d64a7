// Payloads: what turns a lure into a delivery (pipe-to-shell and encoded commands, raw IP and
// paste-site links, downloads, archive passwords, running a binary). Shared by SOC-02 and SOC-03.
import { scanCapped as scan } from '../context.ts';

// Installers that are commonly piped to a shell and published by the tool's own vendor.
const KNOWN_INSTALLER =
  /\b(?:sh\.rustup\.rs|rustup\.rs|get\.docker\.com|raw\.githubusercontent\.com\/(?:Homebrew|nvm-sh|pyenv|rbenv|ohmyzsh|tj\/n)\/|brew\.sh|astral\.sh|bun\.sh|deno\.land|deno\.com|ollama\.com|get\.pnpm\.io|install\.python-poetry\.org|claude\.ai\/install|deb\.nodesource\.com|rpm\.nodesource\.com|volta\.sh|starship\.rs|get\.helm\.sh|get\.sdkman\.io|pyenv\.run|install\.determinate\.systems|nixos\.org|tailscale\.com\/install|mise\.run|pixi\.sh|get\.k3s\.io|foundry\.paradigm\.xyz|fnm\.vercel\.app|cli\.github\.com|opencode\.ai\/install|sh\.vector\.dev|get\.rvm\.io|install\.meteor\.com|get\.gitbutler|spin\.fermyon|wasmtime\.dev|wasmer\.io|cargo-binstall|get\.jetify\.com|supabase\.com)\b/i;

type PayloadKind = 'pipe-to-shell' | 'encoded' | 'raw-ip' | 'paste-site' | 'download' | 'archive-password' | 'run-binary';

const PIPE_TO_SHELL_RE =
  /\b(?:curl|wget|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b[^\n|]{0,240}\|\s*(?:sudo\s+)?(?:-E\s+)?(?:ba|z|da|k)?sh\b|\|\s*(?:iex|Invoke-Expression)\b|\bInvoke-Expression\s*\(/gi;
const ENCODED_RE =
  /\bbase64\s+(?:-d|-D|--decode)\b[^\n]{0,60}\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\|\s*base64\s+(?:-d|-D|--decode)\s*\|\s*(?:ba|z)?sh\b|\bFromBase64String\s*\(|\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,60}\s-(?:e|ec|enc|encodedcommand)\s+[A-Za-z0-9+/=]{20,}/gi;
const RAW_IP_URL_RE = /\b(?:https?|ftp):\/\/(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}\b/gi;
const PASTE_SITE_RE =
  /\b(?:pastebin\.(?:com|pl)|paste\.ee|rentry\.(?:co|org)|glot\.io|hastebin\.com|transfer\.sh|0x0\.st|termbin\.com|dpaste\.(?:com|org)|ghostbin\.\w+|controlc\.com|justpaste\.it|paste\.rs|gofile\.io|catbox\.moe|https?:\/\/paste\.[a-z0-9-]+\.[a-z]{2,})\b/gi;
const URL_RE = /\bhttps?:\/\/[^\s"'<>()`[\]{}|\\^]{1,300}/gi;
const DOWNLOAD_EXTENSION = /\.(?:exe|msi|scr|zip|rar|7z|dmg|pkg|appimage|jar|apk|bat|cmd|vbs|ps1)(?:[?#].*)?$/i;
const ARCHIVE_PASSWORD_RE =
  /\b(?:extract|unzip|unpack|decompress|unrar|open)\w*\b[^\n]{0,60}?\b(?:pass(?:word|code)?|pwd)\b(?:\s+is)?(?:\s*[:=]\s*[`'"*]{0,3}|\s*[`'"*]{1,3})[^\s`'"*]{3,32}|^[ \t>*_#-]{0,12}pass(?:word|code)?[\s*_`]{0,4}:[\s*_`'"]{0,4}\d{3,12}\b/gim;
const RUN_BINARY_RE = /\b(?:run|execute|launch|start|open|double-click)\s+(?:the\s+)?(?:[\w-]{2,40}\.exe|executable|installer\s+(?:file|binary)|downloaded\s+(?:file|binary|tool))\b/gi;
const VENDOR_HOSTS =
  /^https?:\/\/(?:[\w-]+\.)*(?:microsoft\.com|apple\.com|python\.org|nodejs\.org|go\.dev|golang\.org|oracle\.com|java\.com|mozilla\.org|google\.com|googleapis\.com|docker\.com|jetbrains\.com|git-scm\.com|7-zip\.org|videolan\.org|adobe\.com|nvidia\.com|visualstudio\.com|anthropic\.com|claude\.ai)\//i;
const WELL_KNOWN_RELEASE = /github\.com\/(?:anthropics|microsoft|google|cli|astral-sh|rust-lang|nodejs|denoland|oven-sh|docker|git-for-windows|python|golang|hashicorp|jqlang|sharkdp|BurntSushi|junegunn|ollama)\//i;

export interface Payload {
  index: number;
  kind: PayloadKind;
}

function isPublicFirstOctets(a: number, b: number): boolean {
  return !(a === 0 || a === 10 || a === 127 || a >= 224 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168));
}

/** Every download-and-run signal in a text (capped), with its offset. */
export function findPayloads(text: string): Payload[] {
  const out: Payload[] = [];
  const push = (re: RegExp, kind: PayloadKind, ok?: (m: RegExpExecArray) => boolean) =>
    scan(text, re, (m) => {
      if (!ok || ok(m)) out.push({ index: m.index, kind });
      return null;
    });
  push(PIPE_TO_SHELL_RE, 'pipe-to-shell', (m) => !KNOWN_INSTALLER.test(m[0]));
  push(ENCODED_RE, 'encoded');
  push(RAW_IP_URL_RE, 'raw-ip', (m) => isPublicFirstOctets(Number(m[1]), Number(m[2])));
  push(PASTE_SITE_RE, 'paste-site');
  push(URL_RE, 'download', (m) => {
    const url = m[0].replace(/[.,;:!?*_]+$/, '');
    return DOWNLOAD_EXTENSION.test(url) && !VENDOR_HOSTS.test(url) && !WELL_KNOWN_RELEASE.test(url);
  });
  push(ARCHIVE_PASSWORD_RE, 'archive-password');
  push(RUN_BINARY_RE, 'run-binary');
  return out.sort((a, b) => a.index - b.index);
}

export function payloadNear(payloads: Payload[], index: number, radius: number, kinds?: PayloadKind[]): Payload | undefined {
  return payloads.find((p) => Math.abs(p.index - index) <= radius && (!kinds || kinds.includes(p.kind)));
}
