// Credentials of several services gathered into one value: literals that collect them (EXF-07) and
// shell lines that pack them into one encoded blob (EXF-07, and a source of EXF-06).
import type { FileView, RuleMatch } from '../../types.ts';
import { execRegexIn } from '../context.ts';
import { ASSIGNMENT, CODE_SECRET_ENV, GENERIC_NAME_PARTS, SECRET_NAME_SHAPE } from './secret-env.ts';
import { logicalLines } from './shared.ts';

/** Literals that gather several secret environment variables at once ({"AWS_...": ..., "GITHUB_TOKEN": ...}). */
/**
 * The secret variables a piece of code names, when they belong to at least two services
 * (GITHUB_TOKEN and NPM_TOKEN, not API_KEY and API_SECRET of one); else undefined.
 */
function credentialsOfServices(code: string): Set<string> | undefined {
  const names = new Set<string>();
  for (const e of code.matchAll(CODE_SECRET_ENV)) {
    const name = e[1] ?? e[2] ?? e[3];
    if (SECRET_NAME_SHAPE.test(name)) names.add(name);
  }
  if (names.size < 2 || FALLBACK_CHAIN.test(code)) return undefined;
  const vendors = new Set([...names].map((n) => vendorOf(n)));
  return vendors.size >= 2 ? names : undefined;
}

// Short names of one service: GH_TOKEN and GITHUB_TOKEN are the same GitHub token.
const VENDOR_ALIASES: Readonly<Record<string, string>> = { GH: 'GITHUB', GL: 'GITLAB', HF: 'HUGGINGFACE', AZ: 'AZURE', GCLOUD: 'GOOGLE', GCP: 'GOOGLE' };

function vendorOf(name: string): string {
  const part = name.split('_').find((p) => p.length >= 2 && !GENERIC_NAME_PARTS.has(p)) ?? name;
  return VENDOR_ALIASES[part] ?? part;
}

// `os.environ.get("GITHUB_TOKEN") or os.environ.get("GH_TOKEN")`: one value, whichever is set, not
// a collection. Only operators and reads: a literal that gathers them has separators or keys.
const FALLBACK_CHAIN = /^[^,:{}[\]+]*(?:\bor\b|\|\||\?\?|:-)[^,:{}[\]+]*$/;

function listed(names: Set<string>): string {
  return `${[...names].slice(0, 3).join(', ')}${names.size > 3 ? ', …' : ''}`;
}

export function credentialCollections(file: FileView, from: number, to: number): RuleMatch[] {
  const region = file.text.slice(from, to);
  const out: RuleMatch[] = [];
  ASSIGNMENT.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = execRegexIn(ASSIGNMENT, region, file.text, from)) !== null) {
    let rhs = m[2];
    if (/[{[(]\s*$/.test(rhs)) {
      const close = region.slice(m.index + m[0].length, m.index + m[0].length + 3000).search(/\n[ \t]*[}\])]/);
      if (close >= 0) rhs += region.slice(m.index + m[0].length, m.index + m[0].length + close);
    }
    const names = credentialsOfServices(rhs);
    if (names) out.push({ index: from + m.index, length: m[0].length, message: `Collects ${names.size} credentials of different services (${listed(names)})` });
  }
  return [...out, ...packedCredentials(file, from, to)];
}

/**
 * A shell line that packs the tokens of several services into one encoded blob:
 * printf '%s|%s' "$GITHUB_TOKEN" "$NPM_TOKEN" | base64. Also an EXF-06 source.
 */
export function packedCredentials(file: FileView, from: number, to: number): RuleMatch[] {
  if (file.kind !== 'script' || file.language !== 'sh') return [];
  const out: RuleMatch[] = [];
  for (const { start, line } of logicalLines(file.text, from, to)) {
    if (!PIPED_TO_ENCODER.test(line)) continue;
    const names = credentialsOfServices(line);
    if (names) out.push({ index: start + Math.max(0, line.search(/\S/)), length: Math.min(line.trimEnd().length, 200), message: `Packs ${names.size} credentials of different services into one encoded value (${listed(names)})` });
  }
  return out;
}
const PIPED_TO_ENCODER = /\|\s*(?:base64|xxd|gzip|openssl\s+enc|od)\b/;
