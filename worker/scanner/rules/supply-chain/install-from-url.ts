// SUP-01 install from a URL or a VCS: pip, npm, yarn, pnpm, bun, cargo, gem, uvx and npx installs
// that fetch a package straight from a URL, a Git repository or a forge shorthand instead of a
// registry, graded by pinning and by host; and pre-commit hook repositories on hosts that are not
// code forges.
import type { FileView, RuleMatch, Severity, SkillView } from '../../types.ts';
import { hostTierOf, isFirstPartyHost } from '../hosts.ts';
import { DEFAULT_REGISTRIES } from './package-source-hosts.ts';
import { scan } from '../context.ts';
import { finding } from './shared.ts';

// The arguments after an install command: whitespace, then up to 300 characters of the same
// command line that start with a non-space. Written so (rather than `\s+[^\n;&|]{0,300}?`) because
// both halves of that could take the same spaces: a line of blown-up whitespace made every start
// try every split, where here the whitespace belongs to `\s+` alone. The matches are the same.
const ARGUMENTS = String.raw`\s+(?:[^\s;&|][^\n;&|]{0,299}?)??`;

const INSTALL_FROM_URL = new RegExp(
  [
    String.raw`\b(?:pip3?|python3?\s+-m\s+pip|uv\s+pip|pipx)\s+install${ARGUMENTS}((?:git\+)?(?:https?|ssh|git)://\S+|git@[\w.-]+:\S+)`,
    String.raw`\b(?:npm\s+(?:i|install|add)|yarn\s+(?:global\s+)?add|pnpm\s+(?:i|install|add)|bun\s+(?:i|install|add))${ARGUMENTS}((?:git\+)?(?:https?|ssh|git)://\S+|(?:github|gitlab|bitbucket):\S+|(?<![@\w./-])[A-Za-z0-9][\w.-]*/[\w.-]+#\S+)`,
    String.raw`\bcargo\s+install${ARGUMENTS}--git\s+(\S+)[^\n;&|]{0,300}`,
    String.raw`\bgem\s+install${ARGUMENTS}--source\s+(\S+)`,
    String.raw`\buvx\s+--from\s+((?:git\+)?(?:https?|ssh)://\S+)`,
    String.raw`\bnpx\s+(?:-y\s+|--yes\s+)?((?:github|gitlab):\S+|https?://\S+)`,
  ].join('|'),
  'g',
);
const PINNED_REF = /@[0-9a-f]{7,40}\b|#[0-9a-f]{7,40}\b|@v?\d+\.\d+(?:\.\d+)?\b|#v?\d+\.\d+|--(?:rev|tag)\s+\S+/;

// pre-commit fetches and runs the code of every `repo:` it lists, on each commit. Code forges are
// where hook repositories live; any other host serves code nobody vets.
const PRE_COMMIT_REPO = /^[ \t]*-?[ \t]*repo:[ \t]*["']?((?:https?|git|ssh):\/\/[^\s"'#]+|git@[^\s"'#]+)/gm;
const HOOK_FORGES = /^(?:(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|git\.sr\.ht)|gitlab\.[\w.-]+)(?:[/:]|$)/i;

function preCommitRepos(file: FileView): RuleMatch[] {
  if (!/(?:^|\/)\.?pre-commit-config\.ya?ml$/i.test(file.skillPath)) return [];
  return scan(file.text, PRE_COMMIT_REPO, (m) => {
    const host = m[1].replace(/^(?:https?|git|ssh):\/\//, '').replace(/^git@/, '').replace(/^[^@/]*@/, '');
    if (HOOK_FORGES.test(host) || hostTierOf(host) === 'local') return null;
    return { index: m.index, length: m[0].length, severity: 'high', message: `pre-commit runs hook code fetched from ${host.split(/[/:]/)[0]}, not a code forge, on every commit` };
  });
}

export function detectInstallFromUrl(file: FileView, skill: SkillView): RuleMatch[] {
  const text = file.text;
  return [...preCommitRepos(file), ...scan(text, INSTALL_FROM_URL, (m) => {
    const source = (m.slice(1).find(Boolean) ?? '').replace(/^["'\x60]|["',)\x60]+$/g, '');
    // A URL given to --registry or --index-url is the registry, not the package (SUP-04).
    const before = text.slice(Math.max(0, m.index + m[0].lastIndexOf(source) - 20), m.index + m[0].lastIndexOf(source));
    if (/(?:--registry|--index-url|--extra-index-url|\s-i)[ \t=]+["']?$/.test(before)) return null;
    const url = source.replace(/^git\+/, '').replace(/^(?:https?|ssh|git):\/\//, '').replace(/^git@([\w.-]+):/, '$1/').replace(/^(?:github):/, 'github.com/');
    const pinned = PINNED_REF.test(m[0]);
    const plainHttp = /(?:^|\+)http:\/\//.test(source);
    const tier = DEFAULT_REGISTRIES.test(url) ? 'known' : hostTierOf(url);
    const firstParty = isFirstPartyHost(url, skill);
    let severity: Severity;
    if (plainHttp || tier === 'ip') severity = 'high';
    else if (pinned) return null;
    else if (tier === 'unknown' && !firstParty) severity = 'high';
    else if (firstParty || tier === 'known') severity = 'low';
    else severity = 'medium';
    return finding(
      file,
      m,
      severity,
      plainHttp
        ? `Package installed over plain HTTP from ${source}: anyone on the network can swap it`
        : `Package installed straight from ${source}, not from a registry and not pinned to a commit`,
    );
  })];
}
