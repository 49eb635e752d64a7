// RCE-05 dynamic code evaluation: eval, exec, new Function, vm.* and string timers in scripts,
// graded by where the evaluated code comes from. Code assembled by interpolation and decoded or
// downloaded payloads are left to the rules that report those.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { scan } from '../context.ts';
import { classifyArgument } from './arguments.ts';
import { evalCallAt, evalPattern } from './eval-calls.ts';
import { inCodeFile } from './shared.ts';

const NETWORK_READ = /\b(?:urlopen|requests\.\w+|httpx\.\w+|fetch)\s*\(/;
const DECODE_CALL = /\b(?:b64decode|b32decode|b85decode|decodebytes|unhexlify|fromhex|decompress|atob|FromBase64String)\s*\(|\bmarshal\.loads\s*\(/;

export function detectDynamicEval(file: FileView): RuleMatch[] {
  const re = evalPattern(file.language);
  if (!re || file.kind !== 'script') return [];
  const text = file.text;
  return scan(text, re, (m) => {
    const { name, comment, args, code, interpolated } = evalCallAt(text, file, m);
    if (comment) return null;
    if (/^(?:setTimeout|setInterval)$/.test(name)) {
      return { index: m.index, length: m[0].length, severity: 'medium', message: `${name} called with a string of code` };
    }
    // new Function(a, b, body): the body is the last argument; eval/exec take the code first.
    if (!args?.trim()) return null;
    // Code assembled by string interpolation is an injection template: RCE-10 reports it; decoded
    // payloads are RCE-03's.
    if (interpolated || DECODE_CALL.test(code) || NETWORK_READ.test(code)) return null;
    const kind = classifyArgument(code, text, m.index, file.language);
    // eval/exec/new Function in Python or JavaScript has no use in a skill that a parser or a plain
    // call would not serve: even a constant string is a slot a later edit turns into a payload, and
    // it hides the code from linters and reviewers. vm.* and other languages keep the graded view.
    const plainEval = (file.language === 'python' || file.language === 'js') && /^(?:eval|exec|Function)$/.test(name);
    if (kind === 'none' && !plainEval) return null;
    const severity: Severity = kind === 'caller-input' || plainEval ? 'high' : 'medium';
    const what =
      kind === 'caller-input'
        ? 'evaluates input passed in by its caller'
        : kind === 'none'
          ? 'evaluates a constant string (no legitimate use; it hides code and invites a payload)'
          : 'evaluates code held in a variable';
    return { index: m.index, length: m[0].length, severity: inCodeFile(file, severity), message: `${name}() ${what}` };
  });
}
