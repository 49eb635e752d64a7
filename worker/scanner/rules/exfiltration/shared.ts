// Helpers shared by the exfiltration detectors: the secret-path pattern, the prose matches worth
// reporting, logical lines, comment lines, code regions, and the short labels of messages.
import type { FileView } from '../../types.ts';
import { fencedBlocks, isProhibited, isSignatureContext } from '../markdown-context.ts';
import { SECRET_PATH_SOURCE } from '../secret-paths.ts';

export const SECRET_PATH = new RegExp(SECRET_PATH_SOURCE, 'i');

/** A prose match worth reporting: not negated, not under a "Forbidden"/"Attack examples" heading. */
export function proseKept(file: FileView, index: number): boolean {
  return !isProhibited(file, index) && !isSignatureContext(file, index);
}

/** Lines joined across trailing backslashes, with the offset where each logical line starts. */
export function logicalLines(text: string, from = 0, to = text.length): { start: number; line: string }[] {
  const out: { start: number; line: string }[] = [];
  let start = from;
  let buffer = '';
  let bufferStart = from;
  while (start < to) {
    let end = text.indexOf('\n', start);
    if (end < 0 || end > to) end = to;
    const line = text.slice(start, end);
    if (!buffer) bufferStart = start;
    if (line.endsWith('\\') && buffer.length < 4000) buffer += line.slice(0, -1) + ' ';
    else {
      out.push({ start: bufferStart, line: buffer + line });
      buffer = '';
    }
    start = end + 1;
  }
  if (buffer) out.push({ start: bufferStart, line: buffer });
  return out;
}

export const COMMENT_LINE = /^\s*(?:#(?!!)|\/\/|\/\*|\*|--|REM\b|::)/;

export interface Hit {
  index: number;
  length: number;
  label: string;
}

export const NON_CODE_FENCES = new Set(['markdown', 'md', 'text', 'txt', 'plaintext', 'json', 'yaml', 'yml', 'toml', 'csv', 'diff', 'mermaid', 'yara', 'yar']);

/** Code regions of a file: the whole script, or the fenced code blocks of markdown (not quoted examples). */
export function codeRegions(file: FileView): [number, number][] {
  if (file.kind === 'script') return [[0, file.text.length]];
  if (file.kind !== 'skill-md' && file.kind !== 'markdown') return [];
  return fencedBlocks(file)
    .filter((f) => !NON_CODE_FENCES.has(f.lang) && !isSignatureContext(file, f.start + 1))
    .map((f) => [f.start, f.end] as [number, number]);
}

export function shorten(s: string, n = 60): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > n ? t.slice(0, n - 1) + '…' : t;
}

export const GIT_HOOK_FILE = /(?:^|\/)(?:pre-commit|post-commit|commit-msg|prepare-commit-msg|pre-push|post-checkout|post-merge|pre-rebase|post-rewrite)$/;
