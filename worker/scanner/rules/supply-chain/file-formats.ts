// File-level helpers (SUP-07 .. SUP-11): magic bytes and archive listings. What a file is, read
// from its bytes rather than its name: executables, archives, ordinary assets; ZIP entry names
// come from the central directory and the data is never decompressed.

export function startsWith(bytes: Uint8Array, magic: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (bytes[offset + i] !== magic[i]) return false;
  return true;
}

function u16(bytes: Uint8Array, at: number): number {
  return bytes[at] | (bytes[at + 1] << 8);
}

function u32(bytes: Uint8Array, at: number): number {
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16)) + bytes[at + 3] * 0x1000000;
}

type ExecutableKind = 'ELF' | 'PE' | 'Mach-O' | 'Java class' | 'DEX' | 'WebAssembly' | '';

export function executableKind(bytes: Uint8Array): ExecutableKind {
  if (startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return 'ELF';
  if (startsWith(bytes, [0x4d, 0x5a]) && bytes.length >= 0x40) {
    const peOffset = u32(bytes, 0x3c);
    if (peOffset < bytes.length - 4 && startsWith(bytes, [0x50, 0x45, 0x00, 0x00], peOffset)) return 'PE';
  }
  for (const magic of [[0xfe, 0xed, 0xfa, 0xce], [0xfe, 0xed, 0xfa, 0xcf], [0xce, 0xfa, 0xed, 0xfe], [0xcf, 0xfa, 0xed, 0xfe]]) {
    if (startsWith(bytes, magic)) return 'Mach-O';
  }
  if (startsWith(bytes, [0xca, 0xfe, 0xba, 0xbe]) && bytes.length >= 8) {
    // Fat Mach-O stores a small architecture count here; a Java class stores its version (>= 45).
    const count = (bytes[4] << 24) | (bytes[5] << 16) | (bytes[6] << 8) | bytes[7];
    return count > 0 && count < 40 ? 'Mach-O' : 'Java class';
  }
  if (startsWith(bytes, [0x64, 0x65, 0x78, 0x0a])) return 'DEX';
  if (startsWith(bytes, [0x00, 0x61, 0x73, 0x6d])) return 'WebAssembly';
  return '';
}

type ArchiveKind = 'zip' | 'gzip' | 'bzip2' | 'xz' | '7z' | 'rar' | 'zstd' | 'cab' | 'tar' | 'iso' | '';

export function archiveKind(bytes: Uint8Array): ArchiveKind {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]) || startsWith(bytes, [0x50, 0x4b, 0x07, 0x08])) return 'zip';
  if (startsWith(bytes, [0x1f, 0x8b])) return 'gzip';
  if (startsWith(bytes, [0x42, 0x5a, 0x68])) return 'bzip2';
  if (startsWith(bytes, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])) return 'xz';
  if (startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return '7z';
  if (startsWith(bytes, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])) return 'rar';
  if (startsWith(bytes, [0x28, 0xb5, 0x2f, 0xfd])) return 'zstd';
  if (startsWith(bytes, [0x4d, 0x53, 0x43, 0x46])) return 'cab';
  if (startsWith(bytes, [0x75, 0x73, 0x74, 0x61, 0x72], 257)) return 'tar';
  if (startsWith(bytes, [0x43, 0x44, 0x30, 0x30, 0x31], 0x8001)) return 'iso';
  return '';
}

// Formats that are ordinary assets (fonts, images, audio, video, documents, data).
const ASSET_MAGIC: readonly (readonly number[])[] = [
  [0x00, 0x01, 0x00, 0x00], [0x4f, 0x54, 0x54, 0x4f], [0x74, 0x72, 0x75, 0x65], [0x77, 0x4f, 0x46, 0x46], [0x77, 0x4f, 0x46, 0x32],
  [0x74, 0x74, 0x63, 0x66], [0x89, 0x50, 0x4e, 0x47], [0xff, 0xd8, 0xff], [0x47, 0x49, 0x46, 0x38], [0x52, 0x49, 0x46, 0x46],
  [0x42, 0x4d], [0x00, 0x00, 0x01, 0x00], [0x49, 0x49, 0x2a, 0x00], [0x4d, 0x4d, 0x00, 0x2a], [0x49, 0x44, 0x33],
  [0xff, 0xfb], [0xff, 0xf3], [0xff, 0xf2], [0x4f, 0x67, 0x67, 0x53], [0x66, 0x4c, 0x61, 0x43], [0x1a, 0x45, 0xdf, 0xa3],
  [0x25, 0x50, 0x44, 0x46], [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65], [0x50, 0x41, 0x52, 0x31], [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59],
  [0x89, 0x48, 0x44, 0x46], [0x47, 0x47, 0x55, 0x46], [0x38, 0x42, 0x50, 0x53], [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50],
  [0xd0, 0xcf, 0x11, 0xe0], [0x7b, 0x5c, 0x72, 0x74, 0x66], [0x00, 0x00, 0x00, 0x01, 0x42, 0x75, 0x64, 0x31],
  [0x69, 0x63, 0x6e, 0x73], [0x67, 0x6c, 0x54, 0x46], [0x42, 0x4c, 0x45, 0x4e, 0x44, 0x45, 0x52], [0xde, 0x12, 0x04, 0x95],
  [0x95, 0x04, 0x12, 0xde], [0x41, 0x52, 0x52, 0x4f, 0x57, 0x31], [0xc5, 0xd0, 0xd3, 0xc6], [0x25, 0x21, 0x50, 0x53],
];

/** Text in a legacy 8-bit encoding (Latin-1, Windows-1252) reads as binary to a UTF-8 decoder. */
export function looksLikeLegacyText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  if (head.length === 0 || head.includes(0)) return false;
  let printable = 0;
  for (const b of head) if ((b >= 0x20 && b < 0x7f) || b === 0x09 || b === 0x0a || b === 0x0d || b >= 0xa0) printable++;
  return printable / head.length > 0.95;
}

export function isKnownAsset(bytes: Uint8Array): boolean {
  if (ASSET_MAGIC.some((magic) => startsWith(bytes, magic))) return true;
  // ISO base media (mp4, mov, heic, avif): "ftyp" at offset 4. safetensors: JSON header after 8 bytes.
  if (startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4) || startsWith(bytes, [0x54, 0x46, 0x4c, 0x33], 4)) return true;
  if (bytes.length > 10 && bytes[8] === 0x7b && bytes[9] === 0x22) return true;
  return false;
}

interface ZipListing {
  names: string[];
  encrypted: boolean;
}

/** Entry names and encryption flags from a ZIP central directory (the data is never decompressed). */
export function listZip(bytes: Uint8Array): ZipListing | null {
  const min = Math.max(0, bytes.length - 65557);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= min; i--) {
    if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 0x05 && bytes[i + 3] === 0x06) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = Math.min(u16(bytes, eocd + 10), 5000);
  let at = u32(bytes, eocd + 16);
  const names: string[] = [];
  let encrypted = false;
  const decoder = new TextDecoder('utf-8', { fatal: false });
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || !startsWith(bytes, [0x50, 0x4b, 0x01, 0x02], at)) break;
    if (u16(bytes, at + 8) & 1) encrypted = true;
    const nameLength = u16(bytes, at + 28);
    const extraLength = u16(bytes, at + 30);
    const commentLength = u16(bytes, at + 32);
    names.push(decoder.decode(bytes.subarray(at + 46, Math.min(bytes.length, at + 46 + nameLength))));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { names, encrypted };
}

/** Builds a tiny stored ZIP (empty entries, no compression) as a string; for rule examples. */
export function tinyZipForExamples(names: string[], encrypted = false): string {
  const local: string[] = [];
  const central: string[] = [];
  let offset = 0;
  const le16 = (v: number) => String.fromCharCode(v & 0xff, (v >> 8) & 0xff);
  const le32 = (v: number) => le16(v & 0xffff) + le16(v >>> 16);
  const flags = encrypted ? 1 : 0;
  for (const name of names) {
    local.push('PK\x03\x04' + le16(20) + le16(flags) + le16(0) + le32(0) + le32(0) + le32(0) + le32(0) + le16(name.length) + le16(0) + name);
    central.push('PK\x01\x02' + le16(20) + le16(20) + le16(flags) + le16(0) + le32(0) + le32(0) + le32(0) + le32(0) + le16(name.length) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + name);
    offset += 30 + name.length;
  }
  const cd = central.join('');
  return local.join('') + cd + 'PK\x05\x06' + le16(0) + le16(0) + le16(names.length) + le16(names.length) + le32(cd.length) + le32(offset) + le16(0);
}
