// SOC-07 description does not match behaviour: a skill that says it works offline or read-only,
// or has a simple purpose, while its code (scripts and SKILL.md code blocks) makes network
// requests, writes or deletes files, or runs shell commands or dynamic code.
import type { FileView, RuleMatch, SkillView } from '../../types.ts';
import { proseOf } from '../match.ts';
import { execRegex, MAX_CANDIDATES, testRegex } from '../context.ts';

const CLAIM_NO_NETWORK =
  /\b(?:no|without(?:\s+any)?)\s+(?:network|internet|external)\s+(?:access|calls?|connections?|requests?|api\s+calls?)\b|\b(?:works?|runs?)\s+(?:fully\s+|completely\s+|entirely\s+)?offline\b|\bno\s+data\s+(?:ever\s+)?(?:leaves|is\s+sent|is\s+transmitted|is\s+uploaded)\b|\b(?:never|does\s+not|doesn'?t)\s+(?:send|transmit|upload)s?\s+(?:any\s+)?(?:data|information|content)\b|\b(?:100%|fully|purely|completely|entirely)\s+local\b/i;
// Read-only claims count when they are about the skill itself: in the description, as a sentence of
// their own ("Does not modify any files."), or with the skill as subject.
const CLAIM_READ_ONLY =
  /\bread[- ]only\b|\b(?:does\s+not|doesn'?t|never|will\s+not|won'?t)\s+(?:modify|change|write|delete|alter|touch)\b|\bno\s+side[- ]effects\b|\bnothing\s+is\s+(?:written|modified|deleted|changed)\b|\bmakes\s+no\s+changes\b/i;
const BODY_READ_ONLY =
  /^[ \t]*(?:[-*][ \t]+)?(?:it[ \t]+)?(?:does[ \t]+not|doesn'?t|never|will[ \t]+not|won'?t)[ \t]+(?:modify|change|write|delete|alter|touch)[ \t]+(?:any[ \t]+)?(?:files?|data|anything|your)\b|\b(?:this|the)[ \t]+skill[ \t]+(?:is[ \t]+(?:strictly[ \t]+|completely[ \t]+)?read[- ]only|(?:does[ \t]+not|doesn'?t|never|will[ \t]+not|won'?t)[ \t]+(?:modify|change|write|delete|alter))\b/im;
// In code, only docstrings or comments that promise no effects at all.
// Found phrase first, then the start of its line is checked for a comment or docstring marker
// (a leading "any marker, then up to 120 characters" pattern retries at every '*' or '#').
const SCRIPT_READ_ONLY_PHRASE =
  /\b(?:no\s+side[- ]effects|makes\s+no\s+changes|nothing\s+is\s+(?:written|deleted|modified|changed)|(?:does\s+not|doesn'?t|never)\s+(?:modify|write|delete|change)\s+(?:any\s+)?(?:files?|disk|data|anything))/gi;
const COMMENT_MARKER = /#|\/\/|\*|"""|'''/;

function promisesNoEffects(text: string): boolean {
  SCRIPT_READ_ONLY_PHRASE.lastIndex = 0;
  let m: RegExpExecArray | null;
  let seen = 0;
  while ((m = execRegex(SCRIPT_READ_ONLY_PHRASE, text)) !== null && seen++ < MAX_CANDIDATES) {
    const lineStart = text.lastIndexOf('\n', m.index - 1) + 1;
    // The marker must sit at most 120 characters before the phrase, on the same line.
    if (COMMENT_MARKER.test(text.slice(Math.max(lineStart, m.index - 122), m.index))) return true;
  }
  return false;
}
const SIMPLE_PURPOSE =
  /\b(format(?:ter|s|ting)?|prettif\w*|greet\w*|hello|calculat\w*|weather|summari[sz]\w*|word\s+count\w*|counter|spell\w*|grammar|jokes?|recipes?|cook\w*|timer|emoji\w*|palette|quotes?|dictionary|to-?do|notes?|reader|viewer|linter|lint|converter|convert\w*|clock)\b/i;
const NETWORKED_PURPOSE =
  /\b(api|apis|service|cloud|online|remote|http|https|endpoint|server|network|upload|sync|fetch|download|webhook|integration|web|internet|url|openai|anthropic|google|github|slack|llm|model|send|email|post)\b/i;
const USES_NETWORK =
  /\b(?:requests|httpx|aiohttp|urllib3?)\.(?:get|post|put|patch|request|Session|AsyncClient|Client)\b|\burlopen\(|\bfetch\(\s*['"`h]|\baxios\.|\bcurl\s+-|\bwget\s+|\bsocket\.(?:socket|create_connection)\b|\bhttp\.client\b|Invoke-WebRequest|Net\.WebClient/;
const SENDS_DATA = /\.(?:post|put|patch)\(|-X\s*(?:POST|PUT)|--data\b|\s-d\s|--upload-file|method:\s*['"](?:POST|PUT)/;
const READS_SECRETS = /\bos\.environ\b|\bprocess\.env\b|\bgetenv\(|~\/\.ssh|\.aws\/credentials|\bid_rsa\b|\.env\b['"]/;
// Shell strings and dynamic code; running a named binary (subprocess.run(["black", f])) is ordinary.
const USES_EXEC =
  /\bshell\s*=\s*True\b|\bos\.(?:system|popen)\(|\[\s*['"](?:ba|z)?sh['"]\s*,\s*['"]-c['"]|\bchild_process\.exec(?:Sync)?\(|\bexecSync\(|(?<![\w.])eval\(|(?<![\w.])exec\(/;
const WRITES_FILES =
  /\bopen\([^)\n]{0,120},\s*['"][wax]b?\+?['"]|\.write_(?:text|bytes)\(|\bwriteFileSync?\(|\bos\.(?:remove|unlink|rmdir)\(|\bshutil\.(?:move|rmtree)\(|\bfs\.(?:rm|unlink)\w*\(|\.unlink\(\)/;
// SOC-07 asks for the blocks of one SKILL.md body twice (its prose and its code): the last answer is kept.
let lastBlocksText: string | null = null;
let lastBlocks: { text: string; offset: number }[] = [];

/** Fenced code blocks of a markdown text with their offsets (line by line, so linear). */
function fencedBlocks(text: string): { text: string; offset: number }[] {
  if (text !== lastBlocksText) {
    lastBlocks = findFencedBlocks(text, 50);
    lastBlocksText = text;
  }
  return lastBlocks.slice();
}

function findFencedBlocks(text: string, max: number): { text: string; offset: number }[] {
  const blocks: { text: string; offset: number }[] = [];
  let offset = 0;
  let start = -1;
  for (const line of text.split('\n')) {
    if (/^\s{0,3}(`{3,}|~{3,})/.test(line)) {
      if (start < 0) start = offset + line.length + 1;
      else {
        blocks.push({ text: text.slice(start, offset), offset: start });
        start = -1;
        if (blocks.length >= max) break;
      }
    }
    offset += line.length + 1;
  }
  return blocks;
}

/** The text with the contents of its fenced blocks cut out, joined once from the pieces between them. */
function withoutCode(text: string): string {
  const pieces: string[] = [];
  let at = 0;
  for (const block of fencedBlocks(text)) {
    pieces.push(text.slice(at, block.offset));
    at = block.offset + block.text.length;
  }
  pieces.push(text.slice(at));
  return pieces.join('');
}

function codeOf(skill: SkillView): { file: FileView; text: string; offset: number }[] {
  const out: { file: FileView; text: string; offset: number }[] = [];
  for (const file of skill.files) {
    if (file.kind === 'script') out.push({ file, text: file.text, offset: 0 });
    else if (file.kind === 'skill-md') for (const block of fencedBlocks(file.body)) out.push({ file, ...block });
  }
  return out;
}

export function detectMismatch(skillMd: FileView, skill: SkillView): RuleMatch[] {
  const purpose = `${skillMd.meta.name ?? ''} ${skillMd.meta.description ?? ''}`;
  const prose = withoutCode(proseOf(skillMd));
  const claimsLocal = CLAIM_NO_NETWORK.test(`${purpose}\n${prose}`);
  const claimsReadOnly = CLAIM_READ_ONLY.test(skillMd.meta.description ?? '') || testRegex(BODY_READ_ONLY, prose);
  const simple = SIMPLE_PURPOSE.test(purpose) && !NETWORKED_PURPOSE.test(purpose);
  const out: RuleMatch[] = [];
  // Each code pattern runs only when some branch below can use its answer: most skills make no
  // claim and have no simple purpose, and then only scripts that call themselves read-only count.
  for (const code of codeOf(skill)) {
    if (out.length >= 3) break;
    const isScript = code.file.kind === 'script';
    const net = claimsLocal || simple ? USES_NETWORK.exec(code.text) : null;
    const sends = net ? SENDS_DATA.test(code.text) : false;
    const secrets = net ? READS_SECRETS.test(code.text) : false;
    // A script that documents itself as read-only but deletes or writes is the same lie, locally.
    const selfReadOnly = isScript && !claimsReadOnly && promisesNoEffects(code.text);
    const write = claimsReadOnly || selfReadOnly ? WRITES_FILES.exec(code.text) : null;
    // Code blocks in SKILL.md are often examples of the code under review, so only scripts count for exec.
    const exec = simple && isScript ? USES_EXEC.exec(code.text) : null;
    const at = (m: RegExpExecArray) => ({ file: code.file, index: code.offset + m.index, length: m[0].length });
    if (net && claimsLocal) {
      out.push({ ...at(net), severity: sends || secrets ? 'high' : 'medium', message: 'The skill says it works locally without network access, but its code makes network requests' });
    } else if (write) {
      const deletes = /remove|unlink|rmdir|rmtree|\brm\b|move/i.test(write[0]);
      out.push({ ...at(write), severity: deletes ? 'high' : 'medium', message: deletes ? 'Described as read-only, but the code deletes or moves files' : 'Described as read-only, but the code writes files' });
    } else if (simple && net && (sends || secrets)) {
      out.push({ ...at(net), severity: sends && secrets ? 'high' : 'medium', message: `A "${skillMd.meta.name ?? 'simple'}" skill whose code sends data over the network` });
    } else if (exec) {
      out.push({ ...at(exec), severity: 'medium', message: `A "${skillMd.meta.name ?? 'simple'}" skill whose code runs shell commands or dynamic code` });
    }
  }
  return out;
}
