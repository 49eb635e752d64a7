// RCE-08 through a variable, the forms remote-code.ts does not read itself: the body of a
// download assigned in one statement (`code = await res.text()`, `$rules = file_get_contents(
// 'https://...')`) and evaluated later, directly (`eval('?>' . $rules)`, `vm.runInThisContext`,
// `instance_eval`) or through a helper whose parameter it evaluates.

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
// PHP: $x = file_get_contents($url) where $url holds an http(s) address.
const PHP_READ_OF_VARIABLE = /\$(\w+)\s*=\s*@?file_get_contents\s*\(\s*\$(\w+)/g;
const FETCH_CALL = /\bfetch\s*\(|\baxios\b|\bgot\s*\(|\bhttps?\.get\s*\(|\bfile_get_contents\s*\(|\bcurl_exec\b|\brequests\.get\b|\burlopen\b|\bNet::HTTP\b|\bURI\.open\b/;
const HELPER_EVALUATING_PARAM = /\bfunction\s+(\w+)\s*\(\s*(\w+)\s*\)\s*\{[^}]{0,300}?(?:\bnew\s+Function\s*\([^\n]{0,120}?\$\{\s*\2\s*\}|\beval\s*\(\s*\2\b|\bnew\s+Function\s*\([^\n]{0,120}?\b\2\b)/g;

/** Adds to `fetched` (name to the offset of its assignment) the downloads assigned in one statement. */
export function addFetchedAssignments(text: string, fetched: Map<string, number>): void {
  if (!FETCH_CALL.test(text)) return;
  if (text.includes('file_get_contents')) addPhpRemoteReads(text, fetched);
  for (const re of FETCHED_ASSIGN) {
    for (const m of text.matchAll(re)) {
      const name = m[1] ?? m[2];
      if (name && !fetched.has(name)) fetched.set(name, m.index);
      if (fetched.size >= 20) return;
    }
  }
}

/** PHP reads of a variable that the file sets to a web address (`$src = '...https://...'`). */
function addPhpRemoteReads(text: string, fetched: Map<string, number>): void {
  for (const m of text.matchAll(PHP_READ_OF_VARIABLE)) {
    if (fetched.size >= 20) return;
    if (!fetched.has(m[1]) && new RegExp(String.raw`\$${m[2]}\s*=[^;\n]{0,200}?["']https?:\/\/`).test(text)) fetched.set(m[1], m.index);
  }
}

/** Names of functions that evaluate their one parameter (`function load(src) { eval(src) }`). */
export function helpersEvaluatingParam(text: string): string[] {
  return [...text.matchAll(HELPER_EVALUATING_PARAM)].slice(0, 10).map((h) => h[1]);
}

/** Where `name` is evaluated by the forms the shared exec-call pattern leaves out, or passed to a helper that evaluates it. */
export function evaluationOf(text: string, name: string, helpers: string[]): RegExpExecArray | null {
  const direct = new RegExp(
    String.raw`\beval\s*\(\s*(?:["'][^"'\n]{0,10}["']\s*\.\s*)?\$?${name}\b|\bnew\s+Function\s*\([^\n]{0,200}?\b${name}\b|(?<![\w.])Function\s*\([^\n]{0,200}?\b${name}\b|\bexec\s*\(\s*${name}\b|\bvm\.runIn\w+\s*\(\s*${name}\b|\b(?:instance_eval|class_eval|module_eval)\s*(?:\(\s*)?${name}\b`,
  ).exec(text);
  if (direct || helpers.length === 0) return direct;
  return new RegExp(String.raw`\b(?:${helpers.join('|')})\s*\(\s*${name}\b`).exec(text);
}

/**
 * Adds to `fetched` the values taken out of a download: the loop variable over it (`for p in
 * manifest["plugins"]:`, `for (const p of manifest.plugins)`) and a part of it assigned on
 * (`init = manifest["init"]`). A manifest fetched at run time whose entries are executed runs
 * whatever the server sends, as surely as executing the download itself. Two rounds reach an
 * entry of an entry.
 */
export function addDerivedValues(text: string, fetched: Map<string, number>): void {
  for (let round = 0; round < 2 && fetched.size > 0 && fetched.size < 20; round++) {
    const names = [...fetched.keys()].slice(0, 10).map((n) => n.replace(/\$/g, '\\$')).join('|');
    const derived = new RegExp(
      String.raw`^[ \t]*for\s+([A-Za-z_]\w*)(?:\s*,\s*([A-Za-z_]\w*))?\s+in\s+(?:enumerate\s*\(\s*)?(?:${names})\b|\bfor\s*\(\s*(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s+of\s+(?:${names})\b|^[ \t]*(?:(?:const|let|var)\s+)?([A-Za-z_]\w*)\s*=\s*(?:${names})\s*(?:\[|\.get\s*\()`,
      'gm',
    );
    const before = fetched.size;
    for (const m of text.matchAll(derived)) {
      for (const name of [m[2] ?? m[1], m[3], m[4]]) if (name && !fetched.has(name)) fetched.set(name, m.index);
      if (fetched.size >= 20) return;
    }
    if (fetched.size === before) return;
  }
}
