// Bounds on what an uploaded ZIP may unpack to. The archive is hostile input: every figure here is
// checked against the headers before anything is inflated, and again against the bytes actually
// produced, so neither a lying header nor a zip bomb can make a worker allocate more than this.

export interface ArchiveLimits {
  /** Size of the uploaded archive itself. */
  maxArchiveBytes: number;
  /** Entries in the central directory (files, folders, links and skipped metadata alike). */
  maxFiles: number;
  /** Sum of the unpacked sizes of the files returned. */
  maxUnpackedBytes: number;
  /** Unpacked size of any one file. */
  maxFileBytes: number;
  /** Unpacked size over compressed size of one entry (checked from RATIO_CHECK_MIN_BYTES up). */
  maxRatio: number;
  /** Length of an entry name, in characters, before normalisation. */
  maxPathLength: number;
}

const MB = 1024 * 1024;

/**
 * Below this unpacked size the compression ratio of an entry is not checked: a small text file of
 * repeated lines legitimately compresses far beyond 100:1, and its size is harmless anyway.
 */
export const RATIO_CHECK_MIN_BYTES = 1 * MB;

export const DEFAULT_ARCHIVE_LIMITS: Readonly<ArchiveLimits> = Object.freeze({
  maxArchiveBytes: 10 * MB,
  maxFiles: 2_000,
  maxUnpackedBytes: 50 * MB,
  maxFileBytes: 5 * MB,
  maxRatio: 100,
  maxPathLength: 512,
});
