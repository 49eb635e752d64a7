// Reads a scan input from disk: a folder (walked recursively) or one file, as bytes, with paths
// relative to the input root. Only files inside skill folders (folders holding a SKILL.md, and
// below) are read. Symbolic links are not followed (a link could point anywhere on the
// machine), node_modules and .git are not read at all, vendored folders only for the install
// hooks installing them runs, and each such place is reported. Files are read up to one byte past the scan cap, so a huge file is reported as larger
// than the cap without being read whole.
import { open, readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { InputFile } from '../worker/scanner/types.ts';
import {
  DEFAULT_MAX_FILE_BYTES,
  isSkillMdName,
  isVendoredFolderName,
  isVendoredInstallHook,
  lifecycleScriptFiles,
  skipReasonForFile,
  skipReasonForFolder,
  type SkippedPath,
} from '../worker/scanner/discover.ts';

export interface ReadInput {
  files: InputFile[];
  skipped: SkippedPath[];
  /** True when the input was a single file rather than a folder. */
  singleFile: boolean;
}

async function readHead(path: string, maxBytes: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const size = (await handle.stat()).size;
    const length = Math.min(size, maxBytes);
    const buffer = new Uint8Array(length);
    let offset = 0;
    while (offset < length) {
      const { bytesRead } = await handle.read(buffer, offset, length - offset, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
    }
    return buffer.subarray(0, offset);
  } finally {
    await handle.close();
  }
}

/** Reads a folder or a single file. Throws the file system's error when `root` does not exist. */
export async function readSkillFiles(root: string, options: { maxFileBytes?: number } = {}): Promise<ReadInput> {
  const limit = (options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES) + 1;
  const info = await stat(root);
  if (info.isFile()) {
    return { files: [{ path: basename(root), content: await readHead(root, limit) }], skipped: [], singleFile: true };
  }
  const found: { path: string; full: string }[] = [];
  const skipped: SkippedPath[] = [];
  // Inside a vendored folder only its install hooks are read (`vendored` names that folder), and
  // the files its package.json install scripts run.
  const vendoredAside = new Map<string, string>();
  const walk = async (dir: string, rel: string, vendored?: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      const full = join(dir, entry.name);
      if (entry.isSymbolicLink()) {
        if (!vendored) skipped.push({ path, reason: 'symbolic link: not followed' });
      } else if (entry.isDirectory()) {
        const reason = skipReasonForFolder(entry.name);
        if (reason && !vendored) skipped.push({ path, reason });
        if (!reason) await walk(full, path, vendored);
        else if (!vendored && isVendoredFolderName(entry.name)) await walk(full, path, entry.name);
      } else if (entry.isFile()) {
        if (vendored) {
          if (isVendoredInstallHook(vendored, entry.name)) found.push({ path, full });
          else vendoredAside.set(path, full);
          continue;
        }
        const reason = skipReasonForFile(entry.name);
        if (reason) skipped.push({ path, reason });
        else found.push({ path, full });
      }
    }
  };
  await walk(root, '');
  for (const hook of found.filter((f) => f.path.endsWith('/package.json') && f.path.split('/').some(isVendoredFolderName))) {
    const text = new TextDecoder().decode(await readHead(hook.full, limit));
    for (const script of lifecycleScriptFiles(hook.path, text)) {
      const full = vendoredAside.get(script);
      if (full) found.push({ path: script, full });
    }
  }

  // Only files inside some skill folder are read: the rest of a repository is never scanned.
  const skillFolders = new Set(found.filter((f) => isSkillMdName(basename(f.path))).map((f) => parentOf(f.path)));
  const files: InputFile[] = [];
  for (const f of found) {
    if (!insideSkill(f.path, skillFolders)) continue;
    files.push({ path: f.path, content: await readHead(f.full, limit) });
  }
  return { files, skipped, singleFile: false };
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

function insideSkill(path: string, skillFolders: ReadonlySet<string>): boolean {
  for (let folder = parentOf(path); ; folder = parentOf(folder)) {
    if (skillFolders.has(folder)) return true;
    if (folder === '') return false;
  }
}
