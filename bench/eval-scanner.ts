// `npm run eval`: grades every skill of the shared corpus and reports, per source and label, how
// many malicious skills got D or F and how many benign ones got A or B, against the bars of the
// scanner issue; lists the misses with their top rules, and which rules fire most on benign
// skills (what to tune). A report: always exits 0, with PASS/FAIL per bar. `--json` for machines.
import { scan } from '../worker/scanner/engine.ts';
import { RULES_VERSION } from '../worker/scanner/version.ts';
import { SEVERITIES, type Finding, type Grade, type Severity } from '../worker/scanner/types.ts';
import { corpusDirFromArgs, loadCorpus, type CorpusEntry } from './corpus.ts';

interface Bar {
  source: string;
  label: 'benign' | 'malicious';
  min: number;
}

const BARS: readonly Bar[] = [
  { source: 'atr-skill-benchmark', label: 'malicious', min: 0.95 },
  { source: 'cisco-skill-scanner', label: 'malicious', min: 0.95 },
  { source: 'snyk-agent-scan', label: 'malicious', min: 0.95 },
  { source: 'anthropics-skills', label: 'benign', min: 0.95 },
  { source: 'obra-superpowers', label: 'benign', min: 0.95 },
  { source: 'trailofbits-skills', label: 'benign', min: 0.95 },
];
// Reported, never tuned to: synthetic sets and other scanners' fixtures without a bar.
const REPORTED_ONLY_NOTE: Record<string, string> = {
  skillfortifybench: 'synthetic (SkillFortify), reported only',
  'nvidia-skillspector': 'reported only',
};

interface Graded {
  entry: CorpusEntry;
  grade: Grade | 'error';
  score: number;
  findings: Finding[];
  error?: string;
}

interface GroupResult {
  source: string;
  label: string;
  total: number;
  /** Malicious: graded D or F. Benign: graded A or B. Risky-quality: graded C or worse. */
  hits: number;
  percent: number;
  grades: Record<Grade, number>;
  bar?: number;
  pass?: boolean;
  note?: string;
}

const SEVERITY_LETTER: Record<Severity, string> = { critical: 'c', high: 'h', medium: 'm', low: 'l' };

function isHit(label: string, grade: Grade | 'error'): boolean {
  if (grade === 'error') return false;
  if (label === 'malicious') return grade === 'D' || grade === 'F';
  if (label === 'benign') return grade === 'A' || grade === 'B';
  return grade === 'C' || grade === 'D' || grade === 'F';
}

function topRules(findings: readonly Finding[], n = 6): string[] {
  const seen = new Map<string, Severity>();
  for (const f of findings) if (!seen.has(f.ruleId)) seen.set(f.ruleId, f.severity); // findings are most severe first
  return [...seen].slice(0, n).map(([id, sev]) => `${id}(${SEVERITY_LETTER[sev]})`);
}

function pct(n: number, d: number): number {
  return d === 0 ? 0 : Math.round((1000 * n) / d) / 10;
}

function pad(s: string | number, n: number, right = false): string {
  const t = String(s);
  if (t.length >= n) return t;
  return right ? ' '.repeat(n - t.length) + t : t + ' '.repeat(n - t.length);
}

async function main(args: string[]): Promise<void> {
  const json = args.includes('--json');
  const all = args.includes('--all');
  const corpusDir = corpusDirFromArgs(args);
  const started = performance.now();
  const skills = await loadCorpus(corpusDir);
  const loaded = performance.now();

  const graded: Graded[] = skills.map(({ entry, files }) => {
    try {
      const report = scan(files, { folder: '.' });
      return { entry, grade: report.grade, score: report.score, findings: report.findings };
    } catch (error) {
      return { entry, grade: 'error', score: -1, findings: [], error: (error as Error).message };
    }
  });
  const gradedAt = performance.now();

  // Groups by source and label, bar sources first.
  const groups = new Map<string, Graded[]>();
  for (const g of graded) {
    const key = `${g.entry.label}\u0000${g.entry.source}`;
    const list = groups.get(key);
    if (list) list.push(g);
    else groups.set(key, [g]);
  }
  const results: GroupResult[] = [];
  for (const [key, list] of groups) {
    const [label, source] = key.split('\u0000');
    const bar = BARS.find((b) => b.source === source && b.label === label);
    const grades: Record<Grade, number> = { A: 0, B: 0, C: 0, D: 0, F: 0 };
    for (const g of list) if (g.grade !== 'error') grades[g.grade]++;
    const hits = list.filter((g) => isHit(label, g.grade)).length;
    const percent = pct(hits, list.length);
    results.push({
      source,
      label,
      total: list.length,
      hits,
      percent,
      grades,
      bar: bar?.min,
      pass: bar ? hits / list.length >= bar.min : undefined,
      note: bar ? undefined : label === 'risky-quality' ? 'quality problems, not malware: reported separately' : (REPORTED_ONLY_NOTE[source] ?? 'reported only'),
    });
  }
  const labelOrder = ['malicious', 'benign', 'risky-quality'];
  results.sort(
    (a, b) =>
      labelOrder.indexOf(a.label) - labelOrder.indexOf(b.label) ||
      Number(b.bar !== undefined) - Number(a.bar !== undefined) ||
      (a.source < b.source ? -1 : 1),
  );

  const misses = graded
    .filter((g) => g.entry.label !== 'risky-quality' && !isHit(g.entry.label, g.grade))
    .map((g) => ({
      label: g.entry.label,
      source: g.entry.source,
      path: g.entry.skill_dir,
      grade: g.grade,
      score: g.score,
      rules: topRules(g.findings),
      barSource: BARS.some((b) => b.source === g.entry.source && b.label === g.entry.label),
      error: g.error,
    }));

  // Which rules fire on benign skills, against how often they fire on malicious ones.
  const ruleStats = new Map<string, { severities: Set<Severity>; benignBar: number; benignAll: number; malicious: number }>();
  for (const g of graded) {
    const seen = new Map<string, Severity>();
    for (const f of g.findings) if (!seen.has(f.ruleId)) seen.set(f.ruleId, f.severity);
    const isBarBenign = g.entry.label === 'benign' && BARS.some((b) => b.source === g.entry.source && b.label === 'benign');
    for (const [id, sev] of seen) {
      let s = ruleStats.get(id);
      if (!s) ruleStats.set(id, (s = { severities: new Set(), benignBar: 0, benignAll: 0, malicious: 0 }));
      if (g.entry.label === 'benign') {
        s.benignAll++;
        s.severities.add(sev);
        if (isBarBenign) s.benignBar++;
      } else if (g.entry.label === 'malicious') s.malicious++;
    }
  }
  const benignRules = [...ruleStats]
    .filter(([, s]) => s.benignAll > 0)
    .map(([id, s]) => ({
      ruleId: id,
      severities: SEVERITIES.filter((x) => s.severities.has(x)),
      benignBarSkills: s.benignBar,
      benignSkills: s.benignAll,
      maliciousSkills: s.malicious,
    }))
    .sort((a, b) => b.benignBarSkills - a.benignBarSkills || b.benignSkills - a.benignSkills || (a.ruleId < b.ruleId ? -1 : 1));

  // Findings on decoded payloads (base64, hex, tag characters, ...), by label: decoding should
  // add findings to malicious skills and none to benign ones.
  const decodedByLabel: Record<string, { skills: number; findings: number }> = {};
  for (const g of graded) {
    const decoded = g.findings.filter((f) => f.message.startsWith('In decoded '));
    const slot = (decodedByLabel[g.entry.label] ??= { skills: 0, findings: 0 });
    if (decoded.length) slot.skills++;
    slot.findings += decoded.length;
  }

  const bars = results.filter((r) => r.bar !== undefined);
  const summary = {
    rulesVersion: RULES_VERSION,
    corpus: corpusDir,
    skills: graded.length,
    seconds: { load: (loaded - started) / 1000, grade: (gradedAt - loaded) / 1000 },
    groups: results,
    allBarsPass: bars.every((b) => b.pass),
    decodedFindings: decodedByLabel,
    misses,
    benignRules,
  };

  if (json) {
    process.stdout.write(JSON.stringify(summary, null, 2) + '\n');
    return;
  }

  const out: string[] = [];
  out.push(`skillgate eval: rules ${RULES_VERSION}`);
  out.push(`corpus ${corpusDir}: ${graded.length} skills, loaded in ${summary.seconds.load.toFixed(1)} s, graded in ${summary.seconds.grade.toFixed(1)} s`);
  for (const label of labelOrder) {
    const rows = results.filter((r) => r.label === label);
    if (!rows.length) continue;
    out.push('');
    const what = label === 'malicious' ? 'graded D or F' : label === 'benign' ? 'graded A or B' : 'graded C or worse';
    out.push(`${label} skills ${what}`);
    out.push(`  ${pad('source', 22)} ${pad('n', 4, true)} ${pad('hits', 5, true)} ${pad('%', 6, true)}   A   B   C   D   F  bar`);
    for (const r of rows) {
      const dist = (['A', 'B', 'C', 'D', 'F'] as const).map((g) => pad(r.grades[g], 3, true)).join(' ');
      const verdict = r.bar !== undefined ? `>= ${r.bar * 100}%  ${r.pass ? 'PASS' : 'FAIL'}` : `(${r.note})`;
      out.push(`  ${pad(r.source, 22)} ${pad(r.total, 4, true)} ${pad(r.hits, 5, true)} ${pad(r.percent.toFixed(1), 6, true)} ${dist}  ${verdict}`);
    }
  }

  out.push('');
  out.push(`bars: ${bars.filter((b) => b.pass).length}/${bars.length} pass${summary.allBarsPass ? '' : ' (FAIL: ' + bars.filter((b) => !b.pass).map((b) => `${b.label} ${b.source}`).join(', ') + ')'}`);

  out.push(
    'findings on decoded payloads: ' +
      Object.entries(decodedByLabel)
        .map(([label, d]) => `${label} ${d.findings} in ${d.skills} skills`)
        .join(', '),
  );

  const LIMIT = 15;
  for (const barSource of [true, false]) {
    for (const label of ['malicious', 'benign']) {
      const list = misses.filter((m) => m.barSource === barSource && m.label === label);
      if (!list.length) continue;
      out.push('');
      out.push(`misses: ${label}${barSource ? ' (bar sources)' : ' (reported-only sources)'}: ${list.length}`);
      const shown = barSource || all ? list : list.slice(0, LIMIT);
      for (const m of shown) {
        const detail = m.error ? `error: ${m.error}` : m.rules.join(' ') || '(no findings)';
        out.push(`  ${pad(m.grade, 5)} ${pad(m.score, 3, true)}  ${m.path}  ${detail}`);
      }
      if (shown.length < list.length) out.push(`  ... ${list.length - shown.length} more (--all lists them)`);
    }
  }

  out.push('');
  out.push('rules firing on benign skills (skills with the rule; bar sources / all benign / malicious)');
  out.push(`  ${pad('rule', 8)} ${pad('severity', 22)} ${pad('bar', 5, true)} ${pad('benign', 7, true)} ${pad('malicious', 10, true)}`);
  for (const r of benignRules.slice(0, all ? undefined : 30)) {
    out.push(`  ${pad(r.ruleId, 8)} ${pad(r.severities.join(','), 22)} ${pad(r.benignBarSkills, 5, true)} ${pad(r.benignSkills, 7, true)} ${pad(r.maliciousSkills, 10, true)}`);
  }
  process.stdout.write(out.join('\n') + '\n');
}

await main(process.argv.slice(2));
