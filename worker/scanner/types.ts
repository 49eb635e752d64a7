// The scanner's vocabulary. Rules, the engine, scoring and every adapter (workers, CLI, tests,
// benchmarks) share these types, so a change here is a change of contract.

export const CATEGORIES = [
  'prompt-injection',
  'obfuscation',
  'exfiltration',
  'credential-access',
  'code-execution',
  'destructive',
  'persistence',
  'supply-chain',
  'network',
  'tool-abuse',
  'social-engineering',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

/**
 * What part of a skill a rule reads.
 * - `skill-md`: the prose body of a SKILL.md (front matter removed, lines keep their numbers).
 * - `frontmatter`: the YAML front matter of a SKILL.md (name, description, allowed-tools).
 * - `markdown`: any other markdown/prose file (references/, README.md, docs).
 * - `script`: code: sh, bash, zsh, ps1, bat, py, js, mjs, cjs, ts, rb, go, pl, php, lua, ...
 * - `text`: every other text file (json, yaml, toml, txt, html, svg, config, ...).
 * - `skill`: called once per skill with every file of it (combination and file-level checks).
 */
export type Scope = 'skill-md' | 'frontmatter' | 'markdown' | 'script' | 'text' | 'skill';

export type FileKind = 'skill-md' | 'markdown' | 'script' | 'text' | 'binary';

/** One file prepared for matching. Built once per file by makeFileView; rules only read it. */
export interface FileView {
  /** Path relative to the input root, forward slashes ("skills/pdf/SKILL.md"). */
  readonly path: string;
  /** Path relative to the folder of the skill the file belongs to ("scripts/run.sh"). */
  readonly skillPath: string;
  readonly kind: FileKind;
  /** Script language for scripts ("sh", "python", "js", "ps1", "ruby", "go", ...); "" otherwise. */
  readonly language: string;
  /**
   * The text rules match against: NFKC-normalised line by line, invisible and bidi characters
   * removed, so "ig\u200Bnore" reads "ignore". Line breaks are kept, so line numbers of `text`
   * are the line numbers of the original file.
   */
  readonly text: string;
  /** The decoded original text (before normalisation), for rules about hidden characters. */
  readonly raw: string;
  /** Raw bytes of the file (binaries and file-magic checks). */
  readonly bytes: Uint8Array;
  /** For SKILL.md: the front matter text (between the --- lines), else "". */
  readonly frontmatter: string;
  /** Offset in `text` where the front matter starts (0 when there is none). */
  readonly frontmatterOffset: number;
  /** For SKILL.md: the body (front matter blanked out with spaces, so offsets stay true). */
  readonly body: string;
  /** Parsed front matter fields (strings; lists joined by ", "); empty when absent. */
  readonly meta: Readonly<Record<string, string>>;
  /** True when the file is a documentation or example file (references/, examples/, tests/, docs/). */
  readonly isDocumentation: boolean;
  /** 1-based line and column of an offset in `text`. */
  position(offset: number): { line: number; column: number };
  /** The full line of `text` containing an offset. */
  lineAt(offset: number): string;
  /** True when the offset lies inside a fenced (```) or indented code block or inline `code` of markdown. */
  inCode(offset: number): boolean;
  /** True when the sentence around the offset negates or warns against what follows ("never", "do not", "avoid", "detect"). */
  isNegated(offset: number): boolean;
}

/** The files of one skill (a folder holding a SKILL.md), as rules of scope `skill` see them. */
export interface SkillView {
  /** Folder of the skill relative to the input root ("" for the root itself). */
  readonly folder: string;
  readonly skillMd: FileView;
  readonly files: readonly FileView[];
}

export interface RuleMatch {
  /** Offset of the match in the file's `text` (use 0 for whole-file findings). */
  index: number;
  /** Length of the matched text in `text`. */
  length: number;
  /** The file, for `skill` scope rules that report on a file other than SKILL.md. */
  file?: FileView;
  /** A message specific to this match; the rule title is used when absent. */
  message?: string;
  /** Override of the rule's severity for this match (known installers demoted, combos raised). */
  severity?: Severity;
  /** Evidence text when the matched text is not the right thing to show (decoded hidden text). */
  evidence?: string;
}

/** An example for a rule: a text placed in a file of the rule's first scope, or explicit files. */
export type RuleExample =
  | string
  | { path: string; text: string }
  | { files: { path: string; text: string }[] };

export interface Rule {
  /** Stable id, category prefix plus number: "PI-01", "OBF-08". */
  id: string;
  category: Category;
  severity: Severity;
  title: string;
  /** Why this matters, for people reading a finding. */
  why: string;
  /** How to fix or what to do instead. */
  fix: string;
  scopes: Scope[];
  /**
   * When true (the default for prose scopes), matches whose sentence is negated or warns against
   * the thing ("never send your API key") are dropped by the engine.
   */
  negatable?: boolean;
  /**
   * True for rules about content a reader does not see (hidden comments, invisible characters):
   * documentation context does not lower their findings, since a hidden instruction in a
   * reference file is never a quoted example.
   */
  hiddenContent?: boolean;
  /**
   * Literals (case-insensitive, three characters or more) of which every match holds at least one
   * in the file's `text`: the engine skips the rule on files that certainly contain none of them
   * (a trigram index answers that in a few bit reads), so most rules never run their regexes on
   * most files. For `skill` scope rules, any file of the skill may hold the literal. Omit for
   * rules that must see every file (hidden characters, file-level checks). The rule's match
   * examples prove the list: a match example without any anchor would no longer match.
   */
  anchors?: readonly string[];
  /** At least two inputs that must produce a finding and two that must not. */
  examples: { match: RuleExample[]; noMatch: RuleExample[] };
  /** Pure and linear in practice: no nested unbounded quantifiers. */
  detect(file: FileView, skill: SkillView): RuleMatch[];
}

export interface Finding {
  folder: string;
  ruleId: string;
  category: Category;
  severity: Severity;
  title: string;
  message: string;
  file: string;
  line: number;
  column: number;
  evidence: string;
  fix: string;
}

export interface SkillResult {
  folder: string;
  name: string;
  grade: Grade;
  score: number;
  findingCounts: Record<Severity, number>;
}

export const GRADES = ['A', 'B', 'C', 'D', 'F'] as const;
export type Grade = (typeof GRADES)[number];

/** The scan result of design.md: body of a 200, `data` of a 422. */
export interface ScanResult {
  grade: Grade;
  score: number;
  rulesVersion: string;
  skills: SkillResult[];
  findings: Finding[];
}

/** A file handed to the scanner: a path relative to the input root and its bytes or text. */
export interface InputFile {
  path: string;
  content: Uint8Array | string;
}
