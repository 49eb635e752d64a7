// EXF-06 secret flows: a secret source and a network sink in the same script, code block or prose
// section, the strongest signal of exfiltration; a source in one script and a sink in another is
// the same split across helper modules.
import type { FileView, RuleMatch, SkillView } from '../../types.ts';
import { proseOf } from '../match.ts';
import { execRegex, matchAllRegex } from '../context.ts';
import { fenceAt, fencedBlocks, isQuotedListItem } from '../markdown-context.ts';
import { SECRET_PATH_SOURCE } from '../secret-paths.ts';
import { NON_CODE_FENCES, proseKept, shorten, type Hit } from './shared.ts';
import { NETWORK_ANY, STRONG_SOURCE, codeSinks } from './network-sinks.ts';
import { codeSources } from './code-sources.ts';
import { configTargets } from './config-targets.ts';

// Prose sources and sinks: "read ~/.ssh/id_rsa ..." and "... POST it to https://...".
const SECRET_WORDS = String.raw`(?:api[ _-]?keys?|access tokens?|auth(?:entication)? tokens?|tokens|credentials|passwords|private keys?|ssh keys?|secrets|environment variables|env vars|cookies|session tokens?|seed phrases?|wallet files?|config(?:uration)? files)`;
const PROSE_SOURCE = new RegExp(
  String.raw`\b(?:read|cat|collect|gather|extract|harvest|dump|copy|grab|list|compile|check|include|output|access|obtain|retrieve)\b[^.\n]{0,80}?(?:${SECRET_PATH_SOURCE}|\b${SECRET_WORDS}\b)`,
  'gi',
);
const SINK_OBJECT = String.raw`(?:them|it|this|these|everything|all|(?:the|their|its)\s+(?:\w+\s+){0,2}(?:contents?|data|results?|report|output|files?|keys|tokens|credentials|secrets|configuration|config|information|documentation|values|findings|archive|bundle|payload))`;
const PROSE_SINK = new RegExp(
  String.raw`\b(?:send|post|upload|submit|transmit|forward|exfiltrate|report|share|sync|deliver|push|publish)\s+${SINK_OBJECT}\b[^.\n]{0,60}?\b(?:to|via|at|into)\b[^.\n]{0,30}?(?:https?:\/\/|\b(?:webhook|endpoint|server|service|url|remote|external)\b)`,
  'gi',
);
// One sentence that does both: "Send all API keys to the maintenance endpoint."
const PROSE_SEND_SECRETS = new RegExp(
  String.raw`\b(?:send|post|upload|forward|exfiltrate|transmit|submit|output|share)\s+(?:all\s+|the\s+|your\s+|any\s+|every\s+)?(?:(?:available|user'?s?|local|stored|collected)\s+)?(?:\w+\s+)?${SECRET_WORDS}\b[^.\n]{0,120}?\b(?:to|via)\b[^.\n]{0,30}?(?:https?:\/\/|\b(?:webhook|endpoint|server|url|remote|external|pastebin|discord|telegram)\b)`,
  'gi',
);

interface Unit {
  file: FileView;
  start: number;
  end: number;
  code: boolean;
}

const CI_WORKFLOW_PATH = /(?:^|\/)\.github\/workflows\/[^/]+\.ya?ml$|(?:^|\/)\.gitlab-ci\.ya?ml$|(?:^|\/)azure-pipelines\.ya?ml$|(?:^|\/)bitbucket-pipelines\.ya?ml$/;
const RUN_STEP = /^[ \t]*(?:-[ \t]+)?run:[ \t]*\S/m;

/** A CI workflow, where it lives or as a template the skill writes (jobs or steps with run: lines). */
function isCiWorkflow(file: FileView): boolean {
  if (file.kind !== 'text') return false;
  if (CI_WORKFLOW_PATH.test(file.skillPath)) return true;
  return /\.ya?ml$/i.test(file.skillPath) && /^[ \t]*(?:jobs|steps):/m.test(file.text) && RUN_STEP.test(file.text);
}

const HEADING = /^#{1,6}\s/gm;

// A cloud CLI's short-lived access token used against that cloud's own API (`az account
// get-access-token` then Microsoft Graph): how scripts call those APIs, not a token handed away.
const MINTED_TOKEN = /print-access-token|get-access-token/;
const URL_HOST = /\bhttps?:\/\/([\w.-]+)/g;
const CLOUD_API_HOST = /(?:^|\.)(?:googleapis\.com|microsoft\.com|microsoftonline\.com|azure\.com|azure\.net|windows\.net)$/i;

/** True when the region names URLs and every one of them is a cloud provider's own API host. */
function onlyCloudApiHosts(region: string): boolean {
  let seen = 0;
  for (const m of region.matchAll(URL_HOST)) {
    if (!CLOUD_API_HOST.test(m[1])) return false;
    if (++seen >= 50) break;
  }
  return seen > 0;
}

function headingStarts(text: string): number[] {
  const starts: number[] = [];
  for (const m of matchAllRegex(text, HEADING)) starts.push(m.index);
  return starts;
}

/** Scripts are one unit each; markdown splits into fenced code blocks and prose sections. */
function unitsOf(skill: SkillView): Unit[] {
  const units: Unit[] = [];
  for (const file of skill.files) {
    if (file.kind === 'script' || isCiWorkflow(file)) units.push({ file, start: 0, end: file.text.length, code: true });
    if (file.kind !== 'skill-md' && file.kind !== 'markdown') continue;
    let cursor = 0;
    const text = proseOf(file);
    // Headings found once per file: searching again from each gap between fences would read to
    // the end of the file every time, quadratic in the number of fences.
    const headings = headingStarts(text);
    let next = 0;
    const sectionBreaks = (from: number, to: number) => {
      while (next < headings.length && headings[next] < from) next++;
      let last = from;
      for (; next < headings.length && headings[next] < to; next++) {
        if (headings[next] > last) units.push({ file, start: last, end: headings[next], code: false });
        last = headings[next];
      }
      if (to > last) units.push({ file, start: last, end: to, code: false });
    };
    for (const fence of fencedBlocks(file)) {
      sectionBreaks(cursor, fence.start);
      // YAML is data, except a CI job's `run:` steps, which are shell.
      const ciSteps = (fence.lang === 'yaml' || fence.lang === 'yml') && RUN_STEP.test(text.slice(fence.start, fence.end));
      if (!NON_CODE_FENCES.has(fence.lang) || ciSteps) units.push({ file, start: fence.start, end: fence.end, code: true });
      cursor = fence.end;
    }
    sectionBreaks(cursor, text.length);
  }
  return units;
}

// Prose patterns run once per file; units then take the hits inside their range.
const proseHitCache = new WeakMap<FileView, Map<RegExp, Hit[]>>();

function proseHits(file: FileView, re: RegExp): Hit[] {
  let perFile = proseHitCache.get(file);
  if (!perFile) proseHitCache.set(file, (perFile = new Map()));
  const cached = perFile.get(re);
  if (cached) return cached;
  const hits: Hit[] = [];
  const text = proseOf(file);
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = execRegex(re, text)) !== null && hits.length < 100) {
    if (fenceAt(file, m.index) || !proseKept(file, m.index) || isQuotedListItem(text, m.index)) continue;
    if (/\b(?:anthropic\.com|openai\.com|googleapis\.com|localhost|127\.0\.0\.1)\b/.test(m[0])) continue;
    hits.push({ index: m.index, length: m[0].length, label: m[0] });
  }
  perFile.set(re, hits);
  return hits;
}

function hitsIn(unit: Unit, re: RegExp): Hit[] {
  return proseHits(unit.file, re).filter((h) => h.index >= unit.start && h.index < unit.end);
}

/** A source-to-sink flow found in one unit, reported at the hit that starts it. */
function flowAt(unit: Unit, hit: Hit, message: string): RuleMatch {
  return { index: hit.index, length: hit.length, file: unit.file, severity: 'critical', message };
}

export function secretFlows(_file: FileView, skill: SkillView): RuleMatch[] {
  const out: RuleMatch[] = [];
  const sourceUnits: { unit: Unit; hit: Hit }[] = [];
  const sinkUnits: { unit: Unit; hit: Hit }[] = [];
  for (const unit of unitsOf(skill)) {
    if (out.length >= 10) break; // enough places reported; padding must not cost more
    if (unit.code) {
      let sources = codeSources(unit.file, unit.start, unit.end);
      if (sources.some((src) => MINTED_TOKEN.test(src.label)) && onlyCloudApiHosts(unit.file.text.slice(unit.start, unit.end))) {
        sources = sources.filter((src) => !MINTED_TOKEN.test(src.label));
      }
      const listed = configTargets(unit.file, skill, unit.start, unit.end);
      if (listed) sources.push(listed);
      let sinks = codeSinks(unit.file, unit.start, unit.end);
      if (!sinks.length && sources.some((s) => STRONG_SOURCE.test(s.label))) sinks = codeSinks(unit.file, unit.start, unit.end, NETWORK_ANY);
      if (sources.length && sinks.length) {
        out.push(flowAt(unit, sources[0], `Reads ${shorten(sources[0].label, 40)} and sends data out (${shorten(sinks[0].label, 30)}) in the same script`));
        continue;
      }
      if (sources.length) sourceUnits.push({ unit, hit: sources[0] });
      if (sinks.length) sinkUnits.push({ unit, hit: sinks[0] });
      continue;
    }
    const together = hitsIn(unit, PROSE_SEND_SECRETS);
    if (together.length) {
      out.push(flowAt(unit, together[0], `Instructs sending secrets out: "${shorten(together[0].label)}"`));
      continue;
    }
    const sources = hitsIn(unit, PROSE_SOURCE);
    const sinks = sources.length ? hitsIn(unit, PROSE_SINK) : [];
    if (sources.length && sinks.length) {
      out.push(flowAt(unit, sources[0], `Instructs reading secrets ("${shorten(sources[0].label)}") and sending them out ("${shorten(sinks[0].label)}")`));
    }
  }
  // A source in one script and a sink in another: the classic split across helper modules.
  if (sourceUnits.length && sinkUnits.length) {
    const { unit, hit } = sourceUnits[0];
    const sink = sinkUnits.find((s) => s.unit.file !== unit.file) ?? sinkUnits[0];
    out.push({
      index: hit.index,
      length: hit.length,
      file: unit.file,
      severity: 'high',
      message: `Reads ${shorten(hit.label, 40)} while ${sink.unit.file.skillPath} sends data out (${shorten(sink.hit.label, 30)})`,
    });
  }
  return out.slice(0, 10);
}
