// The dependency lists SUP-02 (unpinned) and SUP-03 (typosquats) both read: pip requirement and
// constraint files, line by line, and the dependency objects of a package.json.
import { execRegex } from '../context.ts';

// pip requirement files under their usual names: requirements.txt, requirements-dev.in,
// dev-requirements.txt, baseline-requirements.txt, constraints.txt.
export const REQUIREMENTS_FILE = /^(?:[\w.-]*[-_.])?requirements[\w.-]*\.(?:txt|in)$|^constraints[\w.-]*\.txt$/;

const DEPENDENCY_KEY = /"(?:dependencies|devDependencies|optionalDependencies|peerDependencies)"\s*:\s*\{/g;

/**
 * The dependency objects of a package.json: the text between "dependencies": { and the next "}"
 * (within 5000 characters). The next "}" is found once and reused while keys stay before it, so a
 * file of unclosed objects is read once, not once per key.
 */
export function dependencyBlocks(text: string): { offset: number; body: string }[] {
  const out: { offset: number; body: string }[] = [];
  let close = -2;
  DEPENDENCY_KEY.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = execRegex(DEPENDENCY_KEY, text)) !== null) {
    const offset = m.index + m[0].length;
    if (close !== -1 && close < offset) close = text.indexOf('}', offset);
    if (close === -1) break;
    if (close - offset > 5000) continue;
    out.push({ offset, body: text.slice(offset, close) });
    DEPENDENCY_KEY.lastIndex = close + 1;
  }
  return out;
}

export const REQUIREMENT_LINE = /^[ \t]*([A-Za-z0-9][\w.-]*)(\[[^\]\n]*\])?[ \t]*([<>=!~]=?[^#;\n]*)?(?:[;#].*)?$/gm;
