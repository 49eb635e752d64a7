// Archive limits for repository imports. An import is started by an operator, not by an API
// caller, and a repository archive holds more than one skill upload, so the floors here are above
// the upload limits; the configured scan limits still apply when they are higher.
import type { Config } from '../lib/config.ts';
import { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from './archive/limits.ts';
import { DEFAULT_MAX_ARCHIVE_BYTES } from './github/client.ts';

const MB = 1024 * 1024;

export function importLimits(scan: Config['scan']): ArchiveLimits {
  return {
    ...DEFAULT_ARCHIVE_LIMITS,
    maxArchiveBytes: Math.max(scan.maxUploadBytes, DEFAULT_MAX_ARCHIVE_BYTES),
    maxFiles: Math.max(scan.maxFiles, 20_000),
    maxUnpackedBytes: Math.max(scan.maxUnpackedBytes, 200 * MB),
    maxFileBytes: scan.maxFileBytes,
  };
}
