// Unpacks an uploaded ZIP of skills in memory, for the scanner. The archive is hostile input, so
// nothing is written to disk and nothing is trusted: every entry is checked (path, type,
// encryption, sizes by header) before a single byte is inflated, inflation is capped by the limits
// whatever the headers say, and each result is checked against its header's size and CRC-32.
import { crc32, inflateRawSync } from 'node:zlib';
import { AppError } from '../../lib/errors.ts';
import type { InputFile } from '../scanner/types.ts';
import { type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS, RATIO_CHECK_MIN_BYTES } from './limits.ts';
import { corrupt, quoteName, readZipEnd, readZipEntries, type ZipEntry } from './zip-format.ts';

export interface UnpackedArchive {
  files: InputFile[];
  /** Entries present in the archive but not returned, with why (links, macOS metadata). */
  skipped: { path: string; reason: string }[];
}

const METHOD_STORED = 0;
const METHOD_DEFLATED = 8;
const METHOD_AES = 99;
// Bit 0: traditional encryption; bit 6: strong encryption; bit 13: encrypted central directory.
const ENCRYPTION_FLAGS = 0x0001 | 0x0040 | 0x2000;
const UNIX_HOSTS = new Set([3, 19]); // Unix, macOS: external attributes carry a Unix mode
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const METHOD_NAMES: Record<number, string> = { 1: 'shrink', 6: 'implode', 9: 'deflate64', 12: 'bzip2', 14: 'lzma', 93: 'zstd', 95: 'xz', 98: 'ppmd' };
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
const DRIVE_LETTER = /^[a-zA-Z]:/;

/** A file entry that passed every header check and will be inflated. */
interface PlannedFile {
  path: string;
  entry: ZipEntry;
}

export function unpackZip(bytes: Uint8Array, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): UnpackedArchive {
  if (bytes.byteLength > limits.maxArchiveBytes) {
    throw tooLarge(`the archive is ${bytes.byteLength} bytes, over the limit of ${formatBytes(limits.maxArchiveBytes)}`);
  }
  const end = readZipEnd(bytes);
  if (end.entryCount === 0) throw new AppError('INVALID_INPUT', 'the ZIP archive is empty');
  if (end.entryCount > limits.maxFiles) {
    throw tooLarge(`the archive holds ${end.entryCount} entries, over the limit of ${limits.maxFiles} entries`);
  }
  const entries = readZipEntries(bytes, end);
  rejectOverlappingEntries(entries);

  const planned: PlannedFile[] = [];
  const skipped: UnpackedArchive['skipped'] = [];
  const folders = new Set<string>();
  const leaves = new Set<string>(); // files and links: paths that cannot also be folders
  let declaredTotal = 0;
  for (const entry of entries) {
    const path = normaliseEntryPath(entry.name, limits.maxPathLength);
    if (isFolder(entry)) {
      if (path !== '') folders.add(path);
      continue;
    }
    if (path === '') throw new AppError('INVALID_INPUT', `entry ${quoteName(entry.name)} has an empty path`);
    if (leaves.has(path)) throw new AppError('INVALID_INPUT', `the archive holds ${quoteName(path)} more than once`);
    leaves.add(path);
    if (isSymbolicLink(entry)) {
      skipped.push({ path, reason: 'symbolic link' });
      continue;
    }
    if (isMacMetadata(path)) {
      skipped.push({ path, reason: 'macOS metadata' });
      continue;
    }
    checkReadable(entry, path);
    checkDeclaredSize(entry, path, limits);
    declaredTotal += entry.uncompressedSize;
    if (declaredTotal > limits.maxUnpackedBytes) {
      throw tooLarge(`the archive unpacks to more than the limit of ${formatBytes(limits.maxUnpackedBytes)} in total (reached at ${quoteName(path)})`);
    }
    planned.push({ path, entry });
  }
  rejectFilesUsedAsFolders(leaves, folders);
  if (planned.length === 0) throw new AppError('INVALID_INPUT', 'the ZIP archive contains no files');

  const files: InputFile[] = [];
  let unpackedTotal = 0;
  for (const { path, entry } of planned) {
    const content = unpackEntry(bytes, entry, path, limits, limits.maxUnpackedBytes - unpackedTotal);
    unpackedTotal += content.byteLength;
    files.push({ path, content });
  }
  return { files, skipped };
}

/**
 * Normalises an entry name to a relative path with forward slashes and no "." segments, refusing
 * anything that could point outside the folder it would be unpacked into. A trailing slash (a
 * folder entry) is dropped; "" means the root itself.
 */
export function normaliseEntryPath(name: string, maxPathLength: number): string {
  if (name.length > maxPathLength) {
    throw new AppError('INVALID_INPUT', `entry ${quoteName(name)} has a path longer than ${maxPathLength} characters`);
  }
  if (CONTROL_CHARACTER.test(name)) {
    throw new AppError('INVALID_INPUT', `entry ${quoteName(name)} has a control character in its path`);
  }
  const slashed = name.replaceAll('\\', '/');
  if (slashed.startsWith('/') || DRIVE_LETTER.test(slashed)) {
    throw new AppError('INVALID_INPUT', `entry ${quoteName(name)} has an absolute path`);
  }
  const segments: string[] = [];
  for (const segment of slashed.split('/')) {
    if (segment === '..') throw new AppError('INVALID_INPUT', `entry ${quoteName(name)} climbs out of the archive with ".."`);
    if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return segments.join('/');
}

/**
 * Several central directory entries sharing local data is how overlapping zip bombs (and quines)
 * reach huge sizes from small archives; honest archives never do it.
 */
function rejectOverlappingEntries(entries: ZipEntry[]): void {
  const byOffset = entries.toSorted((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  for (let i = 1; i < byOffset.length; i++) {
    const previous = byOffset[i - 1];
    if (byOffset[i].localHeaderOffset < previous.dataOffset + previous.compressedSize) {
      throw new AppError('INVALID_INPUT', `entries ${quoteName(previous.name)} and ${quoteName(byOffset[i].name)} overlap in the archive`);
    }
  }
}

/** A file and a folder (or link and folder) of the same path: a link used as a folder is how zip slip through links works. */
function rejectFilesUsedAsFolders(leaves: Set<string>, folders: Set<string>): void {
  for (const path of leaves) {
    if (folders.has(path)) throw new AppError('INVALID_INPUT', `${quoteName(path)} is both a file and a folder in the archive`);
    for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
      const parent = path.slice(0, slash);
      if (leaves.has(parent)) {
        throw new AppError('INVALID_INPUT', `entry ${quoteName(path)} lies under ${quoteName(parent)}, which is a file or link, not a folder`);
      }
    }
  }
}

function isFolder(entry: ZipEntry): boolean {
  return entry.name.endsWith('/') || entry.name.endsWith('\\');
}

function isSymbolicLink(entry: ZipEntry): boolean {
  return UNIX_HOSTS.has(entry.versionMadeBy >> 8) && ((entry.externalAttributes >>> 16) & S_IFMT) === S_IFLNK;
}

function isMacMetadata(path: string): boolean {
  return path.startsWith('__MACOSX/') || path === '.DS_Store' || path.endsWith('/.DS_Store');
}

function checkReadable(entry: ZipEntry, path: string): void {
  if (entry.flags & ENCRYPTION_FLAGS || entry.method === METHOD_AES) {
    throw new AppError('INVALID_INPUT', `encrypted entries are not supported: ${path}`);
  }
  // Refused rather than skipped: an entry the scanner cannot read but an unzip tool can extract
  // would be a way to hide a script from the scan.
  if (entry.method !== METHOD_STORED && entry.method !== METHOD_DEFLATED) {
    const method = METHOD_NAMES[entry.method] ?? `method ${entry.method}`;
    throw new AppError('INVALID_INPUT', `entry ${quoteName(path)} uses an unsupported compression (${method}); only stored and deflate entries are read`);
  }
  if (entry.method === METHOD_STORED && entry.compressedSize !== entry.uncompressedSize) {
    throw corrupt(`stored entry ${quoteName(path)} declares two different sizes`);
  }
}

function checkDeclaredSize(entry: ZipEntry, path: string, limits: ArchiveLimits): void {
  if (entry.uncompressedSize > limits.maxFileBytes) {
    throw tooLarge(`entry ${quoteName(path)} unpacks to ${entry.uncompressedSize} bytes, over the limit of ${formatBytes(limits.maxFileBytes)} per file`);
  }
  if (entry.uncompressedSize >= RATIO_CHECK_MIN_BYTES && entry.uncompressedSize > entry.compressedSize * limits.maxRatio) {
    throw tooLarge(`entry ${quoteName(path)} has a compression ratio over the limit of ${limits.maxRatio}:1 (a zip bomb)`);
  }
}

/**
 * Copies or inflates one entry. Inflation stops at the smallest limit that applies, so a header
 * that understates the size costs at most that many bytes; the result must then match the header.
 */
function unpackEntry(bytes: Uint8Array, entry: ZipEntry, path: string, limits: ArchiveLimits, budget: number): Uint8Array {
  const data = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  // Stored data is copied so that the files returned do not keep the whole upload alive.
  const content = entry.method === METHOD_STORED ? new Uint8Array(data) : inflateCapped(data, path, limits, budget);
  if (content.byteLength !== entry.uncompressedSize) {
    throw corrupt(`entry ${quoteName(path)} unpacks to ${content.byteLength} bytes but its header declares ${entry.uncompressedSize}`);
  }
  if (crc32(content) >>> 0 !== entry.crc32) throw corrupt(`entry ${quoteName(path)} fails its CRC-32 check`);
  return content;
}

/** Inflates raw deflate data, stopping at the per-file limit, the remaining total or the ratio limit. */
function inflateCapped(data: Uint8Array, path: string, limits: ArchiveLimits, budget: number): Uint8Array {
  const ratioCap = Math.max(RATIO_CHECK_MIN_BYTES, data.byteLength * limits.maxRatio);
  const cap = Math.min(limits.maxFileBytes, budget, ratioCap);
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, cap) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw inflatedTooLarge(path, cap, limits, budget);
    throw corrupt(`entry ${quoteName(path)} does not inflate (${(error as Error).message})`);
  }
}

/** Names the limit that stopped inflation of an entry whose header understated its size. */
function inflatedTooLarge(path: string, cap: number, limits: ArchiveLimits, budget: number): AppError {
  if (cap === limits.maxFileBytes) {
    return tooLarge(`entry ${quoteName(path)} unpacks to more than the limit of ${formatBytes(limits.maxFileBytes)} per file (its header understates its size)`);
  }
  if (cap === budget) {
    return tooLarge(`the archive unpacks to more than the limit of ${formatBytes(limits.maxUnpackedBytes)} in total (reached at ${quoteName(path)})`);
  }
  return tooLarge(`entry ${quoteName(path)} has a compression ratio over the limit of ${limits.maxRatio}:1 (a zip bomb)`);
}

function tooLarge(message: string): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', message);
}

/** A limit for people to read ("5 MB"); measured sizes are given in exact bytes instead. */
function formatBytes(count: number): string {
  if (count >= 1024 * 1024) return `${+(count / (1024 * 1024)).toFixed(1)} MB`;
  if (count >= 1024) return `${+(count / 1024).toFixed(1)} KB`;
  return `${count} bytes`;
}
