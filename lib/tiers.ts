// Tiers, their daily limits and the skill fields each may read (api-spec 5.3, 8).

export const TIERS = ['free', 'pro', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export const DAILY_LIMITS: Readonly<Record<Tier, number>> = { free: 100, pro: 1000, enterprise: 10000 };

const RANK: Readonly<Record<Tier, number>> = { free: 0, pro: 1, enterprise: 2 };

export function isTier(value: string): value is Tier {
  return (TIERS as readonly string[]).includes(value);
}

export function tierAtLeast(tier: Tier, required: Tier): boolean {
  return RANK[tier] >= RANK[required];
}

const BASIC_FIELDS = ['slug', 'name', 'description', 'tags', 'category', 'author', 'stars', 'verified', 'votes', 'createdAt', 'updatedAt'] as const;
const PRO_FIELDS = ['content', 'securityGrade', 'securityScore', 'forks', 'language'] as const;
const ENTERPRISE_FIELDS = ['findings', 'analysis', 'contentHash'] as const;

export type SkillField = (typeof BASIC_FIELDS)[number] | (typeof PRO_FIELDS)[number] | (typeof ENTERPRISE_FIELDS)[number];

export const SKILL_FIELDS: Readonly<Record<Tier, readonly SkillField[]>> = {
  free: BASIC_FIELDS,
  pro: [...BASIC_FIELDS, ...PRO_FIELDS],
  enterprise: [...BASIC_FIELDS, ...PRO_FIELDS, ...ENTERPRISE_FIELDS],
};
