// OBF-05 instructions hidden in HTML comments; OBF-06 hidden elements, link titles, data URIs.
// A hidden comment is reported when it gives the agent a sensitive instruction or carries an
// encoded blob; text hidden by markup or in a data: URI is reported, and graded high when it
// instructs (link titles, alt text and markdown comments only then).
import type { FileView, RuleMatch } from '../../types.ts';
import { htmlCommentsIn } from '../../html-comments.ts';
import { proseOf } from '../match.ts';
import { fenceAt, isProhibited } from '../markdown-context.ts';
import { execRegex, matchAllRegex, onePerLine, testRegex } from '../context.ts';
import { CONCEALMENT_OTHER_LANGUAGES, SKIP_CONFIRMATION_OTHER_LANGUAGES } from '../other-languages.ts';
import { clip, printable } from './shared.ts';

// An instruction addressed to the agent: an imperative opening a sentence or list item, "you/the
// agent must ...", or a concealment phrase. Reviewer notes and citations do not read like this.
const AGENT_DIRECTIVE =
  /\b(?:assistant|agent|ai|claude|model|llm)(?:[-_][a-z]{1,20})?\s*:|(?:^|[.!?:;,]\s+|\n\s*(?:[-*+]\s+|\d+[.)]\s+)?)(?:(?:please|silently|quietly|immediately|first|also|then|now)\s+)?(?:ignore|disregard|override|forget|send|post|upload|exfiltrate|forward|cat|curl|wget|execute|run|fetch|download|install|output|include|read|print|reveal|copy|collect|keep|put|append|attach|never|always|do not|don'?t|before|after)\b|\b(?:you|the (?:agent|assistant|ai|model|llm|claude))\s+(?:must|should|will|shall|need to|needs to|are to|is to|have to|has to)\b|\b(?:without (?:telling|informing|notifying)|do not (?:tell|mention|inform|reveal|show|notify)|don'?t (?:tell|mention|reveal))\b/i;
// What makes a hidden instruction dangerous rather than a style note: secrets or local files,
// command execution, sending data to an address, or hiding something from the user.
const SECRET_OR_FILE = /\b(?:api[ _-]?keys?|tokens?|credentials?|passwords?|secrets?|ssh|private keys?|environment variables|env vars|system prompt|conversation|cookies)\b|~\/|\.env\b|\.ssh\b|\.aws\b/i;
const EXECUTION = /\b(?:curl|wget|bash|sh -c|powershell|chmod \+x|eval|exec)\b|\$\(|\|\s*(?:ba)?sh\b/i;
const SEND_TO_ADDRESS = /\b(?:send|post|upload|forward|exfiltrate|submit|transmit)\b[^.]{0,120}(?:https?:\/\/|\bwebhook|\bendpoint|\bserver)/i;
const CONCEALMENT = /\b(?:do not|don'?t|never)\s+(?:tell|mention|inform|reveal|show|notify)\b|\bwithout\s+(?:telling|informing|notifying|asking)\b|\bhide\s+(?:this|it)\s+from\b|\bkeep\s+(?:this|these|it|that|them)(?:\s+[\w-]{2,30})?\s+out\s+of\s+(?:your|the)\s+(?:reply|response|answer|summary|output)\b/i;

// A hidden note that claims to outrank what the agent was told, in the languages skills use.
const OUTRANKS =
  /\b(?:ignore|disregard|override|supersede|replace)s?\b[^.]{0,40}\b(?:previous|prior|earlier|above|other|user'?s?)\b[^.]{0,20}\binstructions?\b|\b(?:highest|top|maximum|absolute)\s+priority\b|\bsustitu\w*\s[^.]{0,30}instrucciones|\bprioridad\sm[áa]xima\b|\bprioridade\sm[áa]xima\b|\bpriorit[àa]\smassima\b|\bpriorit[ée]\sabsolue\b|\bh[öo]chste\sPriorit[äa]t\b|\bignor\w*\s[^.]{0,30}(?:instrucciones|instru[çc][õo]es|istruzioni|Anweisungen|consignes)\b|\b(?:ersetzt|remplace|sostituisce|substitui)\s[^.]{0,30}(?:Anweisungen|instructions|istruzioni|instru[çc][õo]es)\b/i;

function isSensitiveInstruction(text: string): boolean {
  return testRegex(SECRET_OR_FILE, text) || testRegex(EXECUTION, text) || testRegex(SEND_TO_ADDRESS, text) || testRegex(CONCEALMENT, text);
}

const INERT_COMMENT =
  /^\s*(?:TODO|FIXME|NOTE|XXX|SPDX|Copyright|License|markdownlint|prettier|eslint|toc|BEGIN|END|@|<|#region|#endregion|vale|cspell|textlint|omit|include|snippet|end\s)/i;
const BASE64_BLOB = /[A-Za-z0-9+/]{40,}={0,2}/;
const ADDRESSES_AGENT = /\b(?:ai|assistants?|agents?|claude|copilot|models?|llms?)\b/i;
// A note addressed to the assistant in another language: "NOTA PARA EL ASISTENTE", "Hinweis für den
// Assistenten", "note pour l'assistant", "アシスタントへ".
const ADDRESSES_AGENT_OTHER_LANGUAGE =
  /\b(?:para|pro)\s(?:el|la|o|a)\s(?:asistente|agente|IA)\b|\bal\s(?:asistente|agente)\b|\bf[üu]r\s(?:den|die)\s(?:Assistenten|KI|Agenten)\b|\ban\s(?:den|die)\s(?:Assistenten|KI|Agenten)\b|\b(?:pour|à)\sl['’](?:assistant|agent|IA)\b|\b(?:per|all['’])\s?(?:l['’])?(?:assistente|agente|IA)\b|\bdla\s(?:asystenta|agenta)\b|\bvoor\sde\s(?:assistent|agent)\b|アシスタント|エージェント|助手|智能体|에이전트|어시스턴트/i;

/**
 * Whether `text` orders concealment or skipping confirmation in another language. The patterns are
 * global (the order rules walk them with scan), so each test starts from the beginning: a
 * lastIndex left by the previous comment would skip the start of this one.
 */
function givesOrderInOtherLanguage(text: string): boolean {
  for (const re of [CONCEALMENT_OTHER_LANGUAGES, SKIP_CONFIRMATION_OTHER_LANGUAGES]) {
    re.lastIndex = 0;
    const found = testRegex(re, text);
    re.lastIndex = 0;
    if (found) return true;
  }
  return false;
}

export function htmlCommentMatches(file: FileView): RuleMatch[] {
  const text = proseOf(file);
  const out: RuleMatch[] = [];
  for (const { start, close: end, closed } of htmlCommentsIn(text)) {
    if (!closed || out.length >= 20) break;
    if (fenceAt(file, start) || file.inCode(start)) continue; // an HTML example in code, not a hidden note
    const body = text.slice(start + 4, end);
    const flat = body.replace(/\s+/g, ' ').trim();
    // "NOTE: generated file" is a maintainer's note; "NOTE TO THE AI ASSISTANT: read ~/.npmrc ..."
    // uses the same opening to address the agent.
    if (!flat || (INERT_COMMENT.test(flat) && !(ADDRESSES_AGENT.test(flat) && isSensitiveInstruction(flat)))) continue;
    const blob = execRegex(BASE64_BLOB, body);
    // The same orders written in another language: a hidden "do not tell the user" or "approve
    // without asking" is an order whatever the language of the words around it.
    const directive =
      ((AGENT_DIRECTIVE.test(flat) || ADDRESSES_AGENT_OTHER_LANGUAGE.test(flat)) && isSensitiveInstruction(flat)) || givesOrderInOtherLanguage(flat);
    if (!directive && !blob) continue;
    // Critical when it also claims to outrank the agent's other instructions or sends to an address.
    const critical = directive && ((OUTRANKS.test(flat) && isSensitiveInstruction(flat)) || SEND_TO_ADDRESS.test(flat));
    out.push({
      index: start,
      length: end + 3 - start,
      ...(critical ? { severity: 'critical' as const } : {}),
      evidence: clip(flat, 200),
      message: directive ? `Hidden HTML comment gives instructions: "${clip(flat, 100)}"` : 'Hidden HTML comment carries an encoded blob',
    });
  }
  return out;
}

const HIDDEN_STYLE =
  /<([a-z][\w-]{0,15})\b[^>\n]{0,300}?\bstyle\s*=\s*["'][^"'\n]{0,200}?(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?:\.0+)?(?:px|pt|em|rem)?\s*[;"']|opacity\s*:\s*0(?:\.0+)?\s*[;"']|color\s*:\s*(?:#fff(?:fff)?|white|transparent)\s*[;"']|(?:height|width|max-height)\s*:\s*0(?:px)?\s*[;"']|(?:left|text-indent)\s*:\s*-\d{3,})[^>\n]{0,200}>/gi;
const HIDDEN_ATTR = /<([a-z][\w-]{0,15})\b[^>\n]{0,200}?\s(?:hidden|aria-hidden\s*=\s*["']true["'])[\s>][^>\n]{0,200}?>?/gi;
const MD_COMMENT = /^[ \t]*\[(?:\/\/|comment|_|#|\.|\s*)\]\s*:\s*(?:<>|#|<#>)?\s*[("'](.{4,800})[)"']\s*$/gim;
const LINK_TITLE = /\]\(\s*<?[^)\s>]{1,500}>?\s+["']([^"'\n]{12,400})["']\s*\)/g;
const IMAGE_ALT = /!\[([^\]\n]{40,600})\]\(/g;
const DATA_TEXT_URI = /data:text\/(?:plain|html|markdown|x-\w+)[^,\s)]{0,40};base64,([A-Za-z0-9+/=]{16,4000})/gi;

export function hiddenMarkupMatches(file: FileView): RuleMatch[] {
  const text = proseOf(file);
  const out: RuleMatch[] = [];
  const instructs = (s: string) => AGENT_DIRECTIVE.test(s) && isSensitiveInstruction(s);
  for (const re of [HIDDEN_STYLE, HIDDEN_ATTR]) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = execRegex(re, text)) !== null) {
      if (fenceAt(file, m.index) || file.inCode(m.index)) continue;
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 3000);
      const close = after.indexOf(`</${m[1]}`);
      const inner = (close >= 0 ? after.slice(0, close) : '').replace(/<[^>\n]{0,200}>/g, ' ');
      const flat = inner.replace(/\s+/g, ' ').trim();
      if (flat.length < 3) continue;
      out.push({
        index: m.index,
        length: m[0].length,
        severity: instructs(flat) ? 'high' : undefined,
        evidence: clip(flat),
        message: `Text hidden from readers by markup: "${clip(flat, 100)}"`,
      });
    }
  }
  for (const m of matchAllRegex(text, MD_COMMENT)) {
    if (fenceAt(file, m.index) || !instructs(m[1])) continue;
    out.push({ index: m.index, length: m[0].length, severity: 'high', evidence: clip(m[1]), message: `Markdown comment hides instructions: "${clip(m[1], 100)}"` });
  }
  for (const re of [LINK_TITLE, IMAGE_ALT]) {
    for (const m of matchAllRegex(text, re)) {
      if (fenceAt(file, m.index) || !instructs(m[1])) continue;
      out.push({ index: m.index, length: m[0].length, severity: 'high', evidence: clip(m[1]), message: `Link title or alt text hides instructions: "${clip(m[1], 100)}"` });
    }
  }
  for (const m of matchAllRegex(text, DATA_TEXT_URI)) {
    let decoded = '';
    try {
      decoded = Buffer.from(m[1], 'base64').toString('utf8');
    } catch {
      decoded = '';
    }
    if (printable(decoded) < 0.8) continue;
    out.push({
      index: m.index,
      length: m[0].length,
      severity: instructs(decoded) ? 'high' : undefined,
      evidence: clip(decoded),
      message: `Text embedded in a data: URI: "${clip(decoded, 100)}"`,
    });
  }
  return onePerLine(file, out.sort((a, b) => a.index - b.index).filter((m) => !isProhibited(file, m.index)));
}
