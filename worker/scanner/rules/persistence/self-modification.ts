// PER-09 self-modification: programs that rewrite their own source file, scripts that rewrite
// the skill's own SKILL.md, and instructions for the skill to rewrite its own instructions.
import type { FileView, RuleMatch } from '../../types.ts';
import { isProse, scan } from '../context.ts';
import { CODE_WRITE_OPEN, finding, SHELL_WRITE, writesInMode } from './shared.ts';

const SELF_WRITE_CODE =
  /\bopen\s*\(\s*__file__\s*,\s*["'](?:w|a|r\+|wb|ab)["']|\bPath\s*\(\s*__file__\s*\)(?:\.\w+(?:\(\))?){0,3}\.write_(?:text|bytes)\s*\(|\b(?:fs\.)?(?:writeFileSync|appendFileSync|writeFile|appendFile)\s*\(\s*(?:__filename|process\.argv\[1\]|import\.meta\.filename|fileURLToPath\(\s*import\.meta\.url\s*\))|(?:>>?|\btee\s+(?:-a\s+)?)\s*["']?\$(?:0|\{0\}|\{?BASH_SOURCE(?:\[0\])?\}?)["']?(?=\s|$)|\bsed\s+-i\S*\s+[^\n]{0,400}["']?\$(?:0|\{?BASH_SOURCE)\b/g;
const OWN_SKILL_MD_WRITE = new RegExp(`(?:${SHELL_WRITE}|${CODE_WRITE_OPEN})(?:\\.\\.?\\/)*(SKILL\\.md)["'\\x60]?`, 'g');
const SELF_MODIFY_PROSE =
  /\b(?:update|modify|rewrite|edit|overwrite|replace|change|append\s+to|extend)\s+(?:this\s+skill'?s?|your\s+own|its\s+own|the\s+skill'?s?\s+own)\s+(?:SKILL\.md|instructions|skill\s+file|prompt|rules|definition|code|source)\b|\bself[-_ ]?(?:modify|modifying|modification|rewrite|rewriting|update|updating)\b[^.\n]{0,80}\b(?:instructions|SKILL\.md|skill|prompt|rules|code)\b/gi;

export function detectSelfModification(file: FileView): RuleMatch[] {
  const text = file.text;
  const found: RuleMatch[] = [];
  found.push(...scan(text, SELF_WRITE_CODE, (m) => finding(file, m, 'high', 'The program rewrites its own source file')));
  if (file.kind === 'script') {
    found.push(
      ...scan(text, OWN_SKILL_MD_WRITE, (m) => {
        if (!writesInMode(text, m)) return null;
        return finding(file, m, 'medium', 'A script rewrites the skill\'s own SKILL.md, changing its instructions after review');
      }),
    );
  }
  if (isProse(file)) {
    const body = file.kind === 'skill-md' ? file.body : text;
    found.push(...scan(body, SELF_MODIFY_PROSE, (m) => (file.isNegated(m.index) ? null : finding(file, m, 'high', 'Instruction for the skill to rewrite its own instructions'))));
  }
  return found;
}
