// Anchors of a regex: literals of which every match holds one (case-insensitive, three characters or
// more), so a rule with several patterns skips those that cannot match a file (see prefilter.ts).
import type { FileView } from '../types.ts';
import { mayHoldAny } from '../literal-index.ts';

const regexAnchors = new WeakMap<RegExp, readonly string[]>();

/** Registers the anchors of a regex and returns it. */
export function anchored<T extends RegExp>(re: T, anchors: readonly string[]): T {
  regexAnchors.set(re, anchors);
  return re;
}

/** False when the file certainly holds none of the regex's anchors (true for regexes without any). */
export function mayMatch(file: FileView, re: RegExp): boolean {
  const anchors = regexAnchors.get(re);
  return !anchors || mayHoldAny(file, anchors);
}

/** The union of the anchors of several regexes; every one of them must have anchors. */
export function anchorsOf(...res: RegExp[]): string[] {
  const all = new Set<string>();
  for (const re of res) {
    const anchors = regexAnchors.get(re);
    if (!anchors) throw new Error(`regex ${re} has no anchors`);
    for (const a of anchors) all.add(a);
  }
  return [...all];
}
