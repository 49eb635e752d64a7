// Where a finding counts less (see the formula in score.ts): files under documentation and
// example folders, and code blocks of markdown files other than SKILL.md. SKILL.md itself never
// is, because its install steps are what the agent runs.
import type { FileView } from './types.ts';

const DOCUMENTATION_FOLDER = /(^|\/)(references?|examples?|tests?|docs?|samples?|fixtures?|__tests__|spec)\//i;

export function isDocumentationContext(file: FileView, index: number): boolean {
  if (file.kind === 'skill-md') return false;
  // What sits inside an HTML comment is hidden from the reader: it is no quoted example, wherever
  // the file lives (a hidden `curl ... | sh` in references/ counts in full).
  if (file.kind === 'markdown' && insideHtmlComment(file.text, index)) return false;
  if (DOCUMENTATION_FOLDER.test(file.skillPath)) return true;
  return file.kind === 'markdown' && file.inCode(index);
}

/** True when `index` lies between an opening `<!--` and its `-->` (searching at most 20,000 characters back). */
function insideHtmlComment(text: string, index: number): boolean {
  const from = Math.max(0, index - 20000);
  const before = text.slice(from, index);
  const open = before.lastIndexOf('<!--');
  return open >= 0 && before.indexOf('-->', open + 4) < 0;
}
