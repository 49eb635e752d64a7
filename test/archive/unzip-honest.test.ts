// The ZIP unpacker on honest archives written by archiver and adm-zip: nested and hidden folders,
// binary files, Zip64, nested archives, names in UTF-8 and code page 437, skipped system files.
import AdmZip from 'adm-zip';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { unpackZip } from '../../worker/archive/unzip.ts';
import { SKILL_MD, zipWithArchiver, craftZip, text } from './zip-fixtures.ts';

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
