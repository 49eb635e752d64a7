// SUP-07 executables and opaque binaries: executables by magic bytes, the EICAR test signature,
// pickle data, near-random blobs of no known format and other unidentified binaries, and a
// SKILL.md that says the skill ships malware.
import type { FileView, RuleMatch, SkillView } from '../../types.ts';
import { extensionOf } from '../../file-view.ts';
import { execRegex } from '../context.ts';
import { archiveKind, executableKind, isKnownAsset, looksLikeLegacyText } from './file-formats.ts';
import { fileMatch } from './shared.ts';

const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
const PICKLE_EXTENSIONS = /^(?:pkl|pickle|joblib|pt|pth|ckpt|bin|npy|npz)$/;

// A file whose bytes are close to random (entropy near 8 bits per byte) and that is no known
// format is encrypted or packed: nothing in it can be reviewed, and droppers ship payloads that way.
const RANDOM_ENTROPY = 7.5;
const MIN_OPAQUE_BYTES = 1024;
// Model weights and other numeric blobs are dense too, but they say what they are by name.
const DENSE_DATA_EXTENSIONS = /^(?:onnx|tflite|h5|hdf5|safetensors|gguf|ggml|pb|pt|pth|ckpt|npy|npz|model|weights|mlmodel|db|sqlite|sqlite3|wasm|ttf|otf|woff2?|ico|der|cer|crt|p12|pfx|gpg|asc|sig|key|keystore|jks)$/;

/** Shannon entropy of the bytes in bits per byte (0..8), over at most the first 1 MB. */
function byteEntropy(bytes: Uint8Array): number {
  const n = Math.min(bytes.length, 1 << 20);
  const counts = new Uint32Array(256);
  for (let i = 0; i < n; i++) counts[bytes[i]]++;
  let h = 0;
  for (const c of counts) {
    if (c === 0) continue;
    const p = c / n;
    h -= p * Math.log2(p);
  }
  return h;
}

/** DER-encoded certificates and keys start with an ASN.1 SEQUENCE of long form length. */
function looksLikeDer(bytes: Uint8Array): boolean {
  return bytes[0] === 0x30 && (bytes[1] === 0x82 || bytes[1] === 0x83);
}

// The skill says of itself that it ships malicious content ("this skill contains the EICAR test
// file", "the package includes a working ransomware sample"). Security tools describe what they
// detect, not what they contain; negated sentences ("skills must not contain malware") are skipped.
const DECLARED_MALWARE =
  /\b(?:(?:this|the|our)\s+(?:skill|package|plugin|repo(?:sitory)?|folder|directory|bundle|archive|assets?(?:\s+(?:folder|directory))?)|it|assets\/?)\s+(?:also\s+)?(?:contains?|containing|ships?|includes?|bundles?|carries|embeds?|comes\s+with|that\s+(?:contains?|ships|includes))\s+(?:(?:a|an|the|some|real|live|actual|working|sample|test|standard|known|functional|weaponi[sz]ed|packed|encrypted|obfuscated)\s+){0,3}(?:malware|virus(?:es)?|trojans?|ransomware|worms?|rootkits?|keyloggers?|backdoors?|exploit\s+payloads?|(?:anti-?virus|av)\s+test\s+(?:file|string|signature)|eicar)\b/gi;
const DECLARED_SUBJECT_DESCRIPTION =
  /^(?:(?:a|an|the)\s+)?(?:test\s+)?(?:skill|package|plugin|bundle)\s+(?:containing|that\s+(?:contains?|ships|includes)|with)\s+(?:(?:a|an|the|some|real|live|sample|test|standard)\s+){0,3}(?:malware|virus(?:es)?|trojans?|ransomware|rootkits?|backdoors?|exploit\s+payloads?|(?:anti-?virus|av)\s+test\s+(?:file|string)|eicar)\b/i;
const NEGATED_BEFORE = /\b(?:not|never|no|without|free\s+of|must\s+not|doesn'?t|does\s+not|cannot|can'?t)\b[^.\n]{0,40}$/i;

function declaredMalware(skill: SkillView): RuleMatch[] {
  const md = skill.skillMd;
  const out: RuleMatch[] = [];
  const body = md.body;
  DECLARED_MALWARE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = execRegex(DECLARED_MALWARE, body)) !== null && out.length < 2) {
    if (NEGATED_BEFORE.test(body.slice(Math.max(0, m.index - 60), m.index))) continue;
    out.push({ index: m.index, length: m[0].length, file: md, severity: 'high', message: 'The skill says it ships malware or an antivirus test file: it will be quarantined, or it is what it says' });
  }
  const description = md.meta.description ?? '';
  if (out.length === 0 && DECLARED_SUBJECT_DESCRIPTION.test(description)) {
    const at = Math.max(0, md.text.indexOf(description.slice(0, 40)));
    out.push({ index: at, length: Math.min(description.length, 120), file: md, severity: 'high', message: 'The skill\'s description says it ships malware or an antivirus test file' });
  }
  return out;
}

export function detectBinaries(_file: FileView, skill: SkillView): RuleMatch[] {
  const out: RuleMatch[] = declaredMalware(skill);
  for (const f of skill.files) {
    const bytes = f.bytes;
    if (bytes.length === 0) continue;
    const kind = executableKind(bytes);
    if (kind) {
      out.push(fileMatch(f, kind === 'WebAssembly' ? 'medium' : 'high', `${kind} executable shipped in the skill: its behaviour cannot be reviewed from source`));
      continue;
    }
    if (f.kind !== 'binary') {
      if (f.text.includes(EICAR)) out.push(fileMatch(f, 'high', 'Contains the EICAR antivirus test signature: every antivirus will quarantine the skill'));
      continue;
    }
    if (archiveKind(bytes) || isKnownAsset(bytes) || looksLikeLegacyText(bytes)) continue;
    const ext = extensionOf(f.skillPath);
    if (bytes[0] === 0x80 && bytes[1] >= 2 && bytes[1] <= 5 && PICKLE_EXTENSIONS.test(ext)) {
      out.push(fileMatch(f, 'medium', 'Python pickle data: loading it runs code embedded in the file'));
      continue;
    }
    if (/^(?:pyc|pyo)$/.test(ext)) continue; // SUP-09
    const entropy = bytes.length >= MIN_OPAQUE_BYTES && !DENSE_DATA_EXTENSIONS.test(ext) && !looksLikeDer(bytes) ? byteEntropy(bytes) : 0;
    if (entropy > RANDOM_ENTROPY) {
      out.push(fileMatch(f, 'high', `Opaque binary${ext ? ` (.${ext})` : ''} of no known format with near-random content (${entropy.toFixed(2)} bits per byte): an encrypted or packed payload that cannot be reviewed`));
      continue;
    }
    out.push(fileMatch(f, 'medium', `Unidentified binary file${ext ? ` (.${ext})` : ''}: not a known image, font, media, document or data format`));
  }
  return out;
}
