// Where a finding counts less (see the formula in score.ts): files under documentation and
// example folders, and code blocks of markdown files other than SKILL.md. SKILL.md itself never
// is, because its install steps are what the agent runs.
import type { FileView } from './types.ts';
import { insideHtmlComment } from './html-comments.ts';

const DOCUMENTATION_FOLDER = /(^|\/)(references?|examples?|tests?|docs?|samples?|fixtures?|__tests__|spec)\//i;

export function isDocumentationContext(file: FileView, index: number): boolean {
  if (file.kind === 'skill-md') return false;
  // What sits inside an HTML comment is hidden from the reader: it is no quoted example, wherever
  // the file lives (a hidden `curl ... | sh` in references/ counts in full).
  if (file.kind === 'markdown' && insideHtmlComment(file, index)) return false;
  if (DOCUMENTATION_FOLDER.test(file.skillPath)) return true;
  return file.kind === 'markdown' && file.inCode(index);
}
