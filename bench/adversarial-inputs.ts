// Hostile inputs for one rule, built from its own examples: the shapes that make a backtracking
// regex slow. Full matches repeated, near-matches (a match cut short, so every start fails late),
// one giant line, whitespace blown up inside a match, and long runs of the words and punctuation
// the rule looks for. Used by the adversarial test (100 KB) and the scanner benchmark (1 MB).
import type { Rule, RuleExample } from '../worker/scanner/types.ts';

export interface AdversarialInput {
  label: string;
  files: { path: string; content: string }[];
}

const DEFAULT_PATH: Record<string, string> = {
  'skill-md': 'SKILL.md',
  frontmatter: 'SKILL.md',
  markdown: 'guide.md',
  script: 'scripts/run.sh',
  text: 'config.txt',
  skill: 'SKILL.md',
};

interface ExampleFile {
  path: string;
  text: string;
  frontmatter: boolean;
}

function filesOf(rule: Rule, example: RuleExample): ExampleFile[] {
  if (typeof example === 'string') {
    const scope = rule.scopes[0];
    return [{ path: DEFAULT_PATH[scope], text: example, frontmatter: scope === 'frontmatter' }];
  }
  if ('files' in example) return example.files.map((f) => ({ ...f, frontmatter: false }));
  return [{ path: example.path, text: example.text, frontmatter: false }];
}

function fill(unit: string, size: number): string {
  if (!unit) return '';
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

// The transformations applied to an example's text, each producing about `size` characters.
const SHAPES: { name: string; make: (text: string, size: number) => string }[] = [
  { name: 'repeated matches', make: (t, n) => fill(t + '\n', n) },
  { name: 'one long line', make: (t, n) => fill(t.replace(/\s+/g, ' ') + ' ', n) },
  { name: 'near-matches', make: (t, n) => fill(t.replace(/\s+/g, ' ').slice(0, Math.max(1, Math.ceil((t.length * 2) / 3))), n) },
  { name: 'near-matches per line', make: (t, n) => fill(t.replace(/\n/g, ' ').slice(0, -1) + '\n', n) },
  { name: 'blown-up whitespace', make: (t, n) => fill(t.replace(/\s/g, ' '.repeat(300)) + '\n', n) },
  { name: 'first word run', make: (t, n) => fill((t.trim().split(/\s+/)[0] || t) + ' ', n) },
  {
    name: 'punctuation runs',
    make: (t, n) => {
      const marks = [...new Set(t.replace(/[\p{L}\p{N}\s]/gu, ''))].slice(0, 6).join('');
      if (!marks) return fill(t.slice(0, 1) || 'a', n);
      const part = Math.floor(n / marks.length);
      return [...marks].map((c) => c.repeat(part)).join('');
    },
  },
  { name: 'letters without separators', make: (t, n) => fill(t.replace(/[^\p{L}\p{N}]/gu, ''), n) || fill('a', n) },
];

/**
 * Inputs of about `size` characters per file for `rule`: every shape of the first `matchExamples`
 * match examples, and the near-match shapes of the first `noMatchExamples` no-match examples.
 */
export function adversarialInputs(
  rule: Rule,
  size: number,
  options: { matchExamples?: number; noMatchExamples?: number } = {},
): AdversarialInput[] {
  const inputs: AdversarialInput[] = [];
  const sources: [string, RuleExample][] = [
    ...rule.examples.match.slice(0, options.matchExamples ?? 3).map((e, i) => [`match ${i}`, e] as [string, RuleExample]),
    ...rule.examples.noMatch.slice(0, options.noMatchExamples ?? 2).map((e, i) => [`noMatch ${i}`, e] as [string, RuleExample]),
  ];
  for (const shape of SHAPES) {
    for (const [source, example] of sources) {
      if (source.startsWith('noMatch') && !shape.name.startsWith('near') && shape.name !== 'one long line') continue;
      const files = filesOf(rule, example).map((f) => {
        const body = shape.make(f.text, size);
        return { path: f.path, content: f.frontmatter ? `---\n${body}\n---\n# Skill\n` : body };
      });
      inputs.push({ label: `${source}, ${shape.name}`, files });
    }
  }
  return inputs;
}
