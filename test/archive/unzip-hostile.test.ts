// The ZIP unpacker on hostile entries: zip slip, absolute paths, control characters, links,
// encryption and unsupported compression methods.
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { unpackZip } from '../../worker/archive/unzip.ts';
import { SKILL_MD, zipWithArchiver, craftZip, expectAppError } from './zip-fixtures.ts';

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
