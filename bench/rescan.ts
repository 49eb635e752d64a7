// `node bench/rescan.ts`: the nightly rescan over a directory of 100,000 skills, every one graded
// with an old rule set so that all are regraded. Skills carry realistic SKILL.md texts (templates
// of 1-3 KB, each skill's text made unique by its name and number, so nothing can be reused
// between skills) and every fifth one a script. Prints skills per second and PASS/FAIL against
// 200 skills/s, then two figures that show where the time goes: the same run with grading
// replaced by a constant (the database side alone) and a rescan with nothing to regrade.
// Needs a PostgreSQL (BENCH_DATABASE_URL, default the local server); creates and drops its own
// database. Options: --skills N (default 100000, or BENCH_SKILLS), --batch N (default 500),
// --threads N (grading threads, 0 for the event loop; default one per core), --skip-pipeline.
import os from 'node:os';
import pg from 'pg';
import { createPool } from '../db/pool.ts';
import { migrate } from '../db/migrate.ts';
import { generateSkills } from '../db/bulk-generate.ts';
import { contentHashOf, type SkillFile, type SkillGrade } from '../worker/grade-skill.ts';
import { rescanDirectory, type RescanSummary } from '../worker/rescan-directory.ts';
import { RULES_VERSION } from '../worker/scanner/index.ts';
import { machineLine } from './support.ts';
import { flagValue } from './args.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'skillgate_bench_rescan';
const TARGET = 200;

function flag(name: string, fallback: number): number {
  const raw = flagValue(process.argv, name);
  const value = raw !== undefined ? Number(raw) : fallback;
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

const SKILLS = flag('skills', Number(process.env.BENCH_SKILLS ?? 100_000));
const BATCH = flag('batch', 500);
const threadsFlag = flagValue(process.argv, 'threads');
/** Grading threads (0: on the event loop); default: the rescan's own default, one per core. */
const THREADS = threadsFlag !== undefined ? Number(threadsFlag) : undefined;

// {{name}} and {{n}} make every skill's text different.
const TEMPLATES = [
  `---
name: {{name}}
description: Summarise a CSV or Excel file: column types, missing values, outliers and a short narrative for skill {{n}}.
allowed-tools: Read, Bash(python3:*)
---
# {{name}}

Use this skill when the user asks what is inside a tabular data file, or wants a quick profile of
a dataset before analysis. It works on CSV, TSV and XLSX files up to a few hundred megabytes.

## Steps

1. Read the file header with the Read tool and detect the delimiter and encoding.
2. Load the data with pandas: \`python3 scripts/profile.py --input <file> --sample 10000\`.
3. For every column report the inferred type, the share of missing values, the number of distinct
   values and, for numeric columns, min, max, mean and the 1st and 99th percentiles.
4. Flag columns that look like identifiers, dates stored as text, or mixed types.
5. Write a short narrative (five sentences at most) of what stands out.

## Output

A Markdown table with one row per column, followed by the narrative. Keep numbers to three
significant digits. Never modify the input file; write any derived file next to it with a
\`.profile.md\` suffix.

## Notes

- Large files: sample rows instead of loading everything; say that you sampled.
- Dates: try ISO 8601 first, then the locale of the file if it is obvious.
- Reference {{n}}: keep the summary reproducible by printing the sampling seed.
- Encodings: UTF-8 first, then UTF-16 with a byte order mark, then Latin-1 as a last resort.
- Spreadsheets with several sheets: profile each sheet separately and name it in the heading.

## Examples

User: "What is in sales_2024.csv?"
You: read the header, profile the columns, and answer with the table and a narrative such as
"12 columns, 48,213 rows; order_date is stored as text; discount is missing in 31% of rows."

User: "Is this dataset clean enough for a regression?"
You: profile it, then list the blockers (missing values in the target, constant columns, leaks
such as an id that encodes the outcome) before any modelling advice.

## Limits

The profile describes the file as it is; it does not clean, impute or drop anything. When the user
asks for cleaning, propose the steps and wait for a yes before writing a cleaned copy. Files above
two gigabytes are profiled from a sample of the first million rows, and the answer says so.
`,
  `---
name: {{name}}
description: Review a pull request diff for style, naming and missing tests, variant {{n}}.
---
# {{name}}

Review the changes of the current branch against its base the way a careful colleague would.

## How to review

1. Run \`git diff --stat origin/main...HEAD\` to see which files changed and how much.
2. Read each changed file in full, not only the hunks, so that you understand the context.
3. Check naming: functions say what they do, variables say what they hold, no abbreviations that
   a newcomer would not know.
4. Check tests: every behaviour change has a test that would fail without it. Point to the exact
   function that lacks one.
5. Check error handling: errors are either handled or passed on with context, never swallowed.
6. Check comments: they explain why, not what; remove comments that repeat the code.

## Writing the review

Group remarks by file. For each remark give the line, what is wrong, and a concrete suggestion.
Separate blocking issues from suggestions. End with a one-paragraph summary and a verdict:
approve, approve with suggestions, or request changes.

Do not push commits or change files yourself; the author makes the changes.

## What good looks like

A good review is specific and kind. "This loop re-reads the file for every row; read it once before
the loop" helps; "this is slow" does not. Praise what is done well in one sentence, so the author
knows what to keep doing. If the change is large, say which part you reviewed most closely and which
part deserves a second reviewer with more context, such as database migrations or security code.

## Checklist

- The description says why the change is needed, not only what it does.
- Public functions have documentation that matches their behaviour.
- No debugging output, commented-out code or unrelated formatting changes are left in.
`,
  `---
name: {{name}}
description: Write release notes from merged pull requests since the last tag ({{n}}).
---
# {{name}}

Produce release notes that users can read in two minutes.

1. Find the last tag: \`git describe --tags --abbrev=0\`.
2. List merged pull requests since then: \`git log --merges --oneline <tag>..HEAD\`.
3. Sort each change into Added, Changed, Fixed, Removed or Security.
4. Rewrite titles in plain language, in the past tense, naming the user-visible effect.
5. Credit contributors by their handle.

Keep internal refactors out unless they change behaviour. Put breaking changes first, with the
migration steps. Link each entry to its pull request.

## Style

- One line per change, starting with a verb: "Added", "Fixed", "Removed".
- Name the feature, not the file: "Fixed the export button on the reports page", not
  "Fixed reports/export.tsx".
- Version headings follow semantic versioning; the date is ISO 8601.
- If a release only fixes bugs, say so in one sentence at the top.

## Checks before publishing

Read the notes once as a user who did not follow development. Remove jargon, expand acronyms the
first time they appear, and make sure every breaking change says what to do about it.

## Example entry

### 2.4.0 (2025-03-14)

- Added CSV export to the reports page.
- Changed the default page size of the API from 50 to 20 items; pass limit=50 to keep the old one.
- Fixed the date picker showing the wrong month in time zones west of UTC.
`,
  `---
name: {{name}}
description: Check Terraform plans for risky changes before apply, case {{n}}.
allowed-tools: Read, Bash(terraform:*)
---
# {{name}}

Run this skill before \`terraform apply\` on shared infrastructure.

## Steps

1. Run \`terraform plan -out=plan.bin\` and then \`terraform show -json plan.bin > plan.json\`.
2. Read plan.json and list every resource that will be destroyed or replaced.
3. Flag security group rules that open 0.0.0.0/0, IAM policies with "*" actions, S3 buckets without
   encryption or with public access, and databases without deletion protection.
4. Estimate blast radius: which services depend on the resources that change.
5. Summarise as a table: resource, action, risk (low, medium, high), reason.

Never run \`terraform apply\` yourself. Ask the user to review the summary first. If the plan
destroys stateful resources (databases, volumes, buckets), say so in the first line.

## Environment

The skill expects AWS credentials to be configured by the user in the usual way; it does not read
or print them. Use the workspace selected by the user; do not switch workspaces.

## What counts as risky

| change | risk | why |
|---|---|---|
| replace of a database instance | high | data loss unless a snapshot exists |
| change of a security group to 0.0.0.0/0 | high | exposes the service to the internet |
| new IAM policy with wildcard actions | medium | broader access than needed |
| tag changes only | low | no effect on traffic or data |

When in doubt, rate higher and explain. A plan with no changes needs no table: say "No changes".

## Follow-up

After the user has applied the plan, offer to run \`terraform plan\` again to confirm that the
workspace has no drift. Keep the summary in the pull request that changed the configuration, so
reviewers see the risk assessment next to the code.
`,
  `---
name: {{name}}
description: Set up a local development environment for the project, number {{n}}.
---
# {{name}}

Bootstraps a fresh checkout.

1. Install the toolchain: \`curl -fsSL https://get.example-tool.dev/install.sh | sh\`.
2. Copy \`.env.example\` to \`.env\` and fill in the values the user gives you.
3. Run \`make setup\` and then \`make test\` to check that everything works.
4. If a step fails, show the last 30 lines of output and stop.

The install script needs network access. Tell the user before running it.

## Troubleshooting

- "command not found" after the install: open a new shell or source the profile file the installer
  printed.
- Port already in use: find the process with \`lsof -i :3000\` and ask the user before stopping it.
- Tests fail on a clean checkout: report the failing test names and stop; do not edit tests.
- Slow first build: the toolchain downloads its caches once; later builds reuse them.

## After setup

Summarise what was installed, where, and which versions, so the user can reproduce it on another
machine. Do not commit the .env file.

## Supported systems

Linux and macOS with a POSIX shell. On Windows, use the subsystem for Linux; the scripts do not
run in PowerShell. The toolchain needs about two gigabytes of disk for its caches, and the first
build takes a few minutes on a laptop. Later builds reuse the caches and take seconds.
`,
];

const SCRIPT = `#!/usr/bin/env python3
"""Profile a tabular file: types, missing values and ranges per column."""
import argparse
import pandas as pd

def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--input", required=True)
    parser.add_argument("--sample", type=int, default=10000)
    args = parser.parse_args()
    frame = pd.read_csv(args.input, nrows=args.sample)
    for column in frame.columns:
        series = frame[column]
        print(column, series.dtype, round(series.isna().mean(), 3), series.nunique())

if __name__ == "__main__":
    main()
`;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

async function makeAllStale(pool: pg.Pool): Promise<void> {
  await pool.query(`UPDATE skills SET rules_version = 'bench-old'`);
}

async function fillDirectory(pool: pg.Pool): Promise<void> {
  let t = Date.now();
  await generateSkills(pool, SKILLS, { slugPrefix: 'bench' });
  console.log(`generated ${SKILLS} skills in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  t = Date.now();
  await pool.query(
    `UPDATE skills SET content = replace(replace(($1::text[])[1 + id % $2], '{{name}}', slug), '{{n}}', id::text), rules_version = 'bench-old'`,
    [TEMPLATES, TEMPLATES.length],
  );
  await pool.query(
    `INSERT INTO skill_files (skill_id, path, content)
     SELECT id, 'scripts/profile.py', convert_to($1 || '# skill ' || id || E'\\n', 'UTF8') FROM skills WHERE id % 5 = 0`,
    [SCRIPT],
  );
  await pool.query('VACUUM ANALYZE skills');
  await pool.query('VACUUM ANALYZE skill_files');
  const { rows } = await pool.query(`SELECT round(avg(octet_length(content))) AS avg, min(octet_length(content)) AS min, max(octet_length(content)) AS max FROM skills`);
  console.log(`SKILL.md texts: ${TEMPLATES.length} templates, unique per skill, ${rows[0].min}-${rows[0].max} bytes (average ${rows[0].avg}); every fifth skill has a script; in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

/** CPU seconds (user and system, all threads) this process used during the last run. */
let lastRunCpuSeconds = 0;

async function run(pool: pg.Pool, label: string, grade?: (files: SkillFile[]) => SkillGrade): Promise<RescanSummary> {
  let nextReport = 0;
  const started = Date.now();
  const cpu = process.cpuUsage();
  const summary = await rescanDirectory(
    { pool, grade, rulesVersion: grade ? 'bench-constant' : RULES_VERSION },
    {
      batchSize: BATCH,
      threads: THREADS,
      onProgress: (p) => {
        if (p.done < nextReport && p.done < p.total) return;
        nextReport = p.done + Math.ceil(p.total / 10);
        const seconds = (Date.now() - started) / 1000;
        process.stderr.write(`  ${label}: ${p.done}/${p.total}, ${p.regraded} regraded, ${p.skipped} skipped, ${p.failed} failed, ${(p.done / seconds).toFixed(0)} skills/s\n`);
      },
    },
  );
  const used = process.cpuUsage(cpu);
  lastRunCpuSeconds = (used.user + used.system) / 1e6;
  return summary;
}

function rate(summary: RescanSummary, key: 'done' | 'regraded' = 'done'): number {
  return summary[key] / (summary.durationMs / 1000);
}

/** Grading replaced by a constant result (the content hash is still computed): the database side alone. */
function constantGrade(files: SkillFile[]): SkillGrade {
  return {
    score: 100,
    grade: 'A',
    findings: [],
    analysis: { summary: 'No issues found.', riskLevel: 'none', findingCounts: { critical: 0, high: 0, medium: 0, low: 0 }, categories: {}, files: files.length },
    rulesVersion: 'bench-constant',
    contentHash: contentHashOf(files),
  };
}

async function main(): Promise<void> {
  console.log(machineLine());
  console.log(`setup: ${SKILLS} skills, batches of ${BATCH}, rules ${RULES_VERSION}, PostgreSQL at ${new URL(ADMIN_URL).host}`);
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB_NAME}`);
  const url = new URL(ADMIN_URL);
  url.pathname = '/' + DB_NAME;
  const pool = createPool(url.toString(), 4);
  try {
    await migrate(pool);
    await fillDirectory(pool);

    console.log('\nnightly rescan, every skill graded with an old rule set:');
    const real = await run(pool, 'rescan');
    const realRate = rate(real);
    const gradingShare = real.gradingMs / real.durationMs;
    console.log(`  ${real.regraded} regraded, ${real.skipped} skipped, ${real.failed} failed in ${(real.durationMs / 1000).toFixed(1)} s: ${realRate.toFixed(0)} skills/s`);
    const threads = THREADS ?? Math.min(8, os.availableParallelism());
    console.log(
      `  waiting for grades (scanner on ${threads ? `${threads} thread${threads === 1 ? '' : 's'}` : 'the event loop'} of this process): ` +
        `${(real.gradingMs / 1000).toFixed(1)} s = ${(100 * gradingShare).toFixed(0)}% of the run`,
    );

    // Other load on the machine slows the run down but not the CPU it needs: this figure says
    // what the cores could do for the rescan alone (PostgreSQL's own share not counted).
    const cpuPerSkill = (1000 * lastRunCpuSeconds) / Math.max(1, real.regraded);
    console.log(
      `  CPU time of this process: ${lastRunCpuSeconds.toFixed(1)} s, ${cpuPerSkill.toFixed(2)} ms per skill ` +
        `(${os.availableParallelism()} cores fully used would grade ${((1000 * os.availableParallelism()) / cpuPerSkill).toFixed(0)} skills/s)`,
    );
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM grade_history`);
    console.log(`  grade history rows written: ${rows[0].n}`);

    const nothing = await run(pool, 'nothing to do');
    console.log(`\nrescan with nothing to regrade: ${nothing.skipped} skipped in ${(nothing.durationMs / 1000).toFixed(1)} s: ${rate(nothing).toFixed(0)} skills/s`);

    if (!process.argv.includes('--skip-pipeline')) {
      await makeAllStale(pool);
      const pipeline = await run(pool, 'database side', constantGrade);
      console.log(`database side alone (grading replaced by a constant): ${pipeline.regraded} regraded in ${(pipeline.durationMs / 1000).toFixed(1)} s: ${rate(pipeline).toFixed(0)} skills/s`);
    }

    console.log('');
    console.log(machineLine());
    console.log(`rescan of ${real.done} skills: ${realRate.toFixed(0)} skills/s, ${(real.durationMs / 1000).toFixed(1)} s in total; >= ${TARGET} skills/s: ${realRate >= TARGET ? 'PASS' : 'FAIL'}`);
  } finally {
    await pool.end();
    await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  }
}

await main();
