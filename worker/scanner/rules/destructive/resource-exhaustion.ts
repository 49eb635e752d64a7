// DES-10 resource exhaustion and flooding: huge allocations, request and packet floods, CPU,
// memory and disk burners, disk-filling dd commands and instructions to flood a target.
import type { FileView, RuleMatch } from '../../types.ts';
import { isDetectionRuleFile } from '../script-context.ts';
import { lineBounds } from '../../line-table.ts';
import { scan } from '../context.ts';
import { finding } from './shared.ts';

const HUGE_ALLOCATION =
  /\b(?:bytearray|bytes|np\.(?:zeros|ones|empty))\s*\(\s*(\d[\d_]*|\d+\s*\*\*\s*\d+|\d+(?:\.\d+)?e\d+)\s*\)|(?:\[[^\]\n]{1,30}\]|b?["'][^"'\n]{0,10}["'])\s*\*\s*(\d[\d_]*|\d+\s*\*\*\s*\d+|\d+(?:\.\d+)?e\d+)\b|\bBuffer\.alloc(?:Unsafe)?\s*\(\s*(\d[\d_]*|\d+\s*\*\*\s*\d+|\d+e\d+)\s*\)|new\s+Array\s*\(\s*(\d[\d_]*|\d+e\d+)\s*\)/g;
const FLOOD =
  /\bhping3\b[^\n]{0,400}--flood\b|\bping\s+(?:-\w+\s+)*-f\b|\bslowloris\b|\bab\s+(?:-\w+\s+\S+\s+)*-n\s*\d{6,}|\bwrk\b[^\n]{0,400}\s-c\s*\d{4,}|\bfor\s+\w+\s+in\s+\$\(\s*seq\s+\d+\s+\d{4,}\s*\)\s*;?\s*do\b[^\n]{0,200}\b(?:curl|wget|nc|ab|http)\b|\bfor\s+\w+\s+in\s+range\s*\(\s*\d{5,}\s*\)\s*:\s*(?:\n\s*)?(?:requests|httpx|session|client)\.\w+\s*\(|\bwhile\s+true\s*;\s*do\s+(?:curl|wget|ab)\b(?![^\n]{0,200}\bsleep\b)/g;
const BURN =
  /\byes\s*>\s*\/dev\/null\s*&|\bfallocate\s+-l\s*\d+(?:\.\d+)?\s*[GT]\b|\bstress(?:-ng)?\s+[^\n]{0,400}--(?:cpu|vm|io|hdd)\b|\bcat\s+\/dev\/(?:zero|urandom)\s*>\s*(?!\/dev\/)\S+/g;
const FLOOD_PROSE =
  /\b(?:send|make|fire|issue|flood)\s+(?:\d{4,}|thousands\s+of|millions\s+of|as\s+many\s+(?:requests\s+)?as\s+possible)\s+(?:requests?|messages?|emails?|calls?)?\b[^.\n]{0,60}\b(?:to|at|against)\b/gi;

// dd from /dev/zero or /dev/random into a file, at least 100 blocks of a megabyte or more: the
// block size within 400 characters after the output file, the count within 400 after that. Found
// in code, not by one regex: two bounded gaps in a row cost 400 x 400 steps at every dd.
const DD_FILE = /\bdd\s+if=\/dev\/(?:zero|u?random)\s+of=(?!\/dev\/)\S+/g;
const DD_BLOCK_SIZE = /\bbs=\d+[MG]/g;
const DD_COUNT = /\bcount=\d{3,}/g;
const DD_GAP = 400;

/** Where a disk-filling dd command that starts with `m` ends, or -1 when it is not one. */
function diskFillEnd(text: string, m: RegExpExecArray): number {
  const from = m.index + m[0].length;
  const lineEnd = text.indexOf('\n', from);
  const rest = text.slice(from, Math.min(lineEnd < 0 ? text.length : lineEnd, from + 2 * DD_GAP + 40));
  let blockEnd = -1; // the end of the latest block size seen so far
  let end = -1;
  const blocks = [...rest.matchAll(DD_BLOCK_SIZE)].filter((b) => b.index <= DD_GAP);
  let next = 0;
  for (const c of rest.matchAll(DD_COUNT)) {
    while (next < blocks.length && blocks[next].index + blocks[next][0].length <= c.index) {
      blockEnd = blocks[next].index + blocks[next][0].length;
      next++;
    }
    if (blockEnd >= 0 && c.index - blockEnd <= DD_GAP) end = c.index + c[0].length;
  }
  return end < 0 ? -1 : from + end;
}

function numberOf(literal: string): number {
  const clean = literal.replace(/_/g, '').replace(/\s+/g, '');
  const power = /^(\d+)\*\*(\d+)$/.exec(clean);
  return power ? Number(power[1]) ** Number(power[2]) : Number(clean);
}

export function detectResourceExhaustion(file: FileView): RuleMatch[] {
  if (isDetectionRuleFile(file)) return [];
  const text = file.text;
  const found: RuleMatch[] = [];
  if (file.kind === 'script') {
    found.push(
      ...scan(text, HUGE_ALLOCATION, (m) => {
        const size = numberOf(m[1] ?? m[2] ?? m[3] ?? m[4] ?? '0');
        if (!(size >= 1e7)) return null;
        const { start } = lineBounds(text, m.index);
        const indent = m.index - start;
        const above = text.slice(Math.max(0, start - 300), start);
        const inLoop = /^\s*(?:for|while)\b[^\n]{0,400}:?\s*$/m.test(above) && indent > 4;
        return finding(
          file,
          m,
          size >= 1e9 || inLoop ? 'high' : 'medium',
          `Allocates about ${size.toExponential(0)} elements or bytes${inLoop ? ' inside a loop' : ''}: memory exhaustion`,
        );
      }),
    );
  }
  found.push(
    ...scan(text, FLOOD, (m) => {
      // Windows ping's -f sets Don't Fragment (an MTU probe with -l SIZE); only Unix ping floods.
      if (/^ping\b/.test(m[0]) && /\s-l\s+\d{3,}\b|\bwindows\b|ping\.exe\b/i.test(file.lineAt(m.index))) return null;
      return finding(file, m, 'high', 'Floods a host with requests or packets (denial of service)');
    }),
    ...scan(text, BURN, (m) => finding(file, m, 'medium', 'Burns CPU, memory or disk on purpose')),
    ...scan(text, DD_FILE, (m) => {
      const end = diskFillEnd(text, m);
      const hit = end < 0 ? null : finding(file, m, 'medium', 'Burns CPU, memory or disk on purpose');
      return hit && { ...hit, length: end - m.index };
    }),
  );
  if (file.kind === 'skill-md' || file.kind === 'markdown') {
    const body = file.kind === 'skill-md' ? file.body : text;
    found.push(...scan(body, FLOOD_PROSE, (m) => (file.isNegated(m.index) ? null : finding(file, m, 'high', 'Instruction to flood a target with requests'))));
  }
  return found;
}
