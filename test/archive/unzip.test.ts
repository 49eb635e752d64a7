// The ZIP unpacker against real archives (written by archiver and adm-zip) and against hostile
// archives crafted byte by byte: zip slip, absolute paths, links, encryption, bombs, lying
// headers, overlapping entries and broken structure.
import AdmZip from 'adm-zip';
import { ZipArchive } from 'archiver';
import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AppError, type ErrorCode } from '../../lib/errors.ts';
import { type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS } from '../../worker/archive/limits.ts';
import { unpackZip } from '../../worker/archive/unzip.ts';

const MB = 1024 * 1024;
const SKILL_MD = '---\nname: demo\ndescription: A demo skill.\n---\n# Demo\n';

// ---- real archives ----------------------------------------------------------------------------

interface RealEntry {
  name: string;
  content?: string | Buffer;
  store?: boolean;
  directory?: boolean;
  symlinkTo?: string;
}

async function zipWithArchiver(entries: RealEntry[], options: { forceZip64?: boolean } = {}): Promise<Buffer> {
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

interface CraftedEntry {
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

/** Writes a ZIP by hand so that every header field can be made to lie. */
function craftZip(entries: CraftedEntry[], options: { declaredCount?: number } = {}): Buffer {
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
    const flags = entry.flags ?? 0x0800;
    const localOffset = entry.sameLocalAs !== undefined ? offsets[entry.sameLocalAs] : offset;
    offsets.push(localOffset);
    if (entry.sameLocalAs === undefined) {
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(flags, 6);
      local.writeUInt16LE(method, 8);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(compressedSize, 18);
      local.writeUInt32LE(uncompressedSize, 22);
      local.writeUInt16LE(localName.length, 26);
      parts.push(local, localName, payload);
      offset += local.length + localName.length + payload.length;
    }
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(entry.versionMadeBy ?? 0x031e, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(flags, 8);
    record.writeUInt16LE(method, 10);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(compressedSize, 20);
    record.writeUInt32LE(uncompressedSize, 24);
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

function expectAppError(run: () => unknown, code: ErrorCode, ...fragments: string[]): AppError {
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

const text = (content: Uint8Array | string) => (typeof content === 'string' ? content : Buffer.from(content).toString('utf8'));

// ---- happy paths ------------------------------------------------------------------------------

describe('unpacking honest archives', () => {
  it('returns every file of nested folders, hidden folders included, and no folder entries', async () => {
    const zip = await zipWithArchiver([
      { name: 'skills/', directory: true },
      { name: 'skills/pdf/SKILL.md', content: SKILL_MD },
      { name: 'skills/pdf/scripts/fill.py', content: 'print("fill")\n' },
      { name: '.claude/skills/x/SKILL.md', content: SKILL_MD },
      { name: '.claude/skills/x/references/deep/notes.md', content: '# notes\n' },
    ]);
    const { files, skipped } = unpackZip(zip);
    expect(files.map((f) => f.path)).toEqual([
      'skills/pdf/SKILL.md',
      'skills/pdf/scripts/fill.py',
      '.claude/skills/x/SKILL.md',
      '.claude/skills/x/references/deep/notes.md',
    ]);
    expect(text(files[0].content)).toBe(SKILL_MD);
    expect(skipped).toEqual([]);
  });

  it('keeps binary files as their exact bytes, stored or deflated', async () => {
    const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    const zip = await zipWithArchiver([
      { name: 'SKILL.md', content: SKILL_MD, store: true },
      { name: 'assets/logo.png', content: binary, store: true },
      { name: 'assets/blob.bin', content: binary },
    ]);
    const { files } = unpackZip(zip);
    expect(text(files[0].content)).toBe(SKILL_MD);
    expect(Buffer.from(files[1].content as Uint8Array).equals(binary)).toBe(true);
    expect(Buffer.from(files[2].content as Uint8Array).equals(binary)).toBe(true);
  });

  it('reads archives written by adm-zip (sizes in the local headers, no data descriptors)', () => {
    const writer = new AdmZip();
    writer.addFile('my-skill/SKILL.md', Buffer.from(SKILL_MD));
    writer.addFile('my-skill/run.sh', Buffer.from('#!/bin/sh\necho hi\n'));
    const { files } = unpackZip(writer.toBuffer());
    // adm-zip writes its entries sorted by name.
    expect(files.map((f) => [f.path, text(f.content)]).sort()).toEqual([
      ['my-skill/SKILL.md', SKILL_MD],
      ['my-skill/run.sh', '#!/bin/sh\necho hi\n'],
    ]);
  });

  it('reads Zip64 archives', async () => {
    const zip = await zipWithArchiver([{ name: 'SKILL.md', content: SKILL_MD }, { name: 'a/b.txt', content: 'b' }], { forceZip64: true });
    expect(unpackZip(zip).files.map((f) => f.path)).toEqual(['SKILL.md', 'a/b.txt']);
  });

  it('returns a nested archive as an ordinary file with its bytes, never unpacking it', async () => {
    const inner = await zipWithArchiver([{ name: 'payload.sh', content: 'rm -rf ~\n' }]);
    const zip = await zipWithArchiver([
      { name: 'SKILL.md', content: SKILL_MD },
      { name: 'vendor/tools.zip', content: inner },
      { name: 'vendor/lib.jar', content: inner, store: true },
    ]);
    const { files } = unpackZip(zip);
    expect(files.map((f) => f.path)).toEqual(['SKILL.md', 'vendor/tools.zip', 'vendor/lib.jar']);
    expect(Buffer.from(files[1].content as Uint8Array).equals(inner)).toBe(true);
    expect(Buffer.from(files[2].content as Uint8Array).equals(inner)).toBe(true);
  });

  it('skips __MACOSX and .DS_Store with a reason', async () => {
    const zip = await zipWithArchiver([
      { name: 'skill/SKILL.md', content: SKILL_MD },
      { name: 'skill/.DS_Store', content: 'Bud1' },
      { name: '__MACOSX/skill/._SKILL.md', content: 'apple double' },
    ]);
    const { files, skipped } = unpackZip(zip);
    expect(files.map((f) => f.path)).toEqual(['skill/SKILL.md']);
    expect(skipped).toEqual([
      { path: 'skill/.DS_Store', reason: 'macOS metadata' },
      { path: '__MACOSX/skill/._SKILL.md', reason: 'macOS metadata' },
    ]);
  });

  it('normalises backslashes, "." segments and a leading "./"', () => {
    const zip = craftZip([
      { name: 'skills\\pdf\\SKILL.md', data: SKILL_MD },
      { name: './skills/./pdf//run.sh', data: 'echo\n' },
    ]);
    expect(unpackZip(zip).files.map((f) => f.path)).toEqual(['skills/pdf/SKILL.md', 'skills/pdf/run.sh']);
  });

  it('decodes UTF-8 names, and names without the UTF-8 flag as code page 437', () => {
    const zip = craftZip([
      { name: 'docs/résumé.md', data: '# r\n' },
      { name: 'x', data: 'y', flags: 0 },
    ]);
    expect(unpackZip(zip).files.map((f) => f.path)).toEqual(['docs/résumé.md', 'x']);
    const cp437 = craftZip([{ name: 'placeholder', data: 'z', flags: 0 }]);
    cp437.write('pl\x82ceholder', 30, 'latin1'); // local name
    cp437.write('pl\x82ceholder', cp437.length - 22 - 11, 'latin1'); // central name
    expect(unpackZip(cp437).files[0].path).toBe('pléceholder');
  });

  it('accepts a small file that compresses far beyond the ratio limit', () => {
    const zeros = Buffer.alloc(512 * 1024);
    const zip = craftZip([{ name: 'data/zeros.txt', data: zeros }]);
    expect(deflateRawSync(zeros).length * 100).toBeLessThan(zeros.length);
    expect(unpackZip(zip).files[0].content.length).toBe(zeros.length);
  });
});

// ---- hostile paths ----------------------------------------------------------------------------

describe('refusing hostile paths', () => {
  it.each(['../../evil.sh', 'skill/../../evil.sh', '..\\..\\evil.bat', 'a/..'])('refuses the zip slip entry %j', (name) => {
    const zip = craftZip([{ name: 'SKILL.md', data: SKILL_MD }, { name, data: 'curl x | sh\n' }]);
    expectAppError(() => unpackZip(zip), 'INVALID_INPUT', JSON.stringify(name), '..');
  });

  it.each(['/etc/cron.d/job', 'C:\\Windows\\evil.bat', 'c:evil.bat', '\\\\server\\share\\evil.sh', '//server/share/x'])(
    'refuses the absolute path %j',
    (name) => {
      const zip = craftZip([{ name, data: 'x' }]);
      expectAppError(() => unpackZip(zip), 'INVALID_INPUT', JSON.stringify(name), 'absolute path');
    },
  );

  it.each(['a\u0000b.sh', 'line\nbreak.md', 'esc\u001b[31m.md', 'del\u007f.md'])('refuses the control character in %j', (name) => {
    const zip = craftZip([{ name, data: 'x' }]);
    expectAppError(() => unpackZip(zip), 'INVALID_INPUT', JSON.stringify(name), 'control character');
  });

  it('checks the Info-ZIP Unicode path that unzip tools use over the raw name', () => {
    const unicodePath = (raw: string, path: string) => {
      const field = Buffer.alloc(9);
      field.writeUInt16LE(0x7075, 0);
      field.writeUInt16LE(5 + Buffer.byteLength(path), 2);
      field[4] = 1;
      field.writeUInt32LE(crc32(Buffer.from(raw)), 5);
      return Buffer.concat([field, Buffer.from(path)]);
    };
    const zip = craftZip([{ name: 'SKILL.md', data: SKILL_MD, centralExtra: unicodePath('SKILL.md', '../../.bashrc') }]);
    expectAppError(() => unpackZip(zip), 'INVALID_INPUT', '"../../.bashrc"', '..');
  });

  it('refuses a path over the length limit', () => {
    const name = `${'a/'.repeat(300)}x.md`;
    expectAppError(() => unpackZip(craftZip([{ name, data: 'x' }])), 'INVALID_INPUT', 'longer than 512 characters', name.slice(0, 40));
  });

  it('refuses two entries that normalise to the same path', () => {
    const zip = craftZip([{ name: 'skill/SKILL.md', data: SKILL_MD }, { name: './skill//SKILL.md', data: 'other' }]);
    expectAppError(() => unpackZip(zip), 'INVALID_INPUT', '"skill/SKILL.md" more than once');
  });

  it('refuses a path that is both a file and a folder', () => {
    const zip = craftZip([{ name: 'skill', data: 'x' }, { name: 'skill/', data: '' }, { name: 'other.md', data: 'y' }]);
    expectAppError(() => unpackZip(zip), 'INVALID_INPUT', '"skill" is both a file and a folder');
  });
});

// ---- links and encryption ---------------------------------------------------------------------

describe('links, encryption and compression methods', () => {
  it('skips a symbolic link written by archiver and never follows it', async () => {
    const zip = await zipWithArchiver([
      { name: 'skill/SKILL.md', content: SKILL_MD },
      { name: 'skill/id_rsa', symlinkTo: '/home/user/.ssh/id_rsa' },
    ]);
    const { files, skipped } = unpackZip(zip);
    expect(files.map((f) => f.path)).toEqual(['skill/SKILL.md']);
    expect(skipped).toEqual([{ path: 'skill/id_rsa', reason: 'symbolic link' }]);
  });

  it('skips a crafted link entry (Unix host, S_IFLNK mode)', () => {
    const zip = craftZip([
      { name: 'SKILL.md', data: SKILL_MD },
      { name: 'config', data: '/etc/passwd', method: 0, externalAttributes: (0o120777 << 16) >>> 0 },
    ]);
    expect(unpackZip(zip).skipped).toEqual([{ path: 'config', reason: 'symbolic link' }]);
  });

  it('refuses a file placed under a link (zip slip through a link)', () => {
    const zip = craftZip([
      { name: 'SKILL.md', data: SKILL_MD },
      { name: 'dir', data: '/etc', method: 0, externalAttributes: (0o120777 << 16) >>> 0 },
      { name: 'dir/cron.d/job', data: '* * * * * root sh\n' },
    ]);
    expectAppError(() => unpackZip(zip), 'INVALID_INPUT', '"dir/cron.d/job" lies under "dir"');
  });

  it('refuses an entry with the encryption flag', () => {
    const zip = craftZip([{ name: 'SKILL.md', data: SKILL_MD }, { name: 'scripts/secret.sh', data: 'x', flags: 0x0801 }]);
    expectAppError(() => unpackZip(zip), 'INVALID_INPUT', 'encrypted entries are not supported: scripts/secret.sh');
  });

  it('refuses an AES-encrypted entry (method 99)', () => {
    const zip = craftZip([{ name: 'secret.md', data: 'x', method: 99, payload: Buffer.from('opaque') }]);
    expectAppError(() => unpackZip(zip), 'INVALID_INPUT', 'encrypted entries are not supported: secret.md');
  });

  it('refuses an unsupported compression method rather than hiding the file', () => {
    const zip = craftZip([{ name: 'run.sh', data: 'x', method: 12, payload: Buffer.from('BZh9') }]);
    expectAppError(() => unpackZip(zip), 'INVALID_INPUT', '"run.sh"', 'bzip2');
  });
});

// ---- sizes and bombs --------------------------------------------------------------------------

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

// ---- broken structure -------------------------------------------------------------------------

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
