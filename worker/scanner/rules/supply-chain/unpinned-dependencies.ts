// SUP-02 unpinned dependencies: requirement lines not pinned with ==, package.json dependencies
// that accept any version, and tools installed at a moving tag (@latest, @main, @next).
import type { FileView, RuleMatch } from '../../types.ts';
import { mayHoldAny } from '../../literal-index.ts';
import { execRegex, matchAllRegex } from '../context.ts';
import { REQUIREMENT_LINE, REQUIREMENTS_FILE, dependencyBlocks } from './dependency-files.ts';
import { finding } from './shared.ts';
import { baseNameOf } from '../../file-view.ts';

const PACKAGE_JSON_DEP = /"([@\w./-]+)"\s*:\s*"(\*|latest|x|next|>=?[^"]*|)"/g;
// Searched from the version tag back: a forward search for the command tried every launcher word
// with a long optional-flags tail.
const LATEST_TAG = /@(latest|master|main|HEAD|next|canary)\b/g;
const GO_BEFORE_TAG = /\bgo\s+(?:install|get)\s+\S+$/;
const JS_BEFORE_TAG = /\b(?:npx|npm\s+(?:i|install)|pnpm\s+(?:add|dlx)|yarn\s+(?:add|dlx))\s+(?:-\S+\s+)*@?[\w./-]+$/;
const LATEST_LITERALS = ['@latest', '@master', '@main', '@head', '@next', '@canary'];

/** Installs at a moving tag ("go install x@latest", "npx tool@latest"), as match-like objects. */
function latestInstalls(text: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  LATEST_TAG.lastIndex = 0;
  let t: RegExpExecArray | null;
  while ((t = execRegex(LATEST_TAG, text)) !== null && out.length < 20) {
    const tag = t[1];
    const from = Math.max(0, t.index - 400);
    const prefix = text.slice(from, t.index);
    const goTag = tag === 'latest' || tag === 'master' || tag === 'main' || tag === 'HEAD';
    const jsTag = tag === 'latest' || tag === 'next' || tag === 'canary';
    const before = (goTag && GO_BEFORE_TAG.exec(prefix)) || (jsTag && JS_BEFORE_TAG.exec(prefix)) || null;
    if (!before) continue;
    const index = from + before.index;
    const end = t.index + t[0].length;
    out.push(Object.assign([text.slice(index, end)], { index, input: text, groups: undefined }) as RegExpExecArray);
  }
  return out;
}

export function detectUnpinned(file: FileView): RuleMatch[] {
  const text = file.text;
  const base = baseNameOf(file.skillPath).toLowerCase();
  const found: RuleMatch[] = [];
  if (REQUIREMENTS_FILE.test(base)) {
    let total = 0;
    const loose: RegExpExecArray[] = [];
    REQUIREMENT_LINE.lastIndex = 0;
    for (const m of matchAllRegex(text, REQUIREMENT_LINE)) {
      if (m[0].length === 0) continue;
      total++;
      if (!m[3] || !/==/.test(m[3])) loose.push(m);
    }
    if (loose.length > 0) {
      const first = loose[0];
      found.push({
        index: first.index + first[0].indexOf(first[1]),
        length: first[1].length,
        severity: 'low',
        message: `${loose.length} of ${total} requirements are not pinned with == (first: ${first[1]})`,
      });
    }
  } else if (base === 'package.json') {
    for (const { offset, body } of dependencyBlocks(text)) {
      PACKAGE_JSON_DEP.lastIndex = 0;
      let d: RegExpExecArray | null;
      while ((d = execRegex(PACKAGE_JSON_DEP, body)) !== null) {
        found.push({ index: offset + d.index, length: d[0].length, severity: 'low', message: `Dependency ${d[1]} accepts any version ("${d[2]}")` });
        if (found.length >= 5) break;
      }
    }
  }
  if (mayHoldAny(file, LATEST_LITERALS)) {
    for (const m of latestInstalls(text)) {
      const f = finding(file, m, 'low', 'Tool installed at whatever version is latest when the skill runs');
      if (f) found.push(f);
    }
  }
  return found;
}
