// Turns a stored scan input into the files the scanner reads: SKILL.md text, the files of the
// skill being written, an uploaded ZIP (unpacked in memory, within the limits), or a GitHub
// repository (fetched as an archive, narrowed to the path of the link).
import { AppError } from '../lib/errors.ts';
import type { InputFile } from './scanner/types.ts';
import type { ArchiveLimits } from './archive/limits.ts';
import { unpackZip } from './archive/unzip.ts';
import { parseGitHubUrl } from './github/parse-url.ts';
import { stripSingleRootFolder, type GitHubClient } from './github/client.ts';
import type { ScanInputKind } from '../db/scans.ts';

export interface LoadedInput {
  files: InputFile[];
  skipped: { path: string; reason: string }[];
}

export interface InputDependencies {
  limits: ArchiveLimits;
  github: GitHubClient;
}

/** The files of a repository archive below `path` (paths stay relative to the repository root). */
function underPath(files: InputFile[], path: string | undefined): InputFile[] {
  if (!path) return files;
  const prefix = path.replace(/^\/+|\/+$/g, '');
  const selected = files.filter((f) => f.path === prefix || f.path.startsWith(prefix + '/'));
  if (selected.length === 0) throw new AppError('NOT_FOUND', `the repository has no path "${prefix}"`);
  return selected;
}

export async function loadScanInput(
  kind: ScanInputKind,
  input: Buffer | null,
  sourceUrl: string | null,
  deps: InputDependencies,
): Promise<LoadedInput> {
  switch (kind) {
    case 'content':
      return { files: [{ path: 'SKILL.md', content: input ?? Buffer.alloc(0) }], skipped: [] };
    case 'files': {
      const files = JSON.parse((input ?? Buffer.from('[]')).toString('utf8')) as { path: string; content: string }[];
      return { files: files.map((f) => ({ path: f.path, content: f.content })), skipped: [] };
    }
    case 'zip':
      return unpackZip(new Uint8Array(input ?? Buffer.alloc(0)), deps.limits);
    case 'url': {
      const location = parseGitHubUrl(sourceUrl ?? '');
      const archive = await deps.github.downloadArchive(location.owner, location.repo, location.ref, deps.limits.maxArchiveBytes);
      const unpacked = unpackZip(archive.bytes, deps.limits);
      return { files: underPath(stripSingleRootFolder(unpacked.files), location.path), skipped: unpacked.skipped };
    }
  }
}
