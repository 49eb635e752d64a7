// Skill discovery: which folders are skills and which files belong to each. Every folder holding a
// SKILL.md (any letter case) is a skill, at any depth, hidden folders included (.claude/skills/x);
// a file belongs to the nearest skill folder above it, and files outside every skill are ignored.
// Third-party and tool folders are skipped and reported, never dropped silently, and a file above
// the per-file cap is cut to the cap and reported (the engine turns that into a finding).
import type { InputFile } from './types.ts';

export const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;

export interface SkippedPath {
  path: string;
  reason: string;
}

export interface DiscoveredFile {
  /** Path relative to the input root, forward slashes, no leading "./". */
  path: string;
  /** The content to scan: the whole file, or its first `maxFileBytes` bytes when it is larger. */
  content: Uint8Array | string;
  /** True when the file was larger than the cap and only its first `maxFileBytes` bytes are scanned. */
  truncated: boolean;
}

export interface DiscoveredSkill {
  /** Folder of the skill relative to the input root ("" for the root itself). */
  folder: string;
  /** Path of the skill's SKILL.md. */
  skillMdPath: string;
  /** Every file of the skill, SKILL.md first, then by path. */
  files: DiscoveredFile[];
}

export interface Discovery {
  /** Skills sorted by folder. */
  skills: DiscoveredSkill[];
  /** Folders and files left out on purpose, with the reason, sorted by path. */
  skipped: SkippedPath[];
}

const SKIPPED_FOLDERS: Record<string, string> = {
  node_modules: 'third-party packages (node_modules) are not scanned',
  vendor: 'vendored third-party code is not scanned (its install scripts are)',
  vendored: 'vendored third-party code is not scanned (its install scripts are)',
  '.git': 'version-control metadata (.git) is not scanned',
};

// Lockfiles hold thousands of hashes and registry URLs and no instructions; the dependency
// rules read the manifests (package.json, requirements.txt, pyproject.toml) instead.
const SKIPPED_FILES: Record<string, string> = {
  'package-lock.json': 'lockfile: resolved dependency metadata, not code',
  'npm-shrinkwrap.json': 'lockfile: resolved dependency metadata, not code',
  'yarn.lock': 'lockfile: resolved dependency metadata, not code',
  'pnpm-lock.yaml': 'lockfile: resolved dependency metadata, not code',
  'bun.lockb': 'lockfile: resolved dependency metadata, not code',
  'poetry.lock': 'lockfile: resolved dependency metadata, not code',
  'uv.lock': 'lockfile: resolved dependency metadata, not code',
  'pipfile.lock': 'lockfile: resolved dependency metadata, not code',
  'cargo.lock': 'lockfile: resolved dependency metadata, not code',
  'composer.lock': 'lockfile: resolved dependency metadata, not code',
  'gemfile.lock': 'lockfile: resolved dependency metadata, not code',
  'go.sum': 'lockfile: resolved dependency metadata, not code',
};

// Installing vendored code runs its install hooks (pip install ./vendor/pkg runs setup.py, npm
// runs package.json scripts, site-packages runs .pth lines), so those files are scanned like the
// skill's own even inside a vendored folder.
const VENDORED_INSTALL_HOOK = /^(?:setup\.py|setup\.cfg|pyproject\.toml|package\.json|[\w.-]+\.pth|(?:pre|post)?install(?:\.\w+)?|build\.rs|extconf\.rb)$/i;

/** True for the names of folders of vendored third-party code. */
export function isVendoredFolderName(name: string): boolean {
  return name === 'vendor' || name === 'vendored';
}

/** True for a file in a vendored folder that installing the vendored code runs. */
export function isVendoredInstallHook(folderName: string, fileName: string): boolean {
  return isVendoredFolderName(folderName) && VENDORED_INSTALL_HOOK.test(fileName);
}

const LIFECYCLE_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];
const SCRIPT_FILE_ARG = /(?:^|[\s"'=])((?:\.\.?\/)?[\w@.-]+(?:\/[\w@.-]+)*\.(?:c?js|mjs|ts|sh|py|rb|ps1))(?=[\s"';&|)]|$)/g;

/**
 * The files a package.json's install scripts run ("postinstall": "node ./scripts/setup.js"), as
 * paths relative to the input root. A vendored package installed by the skill runs them too.
 */
export function lifecycleScriptFiles(packageJsonPath: string, content: string): string[] {
  let scripts: unknown;
  try {
    scripts = (JSON.parse(content) as { scripts?: unknown }).scripts;
  } catch {
    return [];
  }
  if (!scripts || typeof scripts !== 'object') return [];
  const dir = parentOf(packageJsonPath);
  const out: string[] = [];
  for (const name of LIFECYCLE_SCRIPTS) {
    const command = (scripts as Record<string, unknown>)[name];
    if (typeof command !== 'string') continue;
    for (const m of command.matchAll(SCRIPT_FILE_ARG)) {
      const path = normaliseInputPath(dir ? `${dir}/${m[1]}` : m[1]);
      if (!path.split('/').includes('..')) out.push(path);
    }
  }
  return out;
}

/** Why a folder of this name is not scanned, or undefined when it is scanned. */
export function skipReasonForFolder(name: string): string | undefined {
  return Object.hasOwn(SKIPPED_FOLDERS, name) ? SKIPPED_FOLDERS[name] : undefined;
}

/** Why a file of this name is not scanned, or undefined when it is scanned. */
export function skipReasonForFile(name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.hasOwn(SKIPPED_FILES, lower) ? SKIPPED_FILES[lower] : undefined;
}

/** "./a\\b//c/" -> "a/b/c": forward slashes, no "." or empty segments, no leading or trailing slash. */
export function normaliseInputPath(path: string): string {
  return path
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
}

export function isSkillMdName(name: string): boolean {
  return name.toLowerCase() === 'skill.md';
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

function byteLength(content: Uint8Array | string): number {
  return typeof content === 'string' ? Buffer.byteLength(content, 'utf8') : content.byteLength;
}

function cut(content: Uint8Array | string, maxBytes: number): Uint8Array {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return bytes.subarray(0, maxBytes);
}

/** The skipped folder a path lies in (the outermost one), or undefined. */
function skippedFolderOf(segments: string[]): { path: string; reason: string } | undefined {
  for (let i = 0; i < segments.length - 1; i++) {
    const reason = skipReasonForFolder(segments[i]);
    if (reason) return { path: segments.slice(0, i + 1).join('/'), reason };
  }
  return undefined;
}

export function discoverSkills(input: readonly InputFile[], options: { maxFileBytes?: number } = {}): Discovery {
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const skipped = new Map<string, string>();
  const files = new Map<string, InputFile['content']>();
  // Vendored files that are not install hooks: kept aside in case an install script runs them.
  const vendoredAside = new Map<string, InputFile['content']>();

  for (const file of input) {
    if (file.path.endsWith('/') || file.path.endsWith('\\')) continue; // a directory entry of an archive
    const path = normaliseInputPath(file.path);
    if (!path || files.has(path)) continue;
    const segments = path.split('/');
    const folder = skippedFolderOf(segments);
    if (folder) {
      skipped.set(folder.path, folder.reason);
      const folderName = folder.path.slice(folder.path.lastIndexOf('/') + 1);
      if (!isVendoredInstallHook(folderName, segments[segments.length - 1])) {
        if (isVendoredFolderName(folderName)) vendoredAside.set(path, file.content);
        continue;
      }
    }
    const fileReason = skipReasonForFile(segments[segments.length - 1]);
    if (fileReason) {
      skipped.set(path, fileReason);
      continue;
    }
    files.set(path, file.content);
  }
  // What the install scripts of vendored package.json files run is scanned with them.
  for (const [path, content] of [...files]) {
    if (!path.endsWith('/package.json') || !skippedFolderOf(path.split('/'))) continue;
    const text = typeof content === 'string' ? content : new TextDecoder().decode(content);
    for (const script of lifecycleScriptFiles(path, text)) {
      const aside = vendoredAside.get(script);
      if (aside !== undefined) files.set(script, aside);
    }
  }

  // Skill folders, and for each the SKILL.md that defines it (exact "SKILL.md" wins over "skill.md").
  const skillMdOf = new Map<string, string>();
  for (const path of files.keys()) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (!isSkillMdName(name)) continue;
    const folder = parentOf(path);
    const current = skillMdOf.get(folder);
    const currentIsExact = current !== undefined && current.slice(current.lastIndexOf('/') + 1) === 'SKILL.md';
    if (current === undefined || (name === 'SKILL.md' && !currentIsExact) || (!currentIsExact && name !== 'SKILL.md' && path < current)) {
      skillMdOf.set(folder, path);
    }
  }

  const members = new Map<string, DiscoveredFile[]>();
  for (const folder of skillMdOf.keys()) members.set(folder, []);
  for (const [path, content] of files) {
    // The nearest skill folder above the file (its own folder first).
    let folder = parentOf(path);
    while (!skillMdOf.has(folder) && folder !== '') folder = parentOf(folder);
    const list = members.get(folder);
    if (!list) continue; // outside every skill
    const truncated = byteLength(content) > maxFileBytes;
    list.push({ path, content: truncated ? cut(content, maxFileBytes) : content, truncated });
  }

  const skills: DiscoveredSkill[] = [];
  for (const [folder, skillMdPath] of skillMdOf) {
    const list = members.get(folder)!;
    list.sort((a, b) => (a.path === skillMdPath ? -1 : b.path === skillMdPath ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    skills.push({ folder, skillMdPath, files: list });
  }
  skills.sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0));

  return {
    skills,
    skipped: [...skipped].map(([path, reason]) => ({ path, reason })).sort((a, b) => (a.path < b.path ? -1 : 1)),
  };
}
