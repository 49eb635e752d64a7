// The scanner's public API. Adapters (API workers, CLI, directory seed, Action tooling, benchmarks)
// import from here only.
export { scan, scanSkillMd } from './engine.ts';
export { createScanner, reportsBySkill, toScanResult } from './scanner.ts';
export type { ScanOptions, ScanReport, SkillReport, Scanner } from './scanner.ts';
export { RULES } from './rules/index.ts';
export { RULES_VERSION, rulesVersionOf } from './version.ts';
export { ALL_FOLDERS, selectFolders, displayFolder } from './select.ts';
export { DEFAULT_MAX_FILE_BYTES, discoverSkills, skipReasonForFile, skipReasonForFolder } from './discover.ts';
export type { SkippedPath, Discovery, DiscoveredSkill } from './discover.ts';
export { compareGrades, gradeFromScore, isWorse, parseGrade, scoreFindings } from './score.ts';
export { redactSecrets } from './redact.ts';
export { mayContain, mayContainAny } from './prefilter.ts';
export { toSarif } from './sarif.ts';
export type { SarifLog, SarifOptions } from './sarif.ts';
export { formatTextReport } from './text-report.ts';
export { CATEGORIES, GRADES, SEVERITIES } from './types.ts';
export type { Category, Finding, Grade, InputFile, Rule, ScanResult, Severity, SkillResult } from './types.ts';
