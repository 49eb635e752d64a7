// Helpers shared by the network rules: URLs and their hosts, non-public and example addresses, the
// line around a match, transfer verbs, and host names found by their service name.
import type { RuleMatch } from '../../types.ts';
import { execRegex, MAX_CANDIDATES } from '../context.ts';

/** URLs with a scheme; the tail stops at whitespace, quotes, brackets and markdown delimiters. */
const URL_RE = /\b(?:https?|ftp|wss?):\/\/[^\s"'<>()`[\]{}|\\^]{1,500}/gi;

/** Upper bound on candidates a rule inspects in one file, so adversarial input stays cheap. */

export function hostOfUrl(url: string): string {
  const rest = url.slice(url.indexOf('//') + 2);
  let end = rest.length;
  for (const stop of ['/', '?', '#', ',']) {
    const i = rest.indexOf(stop);
    if (i >= 0 && i < end) end = i;
  }
  let authority = rest.slice(0, end);
  const at = authority.lastIndexOf('@');
  if (at >= 0) authority = authority.slice(at + 1);
  if (authority.startsWith('[')) return authority.slice(0, authority.indexOf(']') + 1).toLowerCase();
  const colon = authority.indexOf(':');
  return (colon >= 0 ? authority.slice(0, colon) : authority).toLowerCase().replace(/\.$/, '');
}

function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const nums = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return nums.every((n) => n >= 0 && n <= 255) ? nums : null;
}

/** Loopback, unspecified, private (RFC 1918), CGNAT, link-local, documentation, benchmark and multicast ranges. */
export function isNonPublicIpv4(ip: string): boolean {
  const o = parseIpv4(ip);
  if (!o) return true;
  const [a, b, c] = o;
  return (
    a === 0 || a === 10 || a === 127 || a >= 224 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) ||
    (a === 198 && (b === 18 || b === 19)) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113)
  );
}

/** Hosts that never leave the machine or are reserved for examples (RFC 2606). */
export function isLocalOrExampleHost(host: string): boolean {
  if (!host) return true;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return isNonPublicIpv4(host);
  if (host.startsWith('[')) return /^\[(::1?|fe80:|fc|fd)/i.test(host);
  return (
    host === 'localhost' ||
    /\.(localhost|local|test|invalid|example|internal|lan|home\.arpa)$/.test(host) ||
    /(^|\.)example\.(com|org|net)$/.test(host) ||
    host === 'host.docker.internal' ||
    !host.includes('.')
  );
}

/** XML namespaces, schema identifiers and licence URLs: written as http:// but never fetched. */
export const IDENTIFIER_HOSTS =
  /(^|\.)(w3\.org|openxmlformats\.org|schemas\.microsoft\.com|purl\.org|ns\.adobe\.com|xml\.org|xmlsoap\.org|apache\.org|json-schema\.org|opensource\.org|gnu\.org|creativecommons\.org|xmlns\.com|schemas\.android\.com|schemas\.xmlsoap\.org|docbook\.org|oasis-open\.org|relaxng\.org|ogc\.org|iptc\.org|openoffice\.org|ietf\.org)$/;

/** The same line around an offset, bounded so long lines cost nothing (index relative to the window). */
export function lineWindow(text: string, index: number, length: number, radius = 240): string {
  const from = Math.max(0, index - radius);
  const to = Math.min(text.length, index + length + radius);
  const before = text.slice(from, index);
  const after = text.slice(index, to);
  const nl = before.lastIndexOf('\n');
  const end = after.indexOf('\n');
  return before.slice(nl + 1) + (end >= 0 ? after.slice(0, end) : after);
}

/** Words on a line that turn a mention of a destination into an action on it. */
export const TRANSFER_VERB =
  /\b(curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|certutil|bitsadmin|download|upload|send|post|fetch|requests\.\w+|urlopen|axios|scp|rsync|nc|exec|execute|run|install|bash|sh|powershell|pwsh|forward|exfil\w*|report|callback|webhook)\b|\|\s*(ba|z)?sh\b/i;

/** Scan every URL of a text; `visit` returns a match or null. Bounded by MAX_CANDIDATES. */
export function eachUrl(text: string, visit: (url: string, host: string, index: number) => RuleMatch | null, max = 20): RuleMatch[] {
  const out: RuleMatch[] = [];
  URL_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  let seen = 0;
  while ((m = execRegex(URL_RE, text)) !== null && seen++ < MAX_CANDIDATES) {
    const url = m[0].replace(/[.,;:!?*_]+$/, '');
    const hit = visit(url, hostOfUrl(url), m.index);
    if (hit) {
      out.push(hit);
      if (out.length >= max) break;
    }
  }
  return out;
}

/**
 * Start of a host name whose registrable part starts at `index`: walks back over up to `max`
 * subdomain labels ("a1b2.eu." before "ngrok.io"). Host patterns find the literal service name
 * first and look around it, instead of trying every word as a possible first label (slow).
 * Returns -1 when fewer than `min` labels precede it.
 */
function labelsBefore(text: string, index: number, min: number, max: number): number {
  let start = index;
  let labels = 0;
  while (labels < max && start > 1 && text.charCodeAt(start - 1) === 46 /* . */) {
    let j = start - 1;
    const limit = Math.max(0, j - 63);
    while (j > limit && /[a-z0-9-]/i.test(text[j - 1])) j--;
    if (j === start - 1) break;
    start = j;
    labels++;
  }
  return labels >= min ? start : -1;
}

/** Re-anchors a literal host match at the start of its subdomain labels (or drops it). */
export function withLabels(text: string, m: RegExpExecArray, min: number, max: number): RegExpExecArray | null {
  const start = labelsBefore(text, m.index, min, max);
  if (start < 0) return null;
  if (start === m.index) return m;
  const full = Object.assign([text.slice(start, m.index + m[0].length)], { index: start, input: text }) as unknown as RegExpExecArray;
  return full;
}
