// `skillgate scan PATH [--folder F|*] [--fail-below G] [--format text|json|sarif]`: the grading of
// the scan endpoint, offline. Exit codes: 0 graded (and not below the bar), 1 grade worse than
// --fail-below, 2 the scan could not run as asked (usage error, several skills and no --folder,
// unknown folder, no SKILL.md, unreadable PATH).
import { relative, isAbsolute, dirname, resolve, basename } from 'node:path';
import { AppError } from '../lib/errors.ts';
import { parseArgs, rejectUnknownFlags, stringFlag, UsageError } from './args.ts';
import { readSkillFiles } from './read-skill-files.ts';
import type { Scanner, ScanReport } from '../worker/scanner/scanner.ts';
import { toScanResult } from '../worker/scanner/scanner.ts';
import { isWorse, parseGrade } from '../worker/scanner/score.ts';
import { toSarif } from '../worker/scanner/sarif.ts';
import { formatTextReport } from '../worker/scanner/text-report.ts';
import type { Grade } from '../worker/scanner/types.ts';

export const SCAN_USAGE = `usage: skillgate scan PATH [--folder F|'*'] [--fail-below A|B|C|D|F] [--format text|json|sarif]

  PATH          a folder holding one or more skills (folders with a SKILL.md), or one SKILL.md file
  --folder F    grade only the skill in folder F (relative to PATH); '*' grades every skill
  --fail-below  exit 1 when the grade (the worst skill's with '*') is worse than this letter
  --format      text (default), json ({"data": result}, the API shape) or sarif (SARIF 2.1.0)

exit codes: 0 graded, 1 grade worse than --fail-below, 2 could not scan as asked`;

const FORMATS = ['text', 'json', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

export interface ScanIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

async function defaultScanner(): Promise<Scanner> {
  const [{ createScanner }, { RULES }, { RULES_VERSION }] = await Promise.all([
    import('../worker/scanner/scanner.ts'),
    import('../worker/scanner/rules/index.ts'),
    import('../worker/scanner/version.ts'),
  ]);
  return createScanner(RULES, { rulesVersion: RULES_VERSION });
}

function usage(message: string): never {
  throw new UsageError(`${message}\n\n${SCAN_USAGE}`);
}

/** Where findings' paths start, relative to the working directory, so SARIF points into the repository. */
function uriPrefixFor(root: string, singleFile: boolean): string {
  const base = singleFile ? dirname(resolve(root)) : resolve(root);
  const rel = relative(process.cwd(), base);
  return rel.startsWith('..') || isAbsolute(rel) ? '' : rel.replace(/\\/g, '/');
}

function render(report: ScanReport, format: Format, scanner: Scanner, uriPrefix: string): string {
  if (format === 'json') return JSON.stringify({ data: toScanResult(report) }, null, 2) + '\n';
  if (format === 'sarif') return JSON.stringify(toSarif(report, { rules: scanner.rules, uriPrefix }), null, 2) + '\n';
  return formatTextReport(report);
}

/**
 * Runs the scan command. `args` are the words after `scan`. `scanner` is for tests; by default the
 * real rule set is loaded.
 */
export async function runScanCommand(args: string[], io: ScanIo, scanner?: Scanner): Promise<number> {
  let format: Format = 'text';
  try {
    if (args.includes('--help') || args.includes('-h')) {
      io.stdout(SCAN_USAGE);
      return 0;
    }
    const parsed = parseArgs(args);
    rejectUnknownFlags(parsed, ['folder', 'fail-below', 'format']);
    const formatFlag = stringFlag(parsed, 'format') ?? 'text';
    if (!(FORMATS as readonly string[]).includes(formatFlag)) usage(`unknown format "${formatFlag}": use text, json or sarif`);
    format = formatFlag as Format;
    const failBelowFlag = stringFlag(parsed, 'fail-below');
    const failBelow: Grade | undefined = failBelowFlag === undefined ? undefined : parseGrade(failBelowFlag, '--fail-below');
    const folder = stringFlag(parsed, 'folder');
    if (parsed.positional.length === 0) usage('missing PATH');
    if (parsed.positional.length > 1) usage(`one PATH only (got ${parsed.positional.join(' ')}); quote '*' for --folder`);
    const root = parsed.positional[0];

    let input;
    try {
      input = await readSkillFiles(root);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      usage(code === 'ENOENT' ? `no such file or folder: ${root}` : `cannot read ${root}: ${(error as Error).message}`);
    }
    let files = input.files;
    if (input.singleFile && !/^skill\.md$/i.test(files[0].path)) {
      if (!/\.(md|markdown|txt)$/i.test(files[0].path)) {
        usage(`${root} is not a SKILL.md: give a SKILL.md file or the folder of the skill`);
      }
      // A lone markdown file is graded as the text of a SKILL.md, as the scan endpoint's `content` is.
      files = [{ path: 'SKILL.md', content: files[0].content }];
    }

    const active = scanner ?? (await defaultScanner());
    const report = active.scan(files, { folder });
    report.skipped = mergeSkipped(input.skipped, report.skipped);
    if (input.singleFile) renameSingleFile(report, basename(root));

    io.stdout(render(report, format, active, uriPrefixFor(root, input.singleFile)));
    if (format !== 'text' && report.skipped.length) {
      io.stderr(`skipped ${report.skipped.length} path(s): ${report.skipped.map((s) => `${s.path} (${s.reason})`).join('; ')}`);
    }
    if (failBelow && isWorse(report.grade, failBelow)) {
      io.stderr(`grade ${report.grade} (score ${report.score}) is worse than --fail-below ${failBelow}`);
      return 1;
    }
    return 0;
  } catch (error) {
    return reportError(error, format, io);
  }
}

function mergeSkipped<T extends { path: string }>(a: readonly T[], b: readonly T[]): T[] {
  const byPath = new Map<string, T>();
  for (const s of [...a, ...b]) if (!byPath.has(s.path)) byPath.set(s.path, s);
  return [...byPath.values()].sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}

/** A single file is shown under its own name, so annotations land on it. */
function renameSingleFile(report: ScanReport, name: string): void {
  for (const f of report.findings) if (f.file === 'SKILL.md') f.file = name;
}

function reportError(error: unknown, format: Format, io: ScanIo): number {
  if (error instanceof UsageError) {
    io.stderr(error.message);
    return 2;
  }
  if (error instanceof AppError) {
    if (error.code === 'MULTIPLE_SKILLS') {
      const folders = (error.details.folders as string[] | undefined) ?? [];
      io.stderr(
        `several skills found; choose one with --folder F, or grade all with --folder '*':\n${folders.map((f) => `  ${f}`).join('\n')}`,
      );
    } else {
      io.stderr(`error: ${error.message}`);
    }
    if (format === 'json') io.stdout(JSON.stringify({ error: { code: error.code, message: error.message, ...error.details } }, null, 2));
    return 2;
  }
  io.stderr(`error: ${(error as Error).stack ?? String(error)}`);
  return 2;
}
