// Ranking quality of one query's results against graded relevance labels (slug -> 1 or 2; absent
// means not relevant): recall at k, reciprocal rank of the first relevant result, and nDCG at k
// with gain 2^relevance - 1.

export type Relevance = Readonly<Record<string, number>>;

export function recallAt(k: number, ranked: string[], relevant: Relevance): number {
  const wanted = Object.keys(relevant).filter((s) => relevant[s] > 0);
  if (wanted.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return wanted.filter((s) => top.has(s)).length / wanted.length;
}

export function reciprocalRank(ranked: string[], relevant: Relevance): number {
  const i = ranked.findIndex((s) => (relevant[s] ?? 0) > 0);
  return i < 0 ? 0 : 1 / (i + 1);
}

function dcg(gains: number[]): number {
  return gains.reduce((sum, rel, i) => sum + (2 ** rel - 1) / Math.log2(i + 2), 0);
}

export function ndcgAt(k: number, ranked: string[], relevant: Relevance): number {
  const ideal = dcg(Object.values(relevant).filter((r) => r > 0).sort((a, b) => b - a).slice(0, k));
  if (ideal === 0) return 0;
  return dcg(ranked.slice(0, k).map((s) => relevant[s] ?? 0)) / ideal;
}

export interface RankingSummary {
  recallAt5: number;
  mrr: number;
  ndcgAt10: number;
}

export function summarise(runs: { ranked: string[]; relevant: Relevance }[]): RankingSummary {
  const mean = (f: (r: { ranked: string[]; relevant: Relevance }) => number) => runs.reduce((s, r) => s + f(r), 0) / runs.length;
  return {
    recallAt5: mean((r) => recallAt(5, r.ranked, r.relevant)),
    mrr: mean((r) => reciprocalRank(r.ranked, r.relevant)),
    ndcgAt10: mean((r) => ndcgAt(10, r.ranked, r.relevant)),
  };
}
