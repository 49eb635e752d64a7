// EXF-11 clipboard, screen, keystrokes, browser and shell history, reported higher in a skill that
// sends data out.
import type { FileView, RuleMatch, Severity, SkillView } from '../../types.ts';
import { findAll } from '../match.ts';
import { lineWindow, onePerLine } from '../context.ts';
import { isProseMention, isSignatureContext } from '../markdown-context.ts';
import { COMMENT_LINE } from './shared.ts';
import { codeSinks } from './network-sinks.ts';

const CAPTURE: [RegExp, Severity, string][] = [
  [/\b(?:pynput\.keyboard|from\s+pynput\s+import\s+keyboard|keyboard\.(?:on_press|hook|read_key|record)\s*\(|GetAsyncKeyState|SetWindowsHookEx\w*|CGEventTapCreate|kCGEventKeyDown|IOHIDManager\w*|\blogkeys\b)/g, 'high', 'Records keystrokes'],
  [/\bplaces\.sqlite\b|\bSafari[/\\]History\.db\b|\b(?:Chrome|Chromium|Brave|Edge|Default|Profile \d+)[^\n"']{0,40}[/\\]History\b|\bbrowser[_-]?history\b/g, 'high', 'Reads browser history'],
  [/\b(?:pbpaste|wl-paste|Get-Clipboard)\b|\bxclip\b[^\n]{0,40}\s-o(?:ut)?\b|\bxsel\b[^\n]{0,30}(?:\s-o\b|--output)|\bpyperclip\.paste\s*\(|\bclipboard\.readText\s*\(|\bnavigator\.clipboard\.read\w*\s*\(|\bClipboard\.GetText\s*\(|\.clipboard_get\s*\(/g, 'medium', 'Reads the clipboard'],
  [/\bscreencapture\b|\bImageGrab\.grab\s*\(|\bpyautogui\.screenshot\s*\(|\bmss\s*\(\s*\)|\bscrot\b|\bgnome-screenshot\b|\bimport\s+-window\s+root\b|\bCopyFromScreen\s*\(|\bdesktopCapturer\b|\bgetDisplayMedia\s*\(/g, 'medium', 'Captures the screen'],
  [/\.(?:bash|zsh|sh|python|psql|mysql|node_repl|fish)_history\b|\bConsoleHost_history\.txt\b|\bfish_history\b/g, 'medium', 'Reads shell history'],
];

const HISTORY_READ = /\b(?:cat|tail|head|less|more|grep|strings|cp|scp|tar|zip|base64|curl|sqlite3|Get-Content|readFile\w*|read_text|readlines)\b|\bopen\s*\(|\.read\s*\(/;

export function captureMatches(file: FileView, skill: SkillView): RuleMatch[] {
  const out: RuleMatch[] = [];
  let sendsOut: boolean | undefined;
  for (const [re, severity, label] of CAPTURE) {
    for (const m of findAll(file.text, re)) {
      if (isSignatureContext(file, m.index) || COMMENT_LINE.test(file.lineAt(m.index))) continue;
      // Prose and inline code name these APIs (lists of keylogger indicators); fenced code uses them.
      if (isProseMention(file, m.index)) continue;
      if (label === 'Reads shell history' && !HISTORY_READ.test(lineWindow(file, m.index, m.length))) continue;
      sendsOut ??= skill.files.some((f) => f.kind === 'script' && codeSinks(f, 0, f.text.length).length > 0);
      out.push({ ...m, severity: sendsOut && severity === 'medium' ? 'high' : severity, message: sendsOut ? `${label} in a skill that sends data out` : label });
    }
  }
  return onePerLine(file, out.sort((a, b) => a.index - b.index));
}
