// Archives for the unpacker's tests: real ones written by archiver, and crafted ones written byte
// by byte so that every header field can be made to lie.
import { ZipArchive } from 'archiver';
import { crc32, deflateRawSync } from 'node:zlib';
import { expect } from 'vitest';
import { AppError, type ErrorCode } from '../../lib/errors.ts';

export const MB = 1024 * 1024;
export const SKILL_MD = '---\nname: demo\ndescription: A demo skill.\n---\n# Demo\n';

// ---- real archives ----------------------------------------------------------------------------

export interface RealEntry {
  name: string;
  content?: string | Buffer;
  store?: boolean;
  directory?: boolean;
  symlinkTo?: string;
}

export async function zipWithArchiver(entries: RealEntry[], options: { forceZip64?: boolean } = {}): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level: 9 }, ...options });
  const chunks: Buffer[] = [];
  archive.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    archive.on('end', () => resolve());
    archive.on('error', reject);
  });
  for (const entry of entries) {
    if (entry.symlinkTo !== undefined) archive.symlink(entry.name, entry.symlinkTo);
    else if (entry.directory) archive.append('', { name: entry.name, type: 'directory' });
    else archive.append(entry.content ?? '', { name: entry.name, store: entry.store });
  }
  await archive.finalize();
  await ended;
  return Buffer.concat(chunks);
}

// ---- crafted archives -------------------------------------------------------------------------

export interface CraftedEntry {
  name: string;
  /** The file content; deflated unless method is 0 or payload is given. */
  data?: string | Uint8Array;
  method?: number;
  /** Exact bytes to store as the entry's data (already compressed). */
  payload?: Uint8Array;
  uncompressedSize?: number;
  compressedSize?: number;
  crc?: number;
  flags?: number;
  versionMadeBy?: number;
  externalAttributes?: number;
  localName?: string;
  /** Extra field bytes of the central record. */
  centralExtra?: Buffer;
  /** Points the central record at the local header of another entry (by index). */
  sameLocalAs?: number;
}

/**
 * The fields a local header and its central record share, in the same order from "version needed
 * to extract" on (offset 4 in a local header, 6 in a central record); time and date stay zero.
 */
function writeFileFields(
  header: Buffer,
  at: number,
  f: { flags: number; method: number; crc: number; compressedSize: number; uncompressedSize: number },
): void {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(f.flags, at + 2);
  header.writeUInt16LE(f.method, at + 4);
  header.writeUInt32LE(f.crc, at + 10);
  header.writeUInt32LE(f.compressedSize, at + 14);
  header.writeUInt32LE(f.uncompressedSize, at + 18);
}

/** Writes a ZIP by hand so that every header field can be made to lie. */
export function craftZip(entries: CraftedEntry[], options: { declaredCount?: number } = {}): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  const offsets: number[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data) : Buffer.from(entry.data ?? []);
    const method = entry.method ?? 8;
    const payload = Buffer.from(entry.payload ?? (method === 8 ? deflateRawSync(data) : data));
    const name = Buffer.from(entry.name);
    const localName = Buffer.from(entry.localName ?? entry.name);
    const crc = entry.crc ?? crc32(data);
    const compressedSize = entry.compressedSize ?? payload.length;
    const uncompressedSize = entry.uncompressedSize ?? data.length;
    const fields = { flags: entry.flags ?? 0x0800, method, crc, compressedSize, uncompressedSize };
    const localOffset = entry.sameLocalAs !== undefined ? offsets[entry.sameLocalAs] : offset;
    offsets.push(localOffset);
    if (entry.sameLocalAs === undefined) {
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      writeFileFields(local, 4, fields);
      local.writeUInt16LE(localName.length, 26);
      parts.push(local, localName, payload);
      offset += local.length + localName.length + payload.length;
    }
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(entry.versionMadeBy ?? 0x031e, 4);
    writeFileFields(record, 6, fields);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt16LE(entry.centralExtra?.length ?? 0, 30);
    record.writeUInt32LE(entry.externalAttributes ?? (0o100644 << 16) >>> 0, 38);
    record.writeUInt32LE(localOffset, 42);
    central.push(record, name, entry.centralExtra ?? Buffer.alloc(0));
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(options.declaredCount ?? entries.length, 8);
  end.writeUInt16LE(options.declaredCount ?? entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

export function expectAppError(run: () => unknown, code: ErrorCode, ...fragments: string[]): AppError {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(AppError);
  const error = caught as AppError;
  expect(error.code).toBe(code);
  for (const fragment of fragments) expect(error.message).toContain(fragment);
  return error;
}

export const text = (content: Uint8Array | string) => (typeof content === 'string' ? content : Buffer.from(content).toString('utf8'));
