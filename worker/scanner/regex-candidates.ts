// The candidates of a regex plan (regex-literals.ts): what a requirement is, what checking one
// costs, and which of a node's candidate proofs are kept. Kept apart from the analysis that
// proposes candidates, which only needs to hand its proposals to keepBest.
import { isFullSet, union, type CharSet } from './regex-charset.ts';

/** Every match holds `literal` starting at most `maxOffset` units after the match start, and every unit before it is in `prefix`. */
export interface LiteralRequirement {
  /** The literal (folded); "" for a run requirement. */
  literal: string;
  maxOffset: number;
  prefix: CharSet;
  /** Instead of a literal: a run of at least `min` characters of `set` starts there. */
  run?: { set: CharSet; min: number };
}

/** Candidate requirement sets kept per node: bounding where a match starts, and only saying what it holds. */
const MAX_CANDIDATES = 3;
const MAX_PRESENCE_CANDIDATES = 1;

/** How expensive a requirement is to check: frequent short literals and wide windows cost more. */
function entryCost(r: LiteralRequirement): number {
  if (r.run) return (r.run.min >= 64 ? 0.5 : r.run.min >= 16 ? 1 : 4) * windowWeight(r);
  const n = r.literal.length;
  const rarity = n >= 6 ? 1 : n === 5 ? 2 : n === 4 ? 6 : n === 3 ? 30 : n === 2 ? 200 : 1000;
  return rarity * windowWeight(r);
}

/** Expected window length of a requirement. */
export function windowWeight(r: LiteralRequirement): number {
  if (Number.isFinite(r.maxOffset)) return 1 + Math.min(r.maxOffset, 400);
  // A run of prefix characters: words and spaces make long runs, punctuation or digits short ones.
  return r.prefix.ascii[32] && r.prefix.ascii[97] ? 60 : r.prefix.ascii[97] ? 12 : 6;
}

function cost(req: LiteralRequirement[]): number {
  let sum = 0;
  for (const r of req) sum += entryCost(r);
  return sum;
}

/** A requirement can bound where a match starts: a finite distance, or a prefix run that stops somewhere. */
export function usable(r: LiteralRequirement): boolean {
  return Number.isFinite(r.maxOffset) || !isFullSet(r.prefix);
}

/** How rare a requirement's literals are (for proofs used only to rule a text out). */
export function rarityCost(req: LiteralRequirement[]): number {
  let sum = 0;
  for (const r of req) sum += entryCost({ ...r, maxOffset: 0 });
  return sum;
}

/**
 * Keeps the cheapest distinct candidates that bound where a match starts, then, of the rest, those
 * with the rarest literals (they rule out texts without their literals, bounded or not).
 */
export function keepBest(candidates: LiteralRequirement[][]): LiteralRequirement[][] {
  const scored = candidates.map((c) => ({ c, bounded: c.every(usable), cost: cost(c), rarity: rarityCost(c), key: c.map(requirementKey).sort().join('|') }));
  const seen = new Set<string>();
  const out: LiteralRequirement[][] = [];
  const take = (list: typeof scored, most: number) => {
    let taken = 0;
    for (const s of list) {
      if (taken >= most) break;
      if (seen.has(s.key)) continue;
      seen.add(s.key);
      out.push(s.c);
      taken++;
    }
  };
  take(scored.filter((s) => s.bounded).sort((a, b) => a.cost - b.cost), MAX_CANDIDATES);
  take([...scored].sort((a, b) => a.rarity - b.rarity), MAX_PRESENCE_CANDIDATES);
  return out;
}

function requirementKey(r: LiteralRequirement): string {
  return r.run ? `run:${r.run.min}:${r.run.set.ascii.join('')}${Number(r.run.set.nonAscii)}@${r.maxOffset}` : `${r.literal}@${r.maxOffset}`;
}

export function dedupe(req: LiteralRequirement[]): LiteralRequirement[] {
  const byLiteral = new Map<string, LiteralRequirement>();
  for (const r of req) {
    if (r.run) {
      byLiteral.set(requirementKey(r), r);
      continue;
    }
    const seen = byLiteral.get(r.literal);
    if (!seen) byLiteral.set(r.literal, r);
    else byLiteral.set(r.literal, { literal: r.literal, maxOffset: Math.max(seen.maxOffset, r.maxOffset), prefix: union(seen.prefix, r.prefix) });
  }
  return [...byLiteral.values()];
}
