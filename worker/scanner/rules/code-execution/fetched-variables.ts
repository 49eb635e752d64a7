// RCE-08 through a variable: the body of a download stored in a variable and later evaluated as
// code (`code = await res.text(); new Function(code)`, `$rules = file_get_contents('https://...');
// eval('?>' . $rules)`), directly or through a helper whose parameter it evaluates.
import type { FileView, RuleMatch, SkillView } from '../../types.ts';
import { firstUrlIn } from '../hosts.ts';
import { originSeverity, tierFor, tierMessage } from './origin.ts';

const FETCHED_ASSIGN = [
  // JavaScript and TypeScript: x = await res.text() in a file that fetches
  /(?:\b(?:const|let|var)\s+|^\s*)(\w+)\s*=\s*await\s+\w+\.text\(\)/gm,
  /\b(?:const|let|var)\s+(\w+)\s*=\s*await\s+\(\s*await\s+fetch\([^\n]{0,200}?\)\s*\)\.text\(\)/g,
  // PHP: $x = file_get_contents('https://...') or curl_exec($ch)
  /\$(\w+)\s*=\s*@?(?:file_get_contents\s*\(\s*["']https?:\/\/|curl_exec\s*\()/g,
  // Python: x = requests.get(...).text / urlopen(...).read()
  /\b(\w+)\s*=\s*(?:requests|httpx)\.get\([^\n]{0,200}?\)\.(?:text|content)\b|\b(\w+)\s*=\s*(?:urllib\.request\.)?urlopen\([^\n]{0,200}?\)\.read\(\)/g,
  // Ruby: x = Net::HTTP.get(...) / URI.open(...).read
  /\b(\w+)\s*=\s*(?:Net::HTTP\.get\(|URI\.open\([^\n]{0,200}?\)\.read\b|URI\.parse\([^\n]{0,200}?\)\.read\b)/g,
];
const FETCH_CALL = /\bfetch\s*\(|\baxios\b|\bgot\s*\(|\bhttps?\.get\s*\(|\bfile_get_contents\s*\(|\bcurl_exec\b|\brequests\.get\b|\burlopen\b|\bNet::HTTP\b|\bURI\.open\b/;
const ANY_URL = /\bhttps?:\/\/[^\s'"`)]+/;

function evaluates(name: string): RegExp {
  return new RegExp(
    String.raw`\beval\s*\(\s*(?:["'][^"'\n]{0,10}["']\s*\.\s*)?\$?${name}\b|\bnew\s+Function\s*\([^\n]{0,200}?\b${name}\b|(?<![\w.])Function\s*\([^\n]{0,200}?\b${name}\b|\bexec\s*\(\s*${name}\b|\bvm\.runIn\w+\s*\(\s*${name}\b|\b(?:instance_eval|class_eval|module_eval)\s*(?:\(\s*)?${name}\b`,
  );
}
const HELPER_EVALUATING_PARAM = /\bfunction\s+(\w+)\s*\(\s*(\w+)\s*\)\s*\{[^}]{0,300}?(?:\bnew\s+Function\s*\([^\n]{0,120}?\$\{\s*\2\s*\}|\beval\s*\(\s*\2\b|\bnew\s+Function\s*\([^\n]{0,120}?\b\2\b)/g;

export function detectFetchedVariables(file: FileView, skill: SkillView): RuleMatch[] {
  if (file.kind !== 'script' || !FETCH_CALL.test(file.text)) return [];
  const text = file.text;
  const names = new Map<string, number>();
  for (const re of FETCHED_ASSIGN) {
    for (const m of text.matchAll(re)) {
      const name = m[1] ?? m[2];
      if (name && !names.has(name)) names.set(name, m.index);
      if (names.size >= 10) break;
    }
  }
  if (names.size === 0) return [];
  const helpers = [...text.matchAll(HELPER_EVALUATING_PARAM)].slice(0, 10).map((h) => h[1]);
  const url = ANY_URL.exec(text)?.[0].replace(/^https?:\/\//, '') ?? '';
  const tier = tierFor(url, skill);
  const out: RuleMatch[] = [];
  for (const [name] of names) {
    const run = evaluates(name).exec(text) ?? (helpers.length > 0 ? new RegExp(String.raw`\b(?:${helpers.join('|')})\s*\(\s*${name}\b`).exec(text) : null);
    if (!run) continue;
    out.push({
      index: run.index,
      length: run[0].length,
      severity: originSeverity(file, run.index, tier, url),
      message: tierMessage(`Downloaded text held in "${name}" is evaluated as code`, tier, url),
    });
    if (out.length >= 5) break;
  }
  return out;
}
