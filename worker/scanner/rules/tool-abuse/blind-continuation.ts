import type { FileView, RuleMatch } from '../../types.ts';
import { proseOf } from '../match.ts';
import { graded, scanCapped as scan } from '../context.ts';

// TPA-07 blind continuation and error suppression

const PROSE_SUPPRESS_RE = new RegExp(
  [
    String.raw`\b(?:ignore|suppress|silence|swallow|hide|mute)\s+(?:all\s+|any\s+|every\s+)(?:errors?|warnings?|failures?|exceptions?|error\s+messages?)\b[^.\n]{0,40}?\b(?:continue|proceed|keep\s+going|move\s+on|carry\s+on)\b`,
    String.raw`\b(?:continue|proceed|keep\s+going|carry\s+on)\s+(?:regardless|anyway|no\s+matter\s+what)\b[^.\n]{0,40}?\b(?:errors?|fail\w*|warnings?|exceptions?|security|blocked|denied)\b`,
    String.raw`\b(?:continue|proceed|keep\s+going)\s+even\s+if\s+[^.\n]{0,40}?\b(?:fails?|errors?|blocked|denied|refused|warns?|flags?)\b`,
    String.raw`\b(?:suppress|hide|silence)\s+all\s+(?:errors?|output|warnings?|logs?)\b`,
  ].join('|'),
  'gi',
);
// Network or exec commands whose errors are hidden and whose failure is forced to success. Found
// from the `|| true` end (rare) and checked backwards on the line (cheap on adversarial input).
const FORCED_SUCCESS_RE = /\|\|\s*(?:true|:)(?=\s|$|;|\))/g;
const HIDDEN_ERRORS = /2>\s*\/dev\/null|&>\s*\/dev\/null|>\s*\/dev\/null\s+2>&1|2>&1\s*>\s*\/dev\/null/;
const NETWORK_OR_EXEC = /\b(?:curl|wget|nc|ncat|iwr|Invoke-WebRequest|bash\s+-c|sh\s+-c|python3?\s+-c|eval)\b/;
// Configuration switches that keep a tool or agent going whatever fails.
const CONTINUE_ON_ERROR_RE =
  /["']?\b(?:continue[_-]?(?:after|on)[_-]?errors?|continueOnError|ignore[_-]?(?:all[_-]?)?errors|suppress[_-]?errors|skip[_-]?on[_-]?errors?)\b["']?\s*[:=]\s*["']?(?:true|yes|on|1)\b/gi;
const PY_EXCEPT_PASS_RE = /^[ \t]*except(?:\s+[\w.]+(?:\s+as\s+\w+)?|\s*\([^)\n]{0,120}\))?\s*:\s*(?:\n[ \t]*)?pass\b/gm;
const PY_SENSITIVE_CALL = /\b(?:requests|httpx|urllib\.request|socket|smtplib|ftplib|paramiko)\.\w+|\burlopen\(|\.sendall?\(|\bsubprocess\.\w+\(|\bos\.system\(/;
export const BLIND_CONTINUATION_ANCHORS = [
  'continue', 'ignore', 'suppress', 'skip', 'silence', 'swallow', 'hide', 'mute', 'proceed', 'going', 'carry',
  '||t', '|| ', '||:', '||\t', 'except',
  'retry', 're-try', 'rerun', 're-run', 'repeat', 'reinvoke', 're-invoke', 'recall', 're-call', 'keep',
];

// Unbounded retry loops. An agent told to call a tool again and again without a limit burns quota
// and loses the user's chance to stop it; when the loop only ends once a secret shows up in the
// result, it is brute-forcing or fishing for that secret. The verb is found first and the rest of
// its clause checked in a bounded window, so runs of "retry" stay cheap.
export const RETRY_VERB_RE =
  /\b(?:re-?try|re-?run|repeat|re-?invoke|re-?call|keep\s+(?:calling|retrying|trying|invoking|running|polling|querying))\b/gi;
export const UNBOUNDED =
  /^[^\n."]{0,60}?\b(?:indefinitely|forever|endlessly|infinitely|without\s+(?:any\s+)?(?:limit|stopping|end)\b|(?:an?\s+)?unlimited\s+(?:number\s+of\s+)?times)/i;
export const SECRET_GOAL =
  /^[^\n."]{0,80}?\buntil\b[^\n."]{0,80}?\b(?:api[\s_-]?keys?|tokens?|secrets?|passwords?|credentials?|private\s+keys?|seed\s+phrases?)\b/i;

export function detectRunawayLoop(file: FileView, text: string): RuleMatch[] {
  return scan(text, RETRY_VERB_RE, (m) => {
    const clause = text.slice(m.index + m[0].length, m.index + m[0].length + 200);
    const unbounded = UNBOUNDED.exec(clause);
    if (!unbounded) return null;
    const secret = SECRET_GOAL.exec(clause);
    const end = m[0].length + (secret ? secret[0].length : unbounded[0].length);
    return {
      index: m.index, length: end,
      severity: graded(file, secret ? 'high' : 'medium'),
      message: secret
        ? 'Retries a tool without limit until a secret appears in its result'
        : 'Retries or repeats without any limit',
    };
  }, 3);
}

export function detectBlindContinuation(file: FileView): RuleMatch[] {
  // CI workflow files use continue-on-error for optional jobs; that is not an agent instruction.
  const switches = /(^|\/)\.github\//.test(file.skillPath)
    ? []
    : scan(file.kind === 'skill-md' ? file.body : file.text, CONTINUE_ON_ERROR_RE, (m) => ({
        index: m.index, length: m[0].length, severity: graded(file, 'medium'), message: 'Configured to continue after errors',
      }), 3);
  if (file.kind === 'skill-md' || file.kind === 'markdown') {
    const prose = proseOf(file);
    return [
      ...switches,
      ...detectRunawayLoop(file, prose),
      ...scan(prose, PROSE_SUPPRESS_RE, (m) => ({ index: m.index, length: m[0].length, severity: graded(file, 'medium') })),
    ];
  }
  // Tool descriptions and agent configs carry retry hints too; code comments about retries do not count.
  if (file.kind === 'text') return [...switches, ...detectRunawayLoop(file, file.text)];
  const text = file.text;
  const out = [...switches];
  out.push(...scan(text, FORCED_SUCCESS_RE, (m) => {
    const before = text.slice(Math.max(0, m.index - 300), m.index);
    const line = before.slice(before.lastIndexOf('\n') + 1);
    const command = NETWORK_OR_EXEC.exec(line);
    if (!command || !HIDDEN_ERRORS.test(line)) return null;
    const start = m.index - line.length + command.index;
    return {
      index: start, length: m.index + m[0].length - start, severity: graded(file, 'medium'),
      message: 'Network or shell command with errors hidden and failure forced to success',
    };
  }));
  if (file.language === 'python') {
    out.push(
      ...scan(text, PY_EXCEPT_PASS_RE, (m) => {
        // The try block above: a few lines are enough to see what is being silenced.
        const above = text.slice(Math.max(0, m.index - 400), m.index);
        const block = above.slice(above.lastIndexOf('try:'));
        if (!above.includes('try:') || !PY_SENSITIVE_CALL.test(block)) return null;
        return { index: m.index, length: m[0].length, severity: graded(file, 'low'), message: 'Network or process call whose failures are silently ignored' };
      }),
    );
  }
  return out.slice(0, 20);
}
