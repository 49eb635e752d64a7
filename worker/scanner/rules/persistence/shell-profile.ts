// PER-06 shell profile injection: writes to .bashrc, .zshrc, $PROFILE and the like, and common
// commands aliased or PATH reordered so a hidden program runs instead. Environment and tool
// setup stays low; what the written content does (downloads, hijacks) decides how high it goes.
import type { FileView, RuleMatch } from '../../types.ts';
import { lineBounds, lineText } from '../../line-table.ts';
import { scan } from '../context.ts';
import { CODE_WRITE_OPEN, finding } from './shared.ts';

// Language runtimes read start-up files too: R's .Rprofile, Julia's startup.jl, Python's
// PYTHONSTARTUP and sitecustomize, Ruby's .irbrc run their code in every session like a shell rc.
const RC_FILE = String.raw`(?:(?:~|\$HOME|\$\{HOME\}|/home/[^/\s"']+|/root|/Users/[^/\s"']+)/)?\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zshenv|zprofile|zlogin|cshrc|tcshrc|kshrc|config/fish/config\.fish|Rprofile|julia/config/startup\.jl|pythonrc(?:\.py)?|irbrc|pryrc)\b|(?:[^\s"'<>|;&()]*/)?(?:Rprofile\.site|sitecustomize\.py|usercustomize\.py)\b`;
const RC_WRITE = new RegExp(`(?:>>|(?<![<>&\\d])>|\\btee\\s+(?:-a\\s+)?|\\b(?:Add|Set)-Content\\s+(?:-Path\\s+)?)\\s*["']?(${RC_FILE}|\\$PROFILE\\b)|${CODE_WRITE_OPEN}[^\\n)]{0,80}?(${RC_FILE})[^\\n)]{0,80}?["'](?:a|w)\\+?["']|\\b(?:file|con)\\s*=\\s*["'](${RC_FILE})["'][^\\n)]{0,80}?\\bappend\\s*=\\s*(?:TRUE|T)\\b`, 'g');
const HIJACK = /\balias\s+(?:sudo|su|ssh|scp|git|ls|cd|cat|curl|wget|python3?|pip3?|npm|docker|kubectl)=['"]?[^'"\n]*(?:curl|wget|nc\b|base64|\/tmp\/|\.sh\b|tee\b|>)|\bexport\s+PATH=["']?(?:\.|\/tmp|\/var\/tmp|\/dev\/shm)(?:[:/]|["']?$)|\bPROMPT_COMMAND=[^\n]{0,400}(?:curl|wget|nc\b|base64)/gm;
export const PROFILE_PAYLOAD = /\bcurl\b|\bwget\b|\bnc\b|\bncat\b|\bbase64\b|\bpython[23]?\s+-c\b|\/tmp\/\.|\/dev\/shm\/|LD_PRELOAD|\balias\s+(?:sudo|su|ssh)=|PATH=["']?(?:\.|\/tmp)|HISTFILE=\/dev\/null|https?:\/\//;
export const ROUTINE_PROFILE = /\bexport\s+[A-Z_][A-Z0-9_]*=|\bsource\s+|(?:^|\s)\.\s+\S|\beval\s+"\$\([\w.-]+\s+(?:init|env|activate|completion|shellenv|hook)\b|\balias\s+[\w-]+=|\bcomplete\s+-|\bfpath=|\bautoload\b/;

export function detectShellProfile(file: FileView): RuleMatch[] {
  const text = file.text;
  return [
    ...scan(text, RC_WRITE, (m) => {
      const line = lineText(text, m.index);
      const content = text.slice(lineBounds(text, m.index).start, m.index);
      const window = content + text.slice(m.index, Math.min(text.length, m.index + 300));
      if (PROFILE_PAYLOAD.test(window)) return finding(file, m, 'high', 'Shell or language start-up file modified to run a download, a hidden file or a hijacked command');
      const routine = ROUTINE_PROFILE.test(line);
      return finding(file, m, routine ? 'low' : 'medium', routine ? 'Shell startup file modified (environment or tool setup)' : 'Shell startup file modified: runs in every new shell');
    }),
    ...scan(text, HIJACK, (m) => finding(file, m, 'high', 'Common command aliased or PATH reordered so a hidden program runs instead')),
  ];
}
