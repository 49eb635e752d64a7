// Slugs of imported skills: "owner-repo-folder", lowercase letters, digits and hyphens, so a
// skill keeps the same slug every time its repository is imported. When a slug is taken (by a
// seeded skill, or by another folder that sanitises to the same text), the next candidate adds a
// hash of the repository and folder, which is the same on every import.
import { createHash } from 'node:crypto';

export const MAX_SLUG_LENGTH = 80;

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function hashOf(owner: string, repo: string, folder: string): string {
  return createHash('sha256').update(`${owner}/${repo}/${folder}`.toLowerCase()).digest('hex');
}

/** The slugs to try, in order: the plain one, then two hashed ones. */
export function slugCandidates(owner: string, repo: string, folder: string): string[] {
  const hash = hashOf(owner, repo, folder);
  let base = slugify([owner, repo, folder].filter(Boolean).join('-')) || 'skill';
  // A long folder path is cut, and then needs the hash to stay unique.
  if (base.length > MAX_SLUG_LENGTH) base = `${base.slice(0, MAX_SLUG_LENGTH - 9).replace(/-+$/, '')}-${hash.slice(0, 8)}`;
  return [base, `${base}-${hash.slice(0, 6)}`, `${base}-${hash.slice(0, 12)}`];
}
