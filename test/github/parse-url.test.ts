import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { parseGitHubUrl, type GitHubLocation } from '../../worker/github/parse-url.ts';

const accepted: [string, GitHubLocation][] = [
  ['https://github.com/acme/skills', { owner: 'acme', repo: 'skills' }],
  ['https://github.com/acme/skills/', { owner: 'acme', repo: 'skills' }],
  ['https://github.com/acme/skills.git', { owner: 'acme', repo: 'skills' }],
  ['https://github.com/acme/skills.git/', { owner: 'acme', repo: 'skills' }],
  ['https://www.github.com/acme/skills', { owner: 'acme', repo: 'skills' }],
  ['http://github.com/acme/skills', { owner: 'acme', repo: 'skills' }],
  ['HTTPS://GitHub.com/Acme/Skills', { owner: 'Acme', repo: 'Skills' }],
  ['  https://github.com/acme/skills  ', { owner: 'acme', repo: 'skills' }],
  ['https://github.com/acme/skills#readme', { owner: 'acme', repo: 'skills' }],
  ['https://github.com/a-b/my_repo.v2', { owner: 'a-b', repo: 'my_repo.v2' }],
  ['https://github.com/acme/skills/tree/main', { owner: 'acme', repo: 'skills', ref: 'main' }],
  ['https://github.com/acme/skills/tree/v1.2.0/', { owner: 'acme', repo: 'skills', ref: 'v1.2.0' }],
  [
    'https://github.com/acme/skills/tree/main/skills/pdf-tools',
    { owner: 'acme', repo: 'skills', ref: 'main', path: 'skills/pdf-tools' },
  ],
  [
    'https://github.com/acme/skills/tree/0123abc/my%20skill/',
    { owner: 'acme', repo: 'skills', ref: '0123abc', path: 'my skill' },
  ],
  [
    'https://github.com/acme/skills/blob/main/skills/pdf-tools/SKILL.md',
    { owner: 'acme', repo: 'skills', ref: 'main', path: 'skills/pdf-tools' },
  ],
  ['https://github.com/acme/skills/blob/main/SKILL.md', { owner: 'acme', repo: 'skills', ref: 'main' }],
  // The documented ambiguity: the first segment after /tree/ is the ref.
  [
    'https://github.com/acme/skills/tree/feature/x/skills/a',
    { owner: 'acme', repo: 'skills', ref: 'feature', path: 'x/skills/a' },
  ],
];

const refused: [string, RegExp][] = [
  ['', /empty/],
  ['   ', /empty/],
  ['https://github.com.evil.net/acme/skills', /host must be github\.com, not "github\.com\.evil\.net"/],
  ['https://evilgithub.com/acme/skills', /host must be github\.com/],
  ['https://api.github.com/repos/acme/skills', /host must be github\.com, not "api\.github\.com"/],
  ['https://raw.githubusercontent.com/acme/skills/main/SKILL.md', /host must be github\.com/],
  ['https://gist.github.com/acme/0123456789abcdef', /host must be github\.com/],
  ['https://github.com./acme/skills', /host must be github\.com/],
  ['https://127.0.0.1/acme/skills', /host must be github\.com, not "127\.0\.0\.1"/],
  ['https://localhost/acme/skills', /host must be github\.com/],
  ['https://[::1]/acme/skills', /host must be github\.com/],
  ['https://xn--gthub-n4a.com/acme/skills', /host must be github\.com/],
  ['https://git%68ub.com/acme/skills', /must not be percent-encoded/],
  ['https://github%2Ecom/acme/skills', /must not be percent-encoded/],
  ['https://github.com\\@evil.com/acme/skills', /user name or password/],
  ['https://github.com:443/acme/skills', /must not name a port/],
  ['https://github.com:8080/acme/skills', /must not name a port/],
  ['https://github.com:/acme/skills', /must not name a port/],
  ['https://user:pass@github.com/acme/skills', /user name or password/],
  ['https://token@github.com/acme/skills', /user name or password/],
  ['https://github.com@evil.com/acme/skills', /user name or password/],
  ['ftp://github.com/acme/skills', /must use https, not "ftp:"/],
  ['file:///etc/passwd', /must use https, not "file:"/],
  ['javascript:alert(1)', /must use https, not "javascript:"/],
  ['ssh://git@github.com/acme/skills.git', /must use https, not "ssh:"/],
  ['git@github.com:acme/skills.git', /SSH remotes are not supported/],
  ['github.com/acme/skills', /must start with https:\/\/github\.com/],
  ['https:/github.com/acme/skills', /must start with https:\/\/github\.com/],
  ['https:///acme/skills', /has no host/],
  ['https://github.com', /missing the repository owner/],
  ['https://github.com/', /missing the repository owner/],
  ['https://github.com/acme', /missing the repository name/],
  ['https://github.com//skills', /empty path segments/],
  ['https://github.com/acme/skills//', /empty path segments/],
  ['https://github.com/-acme/skills', /owner "-acme" is not a valid GitHub account name/],
  ['https://github.com/ac.me/skills', /owner "ac\.me" is not a valid/],
  ['https://github.com/a_b/skills', /owner "a_b" is not a valid/],
  [`https://github.com/${'a'.repeat(40)}/skills`, /is not a valid GitHub account name/],
  ['https://github.com/acme/sk!lls', /repository name "sk!lls" is not valid/],
  ['https://github.com/acme/..', /"\." or "\.\." segments/],
  ['https://github.com/acme/.git', /repository name "" is not valid/],
  ['https://github.com/acme/%2e%2e', /"\." or "\.\." segments/],
  ['https://github.com/acme/sk%2Flls', /contains a forbidden character/],
  ['https://github.com/acme/skills/tree/main/%2e%2e/x', /"\." or "\.\." segments/],
  ['https://github.com/acme/skills/tree/main/a%5Cb', /contains a forbidden character/],
  ['https://github.com/acme/skills/tree/main/%E0%A4%A', /malformed percent-encoding/],
  ['https://github.com/orgs/acme', /is a GitHub page, not a repository owner/],
  ['https://github.com/settings/tokens', /is a GitHub page/],
  ['https://github.com/acme/skills?tab=readme-ov-file', /must not contain a query string/],
  ['https://github.com/acme/skills/issues', /not "\/issues"/],
  ['https://github.com/acme/skills/pull/1', /not "\/pull"/],
  ['https://github.com/acme/skills/archive/refs/heads/main.zip', /not "\/archive"/],
  ['https://github.com/acme/skills/tree', /missing the branch, tag or commit after \/tree\//],
  ['https://github.com/acme/skills/tree/', /missing the branch, tag or commit/],
  ['https://github.com/acme/skills/blob/main', /missing the file path after \/blob\/REF\//],
  ['https://github.com/acme/skills/tree/-x', /ref "-x" is not a valid/],
  ['https://github.com/acme/skills/tree/a..b', /ref "a\.\.b" is not a valid/],
  ['https://github.com/acme/skills/tree/x.lock', /is not a valid branch/],
  ['https://github.com/acme/skills/tree/a~1', /is not a valid branch/],
  ['https://github.com/acme/skills/tree/a%3Ab', /is not a valid branch/],
  ['https://github.com/acme/skills/tree/a%25b', /is not a valid branch/],
  ['https://github.com/acme/ski lls', /spaces or control characters/],
  ['https://github.com/acme/\nskills', /spaces or control characters/],
  ['https://github.com/acme/sk\tills', /spaces or control characters/],
  [`https://github.com/acme/skills/tree/main/${'a/'.repeat(1000)}`, /longer than 2000 characters/],
];

describe('parseGitHubUrl', () => {
  it.each(accepted)('accepts %s', (url, expected) => {
    expect(parseGitHubUrl(url)).toEqual(expected);
  });

  it.each(refused)('refuses %j', (url, message) => {
    let caught: unknown;
    try {
      parseGitHubUrl(url);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).code).toBe('INVALID_INPUT');
    expect((caught as AppError).message).toMatch(message);
  });

  it('refuses a value that is not a string', () => {
    expect(() => parseGitHubUrl(42 as unknown as string)).toThrow(/must be a string/);
  });

  it('cuts long pieces of input short in messages', () => {
    const owner = 'a'.repeat(200);
    expect(() => parseGitHubUrl(`https://github.com/${owner}/skills`)).toThrow(/"a{80}\.\.\."/);
  });
});
