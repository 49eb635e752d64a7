// The text embedded for a skill: its name, description, tags and the opening of its SKILL.md body.
// A short text centred on what the skill does matches a query better than the whole file would,
// and the encoder's cost grows faster than the text's length (about 0.2 s for 600 characters on
// one core here); the opening of the body (its title and "when to use" lines, typically) adds
// words people search with.

export interface SkillTextSource {
  name: string;
  description: string;
  tags: string[];
  content: string;
}

/** Characters of the body kept after the front matter. */
export const BODY_OPENING_CHARS = 300;

/** The SKILL.md body without its YAML front matter, with Markdown punctuation reduced to words. */
export function bodyOpening(content: string, maxChars = BODY_OPENING_CHARS): string {
  const body = content.replace(/^\uFEFF?---\r?\n[\s\S]*?\r?\n---[ \t]*(\r?\n|$)/, '');
  const plain = body
    .replace(/```[\s\S]*?(```|$)/g, ' ') // code blocks say how, not what
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[ \t]*(#{1,6}|[-*+]|\d+\.)[ \t]+/gm, '')
    .replace(/[*_>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= maxChars) return plain;
  const cut = plain.slice(0, maxChars);
  const lastSpace = cut.lastIndexOf(' ');
  return lastSpace > maxChars * 0.8 ? cut.slice(0, lastSpace) : cut;
}

export function skillText(skill: SkillTextSource, bodyChars = BODY_OPENING_CHARS): string {
  const name = skill.name.replace(/[-_]+/g, ' ').trim();
  const parts = [`${name}.`, skill.description.trim()];
  if (skill.tags.length) parts.push(`Tags: ${skill.tags.map((t) => t.replace(/[-_]+/g, ' ')).join(', ')}.`);
  const opening = bodyChars > 0 ? bodyOpening(skill.content, bodyChars) : '';
  if (opening) parts.push(opening);
  return parts.filter(Boolean).join(' ');
}
