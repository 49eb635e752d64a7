// GitHub Actions named like a popular action with one letter off or a look-alike letter
// ("actons/checkout", "docker/build-push-actoin", "aws-action/configure-aws-credentials"), for
// rule SUP-03: a workflow step runs the action's code with the job's token and secrets, and an
// organisation or repository one typo away belongs to whoever registered it.
import type { FileView, RuleMatch } from '../../types.ts';
import { warnedAgainst } from '../script-context.ts';
import { scan } from '../context.ts';
import { foldLookAlikes, withinTypoDistance } from './edit-distance.ts';
import { cachedVerdicts } from './verdict-cache.ts';

const POPULAR_ACTIONS = new Set(
  (
    'actions/checkout actions/setup-node actions/setup-python actions/setup-go actions/setup-java actions/setup-dotnet ' +
    'actions/cache actions/upload-artifact actions/download-artifact actions/github-script actions/configure-pages ' +
    'actions/deploy-pages actions/upload-pages-artifact actions/labeler actions/stale actions/create-github-app-token ' +
    'actions/dependency-review-action actions/attest-build-provenance docker/build-push-action docker/login-action ' +
    'docker/setup-buildx-action docker/setup-qemu-action docker/metadata-action aws-actions/configure-aws-credentials ' +
    'aws-actions/amazon-ecr-login azure/login azure/webapps-deploy google-github-actions/auth ' +
    'google-github-actions/setup-gcloud hashicorp/setup-terraform codecov/codecov-action softprops/action-gh-release ' +
    'peter-evans/create-pull-request github/codeql-action pnpm/action-setup dtolnay/rust-toolchain ' +
    'goreleaser/goreleaser-action peaceiris/actions-gh-pages slackapi/slack-github-action sigstore/cosign-installer ' +
    'anchore/sbom-action aquasecurity/trivy-action ossf/scorecard-action step-security/harden-runner ' +
    'release-drafter/release-drafter changesets/action gradle/actions oven-sh/setup-bun denoland/setup-deno ' +
    'astral-sh/setup-uv tj-actions/changed-files cachix/install-nix-action JamesIves/github-pages-deploy-action ' +
    'pypa/gh-action-pypi-publish ruby/setup-ruby shivammathur/setup-php subosito/flutter-action game-ci/unity-builder ' +
    'game-ci/unity-test-runner game-ci/unity-activate espressif/esp-idf-ci-action arduino/compile-sketches ' +
    'stefanzweifel/git-auto-commit-action dorny/paths-filter helm/chart-releaser-action azure/setup-helm ' +
    'azure/setup-kubectl crazy-max/ghaction-import-gpg super-linter/super-linter EndBug/add-and-commit nick-fields/retry ' +
    'appleboy/ssh-action appleboy/scp-action webfactory/ssh-agent pypa/cibuildwheel PyO3/maturin-action Swatinem/rust-cache'
  )
    .toLowerCase()
    .split(' '),
);
const OWNERS = new Set([...POPULAR_ACTIONS].map((a) => a.slice(0, a.indexOf('/'))));
const REPOS_BY_OWNER = new Map<string, string[]>();
for (const a of POPULAR_ACTIONS) {
  const [owner, repo] = a.split('/');
  REPOS_BY_OWNER.set(owner, [...(REPOS_BY_OWNER.get(owner) ?? []), repo]);
}

// `uses: owner/repo@ref` or `uses: owner/repo/path@ref` in a workflow or composite action, and a
// quoted "owner/repo@ref" in a file that maps or rewrites references (a pin list, a template).
const USES = /(\buses[ \t]*:[ \t]*["']?|["'])([\w.-]{1,100})\/([\w.-]{1,100})(?:\/[^\s@"']*)?@/g;

function nearName(name: string, popular: string): boolean {
  if (name === popular || popular.length < 5) return false;
  if (name.startsWith(`${popular}-`) || popular.startsWith(`${name}-`)) return false;
  return foldLookAlikes(name) === popular || withinTypoDistance(name, popular);
}

const imitatedAction = cachedVerdicts((reference) => {
  const [owner, repo] = reference.split('/');
  if (POPULAR_ACTIONS.has(reference)) return '';
  const repos = REPOS_BY_OWNER.get(owner);
  if (repos) {
    // The real organisation with a repository one letter off one of its popular actions.
    for (const popular of repos) if (nearName(repo, popular)) return `${owner}/${popular}`;
    return '';
  }
  // An organisation one letter off a popular one, with one of that organisation's repositories.
  for (const popularOwner of OWNERS) {
    if (!nearName(owner, popularOwner)) continue;
    for (const popular of REPOS_BY_OWNER.get(popularOwner)!) if (repo === popular || nearName(repo, popular)) return `${popularOwner}/${popular}`;
  }
  return '';
}, 2000);

export function actionTyposquats(file: FileView): RuleMatch[] {
  if (!file.text.includes('@')) return [];
  const out: RuleMatch[] = [];
  let checked = 0;
  scan(file.text, USES, (m) => {
    if (out.length >= 10 || ++checked > 200) return null;
    const reference = `${m[2]}/${m[3]}`;
    const imitated = imitatedAction(reference.toLowerCase());
    const index = m.index + m[1].length;
    if (imitated && !warnedAgainst(file, index)) {
      // An owner one letter off a popular publisher is someone else's account: its code runs with
      // the workflow's token and secrets. A look-alike repository under the real owner can only
      // have been made by that owner.
      const impostor = imitated.split('/')[0] !== m[2].toLowerCase();
      out.push({
        index, length: reference.length, severity: impostor ? 'critical' : 'high',
        message: impostor
          ? `GitHub Action "${reference}" comes from an account named one typo away from the publisher of "${imitated}"`
          : `GitHub Action "${reference}" is one typo away from the popular action "${imitated}"`,
      });
    }
    return null;
  });
  return out;
}
