// The ZIP unpacker's size limits: zip bombs with honest and lying headers, ratio bombs, totals,
// entry counts and overlapping entries.
import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS } from '../../worker/archive/limits.ts';
import { unpackZip } from '../../worker/archive/unzip.ts';
import { MB, SKILL_MD, craftZip, expectAppError } from './zip-fixtures.ts';

describe('size limits and zip bombs', () => {
  const sixtyMbOfZeros = deflateRawSync(Buffer.alloc(60 * MB), { level: 9 });

  it('refuses a bomb whose header is honest (60 MB of zeros in a few KB)', () => {
    expect(sixtyMbOfZeros.length).toBeLessThan(100 * 1024);
    const zip = craftZip([{ name: 'bomb.txt', payload: sixtyMbOfZeros, uncompressedSize: 60 * MB, crc: 0 }]);
    expectAppError(() => unpackZip(zip), 'PAYLOAD_TOO_LARGE', '"bomb.txt"', `${60 * MB} bytes`, '5 MB per file');
  });

  it('refuses a bomb whose header lies about its size, inflating no more than the limit', () => {
    const zip = craftZip([{ name: 'SKILL.md', data: SKILL_MD }, { name: 'liar.txt', payload: sixtyMbOfZeros, uncompressedSize: 100, crc: 0 }]);
    expectAppError(() => unpackZip(zip), 'PAYLOAD_TOO_LARGE', '"liar.txt"', '5 MB per file', 'understates');
  });

  it('refuses an entry whose compression ratio is over the limit', () => {
    const zeros = Buffer.alloc(4 * MB);
    const zip = craftZip([{ name: 'flat.bin', data: zeros }]);
    expectAppError(() => unpackZip(zip), 'PAYLOAD_TOO_LARGE', '"flat.bin"', '100:1');
  });

  it('refuses a lying header that hides a ratio bomb under the per-file limit', () => {
    const payload = deflateRawSync(Buffer.alloc(4 * MB));
    const zip = craftZip([{ name: 'flat.bin', payload, uncompressedSize: 10, crc: 0 }]);
    expectAppError(() => unpackZip(zip), 'PAYLOAD_TOO_LARGE', '"flat.bin"', '100:1');
  });

  it('refuses an archive whose headers add up to more than the total limit', () => {
    const limits: ArchiveLimits = { ...DEFAULT_ARCHIVE_LIMITS, maxUnpackedBytes: 1000 };
    const zip = craftZip([{ name: 'a.txt', data: 'a'.repeat(600) }, { name: 'b.txt', data: 'b'.repeat(600) }]);
    expectAppError(() => unpackZip(zip, limits), 'PAYLOAD_TOO_LARGE', '1000 bytes in total', '"b.txt"');
  });

  it('refuses an archive whose inflated bytes add up to more than the total limit', () => {
    const limits: ArchiveLimits = { ...DEFAULT_ARCHIVE_LIMITS, maxUnpackedBytes: 1000 };
    const zip = craftZip([
      { name: 'a.txt', data: 'a'.repeat(600) },
      { name: 'b.txt', payload: deflateRawSync(Buffer.from('b'.repeat(900))), uncompressedSize: 100, crc: 0 },
    ]);
    expectAppError(() => unpackZip(zip, limits), 'PAYLOAD_TOO_LARGE', '1000 bytes in total', '"b.txt"');
  });

  it('refuses a header that understates the size within the limits as corrupt', () => {
    const zip = craftZip([{ name: 'short.txt', data: 'hello', uncompressedSize: 3 }]);
    expectAppError(() => unpackZip(zip), 'INVALID_INPUT', '"short.txt"', 'declares 3');
  });

  it('refuses more entries than the file limit', () => {
    const entries = Array.from({ length: 2001 }, (_, i) => ({ name: `f/${i}.txt`, data: '', method: 0 }));
    expectAppError(() => unpackZip(craftZip(entries)), 'PAYLOAD_TOO_LARGE', '2001 entries', 'limit of 2000');
  });

  it('refuses an archive over the archive size limit before reading it', () => {
    expectAppError(() => unpackZip(new Uint8Array(10 * MB + 1)), 'PAYLOAD_TOO_LARGE', `${10 * MB + 1} bytes`, 'limit of 10 MB');
  });

  it('refuses overlapping entries that share local data (an overlapping zip bomb)', () => {
    const kernel = deflateRawSync(Buffer.alloc(1000));
    const zip = craftZip([{ name: 'k', payload: kernel, uncompressedSize: 1000, crc: crc32(Buffer.alloc(1000)) }, { name: 'k', sameLocalAs: 0, payload: kernel, uncompressedSize: 1000, crc: crc32(Buffer.alloc(1000)) }]);
    expectAppError(() => unpackZip(zip), 'INVALID_INPUT', 'overlap', '"k"');
  });

  it('refuses an entry whose data runs over the next local header', () => {
    const zip = craftZip([
      { name: 'a.txt', data: 'aaaa', method: 0, compressedSize: 40, uncompressedSize: 40 },
      { name: 'b.txt', data: 'bbbb', method: 0 },
    ]);
    expectAppError(() => unpackZip(zip), 'INVALID_INPUT', 'overlap', '"a.txt"', '"b.txt"');
  });
});
