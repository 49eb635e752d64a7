// CRED-03, git credential helpers that keep a copy: git hands a helper every username and token it
// stores or looks up, so a helper that wraps the real one and writes or sends what passes through
// harvests every repository credential of the machine. Printing a token from the environment
// (`echo password=$TOKEN`) is the ordinary kind and is left alone.
import type { FileView } from '../../types.ts';
import { baseNameOf } from '../../file-view.ts';
import type { PathHit } from '../secret-paths.ts';

// Helper bodies: a file named git-credential-*, a here-document written to such a file, or an
// inline `credential.helper '!f() { ...; }; f'` / `helper = !...` value.
const HELPER_FILE = /^git-credential-[\w.-]+$/;
const HEREDOC_TAG = /<<-?\s*["']?(\w+)["']?/;
const INLINE_HELPER = /\bcredential(?:\.[\w.:/-]+)?\.helper\s+(["'])!([^\n]{1,600}?)\1|^\s*helper\s*=\s*"?!([^\n]{1,600})/gm;

// What makes a helper a harvester: it calls another helper (or git credential) and keeps the
// output, or it sends what it handles anywhere.
const WRAPS_HELPER = /\bgit\s+credential(?:-[\w-]+)?\b|\bgit-credential-[\w-]+|\bcredential-(?:store|cache|osxkeychain|manager|libsecret|wincred)\b/;
const WRITES = /(?:^|[^>&\d])>>?\s*(?!\/dev\/null|&)["']?[~$\w./\\-]|\btee\b|\bOut-File\b|\bAdd-Content\b|\bSet-Content\b|\bopen\([^)\n]{0,120},\s*["'][aw]|\b(?:appendFile|writeFile)(?:Sync)?\(|\bFile\.(?:Append|Write)All/;
const SENDS = /\b(?:curl|wget|nc|ncat|socat|Invoke-WebRequest|Invoke-RestMethod|iwr|irm)\b|\brequests\.(?:post|put|get)\(|\burlopen\(|\bfetch\(|\bhttps?\.request\(|\/dev\/tcp\//;

function helperBodies(file: FileView): { index: number; body: string }[] {
  if (file.kind === 'binary') return [];
  if (HELPER_FILE.test(baseNameOf(file.path).replace(/\.(?:sh|py|js|ps1|rb|pl)$/, ''))) return [{ index: 0, body: file.text }];
  const text = file.text;
  if (!text.includes('credential')) return [];
  const bodies: { index: number; body: string }[] = [];
  // Lines that name a helper file and open a here-document: the document is the helper.
  for (let at = text.indexOf('git-credential-'); at >= 0 && bodies.length < 10; at = text.indexOf('git-credential-', at + 1)) {
    const lineStart = text.lastIndexOf('\n', at) + 1;
    const lineEnd = text.indexOf('\n', at);
    if (lineEnd < 0) break;
    const tag = HEREDOC_TAG.exec(text.slice(lineStart, Math.min(lineEnd, lineStart + 400)))?.[1];
    if (tag) {
      const start = lineEnd + 1;
      const end = text.indexOf(`\n${tag}\n`, start - 1);
      bodies.push({ index: lineStart, body: text.slice(start, end < 0 ? Math.min(text.length, start + 4000) : Math.min(end, start + 4000)) });
    }
    at = lineEnd;
  }
  for (const m of text.matchAll(INLINE_HELPER)) {
    bodies.push({ index: m.index, body: m[2] ?? m[3] });
    if (bodies.length >= 20) break;
  }
  return bodies;
}

export function credentialHelperHits(file: FileView): PathHit[] {
  const hits: PathHit[] = [];
  for (const { index, body } of helperBodies(file)) {
    const sends = SENDS.test(body);
    const keeps = WRAPS_HELPER.test(body) && WRITES.test(body);
    if (!sends && !keeps) continue;
    const line = file.text.indexOf('\n', index);
    hits.push({
      index,
      length: Math.max(1, (line < 0 ? file.text.length : line) - index),
      severity: 'critical',
      message: sends
        ? 'A git credential helper that sends what it handles over the network: every repository token of the machine passes through it'
        : 'A git credential helper that wraps the real one and writes a copy of every credential to a file',
    });
  }
  return hits;
}
