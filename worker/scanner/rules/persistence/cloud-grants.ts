// PER-02 in clouds and databases: owner or administrator rights granted by a command, a cluster's
// admin role bound to a default service account, every privilege granted to PUBLIC, and a database
// port opened to the whole internet. A skill that fixes a permission error this way leaves the
// account wide open long after the task; to anyone, when the grant names everyone.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { findAll } from '../match.ts';
import { onePerLine } from '../context.ts';
import { isProseOnlyMention, isSignatureContext } from '../markdown-context.ts';
import { isCommentLine } from '../script-context.ts';

interface Grant {
  re: RegExp;
  severity: Severity;
  message: string;
  /** What the 400 characters around the match must also hold. */
  around?: RegExp;
}

// Up to 300 characters of one command, across backslash-continued lines.
const ARGS = String.raw`(?:[^\n\\]|\\\r?\n?){0,300}?`;
const grant = (source: string) => new RegExp(source, 'gi');

const GRANTS: Grant[] = [
  {
    re: grant(String.raw`\b(?:gcloud\s+(?:projects|organizations|resource-manager\s+folders)\s+add-iam-policy-binding|az\s+role\s+assignment\s+create)\b${ARGS}--role[= ]["']?(?:roles\/owner|roles\/editor|roles\/resourcemanager\.organizationAdmin|roles\/iam\.securityAdmin|Owner|Contributor|User\s+Access\s+Administrator)\b`),
    severity: 'high',
    message: 'Grants owner or editor rights on a whole project, folder or subscription',
  },
  {
    re: grant(String.raw`\baws\s+iam\s+(?:attach-(?:user|role|group)-policy|put-(?:user|role)-policy)\b${ARGS}(?:AdministratorAccess|IAMFullAccess|"Action"\s*:\s*"\*")`),
    severity: 'high',
    message: 'Attaches administrator rights to an IAM user, role or group',
  },
  {
    re: grant(String.raw`\bkubectl\s+create\s+clusterrolebinding\b${ARGS}--clusterrole[= ]cluster-admin\b${ARGS}--(?:serviceaccount[= ](?:[\w-]+:)?default\b|group[= ]system:(?:serviceaccounts|authenticated|unauthenticated)\b)`),
    severity: 'high',
    message: 'Binds cluster-admin to a default service account or a whole group: every pod or user gets full control of the cluster',
  },
  {
    re: grant(String.raw`--member[= ]["']?(?:allUsers|allAuthenticatedUsers)\b`),
    severity: 'critical',
    message: 'Grants a role to allUsers or allAuthenticatedUsers: anyone on the internet',
  },
  {
    // A role's trust policy naming every AWS principal: any account in the world may assume it.
    // Public read of a website bucket (s3:GetObject) is a common, deliberate choice; assuming a
    // role, every action, or writing and deleting objects is not.
    re: grant(String.raw`"Principal"\s*:\s*(?:"\*"|\{\s*"AWS"\s*:\s*(?:"\*"|\[\s*"\*"\s*\]))(?![^\n]{0,400}?"Condition")`),
    around: /sts:AssumeRole|"Action"\s*:\s*(?:\[\s*)?"(?:\*|s3:\*|s3:(?:Put|Delete)\w*|iam:\w+|kms:\*)"/,
    severity: 'high',
    message: 'A policy lets every AWS principal ("*") assume the role or change the resource',
  },
  {
    // Admin consent for a whole tenant: the app reads and acts on every user's mail and files.
    re: grant(String.raw`\baz\s+ad\s+app\s+permission\s+admin-consent\b|-ConsentType\s+["']?AllPrincipals\b|\bconsentType["']?\s*[:=]\s*["']AllPrincipals["']`),
    severity: 'high',
    message: "Grants an app tenant-wide admin consent: it may act on every user's data",
  },
  {
    re: grant(String.raw`\bGRANT\s+ALL(?:\s+PRIVILEGES)?\s+ON\b[^;\n]{0,200}?\bTO\s+PUBLIC\b`),
    severity: 'critical',
    message: 'Grants every privilege to PUBLIC: every role of the database can read and change the data',
  },
  {
    re: grant(String.raw`\b(?:authorize-security-group-ingress|firewall-rules\s+create|nsg\s+rule\s+create)\b${ARGS}(?:--port[= ]["']?(?:22|3306|5432|5439|6379|9200|27017|1433|3389|2375|11211)\b${ARGS}(?:0\.0\.0\.0\/0|::\/0|\*)|(?:0\.0\.0\.0\/0|::\/0)${ARGS}(?:--port[= ]|tcp:)["']?(?:22|3306|5432|5439|6379|9200|27017|1433|3389|2375|11211)\b)`),
    severity: 'critical',
    message: 'Opens a database, remote-login or admin port to the whole internet (0.0.0.0/0)',
  },
];

export function cloudGrantMatches(file: FileView): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const grant of GRANTS) {
    for (const m of findAll(file.text, grant.re, undefined, 10)) {
      if (isSignatureContext(file, m.index) || isCommentLine(file, m.index)) continue;
      if (grant.around && !grant.around.test(file.text.slice(Math.max(0, m.index - 400), m.index + m.length + 400))) continue;
      if (isProseOnlyMention(file, m.index)) continue;
      out.push({ ...m, severity: grant.severity, message: grant.message });
    }
  }
  return onePerLine(file, out.sort((a, b) => a.index - b.index));
}
