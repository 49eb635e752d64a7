// The audit of a caller's installed skills: which the directory lists, whether each installed copy
// is the listed version, an older one or a local variant, the grade of what is installed, and an
// overall verdict against a threshold.
//
// Rules:
// - Matching: a listed skill whose slug, or name (case-insensitive), equals the installed name.
//   Among several, the one whose current or earlier version has the installed hash wins, then an
//   exact slug, then the most starred.
// - The installed hash is `contentHash` when given (computed like the directory's: "sha256:" over
//   every file, see worker/grade-skill.ts contentHashOf), else the hash of `content` as a skill
//   made of SKILL.md alone. It matches the listed version when it equals the listed hash or the
//   hash of the listed SKILL.md alone.
// - version: "current" (matches the listed version); "outdated" (matches an earlier version the
//   directory graded, or differs and `installedAt` is before the listed version's last change);
//   "modified" (differs from every version the directory graded); "unverified" (no content or
//   hash given). newerVersionListed is true exactly when the version is "outdated".
// - Grade: the directory's for a current or unverified copy; a fresh scan (one batched job through
//   the scan pipeline) when content is given and the copy is not the listed version or not listed;
//   none otherwise. Findings of directory grades follow the tier (Enterprise); fresh scans show all.
// - Verdict: "fail" when any graded skill is worse than failBelow, else "incomplete" when some
//   could not be graded, else "pass".
import { isWorseThan, type GradeLetter } from '../../lib/grades.ts';
import { tierAtLeast } from '../../lib/tiers.ts';
import { findListedByNames, gradedVersions, type ListedMatch } from '../../db/skill-matches.ts';
import { contentHashOf } from '../../worker/grade-skill.ts';
import type { Grade } from '../../worker/scanner/types.ts';
import type { Counts, FindingOutput } from './schemas.ts';
import { countFindings, toFinding } from './skill-output.ts';
import type { ToolContext } from './tool-kit.ts';

export interface InstalledSkill {
  name: string;
  content?: string;
  contentHash?: string;
  installedAt?: string;
}

export type VersionStatus = 'current' | 'outdated' | 'modified' | 'unverified';

export interface AuditEntry {
  name: string;
  known: boolean;
  slug: string | null;
  version: VersionStatus | null;
  newerVersionListed: boolean;
  listed: { grade: Grade; score: number; updatedAt: string } | null;
  grade: Grade | null;
  score: number | null;
  gradeSource: 'directory' | 'scan' | null;
  findings: FindingOutput[] | null;
  findingCounts: Counts | null;
  passed: boolean | null;
  note: string;
}

export interface AuditReport {
  failBelow: GradeLetter;
  verdict: 'pass' | 'fail' | 'incomplete';
  skills: AuditEntry[];
}

function skillMdHash(text: string): string {
  return contentHashOf([{ path: 'SKILL.md', content: Buffer.from(text, 'utf8') }]);
}

interface Matched {
  listed: ListedMatch;
  version: VersionStatus;
}

/** Picks the listed skill an installed one is, and how its version relates to the listing. */
function matchVersion(skill: InstalledSkill, hash: string | undefined, candidates: ListedMatch[], graded: Map<string, Date>): Matched | null {
  if (candidates.length === 0) return null;
  if (hash === undefined) {
    const best = [...candidates].sort((a, b) => Number(b.slugMatch) - Number(a.slugMatch) || b.stars - a.stars)[0];
    return { listed: best, version: 'unverified' };
  }
  const current = candidates.find((c) => c.contentHash === hash || skillMdHash(c.content) === hash);
  if (current) return { listed: current, version: 'current' };
  const earlier = candidates.find((c) => graded.has(`${c.skillId} ${hash}`));
  if (earlier) return { listed: earlier, version: 'outdated' };
  const best = [...candidates].sort((a, b) => Number(b.slugMatch) - Number(a.slugMatch) || b.stars - a.stars)[0];
  const installedAt = skill.installedAt ? new Date(skill.installedAt) : null;
  return { listed: best, version: installedAt && best.updatedAt > installedAt ? 'outdated' : 'modified' };
}

function directoryFindings(listed: ListedMatch, ctx: ToolContext): { findings: FindingOutput[] | null; counts: Counts | null } {
  if (!tierAtLeast(ctx.tier, 'enterprise')) return { findings: null, counts: null };
  const findings = (Array.isArray(listed.findings) ? listed.findings : []).map(toFinding);
  return { findings, counts: countFindings(findings) };
}

const NOTES: Record<VersionStatus, string> = {
  current: 'Same as the listed version.',
  outdated: 'A newer version is listed.',
  modified: 'Differs from every version the directory graded (edited locally, or copied from elsewhere).',
  unverified: 'Grade of the listed version; send content or contentHash to check that it is the installed one.',
};

/** Grades the installed copies that need it in one scan job, each in a folder of its own. */
async function scanInstalled(ctx: ToolContext, toScan: { index: number; content: string }[]) {
  const graded = new Map<number, { grade: Grade; score: number; findings: FindingOutput[]; counts: Counts }>();
  if (toScan.length === 0) return graded;
  const folderOf = (index: number) => `installed-${index + 1}`;
  const { result } = await ctx.scans.run(
    { kind: 'files', files: toScan.map((s) => ({ path: `${folderOf(s.index)}/SKILL.md`, content: s.content })) },
    { folder: '*' },
  );
  for (const { index } of toScan) {
    const folder = folderOf(index);
    const skill = result.skills.find((s) => s.folder === folder);
    if (!skill) continue;
    const findings = result.findings
      .filter((f) => f.folder === folder)
      .map((f) => toFinding({ ...f, file: f.file.startsWith(`${folder}/`) ? f.file.slice(folder.length + 1) : f.file }));
    graded.set(index, { grade: skill.grade, score: skill.score, findings, counts: countFindings(findings) });
  }
  return graded;
}

export async function auditInstalled(ctx: ToolContext, skills: InstalledSkill[], failBelow: GradeLetter): Promise<AuditReport> {
  const hashes = skills.map((s) => s.contentHash ?? (s.content !== undefined ? skillMdHash(s.content) : undefined));
  const candidates = new Map<number, ListedMatch[]>();
  for (const m of await findListedByNames(ctx.pool, skills.map((s) => s.name))) {
    candidates.set(m.index, [...(candidates.get(m.index) ?? []), m]);
  }
  const pairs = skills.flatMap((_, i) => (hashes[i] ? (candidates.get(i) ?? []).map((c) => ({ skillId: c.skillId, contentHash: hashes[i]! })) : []));
  const graded = new Map((await gradedVersions(ctx.pool, pairs)).map((v) => [`${v.skillId} ${v.contentHash}`, v.lastGradedAt]));
  const matched = skills.map((s, i) => matchVersion(s, hashes[i], candidates.get(i) ?? [], graded));

  const toScan = skills.flatMap((s, i) => {
    const version = matched[i]?.version;
    return s.content !== undefined && (version === undefined || version === 'outdated' || version === 'modified') ? [{ index: i, content: s.content }] : [];
  });
  const scanned = await scanInstalled(ctx, toScan);

  const entries = skills.map((skill, i): AuditEntry => {
    const match = matched[i];
    const listed = match?.listed;
    const entry: AuditEntry = {
      name: skill.name,
      known: Boolean(match),
      slug: listed?.slug ?? null,
      version: match?.version ?? null,
      newerVersionListed: match?.version === 'outdated',
      listed: listed ? { grade: listed.securityGrade as Grade, score: listed.securityScore, updatedAt: listed.updatedAt.toISOString() } : null,
      grade: null,
      score: null,
      gradeSource: null,
      findings: null,
      findingCounts: null,
      passed: null,
      note: match ? NOTES[match.version] : 'Not in the directory.',
    };
    const fresh = scanned.get(i);
    if (fresh) {
      Object.assign(entry, { grade: fresh.grade, score: fresh.score, gradeSource: 'scan', findings: fresh.findings, findingCounts: fresh.counts });
      entry.note += ' The installed copy was graded now.';
    } else if (listed && (match.version === 'current' || match.version === 'unverified')) {
      const { findings, counts } = directoryFindings(listed, ctx);
      Object.assign(entry, { grade: listed.securityGrade, score: listed.securityScore, gradeSource: 'directory', findings, findingCounts: counts });
    } else {
      entry.note += skill.content === undefined ? ' Send its content to grade the installed copy.' : ' It could not be graded.';
    }
    if (entry.grade) entry.passed = !isWorseThan(entry.grade, failBelow);
    return entry;
  });

  const verdict = entries.some((e) => e.passed === false) ? 'fail' : entries.some((e) => e.passed === null) ? 'incomplete' : 'pass';
  return { failBelow, verdict, skills: entries };
}
