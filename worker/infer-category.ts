// The directory category of an imported skill, guessed from its name, description and text with a
// keyword map onto the directory's categories. Words in the name and description weigh more than
// words in the body; a skill that matches nothing well lands in the fallback category.

export const FALLBACK_CATEGORY = {
  slug: 'uncategorised',
  name: 'Uncategorised',
  description: 'Imported skills that match no other category yet.',
};

const KEYWORDS: Record<string, string[]> = {
  'data-analysis': ['csv', 'spreadsheets?', 'excel', 'dataframes?', 'pandas', 'notebooks?', 'jupyter', 'statistics', 'statistical', 'charts?', 'plots?', 'a/b tests?', 'experiments?', 'analytics', 'tabular', 'data analysis'],
  documents: ['pdfs?', 'docx', 'word documents?', 'documents?', 'ocr', 'scanned', 'latex', 'pptx', 'slides', 'presentations?'],
  devops: ['docker', 'containers?', 'kubernetes', 'k8s', 'helm', 'ci', 'pipelines?', 'github actions', 'deploy', 'deployments?', 'jenkins', 'ansible', 'nginx', 'devops'],
  'cloud-infrastructure': ['aws', 'gcp', 'azure', 'terraform', 'cloudformation', 'iam', 's3', 'ec2', 'lambda', 'infrastructure as code', 'pulumi', 'cloud'],
  security: ['security', 'vulnerability', 'vulnerabilities', 'cve', 'audits?', 'secrets?', 'threat model(?:ling|ing)?', 'hardening', 'owasp', 'pentest', 'encryption'],
  testing: ['tests?', 'testing', 'unit tests?', 'pytest', 'jest', 'vitest', 'coverage', 'e2e', 'end-to-end', 'playwright', 'cypress', 'flaky'],
  frontend: ['react', 'vue', 'svelte', 'css', 'html', 'components?', 'accessibility', 'a11y', 'tailwind', 'frontend', 'web pages?', 'lighthouse'],
  'backend-api': ['apis?', 'rest', 'graphql', 'endpoints?', 'openapi', 'swagger', 'backend', 'microservices?', 'grpc', 'rate limit(?:s|ing)?', 'http services?'],
  databases: ['sql', 'postgres', 'postgresql', 'mysql', 'databases?', 'schemas?', 'migrations?', 'queries', 'indexes', 'mongodb', 'redis', 'sqlite'],
  writing: ['changelogs?', 'readmes?', 'release notes', 'blog posts?', 'writing', 'prose', 'copywriting', 'style guide', 'proofread(?:ing)?', 'technical writing'],
  productivity: ['meetings?', 'calendar', 'emails?', 'inbox', 'todos?', 'tasks', 'notes', 'status reports?', 'agenda', 'minutes'],
  'git-workflow': ['git', 'commits?', 'branch(?:es)?', 'pull requests?', 'code reviews?', 'rebase', 'merge conflicts?', 'repositor(?:y|ies)'],
  'ai-ml': ['llms?', 'prompts?', 'embeddings?', 'models?', 'machine learning', 'fine-tun(?:e|ing)', 'datasets?', 'mcp', 'rag', 'inference', 'evals?'],
  design: ['figma', 'design', 'colou?rs?', 'contrast', 'icons?', 'typography', 'design tokens', 'mockups?', 'wireframes?'],
  mobile: ['ios', 'android', 'swift', 'kotlin', 'app store', 'play store', 'mobile', 'react native', 'flutter', 'xcode'],
};

const PATTERNS = Object.entries(KEYWORDS).map(([slug, words]) => ({
  slug,
  pattern: new RegExp(`\\b(?:${words.join('|')})\\b`, 'gi'),
}));

const HEAD_WEIGHT = 3;
/** A body that repeats one word a hundred times is not a hundred times more about it. */
const BODY_CAP = 6;
const MIN_SCORE = 2;
const MAX_BODY_CHARS = 20_000;

function count(pattern: RegExp, text: string): number {
  return text.match(pattern)?.length ?? 0;
}

/** The best-matching slug among `available`, or the fallback slug. */
export function inferCategory(skill: { name: string; description: string; body: string }, available: readonly string[]): string {
  const head = `${skill.name.replace(/[-_]/g, ' ')}\n${skill.description}`;
  const body = skill.body.slice(0, MAX_BODY_CHARS);
  let best = FALLBACK_CATEGORY.slug;
  let bestScore = MIN_SCORE - 1;
  for (const { slug, pattern } of PATTERNS) {
    if (!available.includes(slug)) continue;
    const score = HEAD_WEIGHT * count(pattern, head) + Math.min(BODY_CAP, count(pattern, body));
    if (score > bestScore) {
      best = slug;
      bestScore = score;
    }
  }
  return best;
}
