// Reads the structure of a ZIP archive held in memory: the end-of-central-directory record (and its
// Zip64 extension), the central directory and the local header each entry points at. It checks
// that every record lies inside the archive and that local and central headers agree, and decodes
// entry names. It never inflates and never trusts a size it has not bounded by the archive length;
// policy (limits, paths, links) belongs to unzip.ts.
import { crc32 } from 'node:zlib';
import { AppError } from '../../lib/errors.ts';

export interface ZipEnd {
  entryCount: number;
  centralDirectoryOffset: number;
  centralDirectorySize: number;
}

export interface ZipEntry {
  /** Name bytes as stored in the central directory. */
  rawName: Uint8Array;
  /** Decoded name, not yet normalised (may hold backslashes, "..", control characters). */
  name: string;
  /** High byte: host system (3 Unix, 19 macOS, 0 MS-DOS, ...); low byte: specification version. */
  versionMadeBy: number;
  /** General purpose flags of the central and the local header, or-ed: either may mark encryption. */
  flags: number;
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  externalAttributes: number;
  localHeaderOffset: number;
  /** Offset of the first byte of the entry's (compressed) data. */
  dataOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const EOCD_LENGTH = 22;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_LOCATOR_LENGTH = 20;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const ZIP64_EOCD_LENGTH = 56;
const CENTRAL_SIGNATURE = 0x02014b50;
const CENTRAL_LENGTH = 46;
const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_LENGTH = 30;
const MAX_COMMENT_LENGTH = 0xffff;
const EXTRA_ZIP64 = 0x0001;
const EXTRA_UNICODE_PATH = 0x7075;
const FLAG_UTF8 = 0x0800;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
// Code page 437, bytes 0x80-0xFF: the encoding of names that are not flagged UTF-8.
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐' +
  '└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

export function notZip(): AppError {
  return new AppError('INVALID_INPUT', 'the upload is not a ZIP archive (no end of central directory record found)');
}

export function corrupt(detail: string): AppError {
  return new AppError('INVALID_INPUT', `the ZIP archive is corrupt: ${detail}`);
}

/** A name made safe to quote in a message: escaped and cut short. */
export function quoteName(name: string): string {
  return JSON.stringify(name.length > 120 ? `${name.slice(0, 120)}...` : name);
}

/** Finds the end-of-central-directory record, searching back over a possible archive comment. */
export function readZipEnd(bytes: Uint8Array): ZipEnd {
  const view = viewOf(bytes);
  const lowest = Math.max(0, bytes.byteLength - EOCD_LENGTH - MAX_COMMENT_LENGTH);
  for (let at = bytes.byteLength - EOCD_LENGTH; at >= lowest; at--) {
    if (view.getUint32(at, true) !== EOCD_SIGNATURE) continue;
    if (at + EOCD_LENGTH + view.getUint16(at + 20, true) > bytes.byteLength) continue;
    return parseZipEnd(view, at);
  }
  throw notZip();
}

function parseZipEnd(view: DataView, at: number): ZipEnd {
  if (view.getUint16(at + 4, true) !== 0 || view.getUint16(at + 6, true) !== 0) {
    throw new AppError('INVALID_INPUT', 'split (multi-part) ZIP archives are not supported');
  }
  let entryCount = view.getUint16(at + 10, true);
  let centralDirectorySize = view.getUint32(at + 12, true);
  let centralDirectoryOffset = view.getUint32(at + 16, true);
  let directoryEnd = at;
  if (entryCount === 0xffff || centralDirectorySize === 0xffffffff || centralDirectoryOffset === 0xffffffff) {
    const locator = at - ZIP64_LOCATOR_LENGTH;
    if (locator >= 0 && view.getUint32(locator, true) === ZIP64_LOCATOR_SIGNATURE) {
      const record = readUint64(view, locator + 8);
      if (record + ZIP64_EOCD_LENGTH > locator || view.getUint32(record, true) !== ZIP64_EOCD_SIGNATURE) {
        throw corrupt('bad Zip64 end of central directory record');
      }
      entryCount = readUint64(view, record + 32);
      centralDirectorySize = readUint64(view, record + 40);
      centralDirectoryOffset = readUint64(view, record + 48);
      directoryEnd = record;
    }
  }
  if (centralDirectoryOffset + centralDirectorySize > directoryEnd) {
    throw corrupt('the central directory lies outside the archive');
  }
  return { entryCount, centralDirectoryOffset, centralDirectorySize };
}

/**
 * Reads every central directory entry and the local header it points at. The walk is bounded by
 * the declared count and must end exactly at the declared directory size, so no entry can be
 * hidden from this reader that another reader would see.
 */
export function readZipEntries(bytes: Uint8Array, end: ZipEnd): ZipEntry[] {
  const view = viewOf(bytes);
  const directoryEnd = end.centralDirectoryOffset + end.centralDirectorySize;
  const entries: ZipEntry[] = [];
  let at = end.centralDirectoryOffset;
  for (let index = 0; index < end.entryCount; index++) {
    if (at + CENTRAL_LENGTH > directoryEnd || view.getUint32(at, true) !== CENTRAL_SIGNATURE) {
      throw corrupt(`central directory entry ${index + 1} is missing or damaged`);
    }
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const next = at + CENTRAL_LENGTH + nameLength + extraLength + view.getUint16(at + 32, true);
    if (next > directoryEnd) throw corrupt(`central directory entry ${index + 1} runs past the directory`);
    const rawName = bytes.subarray(at + CENTRAL_LENGTH, at + CENTRAL_LENGTH + nameLength);
    const extra = bytes.subarray(at + CENTRAL_LENGTH + nameLength, at + CENTRAL_LENGTH + nameLength + extraLength);
    const flags = view.getUint16(at + 8, true);
    const sizes = applyZip64Extra(extra, {
      uncompressedSize: view.getUint32(at + 24, true),
      compressedSize: view.getUint32(at + 20, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    });
    const entry: ZipEntry = {
      rawName,
      name: readUnicodePathExtra(extra, rawName) ?? decodeName(rawName, flags),
      versionMadeBy: view.getUint16(at + 4, true),
      flags,
      method: view.getUint16(at + 10, true),
      crc32: view.getUint32(at + 16, true),
      compressedSize: sizes.compressedSize,
      uncompressedSize: sizes.uncompressedSize,
      externalAttributes: view.getUint32(at + 38, true),
      localHeaderOffset: sizes.localHeaderOffset,
      dataOffset: 0,
    };
    readLocalHeader(bytes, view, entry, end.centralDirectoryOffset);
    entries.push(entry);
    at = next;
  }
  if (at !== directoryEnd) throw corrupt('the central directory holds more entries than it declares');
  return entries;
}

/** Checks the local header against the central one and sets where the entry's data starts. */
function readLocalHeader(bytes: Uint8Array, view: DataView, entry: ZipEntry, dataLimit: number): void {
  const at = entry.localHeaderOffset;
  if (at + LOCAL_LENGTH > dataLimit || view.getUint32(at, true) !== LOCAL_SIGNATURE) {
    throw corrupt(`the local header of ${quoteName(entry.name)} is missing`);
  }
  const nameLength = view.getUint16(at + 26, true);
  entry.dataOffset = at + LOCAL_LENGTH + nameLength + view.getUint16(at + 28, true);
  if (entry.dataOffset + entry.compressedSize > dataLimit) {
    throw corrupt(`the data of ${quoteName(entry.name)} runs past the end of the archive`);
  }
  // A local name or method that differs from the central one lets two unzip tools see two
  // different archives; refuse rather than pick one.
  if (!sameBytes(bytes.subarray(at + LOCAL_LENGTH, at + LOCAL_LENGTH + nameLength), entry.rawName)) {
    throw corrupt(`the local header of ${quoteName(entry.name)} names a different file`);
  }
  if (view.getUint16(at + 8, true) !== entry.method) {
    throw corrupt(`the local header of ${quoteName(entry.name)} gives a different compression method`);
  }
  entry.flags |= view.getUint16(at + 6, true);
}

interface EntryPlacement {
  uncompressedSize: number;
  compressedSize: number;
  localHeaderOffset: number;
}

/** Replaces 0xFFFFFFFF fields by their 64-bit values from the Zip64 extra field, in spec order. */
function applyZip64Extra(extra: Uint8Array, fields: EntryPlacement): EntryPlacement {
  const field = findExtraField(extra, EXTRA_ZIP64);
  if (!field) return fields;
  const result = { ...fields };
  const fieldView = new DataView(field.buffer, field.byteOffset, field.byteLength);
  let at = 0;
  for (const key of ['uncompressedSize', 'compressedSize', 'localHeaderOffset'] as const) {
    if (fields[key] !== 0xffffffff) continue;
    if (at + 8 > field.byteLength) throw corrupt('a Zip64 extra field is too short');
    result[key] = readUint64(fieldView, at);
    at += 8;
  }
  return result;
}

/** The Info-ZIP Unicode Path field, used by 7-Zip and unzip over the raw name when its CRC matches. */
function readUnicodePathExtra(extra: Uint8Array, rawName: Uint8Array): string | undefined {
  const field = findExtraField(extra, EXTRA_UNICODE_PATH);
  if (!field || field.byteLength < 5 || field[0] !== 1) return undefined;
  const crc = (field[1] | (field[2] << 8) | (field[3] << 16) | (field[4] << 24)) >>> 0;
  if (crc !== crc32(rawName) >>> 0) return undefined;
  try {
    return utf8.decode(field.subarray(5));
  } catch {
    throw corrupt('an entry has a Unicode path that is not UTF-8');
  }
}

function findExtraField(extra: Uint8Array, id: number): Uint8Array | undefined {
  let at = 0;
  while (at + 4 <= extra.byteLength) {
    const fieldId = extra[at] | (extra[at + 1] << 8);
    const size = extra[at + 2] | (extra[at + 3] << 8);
    if (at + 4 + size > extra.byteLength) return undefined;
    if (fieldId === id) return extra.subarray(at + 4, at + 4 + size);
    at += 4 + size;
  }
  return undefined;
}

function decodeName(raw: Uint8Array, flags: number): string {
  try {
    return utf8.decode(raw);
  } catch {
    if (flags & FLAG_UTF8) throw corrupt('an entry name flagged as UTF-8 is not valid UTF-8');
  }
  let name = '';
  for (const byte of raw) name += byte < 0x80 ? String.fromCharCode(byte) : CP437_HIGH[byte - 0x80];
  return name;
}

function readUint64(view: DataView, at: number): number {
  // Offsets and sizes past 2^53 cannot fit a 10 MB archive; they fail the bounds checks anyway.
  return Number(view.getBigUint64(at, true));
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}
