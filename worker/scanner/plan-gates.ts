// Texts ruled out per text rather than per pattern. Most regex plans find, in most texts, that the
// text cannot match: none of the literals of one of their proofs occurs. Checking that plan by
// plan (regex-windows.ts) costs a look at every literal of every proof, for every plan and text.
// Instead a promoted plan with a proof of literals only gets a gate: its number is listed under
// each of that proof's literals, and a text marks, once, the gates listed under the literals it
// holds. A plan whose gate is left unmarked cannot match there; computeWindows would find the
// same (a proof whose literals the index covers and the text lacks means no match).
import type { TextIndex } from './literal-index.ts';
import type { Option } from './regex-windows.ts';

export interface Gate {
  /** Literal ids of the proof. */
  readonly ids: Int32Array;
  /** The gate's number: its place in a text's marks. */
  readonly no: number;
  /** The automaton coverage was last checked against, and whether it holds every literal. */
  automaton: object | null;
  covered: boolean;
}

/** Gates at most: plans of regexes built at run time come and go. */
const MAX_GATES = 8192;
let gateCount = 0;
/** By literal id: the numbers of the gates that hold it. */
const gatesByLiteral = new Map<number, number[]>();
const MARKS_KEY = {};

/** A gate for a plan's proofs: the one of literals only with the fewest literals; null when none. */
export function gateOf(options: readonly Option[]): Gate | null {
  if (gateCount >= MAX_GATES) return null;
  let ids: Int32Array | null = null;
  for (const option of options) {
    if (option.ids.length === 0 || option.runs.some((r) => r !== null)) continue;
    if (!ids || option.ids.length < ids.length) ids = option.ids;
  }
  if (!ids) return null;
  const gate: Gate = { ids, no: gateCount++, automaton: null, covered: false };
  for (const id of new Set(ids)) {
    let gates = gatesByLiteral.get(id);
    if (!gates) gatesByLiteral.set(id, (gates = []));
    gates.push(gate.no);
  }
  return gate;
}

/** Per text: 1 for each gate (of those there were when the text was first asked) it may pass. */
function marksOf(index: TextIndex): Uint8Array {
  let marks = index.memo.get(MARKS_KEY) as Uint8Array | undefined;
  if (!marks) {
    marks = new Uint8Array(gateCount);
    const found = index.foundLiterals();
    for (let f = 0; f < found.length; f++) {
      const gates = gatesByLiteral.get(found[f]);
      if (gates) for (const g of gates) if (g < marks.length) marks[g] = 1;
    }
    index.memo.set(MARKS_KEY, marks);
  }
  return marks;
}

/** Whether the text certainly holds no match: the index covers the gate's literals and it has none. */
export function ruledOut(gate: Gate, index: TextIndex): boolean {
  const automaton = index.automatonKey();
  if (gate.automaton !== automaton) {
    gate.automaton = automaton;
    gate.covered = gate.ids.every((id) => index.covers(id));
  }
  if (!gate.covered) return false;
  const marks = marksOf(index);
  // A gate newer than the text's marks is not ruled on.
  return gate.no < marks.length && marks[gate.no] === 0;
}
