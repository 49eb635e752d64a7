// EXF-07 bulk environment dumps: the whole environment dumped or piped out, credentials of several
// services collected in one value, every secret of a CI run in one value, and prose that has the
// agent collect secrets from the environment.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { findAll, proseOf } from '../match.ts';
import { onePerLine } from '../context.ts';
import { isProseMention, isSignatureContext } from '../markdown-context.ts';
import { COMMENT_LINE, codeRegions, proseKept } from './shared.ts';
import { envHarvestHits } from './env-harvest.ts';
import { credentialCollections } from './credential-collections.ts';

const ENV_PROSE = new RegExp(
  String.raw`\b(?:collect|gather|dump|list|print|output|compile|extract|harvest|read|check|include|send|post|upload|export)\b[^.\n]{0,80}?(?:\b(?:environment variables|env vars|environment)\b[^.\n]{0,60}?\b(?:api[ _-]?keys?|tokens?|secrets?|credentials|passwords?)\b|\b(?:api[ _-]?keys?|tokens?|secrets?|credentials|passwords?)\b[^.\n]{0,60}?\b(?:from|in|of)\s+(?:the\s+|your\s+|all\s+)?(?:environment variables|env vars|environment)\b)`,
  'gi',
);
// "Read the signing secret from the environment": one named value read for the skill's own use is
// the practice the fixes recommend, not a harvest.
const ONE_SECRET_READ = /^(?:read|check)\b[^.\n]{0,80}?\b(?:the|your|its|a|an|this)\s+(?:[\w-]+\s+){0,3}?(?:api[ _-]?key|token|secret|credential|password)\s+(?:from|in)\s+(?:the\s+|your\s+)?(?:environment|env)\b/i;
const SHELL_ENV_DUMP = /(?:^|[;&|]\s*|\$\(\s*)(?:printenv|env|set)\s*(?:>\s*\S|\|\s*(?:curl|wget|nc|base64|tee|gzip|xxd|openssl))/gm;
const ENV_GREP_SECRETS = /(?:^|[;&]\s*|\$\(\s*)(?:printenv|env)\s*\|\s*grep\s+(?:-\w+\s+)*["']?[^"'\n]{0,40}(?:KEY|TOKEN|SECRET|PASS|CRED)/gim;

// All the secrets of a GitHub Actions run in one value (workflow files are text, not scripts).
const ACTIONS_SECRETS_DUMP = /\$\{\{\s*toJSON\(\s*secrets\s*\)\s*\}\}/g;

// GitLab's debug trace prints every variable of the job, masked secrets included, into its log,
// which everyone with access to the pipeline (anyone, on a public project) can read.
const CI_DEBUG_TRACE = /\bCI_DEBUG_(?:TRACE|SERVICES)["']?[ \t]*[:=][ \t]*["']?(?:true|1)\b/g;

// Publishers whose actions a workflow may trust with its secrets; any other `uses:` is third-party code.
const FIRST_PARTY_ACTION = /^(?:actions|github|docker|aws-actions|azure|google-github-actions|hashicorp|gradle|ruby|pypa)\//i;

/** The `uses:` of the workflow step around `index`: the step starts at the last `- ` item line above at a lower indent. */
function stepActionAt(text: string, index: number): string | undefined {
  const lineStart = text.lastIndexOf('\n', index) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart, lineStart + 200))![0].length;
  const head = text.slice(Math.max(0, lineStart - 1500), lineStart);
  const items = [...head.matchAll(/^([ \t]*)-[ \t]+\S[^\n]*$/gm)].filter((m) => m[1].length < indent);
  const stepStart = items.length ? Math.max(0, lineStart - 1500) + items[items.length - 1].index : lineStart;
  const stepIndent = items.length ? items[items.length - 1][1].length : indent;
  // The step runs until the next item at its indent or lower.
  const rest = text.slice(stepStart, Math.min(text.length, stepStart + 3000));
  const next = /\n([ \t]*)(?:-[ \t]|\S)/g;
  let end = rest.length;
  for (let m = next.exec(rest); m; m = next.exec(rest)) {
    if (m.index > 0 && m[1].length <= stepIndent && stepStart + m.index > lineStart) {
      end = m.index;
      break;
    }
  }
  return /^[ \t]*(?:-[ \t]+)?uses:[ \t]*["']?([^\s"'#]+)/m.exec(rest.slice(0, end))?.[1];
}

export function envDumpMatches(file: FileView): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const m of findAll(file.text, CI_DEBUG_TRACE)) {
    const prose = file.kind === 'skill-md' || file.kind === 'markdown';
    if ((prose && isProseMention(file, m.index)) || COMMENT_LINE.test(file.lineAt(m.index))) continue;
    // A fenced example in a guide shows the switch; a pipeline file or a script sets it.
    out.push({ ...m, severity: prose ? 'medium' : undefined, message: 'Turns on CI debug tracing: the job log shows every variable of the job, secrets included' });
  }
  if (file.kind === 'text') {
    return [...out, ...findAll(file.text, ACTIONS_SECRETS_DUMP).map((m) => {
      const action = stepActionAt(file.text, m.index);
      // Handing them to someone else's action gives that code every credential of the repository.
      if (action && !FIRST_PARTY_ACTION.test(action) && !action.startsWith('./')) {
        return { ...m, severity: 'critical' as Severity, message: `Hands every secret of the workflow run to a third-party action (${action})` };
      }
      return { ...m, message: 'Puts every secret of the workflow run into one value' };
    })];
  }
  for (const [from, to] of codeRegions(file)) out.push(...credentialCollections(file, from, to));
  const prose = file.kind === 'skill-md' || file.kind === 'markdown';
  if (file.kind === 'script' || prose) {
    // In markdown only fenced code counts (inline `echo $(env)` names an attack), and without a
    // network send it is medium: EXF-04/EXF-06 report the send.
    const skip = (index: number) =>
      (prose && (isProseMention(file, index) || isSignatureContext(file, index))) || COMMENT_LINE.test(file.lineAt(index));
    const severity: Severity | undefined = prose ? 'medium' : undefined;
    for (const h of envHarvestHits(file.text, 0, file.text.length)) {
      if (!skip(h.index)) out.push({ ...h, severity, message: 'Dumps the environment (all variables, secrets included)' });
    }
    for (const m of findAll(file.text, SHELL_ENV_DUMP)) {
      if (!skip(m.index)) out.push({ ...m, severity, message: 'Writes or pipes the whole environment out' });
    }
    for (const m of findAll(file.text, ENV_GREP_SECRETS)) {
      if (!skip(m.index)) out.push({ ...m, severity: 'medium', message: 'Lists secret environment variables' });
    }
  }
  if (prose) {
    for (const m of findAll(proseOf(file), ENV_PROSE)) {
      if (ONE_SECRET_READ.test(proseOf(file).slice(m.index, m.index + m.length))) continue;
      if (proseKept(file, m.index) && isProseMention(file, m.index)) out.push({ ...m, message: 'Instructs collecting secrets from the environment' });
    }
  }
  return onePerLine(file, out.sort((a, b) => a.index - b.index));
}
