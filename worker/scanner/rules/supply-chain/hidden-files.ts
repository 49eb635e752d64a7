// SUP-10 hidden files with code, disguised files: .pth start-up files, code in dot-files and
// dot-folders, and files whose extension hides an executable, a script or an archive.
import type { FileView, RuleMatch, SkillView } from '../../types.ts';
import { extensionOf } from '../../file-view.ts';
import { testRegex } from '../context.ts';
import { archiveKind, executableKind } from './file-formats.ts';
import { fileMatch } from './shared.ts';

const ALLOWED_DOTFILES =
  /^(?:\.gitignore|\.gitattributes|\.gitkeep|\.gitmodules|\.editorconfig|\.prettierrc(?:\.\w+)?|\.prettierignore|\.eslintrc(?:\.\w+)?|\.eslintignore|\.npmignore|\.npmrc|\.nvmrc|\.node-version|\.python-version|\.ruby-version|\.tool-versions|\.env\.(?:example|sample|template)|\.dockerignore|\.flake8|\.pylintrc|\.coveragerc|\.markdownlint(?:rc|\.\w+)?|\.pre-commit-config\.ya?ml|\.yamllint(?:\.ya?ml)?|\.golangci\.ya?ml|\.browserslistrc|\.babelrc(?:\.\w+)?|\.stylelintrc(?:\.\w+)?|\.hadolint\.ya?ml|\.shellcheckrc|\.clang-format|\.clang-tidy|\.rustfmt\.toml|\.mcp\.json|\.DS_Store|\.keep|\.nojekyll|\.vale\.ini|\.ruff\.toml|\.mypy\.ini|\.lintstagedrc(?:\.\w+)?|\.commitlintrc(?:\.\w+)?|\.swcrc|\.terraform-version|\.htmlhintrc)$/i;
const ALLOWED_DOT_DIRS = /^(?:\.github|\.claude-plugin|\.vscode|\.devcontainer|\.idea|\.husky|\.changeset|\.circleci|\.gitlab|\.config|\.cursor|\.claude)$/;
const SHELL_DOTFILES = /^\.(?:bashrc|bash_profile|profile|zshrc|zprofile|zshenv|vimrc|tmux\.conf|inputrc|gitconfig|screenrc|curlrc|wgetrc)$/;
const CODE_SIGNS = /^#!|\b(?:import\s+[\w.]+|from\s+[\w.]+\s+import|def\s+\w+\s*\(|function\s+\w*\s*\(|require\s*\(|const\s+\w+\s*=|\$\(|eval\b|exec\b|subprocess|child_process|os\.system|powershell|Invoke-)/m;
const ACTIVE_SIGNS = /\b(?:curl|wget|base64|eval|exec|socket|subprocess|child_process|os\.system|urllib|requests\.(?:get|post)|fetch\s*\(|Invoke-WebRequest|nc\s+-)/;
const MEDIA_EXTENSIONS = /^(?:png|jpe?g|gif|webp|bmp|ico|tiff?|svgz|mp3|wav|ogg|flac|mp4|mov|avi|mkv|webm|ttf|otf|woff2?|eot|pdf)$/;
const DATA_EXTENSIONS = /^(?:txt|md|markdown|json|csv|tsv|ya?ml|xml|toml|ini|cfg|conf|log|rst|html?)$/;
const SCRIPT_CONTENT = /^(?:#!|<\?php|@echo\s+off|\s*(?:import\s+(?:os|sys|subprocess|socket|base64)|from\s+\w+\s+import|powershell|Set-StrictMode|\$ErrorActionPreference))/i;

const PTH_PAYLOAD = /\b(?:urlopen|urlretrieve|requests|exec|eval|compile|subprocess|system|popen|b64decode|__import__)\b|https?:\/\//;

export function detectHiddenOrDisguised(_file: FileView, skill: SkillView): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const f of skill.files) {
    const parts = f.skillPath.split('/');
    const name = parts[parts.length - 1];
    const ext = extensionOf(f.skillPath);
    // A .pth file reads like a list of paths, but site.py runs its `import` lines at every Python
    // start: startup code disguised as configuration.
    if (ext === 'pth' && f.kind !== 'binary') {
      const line = /^import[ \t][^\n]*/m.exec(f.text);
      if (line) {
        const payload = PTH_PAYLOAD.test(line[0]);
        out.push({
          index: line.index,
          length: Math.min(line[0].length, 200),
          file: f,
          severity: payload ? 'critical' : 'high',
          message: `${f.skillPath} is a .pth start-up file: its code runs whenever Python starts${payload ? ', here fetching or running code' : ''}`,
        });
        continue;
      }
    }
    const hiddenDir = parts.slice(0, -1).find((p) => p.startsWith('.') && p !== '.' && p !== '..' && !ALLOWED_DOT_DIRS.test(p));
    const hiddenFile = name.startsWith('.') && !ALLOWED_DOTFILES.test(name);
    const text = f.text;
    if ((hiddenFile || hiddenDir) && f.kind !== 'binary') {
      const code = f.kind === 'script' || CODE_SIGNS.test(text.slice(0, 4000));
      if (code) {
        const active = testRegex(ACTIVE_SIGNS, text);
        const shellConfig = hiddenFile && !hiddenDir && SHELL_DOTFILES.test(name);
        out.push(
          fileMatch(
            f,
            shellConfig ? 'low' : active ? 'high' : 'medium',
            shellConfig
              ? `Shell configuration file ${name} shipped with the skill`
              : `Hidden file with code${active ? ' that downloads, decodes or executes' : ''}: ${f.skillPath}`,
          ),
        );
        continue;
      }
    }
    const exe = executableKind(f.bytes);
    if (MEDIA_EXTENSIONS.test(ext) || DATA_EXTENSIONS.test(ext)) {
      if (exe) {
        out.push(fileMatch(f, 'high', `${f.skillPath} claims to be .${ext} but is a ${exe} executable`));
      } else if (MEDIA_EXTENSIONS.test(ext) && f.kind !== 'binary' && SCRIPT_CONTENT.test(text.slice(0, 400))) {
        out.push(fileMatch(f, 'high', `${f.skillPath} claims to be .${ext} but contains a script`));
      } else if (DATA_EXTENSIONS.test(ext) && ext !== 'md' && text.startsWith('#!')) {
        out.push(fileMatch(f, 'medium', `${f.skillPath} is named .${ext} but starts with a script interpreter line`));
      } else if (DATA_EXTENSIONS.test(ext) && f.kind === 'binary' && archiveKind(f.bytes)) {
        out.push(fileMatch(f, 'high', `${f.skillPath} is named .${ext} but is a ${archiveKind(f.bytes)} archive`));
      }
    }
    if (out.length >= 10) break;
  }
  return out;
}
