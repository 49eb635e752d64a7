// Severity and wording of a fetched-and-run command by where it comes from (the host tier of its
// URL, with vendors' own installers counted as known), for the pipe-to-shell, download-then-run
// and remote-code detectors.
import type { FileView, Severity, SkillView } from '../../types.ts';
import { lowerSeverity } from '../context.ts';
import { hostTierOf, isFirstPartyHost, type HostTier } from '../hosts.ts';
import { isCommentLine, isContainerBuildFile } from '../script-context.ts';

// Documentation that explains an attack names an illustrative host ("attacker.com").
const ILLUSTRATIVE_HOST = /\b(?:attacker|evil|malicious|example|bad|hacker|exfil)\b/i;

const TIER_SEVERITY: Record<HostTier, Severity> = {
  ip: 'critical',
  unknown: 'critical',
  hosted: 'high',
  variable: 'high',
  local: 'medium',
  known: 'medium',
};

// Fetched over plain HTTP or with certificate checks off: whoever is on the network path decides
// what runs, so a vendor's own installer is no safer than an unknown host's script.
const UNAUTHENTICATED_FETCH = /\b(?:http|ftp):\/\/|\s(?:-[a-zA-Z]{0,6}k[a-zA-Z]{0,6}|--insecure|--no-check-certificate)(?=\s|$)/;

function unauthenticatedKnown(tier: HostTier, command: string): boolean {
  return tier === 'known' && UNAUTHENTICATED_FETCH.test(command);
}

export function tierMessage(what: string, tier: HostTier, url: string, command = ''): string {
  const where = url && url !== '$' ? url.split(/[/?#]/)[0] : 'a variable URL';
  switch (tier) {
    case 'known':
      if (unauthenticatedKnown(tier, command)) return `${what} from ${where} over plain HTTP or with certificate checks off: anyone on the network path can swap what runs`;
      return `${what} from a well-known or first-party installer (${where}); pin a version and verify a checksum if you can`;
    case 'ip':
      return `${what} from a raw IP address (${where})`;
    case 'hosted':
      return `${what} from a code-hosting site (${where}); anyone can publish there`;
    case 'local':
      return `${what} from a local or placeholder address (${where})`;
    case 'variable':
      return `${what} from ${url && url !== '$' ? where : 'a URL held in a variable'}`;
    default:
      return `${what} from an unknown host (${where})`;
  }
}

/**
 * Severity for a fetched-and-run command: by origin, one level lower in documentation, container
 * build files and commented-out script lines (raw IPs stay critical).
 */
export function originSeverity(file: FileView, index: number, tier: HostTier, url = '', command = ''): Severity {
  let severity = unauthenticatedKnown(tier, command) ? 'high' : TIER_SEVERITY[tier];
  if (tier === 'ip') return severity;
  const documentation = file.kind === 'markdown' && file.isDocumentation;
  // Documentation that explains an attack names an illustrative host ("attacker.com").
  if (documentation && tier === 'unknown' && ILLUSTRATIVE_HOST.test(url.split(/[/?#]/)[0])) severity = 'medium';
  if (isContainerBuildFile(file) || isCommentLine(file, index)) severity = lowerSeverity(severity);
  if (documentation) severity = lowerSeverity(severity);
  return severity;
}

/** Host tier with vendors' own installers counted as known. */
export function tierFor(url: string, skill: SkillView): HostTier {
  const tier = hostTierOf(url);
  return (tier === 'unknown' || tier === 'hosted') && isFirstPartyHost(url, skill) ? 'known' : tier;
}
