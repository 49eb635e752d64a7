// Where things are on the runner. Findings name files relative to the ZIP root (the `path` input);
// annotations, SARIF and pull-request file lists name them relative to the workspace (the
// repository root), so every path crosses between the two here.
import { isAbsolute, relative, resolve, sep } from 'node:path';

export interface Workspace {
  /** GITHUB_WORKSPACE, or the working directory outside Actions. */
  root: string;
  /** The `path` input made absolute: the root of the ZIP. */
  scanRoot: string;
  /** `scanRoot` relative to the workspace with forward slashes ("" when they are the same). */
  scanRootFromWorkspace: string;
  /** False when `path` lies outside the workspace, where annotations cannot point. */
  scanRootInside: boolean;
}

export function resolveWorkspace(path: string, env: NodeJS.ProcessEnv = process.env): Workspace {
  const root = resolve(env.GITHUB_WORKSPACE || process.cwd());
  const scanRoot = resolve(root, path);
  const rel = relative(root, scanRoot);
  const inside = rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
  return { root, scanRoot, scanRootFromWorkspace: inside ? toSlashes(rel) : '', scanRootInside: inside };
}

export function toSlashes(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/** A path relative to the ZIP root ("pdf/SKILL.md") as the workspace sees it ("skills/pdf/SKILL.md"). */
export function workspacePath(workspace: Workspace, zipPath: string): string {
  const prefix = workspace.scanRootFromWorkspace;
  if (!prefix || !zipPath) return prefix || zipPath;
  return `${prefix}/${zipPath}`;
}

/** A workspace path as the ZIP root sees it, or null when it lies outside the scanned folder. */
export function zipPathOf(workspace: Workspace, fromWorkspace: string): string | null {
  const prefix = workspace.scanRootFromWorkspace;
  if (!workspace.scanRootInside) return null;
  if (prefix === '') return fromWorkspace;
  return fromWorkspace.startsWith(`${prefix}/`) ? fromWorkspace.slice(prefix.length + 1) : null;
}
