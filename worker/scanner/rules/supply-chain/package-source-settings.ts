// Package-source settings (rule SUP-04): registry lines of .npmrc, .yarnrc(.yml) and bunfig.toml
// and the tokens sent with them; pip's and uv's index options, config keys and environment
// variables; Cargo source replacement; GOPROXY and Go's checksum switches; go.mod replace
// directives; gem and NuGet sources. Each setting is collected with what it does (replaces the
// default source, adds one for a scope, sends a token, turns TLS off). A setting reads the same
// whether a script writes it, a heredoc holds it, a template file ships it or SKILL.md shows it.
import type { FileView, RuleMatch } from '../../types.ts';
import { sourceOf } from './package-source-hosts.ts';
import { lineBounds } from '../../line-table.ts';
import { execRegex, scan } from '../context.ts';
import { assignedUrl } from '../assigned-urls.ts';
import { baseNameOf } from '../../file-view.ts';
import { condaAndBrewSettings } from './conda-brew-sources.ts';

/**
 * What a setting does with its source:
 * - replace: the default source of every install (a registry line in a package manager's config,
 *   an environment variable, `config set`, a Cargo source replacement, GOPROXY);
 * - install: the source of one install command (`npm install x --registry ...`);
 * - extra: an index consulted besides the default one (`pip install --extra-index-url`);
 * - scoped: the source of one scope or named registry (`@org:registry=`, `[registries.x]`);
 * - weak: a registry line whose file does not say which tool reads it;
 * - trust: TLS verification turned off for a host (pip's trusted-host);
 * - token: credentials sent to a host (`//host/:_authToken=`).
 */
export type Role = 'replace' | 'install' | 'extra' | 'scoped' | 'weak' | 'trust' | 'token';
export type Ecosystem = 'npm' | 'pip' | 'cargo' | 'go' | 'gem' | 'nuget' | 'conda' | 'brew' | 'any';

export interface Setting {
  index: number;
  length: number;
  role: Role;
  ecosystem: Ecosystem;
  value: string;
  /** Written into the user's own configuration (~/.npmrc, ~/.config/pip/pip.conf). */
  global?: boolean;
  /** TLS verification off for this source alone (Pipfile's verify_ssl = false). */
  tlsOff?: boolean;
  /** Cargo: the source replaced ("crates-io") and the source replacing it. */
  replaced?: { from: string; to: string };
  /** Cargo: the crate a `[patch.<source>]` entry swaps for the code at `value`. */
  patchedCrate?: string;
  /** pip's extra-index-url: consulted besides the default index. */
  extraIndex?: boolean;
}

// A package manager's configuration: by the file's name (templates included: "templates/npmrc",
// "pip.conf.tmpl"), or by what the text just before a registry line says it writes.
const PM_CONFIG_FILE =
  /(?:^|\/)(?:\.?npmrc|\.?yarnrc(?:\.ya?ml)?|\.?bunfig\.toml|pip\.conf|pip\.ini|\.?pydistutils\.cfg|uv\.toml|pyproject\.toml|pipfile|\.?gemrc|nuget\.config|go\.env|\.?cargo\/config(?:\.toml)?)(?:\.(?:template|tmpl|tpl|example|sample|dist|j2|in))?$/i;
const PM_CONFIG_MENTION = /npmrc|yarnrc|bunfig|pip\.conf|pip\.ini|pydistutils|uv\.toml|\[global\]|\[install\]|always-auth|_authToken|PIP_CONFIG_FILE|gemrc|nuget\.config|cargo/i;

// The user's own pip or npm configuration (not the project's), and a write into it.
const USER_PM_CONFIG = /(?:~|\$\{?HOME\}?|\$\{?XDG_CONFIG_HOME|\$\{?APPDATA\}?|expanduser|home\(\)|homedir\(\))[^\n]{0,80}(?:pip\/pip\.conf|\.pip\/pip\.conf|pip\.ini|\.npmrc|\.yarnrc(?:\.yml)?|\.pydistutils\.cfg)\b|\b(?:pip3?|python3?\s+-m\s+pip)\s+config\s+(?:--user\s+|--global\s+)?set\b|\bnpm\s+config\s+set\s+registry\b/;
// `>` only into a home path: `cat > ~/.npmrc <<EOF` replaces the file, `2>&1` writes nothing.
const CONFIG_WRITE = />>|(?<![>&\d])>[ \t]*["']?(?:~|\$\{?(?:HOME|XDG_CONFIG_HOME|APPDATA)\b)|\btee\b|\bconfig\s+set\b|\.write(?:_text)?\s*\(|\bwriteFileSync\b|\bappendFileSync\b|\bopen\s*\([^)\n]{0,120}["'][aw]\+?["']/;

// A value: up to the next space, quote, backtick or separator.
const VALUE = String.raw`["']?([^\s"'\x60,;]+)`;

// Key lines of a config file: `registry=`, `@scope:registry=`, pip's `index-url =`,
// `extra-index-url =`, `trusted-host =`, yarn 1's `registry "https://..."`, yarn 2+'s
// `npmRegistryServer: "..."`. At a line start (a list marker allowed), so prose does not match.
const KEY_SETTING = new RegExp(
  String.raw`^[ \t]*(?:[-*+>][ \t]+)?(?:["']?(registry|index-url|extra-index-url|trusted-host|@[\w*.-]{1,100}:registry)["']?(?:[ \t]*=[ \t]*|[ \t]+(?=["']?https?:\/\/))|(npmRegistryServer)["']?[ \t]*:[ \t]*)` + VALUE,
  'gm',
);
// Command-line options and `config set` commands.
const CLI_SETTING = new RegExp(
  [
    String.raw`(--extra-index-url)[ \t=]+` + VALUE,
    String.raw`(--index-url|--default-index|--index(?=[ \t=]+["']?https?:)|\s-i(?=[ \t]+["']?https?:))[ \t=]+` + VALUE,
    String.raw`(--trusted-host)[ \t=]+` + VALUE,
    String.raw`(--registry)[ \t=]+` + VALUE,
    String.raw`\b((?:npm|pnpm|yarn)\s+(?:config\s+)?set\s+(?:registry|npmRegistryServer|@[\w*.-]{1,100}:registry)|(?:pip3?|python3?\s+-m\s+pip|uv\s+pip)\s+config\s+(?:--[\w-]+\s+)?set\s+(?:global|install|user)\.(?:index-url|extra-index-url|trusted-host)|poetry\s+source\s+add\s+(?:--[\w=-]+\s+)*[\w.-]+)[ \t=]+` + VALUE,
  ].join('|'),
  'g',
);
// Environment variables that set a package source for everything run after them.
const ENV_SETTING = new RegExp(
  String.raw`\b(BR2_PRIMARY_SITE|BR2_BACKUP_SITE|SOURCE_MIRROR_URL|PIP_INDEX_URL|PIP_EXTRA_INDEX_URL|PIP_TRUSTED_HOST|UV_INDEX_URL|UV_EXTRA_INDEX_URL|UV_DEFAULT_INDEX|UV_INDEX|UV_INSECURE_HOST|PIPENV_PYPI_MIRROR|PDM_PYPI_URL|NPM_CONFIG_REGISTRY|YARN_NPM_REGISTRY_SERVER|YARN_REGISTRY|BUN_CONFIG_REGISTRY|CARGO_REGISTRIES_\w{1,60}_INDEX|POETRY_REPOSITORIES_\w{1,60}_URL)(?:["']\]?)?[ \t]*[=:][ \t]*` + VALUE,
  'gi',
);
// npm credentials bound to a host: `//host/path/:_authToken=...` (also through `npm config set`).
const TOKEN_SETTING = /^[ \t]*(?:(?:npm|pnpm|yarn)\s+config\s+set\s+)?["']?\/\/([\w.-]{1,253}(?::\d{1,5})?)(?:\/[^\s:"'=]{0,300})?:(_authToken|_auth|_password)\b/gm;
// yarn 2+: `npmAuthToken:` belongs to the registry of its block or to the file's npmRegistryServer.
const YARN_TOKEN = /^[ \t]*npmAuthToken[ \t]*:/gm;
const YARN_TOKEN_OWNER = /^[ \t]*["']?(?:https?:)?\/\/([\w.-]{1,253})[^\n"':]{0,200}["']?[ \t]*:[ \t]*$/gm;

export const TLS_OFF = /\bstrict-ssl[ \t]*[=:][ \t]*["']?false\b|\benableStrictSsl[ \t]*:[ \t]*["']?false\b|\bssl_verify[ \t]*:[ \t]*false\b/i;
export const ALWAYS_AUTH = /\balways-auth[ \t]*[=:]?[ \t]*["']?true\b|\bnpmAlwaysAuth[ \t]*:[ \t]*["']?true\b/i;
const INSTALL_ON_LINE = /\b(?:npm|pnpm|yarn|bun)\s+(?:i|install|add|ci|update|upgrade)\b|\b(?:pip3?|uv\s+pip|python3?\s+-m\s+pip|pipx)\s+install\b|\buv\s+(?:add|sync|lock)\b/;

// Ruby: a Gemfile source, `gem sources --add`, a bundler mirror of rubygems.org, a .gemrc list.
const GEM_SOURCE = /^[ \t]*source\s+["'](https?:\/\/[^"'\s]+)["']/gm;
const GEM_CLI = new RegExp(
  String.raw`\bgem\s+sources?\s+(?:--add|-a)\s+` + VALUE + String.raw`|\bbundle\s+config\s+(?:set\s+)?(?:--(?:global|local)\s+)?mirror\.https?:\/\/rubygems\.org\/?\s+` + VALUE + String.raw`|\bBUNDLE_MIRROR__HTTPS?:\/\/RUBYGEMS__ORG\/?["']?[ \t]*[:=][ \t]*` + VALUE,
  'gi',
);
const GEMRC_SOURCE = /^[ \t]*-[ \t]*["']?(https?:\/\/[^\s"'\x60]+)/gm;
// NuGet: `dotnet nuget add source`, `nuget sources add`, `--source` of an install, nuget.config.
const NUGET_SOURCE =
  /\b(?:dotnet\s+nuget\s+add\s+source|nuget(?:\.exe)?\s+sources?\s+add)\b[^\n]{0,200}?(https?:\/\/[^\s"'\x60]+)|\bdotnet\s+(?:add\s+(?:[^\s-]\S*\s+)?package|restore|tool\s+(?:install|update))\b[^\n]{0,200}?(?:--source|-s)[ \t]+["']?(https?:\/\/[^\s"'\x60]+)|<add\s+key=["'][^"'\n]{0,100}["']\s+value=["'](https?:\/\/[^"'\s]+)["']/gi;

// Go: the module proxy, the checksum database switched off, go.mod replacements.
export const GO_PROXY = /\bGOPROXY["']?\s*[=:,]\s*["']?([^\s"',|]+)/g;
export const DEFAULT_GO_PROXY = /^(?:https:\/\/)?(?:proxy\.golang\.org|goproxy\.io|goproxy\.cn|proxy\.golang\.com\.cn)\/?$|^(?:direct|off)$|^\$/i;
export const GO_CHECKSUMS_OFF = /\bGOSUMDB["']?\s*[=:,]\s*["']?off\b|\bGO(?:NOSUMDB|NOSUMCHECK|INSECURE)["']?\s*[=:,]\s*["']?\*(?![\w.*/-])|\bGOFLAGS["']?\s*[=:,]\s*["']?[^"'\n]{0,80}-insecure\b/g;
// go.mod: a dependency swapped for another module path (a fork), not a local directory.
export const GO_REPLACE = /^[ \t]*(?:replace\s+)?([\w.-]+\.[a-z]{2,}\/[\w./-]+)(?:\s+v[\w.+-]+)?\s+=>\s+([\w-]+(?:\.[\w-]+)+\/[\w./-]+)\s+v[\w.+-]+/gm;
export const FORGE_HOST = /^(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|gitee\.com)$/i;

// Internal-looking package names installed from the public registry (dependency confusion).
// The install command is found first and the package name looked for in the rest of its line:
// one regex with an optional 300-character gap after a whitespace run backtracked quadratically.
export const INSTALL_COMMAND = /\b(?:pip3?\s+install|npm\s+(?:i|install|add)|yarn\s+add|pnpm\s+add|npx\s+(?:-y\s+)?)\s+/gi;
export const INTERNAL_NAME = /(?:^|\s)((?:internal|private|corp|mycorp|company|acme|intranet)[-_][\w-]+|[\w-]+[-_](?:internal|private|corp))\b/i;

// TOML-like lines for the section-aware settings (Cargo sources, uv/Poetry/PDM/Pipfile indexes,
// bunfig scopes): a header, a code fence (a section ends with its block), or a key = value line.
const TOML_LINE = /^[ \t]*(?:\[(\[?)([^[\]\n]{1,200})\]|(\x60{3,}|~{3,})|([\w.-]{1,60}|"[^"\n]{1,200}")[ \t]*=[ \t]*([^\n]{0,400}))/gm;
const TOML_MARKERS = ['[source.', '[registries.', '[[', '[install.scopes]', '[patch.'];

/** Candidates each pattern looks at in one file: a bound for texts full of near-misses. */
export const MAX_SETTINGS = 400;

/** The URL inside an inline table or array value (`{ url = "https://..." }`, `["https://..."]`). */
function urlInside(line: string): string {
  const keyed = /\burl[ \t]*=[ \t]*["']([^"'\s]+)["']/.exec(line);
  if (keyed) return keyed[1];
  const any = /(?:[a-z+]+:\/\/)[^\s"'\]}]+/i.exec(line);
  return any ? any[0] : '';
}

/** The line of `index` and the lines it continues with a trailing backslash (at most ten). */
function commandLine(text: string, index: number): string {
  let { start } = lineBounds(text, index);
  const { end } = lineBounds(text, index);
  for (let i = 0; i < 10 && start > 1 && text[start - 2] === '\\'; i++) start = lineBounds(text, start - 2).start;
  return text.slice(start, end);
}

function push(out: Setting[], s: Setting): void {
  if (out.length < MAX_SETTINGS * 4) out.push(s);
}

/** Calls `visit` for each match of a global regex, at most MAX_SETTINGS times (context.ts's scan). */
export function eachMatch(text: string, re: RegExp, visit: (m: RegExpExecArray) => void): void {
  scan(
    text,
    re,
    (m) => {
      visit(m);
      return null;
    },
    Infinity,
    MAX_SETTINGS,
  );
}

/** The settings of a TOML-like file whose meaning depends on its section, and the lines they cover. */
function sectionSettings(text: string, out: Setting[], covered: Set<number>): RuleMatch[] {
  if (!TOML_MARKERS.some((m) => text.includes(m))) return [];
  interface Section { kind: string; name: string }
  interface Entry { index: number; length: number; value: string }
  const sources = new Map<string, { registry?: Entry; local: boolean }>();
  const replacements: { from: string; to: string; index: number; length: number }[] = [];
  const indexes: Entry[] = [];
  const lows: RuleMatch[] = [];
  let section: Section | null = null;
  let pyIndex: { url?: Entry; scoped: boolean; tlsOff: boolean } | null = null;
  const closePyIndex = () => {
    if (pyIndex?.url) push(out, { ...pyIndex.url, role: pyIndex.scoped ? 'scoped' : 'replace', ecosystem: 'pip', tlsOff: pyIndex.tlsOff });
    pyIndex = null;
  };
  TOML_LINE.lastIndex = 0;
  let m: RegExpExecArray | null;
  let seen = 0;
  while ((m = execRegex(TOML_LINE, text)) !== null && seen++ < MAX_SETTINGS * 10) {
    if (m[0].length === 0) {
      TOML_LINE.lastIndex++;
      continue;
    }
    if (m[2] !== undefined || m[3] !== undefined) {
      closePyIndex();
      section = null;
      if (m[2] === undefined) continue;
      const header = m[2].trim();
      const double = m[1] === '[';
      const dotted = /^(source|registries|patch)\.(?:"([^"]+)"|'([^']+)'|([\w.-]+))$/.exec(header);
      if (!double && dotted) section = { kind: dotted[1], name: dotted[2] ?? dotted[3] ?? dotted[4] };
      else if (!double && header === 'install.scopes') section = { kind: 'bun-scopes', name: '' };
      else if (double && /^(?:tool\.uv\.index|index|tool\.poetry\.source|tool\.pdm\.source|source)$/.test(header)) {
        section = { kind: 'py-index', name: header };
        pyIndex = { scoped: false, tlsOff: false };
      }
      continue;
    }
    if (!section) continue;
    const key = m[4].replace(/^"|"$/g, '');
    const raw = m[5].trim();
    const quoted = /^["']([^"']*)["']/.exec(raw);
    const value = quoted ? quoted[1] : raw.split(/[\s#]/)[0];
    const entry: Entry = { index: m.index, length: m[0].length, value };
    if (section.kind === 'source') {
      const source = sources.get(section.name) ?? { local: false };
      sources.set(section.name, source);
      if (key === 'replace-with') replacements.push({ from: section.name, to: value, index: m.index, length: m[0].length });
      else if (key === 'registry') {
        source.registry = entry;
        covered.add(m.index);
      } else if (key === 'directory' || key === 'local-registry') source.local = true;
    } else if (section.kind === 'patch') {
      // `serde = { git = "https://host/serde" }`: every build takes the crate from there. A path
      // is a local checkout; a fork on a code forge is how a fix is tried before it is released.
      const git = /\bgit[ \t]*=[ \t]*["']([^"'\s]+)["']/.exec(raw);
      if (git && !FORGE_HOST.test(sourceOf(git[1]).host)) {
        push(out, { index: m.index, length: m[0].length, value: git[1], role: 'replace', ecosystem: 'cargo', patchedCrate: key });
      }
    } else if (section.kind === 'registries') {
      if (key === 'index') indexes.push(entry);
    } else if (section.kind === 'bun-scopes') {
      const url = raw.startsWith('{') ? urlInside(raw) : value;
      if (url) push(out, { index: m.index, length: m[0].length, value: url, role: 'scoped', ecosystem: 'npm' });
    } else if (pyIndex) {
      if (key === 'url') pyIndex.url = entry;
      else if ((key === 'explicit' && value === 'true') || (key === 'priority' && /^(?:explicit|supplemental)$/.test(value))) pyIndex.scoped = true;
      else if (key === 'verify_ssl' && value === 'false') pyIndex.tlsOff = true;
    }
  }
  closePyIndex();
  // Cargo: crates.io (or another source) replaced by a named source. A directory or local
  // registry is `cargo vendor`'s offline copy; a registry URL is where every crate now comes from.
  const replacedHosts = new Set<string>();
  for (const r of replacements) {
    const target = sources.get(r.to);
    if (target?.local || (!target && /vendor|local|offline/i.test(r.to))) continue;
    if (target?.registry) {
      push(out, { index: r.index, length: r.length, value: target.registry.value, role: 'replace', ecosystem: 'cargo', replaced: { from: r.from, to: r.to } });
      replacedHosts.add(sourceOf(target.registry.value).host);
    } else {
      lows.push({ index: r.index, length: r.length, severity: 'low', message: `Cargo source ${r.from} replaced by "${r.to}", defined outside this file` });
    }
  }
  const targets = new Set(replacements.map((r) => r.to));
  for (const [name, source] of sources) {
    // The source a replacement points at is reported at the replacement, once.
    if (source.registry && !targets.has(name)) push(out, { ...source.registry, role: 'scoped', ecosystem: 'cargo' });
  }
  // A named registry on the host crates.io was replaced by is the same setting again.
  for (const entry of indexes) {
    if (!replacedHosts.has(sourceOf(entry.value).host)) push(out, { ...entry, role: 'scoped', ecosystem: 'cargo' });
  }
  return lows;
}

// A value that names a variable (`index-url = {MIRROR}` in a template string, `PIP_INDEX_URL=$MIRROR`)
// is judged by what the file assigns to it: `MIRROR = "http://..."` a few lines above.
const VARIABLE_REFERENCE = /^(?:\{([A-Za-z_]\w{0,60})\}|\$\{?([A-Za-z_]\w{0,60})\}?|%([A-Za-z_]\w{0,60})%|#\{([A-Za-z_]\w{0,60})\})$/;

function resolvedValue(text: string, value: string): string {
  const ref = VARIABLE_REFERENCE.exec(value);
  if (!ref) return value;
  return assignedUrl(text, ref[1] ?? ref[2] ?? ref[3] ?? ref[4]) ?? value;
}

/** Every package-source setting of a file, in order of appearance. */
export function settingsOf(file: FileView): { settings: Setting[]; lows: RuleMatch[] } {
  const text = file.text;
  const out: Setting[] = [];
  const covered = new Set<number>();
  const lows = sectionSettings(text, out, covered);
  const configFile = PM_CONFIG_FILE.test(file.skillPath) || PM_CONFIG_MENTION.test(baseNameOf(file.skillPath));
  const before = (index: number, length: number) => text.slice(Math.max(0, index - 400), index + length);
  const isGlobal = (index: number, length: number) => {
    const around = before(index, length);
    return USER_PM_CONFIG.test(around) && CONFIG_WRITE.test(around);
  };

  eachMatch(text, KEY_SETTING, (m) => {
    if (covered.has(m.index)) return;
    const key = m[1] ?? m[2];
    let value = resolvedValue(text, m[3]);
    if (value.startsWith('{') || value.startsWith('[')) value = urlInside(text.slice(m.index + m[0].length - m[3].length, lineBounds(text, m.index).end));
    if (!value) return;
    const global = isGlobal(m.index, m[0].length);
    const context = configFile || global || PM_CONFIG_MENTION.test(text.slice(Math.max(0, m.index - 600), m.index + m[0].length + 300));
    let role: Role;
    let ecosystem: Ecosystem = 'npm';
    if (key === 'trusted-host') {
      role = 'trust';
      ecosystem = 'pip';
    } else if (key === 'index-url' || key === 'extra-index-url') {
      role = 'replace';
      ecosystem = 'pip';
    } else if (key === 'npmRegistryServer') {
      // Under `npmScopes:` the server serves one scope only.
      role = /\bnpmScopes[ \t]*:/.test(text.slice(Math.max(0, m.index - 300), m.index)) && /^[ \t]{2,}/.test(m[0]) ? 'scoped' : 'replace';
    } else if (key.startsWith('@') && !key.startsWith('@*')) role = 'scoped';
    else role = context ? 'replace' : 'weak';
    if (!context && key === 'registry') ecosystem = 'any';
    push(out, { index: m.index, length: m[0].length, value, role, ecosystem, global, extraIndex: key === 'extra-index-url' });
  });

  eachMatch(text, CLI_SETTING, (m) => {
    const option = m[1] ?? m[3] ?? m[5] ?? m[7] ?? m[9];
    const value = resolvedValue(text, m[2] ?? m[4] ?? m[6] ?? m[8] ?? m[10] ?? '');
    const global = isGlobal(m.index, m[0].length);
    let role: Role;
    let ecosystem: Ecosystem = /pip|index|trusted|poetry/.test(option) ? 'pip' : 'npm';
    if (option === '--extra-index-url') role = 'extra';
    else if (option === '--trusted-host' || /trusted-host$/.test(option)) role = 'trust';
    else if (/^\s*-i$|^--(?:index-url|default-index|index|registry)$/.test(option)) role = INSTALL_ON_LINE.test(commandLine(text, m.index)) ? 'install' : 'weak';
    else if (/^poetry/.test(option)) role = /--priority[= ](?:explicit|supplemental)/.test(commandLine(text, m.index)) ? 'scoped' : 'replace';
    else role = /:registry$/.test(option) && !/@\*:registry$/.test(option) ? 'scoped' : 'replace';
    if (option === '--registry' && role === 'weak') ecosystem = 'any';
    push(out, { index: m.index, length: m[0].length, value, role, ecosystem, global, extraIndex: /extra-index-url$/.test(option) && role !== 'extra' });
  });

  eachMatch(text, ENV_SETTING, (m) => {
    const name = m[1].toUpperCase();
    const role: Role = /TRUSTED_HOST|INSECURE_HOST/.test(name) ? 'trust' : /^CARGO_REGISTRIES_|^POETRY_REPOSITORIES_/.test(name) ? 'scoped' : 'replace';
    // Buildroot's and Yocto's download sites serve every source tarball of a firmware build.
    const ecosystem: Ecosystem = /^(?:NPM|YARN|BUN)_/.test(name) ? 'npm' : name.startsWith('CARGO') ? 'cargo' : /^(?:BR2_|SOURCE_MIRROR)/.test(name) ? 'any' : 'pip';
    push(out, { index: m.index, length: m[0].length, value: resolvedValue(text, m[2]), role, ecosystem, extraIndex: /EXTRA_INDEX/.test(name) });
  });

  eachMatch(text, TOKEN_SETTING, (m) => {
    push(out, { index: m.index, length: m[0].length, value: m[1], role: 'token', ecosystem: 'npm' });
  });

  eachMatch(text, YARN_TOKEN, (m) => {
    // The nearest `"//host/":` block key above the token, if any.
    const owners = [...text.slice(Math.max(0, m.index - 300), m.index).matchAll(YARN_TOKEN_OWNER)];
    const owner = owners.length > 0 ? owners[owners.length - 1][1] : '';
    push(out, { index: m.index, length: m[0].length, value: owner, role: 'token', ecosystem: 'npm' });
  });

  eachMatch(text, GEM_SOURCE, (m) => {
    const block = /\bdo\b/.test(text.slice(m.index + m[0].length, lineBounds(text, m.index).end));
    push(out, { index: m.index, length: m[0].length, value: m[1], role: block ? 'scoped' : 'replace', ecosystem: 'gem' });
  });
  eachMatch(text, GEM_CLI, (m) => {
    push(out, { index: m.index, length: m[0].length, value: m[1] ?? m[2] ?? m[3], role: 'replace', ecosystem: 'gem' });
  });
  if (/(?:^|\/)\.?gemrc$/i.test(file.skillPath)) {
    eachMatch(text, GEMRC_SOURCE, (m) => {
      push(out, { index: m.index, length: m[0].length, value: m[1], role: 'replace', ecosystem: 'gem' });
    });
  }

  const nugetConfig = /(?:^|\/)nuget\.config$/i.test(file.skillPath);
  eachMatch(text, NUGET_SOURCE, (m) => {
    // An <add key value> of any other .config file is an app setting, not a package source.
    if (m[3] && !nugetConfig && !/packageSources/i.test(text.slice(Math.max(0, m.index - 3000), m.index))) return;
    push(out, { index: m.index, length: m[0].length, value: m[1] ?? m[2] ?? m[3], role: m[2] ? 'install' : 'replace', ecosystem: 'nuget' });
  });

  condaAndBrewSettings(file, (s) => push(out, s));

  eachMatch(text, GO_PROXY, (m) => {
    if (DEFAULT_GO_PROXY.test(m[1])) return;
    push(out, { index: m.index, length: m[0].length, value: m[1], role: 'replace', ecosystem: 'go' });
  });

  out.sort((a, b) => a.index - b.index);
  return { settings: out, lows };
}
