// SOC-08 vague or missing description: no front matter, name or description, a malformed name,
// or a description that does not say what the skill does or when to use it.
import type { FileView, RuleMatch } from '../../types.ts';

const VAGUE_DESCRIPTION =
  /^(?:an?\s+)?(?:(?:helpful|simple|useful|general|generic|basic|handy|small|little|great|awesome|powerful)\s+)*(?:skill|tool|utility|helper|assistant|agent|plugin|script|thing)s?\.?$|^(?:use\s+when\s+you\s+need\s+help(?:\s+with\s+anything)?|helps?\s+(?:users?\s+)?with\s+(?:various|many|all\s+kinds\s+of|any)\s+tasks?|todo|tbd|description|replace\s+with\s+description\b.*)\.?$/i;

export function detectVagueDescription(file: FileView): RuleMatch[] {
  if (file.kind !== 'skill-md') return [];
  const meta = file.meta;
  const report = (message: string, token = ''): RuleMatch[] => {
    const at = token ? file.frontmatter.indexOf(token) : -1;
    return [{ index: file.frontmatterOffset + Math.max(0, at), length: token ? token.length : 3, severity: 'low', message }];
  };
  if (!file.frontmatter) return report('SKILL.md has no front matter (name and description)');
  const name = meta.name;
  const description = (meta.description ?? '').trim();
  if (!name) return report('The front matter has no name');
  if (!description) return report('The front matter has no description', name);
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name) || name.length > 64) return report(`The name "${name}" is not lowercase letters, digits and hyphens (max 64)`, name);
  if (description.length < 20 || VAGUE_DESCRIPTION.test(description)) return report(`The description "${description.slice(0, 60)}" does not say what the skill does or when to use it`, description.slice(0, 40));
  if (description.length > 1024) return report('The description is longer than 1024 characters', description.slice(0, 40));
  return [];
}
