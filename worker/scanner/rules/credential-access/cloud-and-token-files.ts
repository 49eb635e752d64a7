// CRED-02 cloud credentials; CRED-03 developer token files: the paths of the credential files
// themselves, and a whole cloud credential folder walked or packed.
import type { FileView } from '../../types.ts';
import { findAll } from '../match.ts';
import { lineWindow } from '../context.ts';
import { PATH_SEP, type PathHit } from '../secret-paths.ts';
import { FOLDER_ACCESS_WORDS } from './access-words.ts';

export const CLOUD_CREDENTIALS = new RegExp(
  String.raw`\.aws${PATH_SEP}(?:credentials|sso[/\\]cache)\b|\.config${PATH_SEP}gcloud\b(?:[/\\][\w.-]+)?|\bapplication_default_credentials\.json\b|\.azure${PATH_SEP}[\w.-]+|\.kube${PATH_SEP}config\b|\.docker${PATH_SEP}config\.json\b|\.oci${PATH_SEP}config\b|\.terraform\.d${PATH_SEP}credentials[\w.]*|\bmeta-data[/\\]iam[/\\]security-credentials\b|computeMetadata[/\\]v1[/\\]instance[/\\]service-accounts[/\\][^\s'"]*token`,
  'g',
);

// A whole credential folder walked or packed: Get-ChildItem "$env:USERPROFILE\.aws" -Recurse,
// tar czf - ~/.kube, shutil.copytree(home / ".azure").
const CLOUD_DIR_WHOLE =
  /(?:~|\$\{?HOME\}?|\$env:USERPROFILE|%USERPROFILE%|homedir\(\)|home\(\)|expanduser\([^)\n]{0,20}\))[^\n]{0,12}?[/\\'"]\.(?:aws|azure|kube|docker|config[/\\]gcloud)(?![\w.-])(?![/\\]\w)/g;
const WHOLE_DIR_ACCESS = new RegExp(String.raw`\b(?:${FOLDER_ACCESS_WORDS}|Copy-Item|Compress-Archive|Get-ChildItem|gci)\b|-Recurse\b`, 'i');

export function cloudDirWholeHits(file: FileView): PathHit[] {
  if (file.kind !== 'script') return [];
  const hits: PathHit[] = [];
  for (const m of findAll(file.text, CLOUD_DIR_WHOLE)) {
    const line = lineWindow(file, m.index, m.length);
    if (/\b(?:mkdir|chmod|chown)\b/.test(line) || !WHOLE_DIR_ACCESS.test(line)) continue;
    hits.push({ index: m.index, length: m.length, severity: 'high', message: 'Reads or copies a whole cloud credential folder' });
  }
  return hits;
}

export const TOKEN_FILES = new RegExp(
  String.raw`(?<![\w-])\.npmrc\b|(?<![\w-])\.pypirc\b|(?<![\w-])\.git-credentials\b|(?<![\w-])[._]netrc\b|(?<![\w-])\.pgpass\b|\bgh${PATH_SEP}hosts\.yml\b|\.config${PATH_SEP}(?:anthropic|openai|claude|hub)\b|\.claude${PATH_SEP}\.credentials\.json\b|\.gem${PATH_SEP}credentials\b|\.cargo${PATH_SEP}credentials(?:\.toml)?\b|(?<![\w-])\.vault-token\b|\.composer${PATH_SEP}auth\.json\b|\bauth-profiles\.json\b|(?<![\w-])\.dockercfg\b|\bgit\s+credential\s+fill\b|\.gradle${PATH_SEP}gradle\.properties\b|\.m2${PATH_SEP}settings\.xml\b|\bglobalStorage${PATH_SEP}state\.vscdb\b|\bsecrets${PATH_SEP}(?:master\.key|hudson\.util\.Secret)\b|(?<![\w-])credentials\.xml\b`,
  'g',
);
