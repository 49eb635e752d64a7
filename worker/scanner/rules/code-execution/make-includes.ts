// RCE-08 in Makefiles: make reads an included makefile as its own code and first remakes it from
// any rule whose target it is, so `-include rules.mk` next to a rule that curls rules.mk runs
// whatever the server returns on every build. `$(eval $(shell curl ...))` does the same in one line.
import type { FileView, RuleMatch, SkillView } from '../../types.ts';
import { baseNameOf } from '../../file-view.ts';
import { firstUrlIn } from '../hosts.ts';
import { originSeverity, tierFor, tierMessage } from './origin.ts';

const MAKEFILE_NAME = /^(?:GNUmakefile|[Mm]akefile)$|\.mk$/;
const INCLUDE = /^[ \t]*-?s?include[ \t]+([^\n#]+)/;
const ASSIGNMENT = /^[ \t]*(?:override[ \t]+|export[ \t]+)?([A-Za-z_][\w.-]*)[ \t]*(?::{1,3}=|\?=|\+?=)[ \t]*([^\n#]*)/;
const RULE_HEAD = /^([^\t#\s:=][^:=\n]*)::?(?!=)/;
const DOWNLOAD = /\b(?:curl|wget|Invoke-WebRequest|iwr|fetch)\b/;
// A download run while make reads the file (`$(shell curl ... -o $(RULES))`): the file it writes.
const SHELL_DOWNLOAD_TARGET = /\$\(shell\s[^\n]{0,400}?\b(?:curl|wget)\b[^\n]{0,400}?(?:\s-o|\s-O|\s--output|\s--output-document)[ \t=]+["']?((?:\$[({][\w.-]+[)}]|[^\s"';|&)$])+)/;
const EVAL_OF_FETCH = /\$\(eval\s+\$\(shell\s[^\n]{0,200}?\b(?:curl|wget)\b|^[ \t]*-?s?include[ \t]+\$\(shell\s[^\n]{0,200}?\b(?:curl|wget)\b/;

function expand(value: string, variables: ReadonlyMap<string, string>): string {
  let out = value;
  for (let round = 0; round < 3 && out.includes('$'); round++) {
    out = out.replace(/\$[({]([A-Za-z_][\w.-]*)[)}]/g, (whole, name: string) => variables.get(name) ?? whole);
  }
  return out;
}

export function detectMakeIncludes(file: FileView, skill: SkillView): RuleMatch[] {
  if (file.kind === 'binary' || !MAKEFILE_NAME.test(baseNameOf(file.path)) || (!file.text.includes('include') && !file.text.includes('$(eval'))) return [];
  const variables = new Map<string, string>();
  const includes: { index: number; length: number; names: string[] }[] = [];
  const downloaded = new Map<string, string>(); // target -> URL of the download in its recipe
  const out: RuleMatch[] = [];
  let targets: string[] = [];
  let offset = 0;
  for (const line of file.text.split('\n')) {
    const index = offset;
    offset += line.length + 1;
    if (line.startsWith('\t')) {
      if (targets.length > 0 && DOWNLOAD.test(line)) {
        const url = firstUrlIn(expand(line, variables));
        for (const t of targets) if (!downloaded.has(t)) downloaded.set(t, url);
      }
      continue;
    }
    const fetchedCode = out.length < 20 && EVAL_OF_FETCH.exec(line);
    if (fetchedCode) {
      const url = firstUrlIn(expand(line, variables));
      const tier = tierFor(url, skill);
      out.push({ index, length: line.length, severity: originSeverity(file, index, tier, url), message: tierMessage('Makefile code evaluated from a download', tier, url) });
      continue;
    }
    const shellDownload = SHELL_DOWNLOAD_TARGET.exec(line);
    if (shellDownload) {
      const expanded = expand(line, variables);
      const target = expand(shellDownload[1], variables);
      if (!downloaded.has(target)) downloaded.set(target, firstUrlIn(expanded));
    }
    const include = INCLUDE.exec(line);
    if (include) {
      if (includes.length < 50) includes.push({ index, length: line.length, names: expand(include[1], variables).trim().split(/\s+/) });
      targets = [];
      continue;
    }
    const assignment = ASSIGNMENT.exec(line);
    if (assignment) {
      variables.set(assignment[1], assignment[2].trim());
      targets = [];
      continue;
    }
    const rule = RULE_HEAD.exec(line);
    if (rule) targets = expand(rule[1], variables).trim().split(/\s+/);
    else if (line.trim() !== '') targets = [];
  }
  for (const inc of includes) {
    if (out.length >= 20) break;
    const name = inc.names.find((n) => downloaded.has(n));
    if (name === undefined) continue;
    const url = downloaded.get(name)!;
    const tier = tierFor(url, skill);
    out.push({
      index: inc.index,
      length: inc.length,
      severity: originSeverity(file, inc.index, tier, url),
      message: tierMessage(`Makefile includes ${name}, which the Makefile itself downloads (make runs it as code on every build)`, tier, url),
    });
  }
  return out;
}
