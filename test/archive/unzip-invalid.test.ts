// The ZIP unpacker on inputs that are not valid archives: other formats, empty and truncated
// archives, failed checksums, corrupt data, and randomly damaged bytes.
import AdmZip from 'adm-zip';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { unpackZip } from '../../worker/archive/unzip.ts';
import { SKILL_MD, zipWithArchiver, craftZip, expectAppError, text } from './zip-fixtures.ts';

describe('inputs that are not (valid) ZIP archives', () => {
  it.each([
    ['text', Buffer.from('# just a SKILL.md, not a zip\n')],
    ['a PNG header', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(0)])],
    ['no bytes', new Uint8Array(0)],
    ['a lone local header', Buffer.from('PK\x03\x04' + '\0'.repeat(40), 'latin1')],
  ])('refuses %s as not a ZIP', (_, bytes) => {
    expectAppError(() => unpackZip(bytes), 'INVALID_INPUT', 'not a ZIP archive');
  });

  it('refuses an empty archive', async () => {
    expectAppError(() => unpackZip(craftZip([])), 'INVALID_INPUT', 'empty');
    expectAppError(() => unpackZip(new AdmZip().toBuffer()), 'INVALID_INPUT', 'empty');
  });

  it('refuses an archive that holds folders and skipped entries only', async () => {
    const zip = await zipWithArchiver([{ name: 'skill/', directory: true }, { name: '__MACOSX/x', content: 'x' }]);
    expectAppError(() => unpackZip(zip), 'INVALID_INPUT', 'no files');
  });

  it('refuses a truncated archive', async () => {
    const zip = await zipWithArchiver([{ name: 'SKILL.md', content: SKILL_MD }]);
    expectAppError(() => unpackZip(zip.subarray(0, zip.length - 10)), 'INVALID_INPUT');
    expectAppError(() => unpackZip(Buffer.concat([zip.subarray(0, 20), zip.subarray(zip.length - 120)])), 'INVALID_INPUT');
  });

  it('refuses an entry that fails its CRC-32 check', () => {
    const zip = craftZip([{ name: 'SKILL.md', data: SKILL_MD, crc: 1234 }]);
    expectAppError(() => unpackZip(zip), 'INVALID_INPUT', '"SKILL.md"', 'CRC-32');
  });

  it('refuses corrupt deflate data', () => {
    const zip = craftZip([{ name: 'SKILL.md', payload: Buffer.from([0xff, 0xff, 0xff, 0xff]), uncompressedSize: 10 }]);
    expectAppError(() => unpackZip(zip), 'INVALID_INPUT', '"SKILL.md"', 'does not inflate');
  });

  it('refuses a local header that names a different file than the central directory', () => {
    const zip = craftZip([{ name: 'README.md', localName: '../x.sh', data: 'x' }]);
    expectAppError(() => unpackZip(zip), 'INVALID_INPUT', 'different file');
  });

  it('refuses a central directory that holds more entries than it declares', () => {
    const zip = craftZip([{ name: 'a.md', data: 'a' }, { name: 'hidden.sh', data: 'b' }], { declaredCount: 1 });
    expectAppError(() => unpackZip(zip), 'INVALID_INPUT', 'more entries than it declares');
  });
});

describe('damaged archives', () => {
  it('either unpack or fail with an AppError, whatever bytes are changed', async () => {
    const zip = await zipWithArchiver([
      { name: 'skill/SKILL.md', content: SKILL_MD },
      { name: 'skill/data.bin', content: Buffer.alloc(3000, 7), store: true },
      { name: 'skill/link', symlinkTo: '/etc' },
    ]);
    let seed = 7;
    const random = (below: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % below);
    const outcomes = new Set<string>();
    for (let round = 0; round < 5000; round++) {
      const damaged = Buffer.from(zip);
      for (let n = 1 + random(3); n > 0; n--) damaged[random(damaged.length)] = random(2) ? random(256) : 0xff;
      try {
        unpackZip(damaged);
        outcomes.add('unpacked');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes.add(error.code);
      }
    }
    expect(outcomes.has('INVALID_INPUT')).toBe(true);
  });
});
