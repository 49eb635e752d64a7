// Binary search over a sorted run of offsets, shared by the literal index and the place finders.

/** The first k in [lo, hi) with sorted[k] >= value (hi when none). */
export function lowerBound(sorted: Int32Array, lo: number, hi: number, value: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
