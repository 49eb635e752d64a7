// The relevance of a semantic search result, `_score`: a weighted sum of three signals, each in
// [0, 1] (similarity may dip below 0 in principle; the threshold keeps results above it):
//
//   _score = 0.40 * similarity + 0.55 * textMatch + 0.05 * quality
//
//   similarity  cosine similarity of the query's and the skill's embeddings (`_similarity`)
//   textMatch   the share of the query's words (English stems, stop words dropped) found in the
//               skill, each word weighted by its inverse document frequency in the directory
//               (BM25's idf: ln(1 + (N - n + 0.5) / (n + 0.5))), counting fully when found in the
//               name or tags and 0.7 when found only in the description
//   quality     0.4 * stars + 0.3 * votes + 0.3 * securityScore / 100, stars and votes
//               log-scaled and saturating at 10,000 stars and 1,000 votes
//
// Text matching carries much weight because the bundled sentence encoder is weak on rare
// technical words (tool and format names) that people type; similarity finds the skills whose
// words differ from the query's. Quality only breaks near-ties. The weights were chosen once on
// the whole labelled query set (test/search/queries.json, `npm run eval:search`), where a broad
// range (similarity 0.3-0.5, quality 0-0.05) beats both signals alone; they are not tuned per
// query. The database computes the same formula (db/skill-search.ts) from these constants, so
// only the top results leave it.

export interface SearchWeights {
  similarity: number;
  text: number;
  quality: number;
}

export const DEFAULT_WEIGHTS: Readonly<SearchWeights> = { similarity: 0.4, text: 0.55, quality: 0.05 };

/** Ranking by similarity alone and by text alone: the baselines the evaluation compares with. */
export const VECTOR_ONLY: Readonly<SearchWeights> = { similarity: 1, text: 0, quality: 0 };
export const TEXT_ONLY: Readonly<SearchWeights> = { similarity: 0, text: 1, quality: 0 };

export const QUALITY = {
  stars: 0.4,
  votes: 0.3,
  grade: 0.3,
  starsSaturation: 10_000,
  votesSaturation: 1_000,
} as const;

/** Credit of a query word found only in the description (name and tags: 1). */
export const TEXT_MATCH = { descriptionCredit: 0.7 } as const;

export function qualitySignal(skill: { stars: number; votes: number; securityScore: number }): number {
  const saturating = (n: number, at: number) => Math.min(1, Math.log(1 + n) / Math.log(1 + at));
  return (
    QUALITY.stars * saturating(skill.stars, QUALITY.starsSaturation) +
    QUALITY.votes * saturating(skill.votes, QUALITY.votesSaturation) +
    (QUALITY.grade * skill.securityScore) / 100
  );
}

/** Inverse document frequency of a word found in `documents` of `total` skills. */
export function inverseDocumentFrequency(documents: number, total: number): number {
  const n = Math.min(Math.max(documents, 0), total);
  return Math.log(1 + (total - n + 0.5) / (n + 0.5));
}

export function combinedScore(signals: { similarity: number; text: number; quality: number }, weights: SearchWeights = DEFAULT_WEIGHTS): number {
  return weights.similarity * signals.similarity + weights.text * signals.text + weights.quality * signals.quality;
}
