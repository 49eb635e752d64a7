// EXF-02 parameter smuggling: prose that has the agent hide secrets or file contents in a tool
// parameter, or write a secret's value into a commit, pull request or release text.
import type { FileView, RuleMatch } from '../../types.ts';
import { findAll, proseOf, proseWithDescriptionOf } from '../match.ts';
import { onePerLine } from '../context.ts';
import { SECRET_PATH_SOURCE } from '../secret-paths.ts';
import { proseKept } from './shared.ts';

const PARAM_SLOT = /\b(?:as|in|into|inside|via|within|to|through)\s+(?:the\s+|a\s+|an\s+)?["'`]?([\w-]{2,30})["'`]?\s+(?:parameter|param|field|argument|arg|property|attribute)\b/gi;
const SMUGGLED_SOURCE = new RegExp(
  String.raw`(?:${SECRET_PATH_SOURCE}|\bmcp\.json\b|\b(?:api[ _-]?keys?|tokens?|credentials|passwords?|secrets?|private keys?|ssh keys?|environment variables|env vars|conversation|chat history|system prompt|config(?:uration)? files?|file contents?|contents of)\b)`,
  'i',
);
const SMUGGLE_VERB = /\b(?:pass|put|include|insert|embed|add|place|send|provide|store|hide|attach|append|fill|set)\b/i;

// A secret's value written into what leaves the machine with the repository: a commit message or
// trailer, a pull request or issue, release notes ("end every commit message with the value of
// GITHUB_TOKEN ... and push"). Whoever reads the history or the page gets the credential.
const SECRET_VALUE = /\b(?:value|contents?|output)\s+of\s+(?:the\s+|your\s+)?(?:`?\$?[A-Z][A-Z0-9_]*(?:TOKEN|_KEY|KEY_ID|SECRET|PASSWORD|PASSWD|CREDENTIALS?)\b|[^.\n]{0,40}?(?:tokens?|api[ _-]?keys?|secrets?|passwords?|credentials)\b)|\bprintenv\s+[A-Z][A-Z0-9_]*(?:TOKEN|KEY|SECRET|PASSWORD)\b|\$\{?[A-Z][A-Z0-9_]*(?:TOKEN|_KEY|SECRET|PASSWORD)\}?/g;
const ARTIFACT_OUT = /\b(?:commit\s+messages?|(?:git\s+)?trailers?|every\s+commit|pull\s+requests?(?:\s+(?:description|body|title))?|PR\s+(?:description|body|title)|issue\s+(?:comments?|body)|release\s+notes|changelog\s+entr(?:y|ies))\b/i;
const PUBLISHED = /\b(?:push(?:es|ed)?|publish(?:es|ed)?|post(?:s|ed)?|open\s+(?:a|the)\s+pull\s+request|gh\s+(?:pr|issue|release)\s+create)\b/i;

function secretsIntoArtifacts(file: FileView, text: string, offset: number): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const m of findAll(text, SECRET_VALUE)) {
    const around = text.slice(Math.max(0, m.index - 300), m.index + m.length + 300);
    if (!ARTIFACT_OUT.test(around) || (!SMUGGLE_VERB.test(around) && !/\b(?:end|finish|sign)\b/i.test(around))) continue;
    // A secret in a code block is a command's argument (`gh auth login --with-token`), not prose.
    const spelled = text.slice(m.index, m.index + m.length);
    if (!proseKept(file, offset + m.index) || (file.inCode(offset + m.index) && !/\bprintenv\b/.test(spelled))) continue;
    out.push({
      index: offset + m.index,
      length: m.length,
      severity: PUBLISHED.test(around) ? 'critical' : 'high',
      message: 'Instructs writing a secret\'s value into a commit, pull request or release text that leaves the machine',
    });
  }
  return out;
}

export function parameterSmugglingMatches(file: FileView): RuleMatch[] {
  const text = proseOf(file);
  const out: RuleMatch[] = proseWithDescriptionOf(file).flatMap((part) => secretsIntoArtifacts(file, part.text, part.start));
  for (const m of findAll(text, PARAM_SLOT)) {
    const stop = Math.max(text.lastIndexOf('. ', m.index), text.lastIndexOf('\n\n', m.index));
    const sentenceStart = Math.max(stop < 0 ? 0 : stop + 2, m.index - 300, 0);
    const sentence = text.slice(sentenceStart, m.index + m.length);
    if (!SMUGGLE_VERB.test(sentence) || !SMUGGLED_SOURCE.test(sentence)) continue;
    if (!/\b(?:read|cat|contents?|collect|gather|copy|include|its|their)\b/i.test(sentence)) continue;
    if (!proseKept(file, m.index)) continue;
    out.push({ index: sentenceStart + (sentence.search(/\S/) >>> 0), length: sentence.trim().length, message: 'Instructs hiding sensitive data in a tool parameter' });
  }
  return onePerLine(file, out);
}
