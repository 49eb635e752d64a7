// Small matching helpers shared by the rule files.
import type { FileView, RuleMatch } from '../types.ts';
import { execRegex } from '../regex-scan.ts';

/**
 * Every match of a global regex in `text`, optionally filtered. The regex must have the g flag
 * and must not be able to match the empty string. Stops after `max` matches: a rule reports a few
 * places, not thousands, and scoring counts repeats with diminishing weight anyway.
 */
export function findAll(
  text: string,
  re: RegExp,
  accept?: (m: RegExpExecArray) => boolean,
  max = 20,
): RuleMatch[] {
  if (!re.global) throw new Error(`regex ${re} needs the g flag`);
  const out: RuleMatch[] = [];
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = execRegex(re, text)) !== null) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    if (!accept || accept(m)) {
      out.push({ index: m.index, length: m[0].length });
      if (out.length >= max) break;
    }
  }
  return out;
}

/** The text a prose rule should read: the body of a SKILL.md (front matter blanked) or the whole file. */
export function proseOf(file: FileView): string {
  return file.kind === 'skill-md' ? file.body : file.text;
}

const DESCRIPTION_KEY = /^description[ \t]*:[ \t]*/m;

/**
 * The `description` of a SKILL.md's front matter, with its offset in the file's text: the agent
 * reads it before anything else to decide when to use the skill, so orders can hide there. Its
 * block runs to the next key of the front matter (folded `>-` and indented continuation lines).
 */
export function frontmatterDescriptionOf(file: FileView): { start: number; text: string } | undefined {
  if (file.kind !== 'skill-md' || !file.frontmatter) return undefined;
  const key = DESCRIPTION_KEY.exec(file.frontmatter);
  if (!key) return undefined;
  const from = key.index + key[0].length;
  const next = /\n[A-Za-z_][\w-]*[ \t]*:/.exec(file.frontmatter.slice(from));
  const text = file.frontmatter.slice(from, next ? from + next.index : file.frontmatter.length);
  return { start: file.frontmatterOffset + from, text };
}

/**
 * The prose a rule reads, in pieces with their offsets in the file's text: the body (proseOf) and,
 * for a SKILL.md, its front matter's description (frontmatterDescriptionOf).
 */
export function proseWithDescriptionOf(file: FileView): { start: number; text: string }[] {
  const description = frontmatterDescriptionOf(file);
  return description ? [description, { start: 0, text: proseOf(file) }] : [{ start: 0, text: proseOf(file) }];
}
