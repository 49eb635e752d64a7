// SUP-11 active content in SVG, PDF, Office and shortcut files: scripts and event handlers in SVG,
// JavaScript and launch actions in PDF, VBA macros and embedded objects in Office and RTF documents,
// and Windows shortcut or launcher files.
import { Buffer } from 'node:buffer';
import type { FileView, RuleMatch, SkillView } from '../../types.ts';
import { extensionOf } from '../../file-view.ts';
import { execRegex } from '../context.ts';
import { archiveKind, listZip, startsWith } from './file-formats.ts';
import { fileMatch } from './shared.ts';

const SVG_ACTIVE =
  /<script\b|(?:xlink:)?href\s*=\s*["']\s*(?:javascript|data:text\/html|vbscript):|<foreignObject\b[\s\S]{0,400}?<(?:iframe|embed|object|script)\b/i;
// Event handler attributes are searched by name, then the tag they sit in is found by looking back
// (a tag opener within 400 characters and no ">" in between): trying every "<" forward would scan
// 400 characters per tag.
const SVG_EVENT_ATTRIBUTE =
  /\son(?:load|error|click|mouse\w+|focus\w*|blur|begin|end|repeat|activate|key\w+|animation\w+|pointer\w+|touch\w+)\s*=/gi;
const TAG_OPENER = /<[a-zA-Z]/;

/** First active construct in an SVG text: [index, length], or null. */
function svgActive(text: string): [number, number] | null {
  const m = execRegex(SVG_ACTIVE, text);
  let best: [number, number] | null = m ? [m.index, m[0].length] : null;
  SVG_EVENT_ATTRIBUTE.lastIndex = 0;
  let e: RegExpExecArray | null;
  while ((e = execRegex(SVG_EVENT_ATTRIBUTE, text)) !== null) {
    if (best && e.index > best[0]) break;
    const windowStart = Math.max(0, e.index - 402);
    const window = text.slice(windowStart, e.index);
    const from = windowStart + window.lastIndexOf('>') + 1;
    const tag = TAG_OPENER.exec(text.slice(from, e.index));
    if (tag) {
      const start = from + tag.index;
      best = [start, e.index + e[0].length - start];
      break;
    }
  }
  return best;
}
const PDF_ACTIVE = /\/(JavaScript|JS|Launch|EmbeddedFile|RichMedia|XFA)(?=[\s/<>[\]()%]|$)/g;
const OLE_MACRO = /_VBA_PROJECT|V\x00B\x00A\x00|M\x00a\x00c\x00r\x00o\x00s\x00|Attribute VB_Name/;

export function detectActiveContent(_file: FileView, skill: SkillView): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const f of skill.files) {
    const ext = extensionOf(f.skillPath);
    const bytes = f.bytes;
    if (ext === 'svg' || (f.kind !== 'binary' && /^\s*(?:<\?xml[^>]*>\s*)?<svg\b/i.test(f.text.slice(0, 300)))) {
      const m = svgActive(f.text);
      if (m) out.push({ index: m[0], length: Math.min(m[1], 120), file: f, severity: 'high', message: 'SVG image with script, event handler or javascript: link: it runs code when opened in a browser' });
      continue;
    }
    if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) {
      // Names may hide letters as #xx escapes ("/J#61vaScript").
      const raw = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 8_000_000))).toString('latin1').replace(/#([0-9a-fA-F]{2})/g, (_s, h: string) => String.fromCharCode(parseInt(h, 16)));
      const names = new Set<string>();
      PDF_ACTIVE.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = PDF_ACTIVE.exec(raw)) !== null && names.size < 6) names.add(m[1]);
      const code = ['JavaScript', 'JS', 'Launch'].filter((n) => names.has(n));
      if (code.length) out.push(fileMatch(f, 'high', `PDF with active content (/${code.join(', /')}): it can run script or launch programs when opened`));
      else if (names.size) out.push(fileMatch(f, 'medium', `PDF with embedded content (/${[...names].join(', /')})`));
      continue;
    }
    if (archiveKind(bytes) === 'zip') {
      const listing = listZip(bytes);
      if (listing?.names.some((n) => /(?:^|\/)vbaProject\.bin$|(?:^|\/)vbaData\.xml$/i.test(n))) {
        out.push(fileMatch(f, 'high', 'Office document with VBA macros: code runs when the document is opened and macros are enabled'));
      } else if (listing?.names.some((n) => /(?:^|\/)(?:activeX|embeddings)\//i.test(n))) {
        out.push(fileMatch(f, 'medium', 'Office document with embedded objects or ActiveX controls'));
      }
      continue;
    }
    if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
      const raw = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 8_000_000))).toString('latin1');
      if (OLE_MACRO.test(raw)) out.push(fileMatch(f, 'high', 'Legacy Office document with VBA macros'));
      continue;
    }
    if (startsWith(bytes, [0x7b, 0x5c, 0x72, 0x74, 0x66])) {
      const raw = f.kind === 'binary' ? Buffer.from(bytes).toString('latin1') : f.text;
      if (/\\objdata\b|\\objupdate\b|\\objemb\b/.test(raw)) out.push(fileMatch(f, 'high', 'RTF document with an embedded object (a common exploit carrier)'));
      continue;
    }
    if (startsWith(bytes, [0x4c, 0x00, 0x00, 0x00, 0x01, 0x14, 0x02, 0x00]) || /^(?:lnk|hta|chm|scf|url|website|iqy|slk|settingcontent-ms)$/.test(ext) || startsWith(bytes, [0x49, 0x54, 0x53, 0x46])) {
      out.push(fileMatch(f, 'high', `Windows shortcut or launcher file (.${ext || 'lnk'}): opening it runs a command`));
    }
  }
  return out;
}
