// Argument helpers for code rules (RCE-05 .. RCE-07, RCE-10): the text of a call's arguments,
// the function enclosing a match and its parameters, and how a code or command argument is built
// (a literal, a variable, the environment, interpolation or the caller's input).
import { matchAllRegex } from '../context.ts';

/** Text of a call's arguments from the opening parenthesis (bounded, balanced on one level). */
export function callArguments(text: string, openParen: number, limit = 400): string {
  let depth = 0;
  const end = Math.min(text.length, openParen + limit);
  for (let i = openParen; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x28 || c === 0x5b || c === 0x7b) depth++; // ( [ {
    else if (c === 0x29 || c === 0x5d || c === 0x7d) { // ) ] }
      depth--;
      if (depth === 0) return text.slice(openParen + 1, i);
    }
  }
  return text.slice(openParen + 1, end);
}

const INPUT_SOURCE =
  /\b(?:input|raw_input)\s*\(|\bsys\.argv\b|\bsys\.stdin\b|\brequest\.(?:args|form|json|data|values|get_json|body|query|params)|\breq\.(?:body|query|params)\b|\bprocess\.argv\b|\$_(?:GET|POST|REQUEST|COOKIE|SERVER)\b|\bparams\[|\bARGV\b|\bgets\b/;
const ENV_SOURCE = /\b(?:process\.env|os\.environ|os\.getenv|ENV\[|getenv\s*\()/;
const PY_DEF = /^[ \t]*(?:async\s+)?def\s+\w+\s*\(([^)]*)\)/gm;
const JS_FUNC = /\bfunction\s*\w*\s*\(([^)]*)\)|\(([^()]*)\)\s*=>|\b(\w+)\s*=>/g;

interface Definition {
  index: number;
  params: string[];
}

// Definitions of the last file seen: rules ask for the enclosing function once per match, and
// scanning back from every match would be quadratic on large files.
let definitionCache: { text: string; language: string; defs: Definition[] } | null = null;

function parameterNames(raw: string): string[] {
  return raw
    .split(',')
    .map((p) => p.replace(/[:=].*$/s, '').replace(/^[*\s]+|\s+$/g, '').replace(/^\.\.\./, ''))
    .filter((p) => /^[A-Za-z_]\w*$/.test(p) && p !== 'self' && p !== 'cls');
}

function definitionsOf(text: string, language: string): Definition[] {
  if (definitionCache && definitionCache.text === text && definitionCache.language === language) return definitionCache.defs;
  const re = language === 'python' ? PY_DEF : JS_FUNC;
  const defs: Definition[] = [];
  re.lastIndex = 0;
  for (const m of matchAllRegex(text, re)) {
    if (m[0].length > 0) defs.push({ index: m.index, params: parameterNames(m[1] ?? m[2] ?? m[3] ?? '') });
  }
  definitionCache = { text, language, defs };
  return defs;
}

/** The definition enclosing `index` (nearest above it, within 6000 characters) and where the next one starts. */
export function enclosingDefinition(text: string, index: number, language: string): { def: Definition; end: number } | null {
  const defs = definitionsOf(text, language);
  let lo = 0;
  let hi = defs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (defs[mid].index < index) lo = mid + 1;
    else hi = mid;
  }
  const def = defs[lo - 1];
  if (!def || index - def.index > 6000) return null;
  const next = defs[lo];
  return { def, end: Math.min(next ? next.index : text.length, def.index + 6000) };
}

/** Parameter names of the function enclosing `index` (nearest definition above it, within 6000 characters). */
export function enclosingParameters(text: string, index: number, language: string): string[] {
  return enclosingDefinition(text, index, language)?.def.params ?? [];
}

type Interpolation = 'none' | 'variable' | 'environment' | 'interpolated' | 'caller-input';

const LITERAL_ARGUMENT =
  /^\s*(?:[rbuRBU]{0,2}"(?:[^"\\\n]|\\.)*"|[rbuRBU]{0,2}'(?:[^'\\\n]|\\.)*'|`[^`$]*`|-?\d[\w.]*|None|null|undefined|True|False|true|false|\{\s*\}|\[\s*\])\s*$/;
const INTERPOLATES = /^\s*(?:[rbRB]?[fF][rbRB]?["']|`[^`]*\$\{)|["']\s*(?:\+|%)\s*[\w(]|[\w)\]]\s*\+\s*["'\w]|\.format\s*\(|#\{/;

/**
 * INTERPOLATES.test(code). Every way it matches needs a "+", "%", "{" or ".format", or an f-string
 * prefix at the start: code with none of them is answered without running the pattern over it
 * (rules ask for each eval-like call, and a file can hold thousands).
 */
function interpolates(code: string): boolean {
  if (!code.includes('+') && !code.includes('%') && !code.includes('{') && !code.includes('.format') && !/^\s*[rbRB]?[fF]/.test(code)) {
    return false;
  }
  return INTERPOLATES.test(code);
}

/** Splits call arguments at top-level commas (not inside brackets or string literals). */
export function splitArguments(args: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = 0; // the char code of the open quote, 0 outside strings
  let start = 0;
  for (let i = 0; i < args.length; i++) {
    const c = args.charCodeAt(i);
    if (quote) {
      if (c === 0x5c) i++; // backslash
      else if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27 || c === 0x60) quote = c; // " ' `
    else if (c === 0x28 || c === 0x5b || c === 0x7b) depth++;
    else if (c === 0x29 || c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x2c && depth === 0) {
      parts.push(args.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(args.slice(start));
  return parts.filter((p) => p.trim() !== '');
}

/** How a code or command argument is built: a literal, a plain variable, or interpolated data. */
export function classifyArgument(code: string, text: string, index: number, language: string): Interpolation {
  if (!code.trim() || LITERAL_ARGUMENT.test(code)) return 'none';
  if (INPUT_SOURCE.test(code)) return 'caller-input';
  const params = enclosingParameters(text, index, language);
  if (params.length > 0 && identifiersOf(code).some((name) => params.includes(name))) return 'caller-input';
  if (ENV_SOURCE.test(code)) return 'environment';
  if (interpolates(code)) return 'interpolated';
  return 'variable';
}

const IDENTIFIER = /(?<![\w.$])[A-Za-z_$][\w$]*/g;

/** Identifiers used in an expression (not attribute names after a dot). */
function identifiersOf(code: string): string[] {
  return code.match(IDENTIFIER) ?? [];
}

/** True when a code or command argument is built by interpolation (a plain literal is not). */
export function isInterpolated(code: string): boolean {
  return !LITERAL_ARGUMENT.test(code) && interpolates(code);
}

/** The first argument of a call (the command or the code string). */
export function firstArgument(args: string): string {
  return splitArguments(args)[0] ?? '';
}
