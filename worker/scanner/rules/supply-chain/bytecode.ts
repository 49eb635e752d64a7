// SUP-09 Python bytecode: .pyc/.pyo files and __pycache__ entries, with or without their source.
import type { FileView, RuleMatch, SkillView } from '../../types.ts';
import { extensionOf } from '../../file-view.ts';
import { fileMatch } from './shared.ts';

export function detectBytecode(_file: FileView, skill: SkillView): RuleMatch[] {
  const sources = new Set(skill.files.filter((f) => extensionOf(f.skillPath) === 'py').map((f) => f.skillPath.replace(/\.py$/, '')));
  const out: RuleMatch[] = [];
  for (const f of skill.files) {
    const ext = extensionOf(f.skillPath);
    const inCache = /(?:^|\/)__pycache__\//.test(f.skillPath);
    const magic = f.bytes.length >= 16 && f.bytes[2] === 0x0d && f.bytes[3] === 0x0a && (ext === 'pyc' || ext === 'pyo' || inCache);
    if (ext !== 'pyc' && ext !== 'pyo' && !inCache && !magic) continue;
    // __pycache__/x.cpython-312.pyc belongs to x.py one folder up.
    const stem = f.skillPath.replace(/__pycache__\//, '').replace(/(?:\.cpython-\d+|\.pypy\d*-\d+)?(?:\.opt-\d)?\.py[co]$/, '');
    const hasSource = sources.has(stem);
    out.push(
      fileMatch(
        f,
        hasSource ? 'medium' : 'high',
        hasSource
          ? 'Compiled Python shipped next to its source: the bytecode may not match the reviewed .py file'
          : 'Compiled Python without source: the code that runs cannot be reviewed',
      ),
    );
    if (out.length >= 10) break;
  }
  return out;
}
