// DES-08 cloud and infrastructure destruction: terraform and pulumi destroy, kubectl delete,
// cloud CLI deletes and prunes, graded on whether they run unattended and how much they remove.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { isDetectionRuleFile } from '../script-context.ts';
import { scan } from '../context.ts';
import { finding } from './shared.ts';

const CLOUD_DESTRUCTIVE = new RegExp(
  String.raw`(?:\bterraform\s+destroy\b|\bpulumi\s+destroy\b|\bkubectl\s+delete\s+(?:ns|namespaces?)\b|\bkubectl\s+delete\b(?=[^\n]{0,400}\s--all\b)|\baws\s+s3\s+rb\s+(?=[^\n]{0,400}--force\b)|\baws\s+s3\s+rm\s+s3:\/\/(?=[^\n]{0,400}--recursive\b)|\baws\s+ec2\s+terminate-instances\b|\baws\s+rds\s+delete-db-(?:instance|cluster)\b|\baws\s+cloudformation\s+delete-stack\b|\baws\s+dynamodb\s+delete-table\b|\baws\s+iam\s+delete-(?:user|role|account-alias)\b|\bgcloud\s+projects\s+delete\b|\bgcloud\s+(?:compute|sql|container|storage)\s+[^\n]{0,60}?\bdelete\b|\bgsutil\s+(?:-m\s+)?rm\s+-r\b|\baz\s+group\s+delete\b|\baz\s+\w+\s+delete\b(?=[^\n]{0,400}--yes\b)|\bheroku\s+apps:destroy\b|\bdoctl\s+[^\n]{0,40}?\bdelete\b(?=[^\n]{0,400}--force\b)|\bdocker\s+system\s+prune\s+(?=[^\n]{0,400}(?:(?<!\S)-[a-z]*a[a-z]*|--all)\b)(?=[^\n]{0,400}--volumes\b)|\bdocker\s+volume\s+prune\s+(?=[^\n]{0,400}(?:(?<!\S)-[a-z]*f[a-z]*|--force)\b)|\bkubectl\s+get\s+(?:ns|namespaces?)\b[^\n|]{0,200}\|[^\n]{0,200}?\bxargs\s+(?:-\S+\s+){0,4}kubectl\s+delete\b|\bfly\s+apps\s+destroy\b|\bvercel\s+remove\b(?=[^\n]{0,400}--yes\b))[^\n]{0,400}`,
  'gi',
);

export function detectCloudDestruction(file: FileView): RuleMatch[] {
  if (isDetectionRuleFile(file)) return [];
  const prose = file.kind === 'skill-md' || file.kind === 'markdown';
  return scan(file.text, CLOUD_DESTRUCTIVE, (m) => {
    // In prose the command ends with its code span or sentence: "... `terraform destroy`. Do not
    // add `-auto-approve`." names the flag to forbid it.
    const s = prose ? m[0].split(/`|\.\s/, 1)[0] : m[0];
    const unattended = /-auto-approve|--yes|\s-y\b|--force|--quiet|\s-q\b|--all\b|--skip-final-snapshot|\bprune\s(?:[^\n]*\s)?-[a-z]*f[a-z]*\b|\bxargs\b/.test(s);
    const broad = /projects\s+delete|group\s+delete|namespace|\bns\b|--all\b|s3\s+rb|terminate-instances|apps:destroy|apps\s+destroy|--volumes\b/.test(s);
    const severity: Severity = unattended && broad ? 'high' : unattended || broad ? 'medium' : 'low';
    return finding(file, m, severity, 'Destroys cloud or cluster resources');
  });
}
