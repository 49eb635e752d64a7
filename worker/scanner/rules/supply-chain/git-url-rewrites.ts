// SUP-04 for git: `url.<new>.insteadOf <old>` makes every clone, fetch and submodule of <old> come
// from <new>. Pointed away from a code forge's own host, it swaps every dependency and tool fetched
// from git for whatever the other host serves. Rewrites that stay on the same host (https to ssh,
// a token added for CI) change nothing of what is fetched.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { hostOf, hostTierOf } from '../hosts.ts';
import { isCommentLine } from '../script-context.ts';
import { matchAllRegex } from '../context.ts';

// `git config --global url."https://mirror/".insteadOf "https://github.com/"`, with or without quotes.
const CONFIG_COMMAND = /\bgit\s+config\b([^\n]{0,80}?)\s["']?url\.["']?([^\s"']{1,300}?)["']?\.(?:push)?insteadOf["']?\s+["']?([^\s"']+)/gi;
// A [url "..."] section of a gitconfig followed by its insteadOf line.
const CONFIG_SECTION = /^[ \t]*\[url\s+"([^"\n]+)"\][ \t]*\r?\n(?:[ \t]*(?:[#;][^\n]*)?\r?\n){0,3}[ \t]*(?:push)?insteadOf[ \t]*=[ \t]*["']?([^\s"']+)/gim;
const FORGE_HOST = /^(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|ssh\.dev\.azure\.com|dev\.azure\.com)$/;
const GLOBAL_FILE = /(?:^|[/\\])\.?gitconfig$|(?:^|[/\\])\.config[/\\]git[/\\]config$/;

/** The host of a git remote in URL or scp form (`git@github.com:org/repo`). */
function remoteHost(remote: string): string {
  const scp = /^[\w.-]+@([\w.-]+):/.exec(remote);
  return scp ? scp[1].toLowerCase() : hostOf(remote);
}

function rewrite(file: FileView, index: number, length: number, to: string, from: string, global: boolean): RuleMatch | null {
  const fromHost = remoteHost(from);
  const toHost = remoteHost(to);
  if (!FORGE_HOST.test(fromHost) || !toHost || toHost === fromHost || toHost.endsWith('.' + fromHost)) return null;
  if (isCommentLine(file, index)) return null;
  const tier = hostTierOf(to.replace(/^[a-z+]+:\/\//i, '').replace(/^[^@/]*@/, ''));
  if (tier === 'local' || tier === 'variable') return null;
  const severity: Severity = tier === 'hosted' ? 'medium' : global ? 'critical' : 'high';
  return {
    index,
    length,
    severity,
    message: `Every git fetch of ${fromHost} is rewritten to ${toHost}${global ? ' in the user\'s global git configuration' : ''}: whatever that host serves replaces the real repositories`,
  };
}

export function detectGitUrlRewrites(file: FileView): RuleMatch[] {
  const text = file.text;
  if (!/insteadof/i.test(text)) return [];
  const out: RuleMatch[] = [];
  for (const m of matchAllRegex(text, CONFIG_COMMAND)) {
    const f = rewrite(file, m.index, m[0].length, m[2], m[3], /--(?:global|system)\b/.test(m[1]));
    if (f) out.push(f);
  }
  const globalFile = GLOBAL_FILE.test(file.path) || /~\/\.gitconfig|\$HOME\/\.gitconfig|\.config\/git\/config/.test(text);
  for (const m of matchAllRegex(text, CONFIG_SECTION)) {
    const f = rewrite(file, m.index, m[0].length, m[1], m[2], globalFile);
    if (f) out.push(f);
  }
  return out.slice(0, 5);
}
