// SARIF 2.1.0 for code scanning (GitHub accepts it through upload-sarif): one run of the tool
// "skillgate", a rule entry per rule that fired (with why, fix and a security-severity GitHub
// uses to rank alerts) and one result per finding, located by a path relative to %SRCROOT%.
import { createHash } from 'node:crypto';
import type { Category, Finding, Rule, ScanResult, Severity } from './types.ts';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export type SarifLevel = 'error' | 'warning' | 'note';

export const SARIF_LEVEL: Readonly<Record<Severity, SarifLevel>> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'note',
};

/** GitHub's security-severity: over 9 critical, 7-8.9 high, 4-6.9 medium, under 4 low. */
export const SECURITY_SEVERITY: Readonly<Record<Severity, string>> = {
  critical: '9.5',
  high: '8.0',
  medium: '5.5',
  low: '3.0',
};

export interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string; markdown: string };
  defaultConfiguration: { level: SarifLevel };
  properties: { 'security-severity': string; tags: string[]; category: Category; severity: Severity };
}

export interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: SarifLevel;
  message: { text: string };
  locations: {
    physicalLocation: {
      artifactLocation: { uri: string; uriBaseId: '%SRCROOT%' };
      region: { startLine: number; startColumn: number; snippet?: { text: string } };
    };
  }[];
  partialFingerprints: Record<string, string>;
  properties: { severity: Severity; category: Category; folder: string };
}

export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: {
    tool: { driver: { name: 'skillgate'; version: string; semanticVersion?: string; rules: SarifRule[] } };
    automationDetails?: { id: string };
    results: SarifResult[];
  }[];
}

export interface SarifOptions {
  /** Rule metadata (why, fix); a rule not listed is described from its findings. */
  rules?: readonly Rule[];
  /** Prefix for artifact URIs, for a scan root that is a subfolder of the repository ("skills/"). */
  uriPrefix?: string;
}

function describeRule(id: string, rule: Rule | undefined, example: Finding): SarifRule {
  const severity = rule?.severity ?? example.severity;
  const category = rule?.category ?? example.category;
  const title = rule?.title ?? example.title;
  const why = rule?.why ?? title;
  const fix = rule?.fix ?? example.fix;
  return {
    id,
    name: id,
    shortDescription: { text: title },
    fullDescription: { text: why },
    help: { text: `${why}\n\nFix: ${fix}`, markdown: `${why}\n\n**Fix:** ${fix}` },
    defaultConfiguration: { level: SARIF_LEVEL[severity] },
    properties: { 'security-severity': SECURITY_SEVERITY[severity], tags: ['security', category], category, severity },
  };
}

function joinUri(prefix: string, file: string): string {
  const clean = prefix.replace(/\\/g, '/').replace(/^\.\/+/, '').replace(/\/+$/, '');
  const path = clean && clean !== '.' ? `${clean}/${file}` : file;
  return path.split('/').map(encodeURIComponent).join('/');
}

export function toSarif(report: ScanResult, options: SarifOptions = {}): SarifLog {
  const known = new Map((options.rules ?? []).map((r) => [r.id, r] as const));
  const firstFinding = new Map<string, Finding>();
  for (const f of report.findings) if (!firstFinding.has(f.ruleId)) firstFinding.set(f.ruleId, f);
  const ruleIds = [...firstFinding.keys()].sort();
  const rules = ruleIds.map((id) => describeRule(id, known.get(id), firstFinding.get(id)!));
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i] as const));

  // The fingerprint leaves the line out so an alert survives edits above it; identical findings
  // in one file are told apart by their order.
  const seen = new Map<string, number>();
  const results: SarifResult[] = report.findings.map((f) => {
    const key = `${f.ruleId}|${f.file}|${f.evidence}|${f.message}`;
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    const fingerprint = createHash('sha256').update(`${key}|${occurrence}`).digest('hex').slice(0, 32);
    const region: SarifResult['locations'][number]['physicalLocation']['region'] = {
      startLine: Math.max(1, f.line),
      startColumn: Math.max(1, f.column),
    };
    if (f.evidence) region.snippet = { text: f.evidence };
    const message = f.message === f.title ? f.title : `${f.title}: ${f.message}`;
    return {
      ruleId: f.ruleId,
      ruleIndex: ruleIndex.get(f.ruleId)!,
      level: SARIF_LEVEL[f.severity],
      message: { text: `${message.replace(/[.\s]+$/, '')}. Fix: ${f.fix}` },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: joinUri(options.uriPrefix ?? '', f.file), uriBaseId: '%SRCROOT%' },
            region,
          },
        },
      ],
      partialFingerprints: { 'skillgateFinding/v1': fingerprint },
      properties: { severity: f.severity, category: f.category, folder: f.folder },
    };
  });

  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'skillgate', version: report.rulesVersion, rules } },
        results,
      },
    ],
  };
}
