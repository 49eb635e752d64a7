// DES-05 destructive git operations: force pushes, hard resets, git clean, history rewrites,
// deleted main branches and repositories, and .git listed among the folders a cleanup deletes.
import type { FileView, RuleMatch } from '../../types.ts';
import { isDetectionRuleFile } from '../script-context.ts';
import { lineText } from '../../line-table.ts';
import { ARGV_GAP, scan, testRegex } from '../context.ts';
import { finding } from './shared.ts';

const FORCE_PUSH = /\bgit\s+push\b([^\n;&|]{0,120})/g;
const GIT_DESTRUCTIVE =
  /\bgit\s+clean\s+-[a-zA-Z]*f[a-zA-Z]*d[a-zA-Z]*|\bgit\s+clean\s+-[a-zA-Z]*d[a-zA-Z]*f[a-zA-Z]*|\bgit\s+filter-branch\b|\bgit\s+filter-repo\b|\bbfg\s+--(?:delete|strip|replace)|\bgit\s+reset\s+--hard\s+(?:origin\/|HEAD~|HEAD\^|[0-9a-f]{7,})|\bgit\s+branch\s+-D\s+(?:main|master|develop|release)\b|\bgit\s+push\s+\S+\s+(?:--delete\s+|:)(?:main|master|develop|release)\b|\bgh\s+repo\s+delete\b|\brm\s+-[rRf]{1,3}\s+\.git\/?(?=\s|$)/g;
// Unreachable commits pruned now: after a reset or a deleted branch nothing can be recovered.
const REFLOG_PURGE = /\bgit\s+reflog\s+expire\b[^\n;&|]{0,60}--expire(?:-unreachable)?=(?:now|all|0)\b|\bgit\s+gc\b[^\n;&|]{0,40}--prune=(?:now|all)\b/g;
// Every local branch deleted: `git branch -D` over the output of `git branch` or for-each-ref.
const ALL_BRANCHES_DELETED = /\bgit\s+branch\s+-D\s+["']?\$\(\s*git\s+(?:branch|for-each-ref)\b[^)\n]{0,200}\)|\bgit\s+(?:branch|for-each-ref)\b[^|\n]{0,120}\|[^\n]{0,120}\bxargs\s+(?:-\S+\s+)*git\s+branch\s+-D\b/g;
const FORCE_PUSH_PROSE = /\bforce[- ]push(?:es|ed|ing)?\b[^.\n]{0,40}\b(?:to\s+)?(?:the\s+)?(?:main|master|default|production|release)\b/gi;

// `.git` listed among the build folders a cleanup deletes: the repository's whole history goes
// with the caches. A list item, in a script that deletes recursively.
const GIT_IN_DELETE_LIST = /(?:^|[\s(\[,])["']?\.git["']?(?=[\s),\]]|$)/gm;
const RECURSIVE_DELETE = /\brm\s+-\w*[rR]|\bshutil\.rmtree\b|\brmSync\b|\bfs\.rm\b|\brimraf\b|\bRemove-Item\b[^\n]{0,80}-Recurse|\bFileUtils\.rm_rf\b|\bos\.RemoveAll\b/;

function inOpenList(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 600), index);
  // The last list literal opened before the item (`NAME=(`, `NAME = [`), still open at the item.
  let open = -1;
  for (const m of before.matchAll(/[=:]\s*[(\[]/g)) open = m.index + m[0].length;
  return open >= 0 && !/[)\]]/.test(before.slice(open));
}

// Every branch or tag of a remote deleted: `git push "$r" --delete "$b"` in a loop over
// `git ls-remote --heads`, `git branch -r` or `git tag -l`, in shell or as an argument list
// (`subprocess.run(["git", "push", "origin", "--delete", name])` in a loop over `git branch -r`).
const REMOTE_REF_DELETE = new RegExp(String.raw`\bgit${ARGV_GAP}push\b(?:${ARGV_GAP}["']?[^\s"',\])]{1,80}["']?){0,3}?${ARGV_GAP}(?:--delete|-d)\b`, 'g');
const ALL_REFS_LISTED = /\bgit\s+(?:ls-remote\b|branch\s+(?:-r|-a|--remotes|--all)\b|tag\s+(?:-l\b|--list\b)|for-each-ref\b)|["']git["']\s*,\s*["'](?:ls-remote|branch["']\s*,\s*["']-r|tag["']\s*,\s*["']-l)["']/;
const PRINTED = /\b(?:echo|printf|print|puts|Write-Host|Write-Output|console\.log)\b[^\n]{0,40}["'`]/;
const MERGED_ONLY = /--merged\b|--is-ancestor\b|\bmerge-base\b/;
// A branch replaced by an orphan commit and force-pushed: the remote keeps none of its history.
const ORPHAN_BRANCH = /\bgit\s+(?:checkout|switch)\s+(?:-[a-z]+\s+)*--orphan\b/;

export function detectDestructiveGit(file: FileView): RuleMatch[] {
  if (isDetectionRuleFile(file)) return [];
  const text = file.text;
  let orphan: boolean | undefined;
  let purged: boolean | undefined;
  const found = [
    ...(file.kind === 'script' && testRegex(RECURSIVE_DELETE, text)
      ? scan(text, GIT_IN_DELETE_LIST, (m) => {
          const line = lineText(text, m.index);
          // An item of a list: an array still open before it (`ARTIFACTS=(`, `DIRS = [`) or a for
          // loop's words; `ls .git package.json` or a path test is no list.
          if (!inOpenList(text, m.index) && !/^\s*for\s+\w+\s+in\s/.test(line)) return null;
          if (/\b(?:exclude|skip|ignore|keep|prune|protect)/i.test(line)) return null;
          if (/-name\s+["']?\.git|-path\s|--exclude/.test(line)) return null;
          return { index: m.index + m[0].indexOf('.git'), length: 4, severity: 'high' as const, message: '.git is listed among the folders a cleanup deletes: the repository\'s whole history goes with them' };
        })
      : []),
    ...scan(text, FORCE_PUSH, (m) => {
      const args = m[1];
      if (!/(?:^|\s)(?:--force(?!-with-lease|-if-includes)\b|-f\b|-\w*f\w*(?=\s|$))|\s\+[\w/]+/.test(args)) return null;
      // A branch replaced by an orphan commit and force-pushed: the remote keeps none of its history.
      if (/(?:^|\s)(?:--force\b|-f\b)/.test(args) && (orphan ??= ORPHAN_BRANCH.test(text))) {
        // With the reflog purged as well, not even this clone keeps the old commits.
        purged ??= testRegex(REFLOG_PURGE, text);
        return finding(
          file,
          m,
          purged ? 'critical' : 'high',
          purged
            ? 'Replaces a branch with a single orphan commit, force-pushes it and purges the reflog: the history is gone everywhere'
            : 'Replaces a branch with a single orphan commit and force-pushes it: the remote loses its whole history',
        );
      }
      const protectedBranch = /\b(?:main|master|HEAD|production|release)\b/.test(args);
      return finding(
        file,
        m,
        protectedBranch ? 'high' : 'medium',
        protectedBranch ? 'Force push to a main branch rewrites shared history' : 'Force push overwrites remote history',
      );
    }),
    ...scan(text, REMOTE_REF_DELETE, (m) => {
      // The loop's list is read a few lines above (or on the same line, piped into xargs).
      // The loop's list is read a few lines above, or on the line (piped into xargs); windows are
      // bounded, a minified line can be megabytes long.
      const above = text.slice(Math.max(0, m.index - 400), m.index);
      const after = text.slice(m.index, Math.min(text.length, m.index + m[0].length + 200)).split('\n')[0];
      if (!ALL_REFS_LISTED.test(above) && !ALL_REFS_LISTED.test(after)) return null;
      // Printed for the user to run after review, or only branches already merged: a cleanup.
      if (PRINTED.test(above.slice(above.lastIndexOf('\n') + 1)) || MERGED_ONLY.test(above)) return null;
      return finding(file, m, 'high', 'Deletes every branch or tag of a remote, one after another');
    }),
    ...scan(text, ALL_BRANCHES_DELETED, (m) =>
      MERGED_ONLY.test(m[0]) ? null : finding(file, m, 'high', 'Deletes every local branch, merged or not'),
    ),
    ...scan(text, REFLOG_PURGE, (m) => finding(file, m, 'medium', 'Prunes unreachable commits now: deleted branches and reset work can no longer be recovered')),
    ...scan(text, GIT_DESTRUCTIVE, (m) => {
      const severe = /gh\s+repo\s+delete|--delete|:\w|branch\s+-D/.test(m[0]);
      return finding(file, m, severe ? 'high' : 'medium', 'Git command that irreversibly discards history, branches or files');
    }),
  ];
  if (file.kind === 'skill-md' || file.kind === 'markdown') {
    const body = file.kind === 'skill-md' ? file.body : text;
    found.push(
      ...scan(body, FORCE_PUSH_PROSE, (m) =>
        file.isNegated(m.index) ? null : finding(file, m, 'high', 'Instruction to force-push to a protected branch'),
      ),
    );
  }
  return found;
}
