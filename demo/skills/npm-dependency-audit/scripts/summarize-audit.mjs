#!/usr/bin/env node
// Summarise `npm audit --json` (npm 7+ format) into one line per vulnerable package,
// most severe first, with the dependency chain that brings it in.
import { readFileSync } from 'node:fs';

const ORDER = { critical: 0, high: 1, moderate: 2, low: 3, info: 4 };

const file = process.argv[2];
if (!file) {
  console.error('usage: summarize-audit.mjs audit.json');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const vulns = Object.values(report.vulnerabilities ?? {});

// Walk `effects`/`via` backwards to find a direct dependency that leads to this package.
function chainFor(name, seen = new Set()) {
  const v = report.vulnerabilities[name];
  if (!v || seen.has(name)) return [name];
  seen.add(name);
  if (v.isDirect) return [name];
  const parent = (v.effects ?? [])[0];
  return parent ? [...chainFor(parent, seen), name] : [name];
}

function describeFix(fix) {
  if (fix === true) return 'fix: npm audit fix (in range)';
  if (fix && typeof fix === 'object') {
    return `fix: ${fix.name}@${fix.version}${fix.isSemVerMajor ? ' (MAJOR bump)' : ''}`;
  }
  return 'no fix available';
}

const rows = vulns
  .map((v) => {
    const advisories = v.via.filter((x) => typeof x === 'object');
    const title = advisories[0]?.title ?? `via ${v.via.join(', ')}`;
    return { name: v.name, severity: v.severity, title, fix: describeFix(v.fixAvailable),
      direct: v.isDirect, chain: chainFor(v.name).join(' > ') };
  })
  .sort((a, b) => ORDER[a.severity] - ORDER[b.severity] || a.name.localeCompare(b.name));

for (const r of rows) {
  console.log(`${r.severity.toUpperCase().padEnd(9)} ${r.name}  ${r.title}`);
  console.log(`          ${r.fix}; path: ${r.chain}${r.direct ? ' (direct)' : ''}`);
}
const counts = report.metadata?.vulnerabilities ?? {};
console.log(`\ntotal: ${counts.total ?? rows.length} (critical ${counts.critical ?? 0}, high ${counts.high ?? 0}, ` +
  `moderate ${counts.moderate ?? 0}, low ${counts.low ?? 0})`);
