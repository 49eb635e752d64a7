// Where a command downloads from: the first URL of a command, how far its host can be trusted
// (a vendor's documented installer, a code forge, a raw IP...), and whether the host belongs to
// the publisher the skill is about; and the hosts whose URLs are ordinary in a skill. Used by the
// code-execution, supply-chain, exfiltration and network rules.
import type { SkillView } from '../types.ts';

/** How much to trust the origin of a downloaded script. */
export type HostTier = 'known' | 'hosted' | 'local' | 'variable' | 'unknown' | 'ip';

// Vendors' documented installers (host, optionally with a path prefix), lower-case.
const KNOWN_INSTALLERS = [
  'sh.rustup.rs', 'rustup.rs', 'static.rust-lang.org', 'brew.sh',
  'raw.githubusercontent.com/homebrew/', 'raw.githubusercontent.com/nvm-sh/', 'raw.githubusercontent.com/ohmyzsh/',
  'raw.githubusercontent.com/helm/', 'raw.githubusercontent.com/pyenv/', 'raw.githubusercontent.com/rbenv/',
  'raw.githubusercontent.com/golangci/', 'raw.githubusercontent.com/creationix/', 'raw.githubusercontent.com/junegunn/',
  'astral.sh', 'bun.sh', 'bun.com', 'deno.land', 'deno.com', 'ollama.com', 'ollama.ai',
  'get.docker.com', 'test.docker.com', 'get.pnpm.io', 'install.python-poetry.org', 'pyenv.run',
  'get.sdkman.io', 'starship.rs', 'get.volta.sh', 'fnm.vercel.app', 'claude.ai/install', 'apt.llvm.org',
  'deb.nodesource.com', 'rpm.nodesource.com', 'tailscale.com/install', 'get.k3s.io',
  'install.determinate.systems', 'nixos.org', 'foundry.paradigm.xyz', 'getcomposer.org', 'bootstrap.pypa.io',
  'get.helm.sh', 'dot.net/', 'dotnet.microsoft.com', 'sdk.cloud.google.com', 'awscli.amazonaws.com',
  'install.julialang.org', 'get.haskellstack.org', 'get-ghcup.haskell.org', 'mise.run', 'get.pulumi.com',
  'fly.io/install', 'dl.cloudsmith.io/public/', 'packagecloud.io/install/', 'cli.github.com', 'opencode.ai/install',
  'get.rvm.io', 'yarnpkg.com/install', 'pdm-project.org', 'pixi.sh', 'setup.atuin.sh', 'get.chezmoi.io', 'just.systems',
  'wasmtime.dev', 'get.wasmer.io', 'dl.dagger.io', 'get.jetify.com', 'release.solana.com', 'release.anza.xyz',
  'get.tur.so', 'encore.dev', 'cli.doppler.com', 'install.zerotier.com', 'cli-assets.heroku.com', 'railway.com',
  'railway.app', 'get.k0s.sh', 'get.opentofu.org', 'get.trunk.io', 'cursor.com/install', 'sh.vector.dev',
  'raw.githubusercontent.com/anchore/', 'raw.githubusercontent.com/aquasecurity/', 'raw.githubusercontent.com/cargo-bins/',
  'raw.githubusercontent.com/tilt-dev/', 'raw.githubusercontent.com/ajeetdsouza/', 'raw.githubusercontent.com/rust-lang/',
  'raw.githubusercontent.com/python-poetry/', 'raw.githubusercontent.com/kubernetes/', 'raw.githubusercontent.com/docker/',
];
/** Registries, vendors and forges whose URLs are ordinary in skills. */
export const WELL_KNOWN_HOSTS =
  /(^|\.)(github\.com|githubusercontent\.com|github\.io|githubassets\.com|gitlab\.com|bitbucket\.org|pypi\.org|pythonhosted\.org|python\.org|npmjs\.(com|org)|yarnpkg\.com|crates\.io|rubygems\.org|golang\.org|go\.dev|pkg\.go\.dev|nodejs\.org|deno\.(land|com)|bun\.sh|rust-lang\.org|rustup\.rs|docker\.(com|io)|googleapis\.com|google\.com|gstatic\.com|googleusercontent\.com|microsoft\.com|azure\.com|windows\.net|office\.com|live\.com|apple\.com|amazonaws\.com|amazon\.com|cloudflare\.com|anthropic\.com|claude\.ai|claude\.com|openai\.com|huggingface\.co|hf\.co|wikipedia\.org|mozilla\.org|stackoverflow\.com|readthedocs\.(io|org)|shields\.io|jsdelivr\.net|unpkg\.com|cdnjs\.cloudflare\.com|fonts\.googleapis\.com|astral\.sh|brew\.sh|debian\.org|ubuntu\.com|kernel\.org|llvm\.org|gnu\.org|sourceforge\.net|maven\.org|gradle\.org|nuget\.org|vercel\.(com|app)|netlify\.(com|app)|slack\.com|discord\.com|atlassian\.(com|net)|notion\.(so|com)|stripe\.com|twilio\.com|sentry\.io|x\.com|twitter\.com|youtube\.com|linkedin\.com|reddit\.com|medium\.com|w3\.org|mdn\.io|developer\.mozilla\.org|json-schema\.org|semver\.org|spdx\.org|opensource\.org|creativecommons\.org|apache\.org)$/;

// Code forges: the script is traceable to a repository, but anyone can publish there.
const FORGES = /^(?:github\.com|raw\.githubusercontent\.com|objects\.githubusercontent\.com|gitlab\.com|bitbucket\.org|codeberg\.org)$/;
const LOCAL_OR_PLACEHOLDER = /^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1\]|(?:www\.)?example\.(?:com|org|net)|[^.]*<[^>]*>.*|.*\{[^}]{0,5000}\}.*|your[-_.].*)$/i;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

const URL_IN_TEXT = /\bhttps?:\/\/([^\s'"`)<>|;\\]+)/i;
const BARE_HOST_IN_TEXT = /(?:^|[\s"'=(])(?![-.])((?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?(?:\/[^\s'"`)<>|;]*)?)(?=$|[\s"'`)|;])/i;

/** The first URL (or bare host/path) in a command, without the scheme; '' when none. */
export function firstUrlIn(command: string): string {
  const url = URL_IN_TEXT.exec(command);
  if (url) return url[1];
  const bare = BARE_HOST_IN_TEXT.exec(command);
  if (bare && !/\.(?:sh|py|ps1|js|txt|json|tar|gz|zip|tgz)$/i.test(bare[1].split('/')[0])) return bare[1];
  const variable = /https?:\/\/\$|\$\{?[A-Za-z_]+\}?/.exec(command);
  return variable ? '$' : '';
}

/**
 * The host of an address, lower-cased, without a scheme, user details or port:
 * "https://user:pass@Example.com:8443/x" and "user@example.com/x" both give "example.com".
 */
export function hostOf(url: string): string {
  const authority = url.replace(/^[a-z][\w+.-]*:\/\//i, '').split(/[/?#]/)[0];
  // No host holds a comma: "https://proxy.example,direct" is a list of two (GOPROXY).
  return authority.replace(/^[^@]*@/, '').replace(/,.*$/, '').replace(/:\d*$/, '').toLowerCase();
}

/** Classifies where a command fetches from ('' or '$...' means a variable or nothing literal). */
export function hostTierOf(urlWithoutScheme: string): HostTier {
  if (!urlWithoutScheme || urlWithoutScheme.startsWith('$')) return 'variable';
  const lowerUrl = urlWithoutScheme.toLowerCase();
  const host = hostOf(lowerUrl);
  if (host.includes('$')) return 'variable';
  if (LOCAL_OR_PLACEHOLDER.test(host)) return 'local';
  if (IPV4.test(host)) {
    return /^(?:10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)/.test(host) ? 'hosted' : 'ip';
  }
  for (const known of KNOWN_INSTALLERS) {
    const slash = known.indexOf('/');
    const knownHost = slash < 0 ? known : known.slice(0, slash);
    if (host !== knownHost && !host.endsWith('.' + knownHost)) continue;
    if (slash < 0 || lowerUrl.startsWith(known) || lowerUrl.startsWith('www.' + known)) return 'known';
  }
  if (FORGES.test(host)) return 'hosted';
  return 'unknown';
}

/**
 * The name a download host goes by: the owner on a code forge ("exploreomni" for
 * raw.githubusercontent.com/exploreomni/cli/...), else the registrable label ("tavily" for
 * cli.tavily.com, "hf" for hf.co).
 */
function publisherOf(urlWithoutScheme: string): string {
  const lowerUrl = urlWithoutScheme.toLowerCase();
  const [hostPart, ...path] = lowerUrl.split('/');
  const host = hostPart.replace(/:\d+$/, '');
  if (FORGES.test(host)) return (path[0] ?? '').replace(/[^a-z0-9-]/g, '');
  return registrableLabel(host);
}

/** The name a host is registered under: "tavily" for cli.tavily.com, "npmjs-edge" for registry.npmjs-edge.org. */
export function registrableLabel(host: string): string {
  const labels = host.split('.');
  if (labels.length < 2) return '';
  const secondLevel = labels[labels.length - 2];
  const country = labels[labels.length - 1].length === 2 && secondLevel.length <= 3 && labels.length >= 3;
  return country ? labels[labels.length - 3] : secondLevel;
}

/** Words that name the skill: its folder, its name and the start of its description. */
function identityOf(skill: SkillView): string {
  const folder = skill.folder.slice(skill.folder.lastIndexOf('/') + 1);
  const meta = skill.skillMd.meta;
  return `${folder} ${meta.name ?? ''} ${(meta.description ?? '').slice(0, 400)}`.toLowerCase();
}

/**
 * True when a download host belongs to the publisher the skill is about ("tavily-cli" installing
 * from cli.tavily.com): a vendor documenting its own installer, not a third party's payload.
 */
export function isFirstPartyHost(urlWithoutScheme: string, skill: SkillView): boolean {
  const publisher = publisherOf(urlWithoutScheme);
  if (publisher.length < 2) return false;
  const identity = identityOf(skill);
  if (publisher.length >= 4 && (identity.includes(publisher) || identity.replace(/[\s_-]+/g, '').includes(publisher))) return true;
  if (publisher.length < 4 && identity.split(/[^a-z0-9]+/).includes(publisher)) return true;
  // On a code forge the organisation often adds a word to the product name ("exploreomni" for
  // Omni). Only forges: a look-alike domain is cheap, a look-alike organisation is visible.
  const host = urlWithoutScheme.toLowerCase().split('/')[0];
  if (!FORGES.test(host)) return false;
  const names = new Set([skill.skillMd.meta.name ?? '', ...identity.split(/[^a-z0-9]+/)]);
  for (const token of names) {
    const word = token.toLowerCase();
    if (word.length >= 4 && !GENERIC_WORDS.has(word) && (publisher.startsWith(word) || publisher.endsWith(word))) return true;
  }
  return false;
}

const GENERIC_WORDS = new Set([
  'skill', 'skills', 'tool', 'tools', 'agent', 'agents', 'claude', 'code', 'data', 'open', 'helper', 'util', 'utils',
  'github', 'with', 'this', 'that', 'when', 'from', 'your', 'into', 'user', 'users', 'manage', 'server', 'client',
  'install', 'setup', 'script', 'scripts', 'core', 'main', 'repo', 'repos', 'project', 'create', 'build', 'test',
]);
