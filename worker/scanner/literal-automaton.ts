// The Aho-Corasick automaton over the promoted literals of literal-registry.ts: built from the
// registry, rebuilt as literals are promoted or demoted, and run once over each indexed text
// (literal-index.ts) to record every occurrence of every literal in it. Kept apart from the
// per-text index, which only consumes the (literal, start) pairs a run leaves behind.
import { demoteCommonIfDue, foldUnit, isPromoted, literalById, literalCount, literalLength, noteAutomatonBuilt, pendingPromotions, promotedLiteralCount } from './literal-registry.ts';

export interface Automaton {
  /** included[id] = 1 when the literal is in the automaton (ids registered later are not). */
  included: Uint8Array;
  /** Literals in it. */
  size: number;
  /** Alphabet index of each UTF-16 unit (0: in no literal). */
  classOf: Uint8Array;
  width: number;
  /**
   * delta[state * width + class] = next state. States are numbered breadth-first, so the shallow
   * ones a scan mostly visits sit together; 16-bit entries halve the table.
   */
  delta: Uint16Array | Uint32Array;
  /** 1 for states that report literals. */
  reports: Uint8Array;
  /** Literal ids reported at each state (own and through suffix links): outIds[outStart[s] .. outStart[s + 1]). */
  outStart: Int32Array;
  outIds: Int32Array;
  lengths: Int32Array;
  /** Longest literal in the automaton. */
  maxLength: number;
}

let automaton: Automaton | null = null;

function buildAutomaton(): Automaton {
  const count = literalCount();
  const included = new Uint8Array(count);
  const classOf = new Uint8Array(65536);
  let width = 1;
  const classOfFolded = new Map<number, number>();
  for (let id = 0; id < count; id++) {
    if (!isPromoted(id)) continue;
    included[id] = 1;
    const literal = literalById(id);
    for (let i = 0; i < literal.length; i++) {
      const c = literal.charCodeAt(i);
      if (!classOfFolded.has(c)) classOfFolded.set(c, width++);
    }
  }
  // Units that fold to the same character share a class.
  for (let u = 0; u < 65536; u++) {
    const k = classOfFolded.get(foldUnit(u));
    if (k !== undefined) classOf[u] = k;
  }
  // The trie.
  const children: Map<number, number>[] = [new Map()];
  const outputs: number[][] = [[]];
  for (let id = 0; id < count; id++) {
    if (!included[id]) continue;
    const literal = literalById(id);
    let state = 0;
    for (let i = 0; i < literal.length; i++) {
      const k = classOfFolded.get(literal.charCodeAt(i))!;
      let next = children[state].get(k);
      if (next === undefined) {
        next = children.length;
        children.push(new Map());
        outputs.push([]);
        children[state].set(k, next);
      }
      state = next;
    }
    outputs[state].push(id);
  }
  // Breadth-first: complete the transitions and collect outputs along suffix links.
  const states = children.length;
  const delta = new Int32Array(states * width);
  const fail = new Int32Array(states);
  const queue: number[] = [];
  for (const next of children[0].values()) queue.push(next);
  for (const [k, next] of children[0]) delta[k] = next;
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head];
    const f = fail[state];
    if (outputs[f].length) outputs[state].push(...outputs[f]);
    for (let k = 0; k < width; k++) {
      const next = children[state].get(k);
      if (next !== undefined) {
        fail[next] = delta[f * width + k];
        delta[state * width + k] = next;
        queue.push(next);
      } else delta[state * width + k] = delta[f * width + k];
    }
  }
  // Renumber breadth-first (the queue order) into a compact table.
  const order = [0, ...queue];
  const renumbered = new Int32Array(states);
  for (let i = 0; i < states; i++) renumbered[order[i]] = i;
  const table = states <= 65536 ? new Uint16Array(states * width) : new Uint32Array(states * width);
  const reports = new Uint8Array(states);
  const outStart = new Int32Array(states + 1);
  for (let i = 0; i < states; i++) {
    const old = order[i];
    for (let k = 0; k < width; k++) table[i * width + k] = renumbered[delta[old * width + k]];
    reports[i] = outputs[old].length ? 1 : 0;
    outStart[i + 1] = outStart[i] + outputs[old].length;
  }
  const outIds = new Int32Array(outStart[states]);
  for (let i = 0; i < states; i++) outIds.set(outputs[order[i]], outStart[i]);
  const lengths = new Int32Array(count);
  let maxLength = 0;
  for (let id = 0; id < count; id++) {
    lengths[id] = literalLength(id);
    if (included[id]) maxLength = Math.max(maxLength, lengths[id]);
  }
  return { included, size: promotedLiteralCount(), classOf, width, delta: table, reports, outStart, outIds, lengths, maxLength };
}

let textsSinceBuild = 0;

/**
 * The automaton, rebuilt when literals were promoted since the last build: at once when many
 * were, else after a few hundred texts (promotions come in bursts while rules warm up).
 */
export function currentAutomaton(): Automaton {
  textsSinceBuild++;
  const common = demoteCommonIfDue();
  const added = pendingPromotions();
  if (!automaton || common || (added > 0 && (added >= Math.max(16, automaton.size >> 3) || textsSinceBuild >= 256))) {
    automaton = buildAutomaton();
    textsSinceBuild = 0;
    noteAutomatonBuilt();
  }
  return automaton;
}

// (literal id, start) pairs of the text being indexed; texts are indexed one at a time. After a
// huge text it is shrunk again rather than kept at that size.
const SCRATCH_KEPT = 1 << 20;
let scratch = new Int32Array(1024);

/** The array the last findHits left its pairs in (valid until the next findHits). */
export function hitBuffer(): Int32Array {
  return scratch;
}

/** Drops the pair array after a huge text, once its pairs are no longer needed. */
export function shrinkHitBuffer(): void {
  if (scratch.length > SCRATCH_KEPT) scratch = new Int32Array(1024);
}

/** Runs the automaton over `units`, leaving (id, start) pairs in hitBuffer(); returns their count times two. */
export function findHits(a: Automaton, units: Uint8Array | Uint16Array): number {
  const { classOf, delta, reports, outStart, outIds, lengths, width } = a;
  let hits = scratch;
  let n = 0;
  let s = 0;
  for (let i = 0; i < units.length; i++) {
    s = delta[s * width + classOf[units[i]]];
    if (reports[s] === 0) continue;
    const to = outStart[s + 1];
    if (n + 2 * (to - outStart[s]) > hits.length) {
      const grown = new Int32Array(hits.length * 2 + 2 * (to - outStart[s]));
      grown.set(hits.subarray(0, n));
      scratch = hits = grown;
    }
    for (let o = outStart[s]; o < to; o++) {
      const id = outIds[o];
      hits[n++] = id;
      hits[n++] = i - lengths[id] + 1;
    }
  }
  return n;
}
