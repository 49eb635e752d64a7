// SUP-03 typosquatted package names: names one edit away from a popular package or written with
// look-alike letters, words with two letters swapped, and maps that swap a popular package for a
// look-alike, in install commands, npm aliases, requirement files and package.json.
import type { FileView, RuleMatch } from '../../types.ts';
import { isDetectionRuleFile, warnedAgainst } from '../script-context.ts';
import { lineBounds } from '../../line-table.ts';
import { execRegex, matchAllRegex, testRegex } from '../context.ts';
import { REQUIREMENT_LINE, REQUIREMENTS_FILE, dependencyBlocks } from './dependency-files.ts';
import { baseNameOf } from '../../file-view.ts';
import { editDistance } from './edit-distance.ts';
import { cachedVerdicts } from './verdict-cache.ts';
import { imageTyposquats } from './image-typosquat.ts';
import { actionTyposquats } from './action-typosquat.ts';

const POPULAR_PACKAGES = new Set(
  (
    'requests urllib3 numpy pandas scipy matplotlib seaborn scikit-learn tensorflow torch torchvision transformers datasets ' +
    'tokenizers accelerate openai anthropic langchain llama-index tiktoken pydantic fastapi flask django uvicorn gunicorn ' +
    'starlette sqlalchemy alembic psycopg2 psycopg2-binary pymysql redis celery boto3 botocore awscli pyyaml jinja2 ' +
    'markupsafe click typer rich colorama tqdm python-dateutil pytz setuptools wheel certifi idna charset-normalizer ' +
    'chardet cryptography pyopenssl paramiko bcrypt pyjwt jsonschema attrs packaging pillow opencv-python beautifulsoup4 ' +
    'lxml selenium playwright scrapy httpx aiohttp websockets pytest pytest-cov coverage black flake8 pylint mypy ruff ' +
    'isort poetry virtualenv pipenv docker kubernetes pexpect psutil pyserial pygments markdown nltk spacy networkx sympy ' +
    'statsmodels xgboost lightgbm plotly streamlit gradio huggingface-hub sentence-transformers faiss-cpu chromadb ' +
    'python-dotenv pycryptodome keyring discord.py python-telegram-bot slack-sdk tweepy stripe twilio sendgrid pymongo ' +
    'elasticsearch protobuf grpcio pypdf pypdf2 pdfplumber reportlab openpyxl xlrd python-docx python-pptx imageio mcp ' +
    'react react-dom react-devtools react-router react-router-dom next vue nuxt svelte lodash underscore express koa ' +
    'fastify axios node-fetch chalk commander yargs inquirer debug dotenv moment dayjs date-fns uuid nanoid classnames ' +
    'prop-types typescript ts-node webpack webpack-cli vite rollup esbuild eslint prettier jest mocha chai vitest cypress ' +
    'puppeteer socket.io mongoose mongodb mysql2 sequelize prisma ioredis jsonwebtoken bcryptjs passport cors ' +
    'body-parser cookie-parser helmet morgan winston nodemon concurrently cross-env rimraf minimist semver fs-extra ' +
    'async bluebird rxjs tailwindcss postcss autoprefixer styled-components jquery bootstrap three chart.js ' +
    'electron discord.js colors cheerio marked highlight.js graphql firebase aws-sdk shelljs execa node-cron got ' +
    'superagent validator xml2js sharp multer nodemailer crypto-js ethers web3 zod ' +
    'eslint-plugin-react eslint-plugin-react-hooks eslint-plugin-import eslint-plugin-jsx-a11y eslint-config-prettier ' +
    'eslint-plugin-prettier typescript-eslint'
  ).split(' '),
);
// Real packages one edit away from a popular one.
const KNOWN_NEIGHBOURS = new Set([
  'request', 'colour', 'color', 'preact', 'pytest-mock', 'django-environ', 'pillow-simd', 'torchaudio', 'nuxt3', 'vuex',
  'mongo', 'debugpy', 'typing', 'scapy', 'server', 'mysql', 'dotenvx', 'prism', 'openapi', 'markdown2', 'jinja',
  'dataset', 'djongo', 'beautifulsoup', 'psycopg', 'psycopg-binary', 'types', 'reacts', 'vitess', 'pyjwt', 'jwt',
  'pyaml', 'cattrs', 'marker', 'marker-pdf', 'torchx', 'reactn', 'typed', 'ujson', 'httpie', 'mocha-cli', 'expresso',
  'pydantic-core', 'requests-toolbelt', 'chardet2', 'jsonschema-rs', 'pillow-heif', 'eslint-plugin-preact',
]);
const COMMON_WORDS = [
  'validator', 'diagnostics', 'formatter', 'analyzer', 'analyser', 'inspector', 'optimizer', 'generator', 'converter',
  'scanner', 'checker', 'reporter', 'monitor', 'tracker', 'manager', 'installer', 'updater', 'uploader', 'downloader',
  'crawler', 'scraper', 'sanitizer', 'serializer', 'compiler', 'bundler', 'builder', 'loader', 'parser', 'logger',
  'helper', 'helpers', 'utils', 'utilities', 'config', 'client', 'server', 'runner', 'security', 'toolkit', 'plugin',
  'extension', 'adapter', 'connector', 'wrapper', 'bridge', 'storage', 'database', 'schema', 'metrics', 'telemetry',
  'analytics', 'session', 'token', 'secrets', 'credentials', 'deploy', 'release', 'version', 'package', 'registry',
];

function normalisePackage(name: string): string {
  return name.toLowerCase().replace(/[_.]/g, '-');
}

/** The popular package a name imitates, or '' when it is not a look-alike. */
const imitatedPackage = cachedVerdicts((raw) => computeImitatedPackage(raw), 20000);

function computeImitatedPackage(raw: string): string {
  const scoped = raw.startsWith('@');
  const bare = raw.replace(/^@[\w.-]+\//, '').replace(/[@=<>~!].*$/, '').replace(/\[.*$/, '');
  if (bare.length < 5) return '';
  // Capital I and l, 0 and o, rn and m look alike in most fonts; registry names are lower case.
  const folded = normalisePackage(bare.replace(/I/g, 'l').replace(/0/g, 'o').replace(/rn/g, 'm'));
  const name = normalisePackage(bare);
  // "discord.py" and "chart.js" are listed as published; their normalised forms differ by one edit.
  if (POPULAR_PACKAGES.has(name) || POPULAR_PACKAGES.has(bare.toLowerCase()) || KNOWN_NEIGHBOURS.has(name)) return bare !== name && POPULAR_PACKAGES.has(folded) && /[A-Z]/.test(bare) && /[Il]/.test(bare) && folded !== name ? folded : '';
  if (folded !== name && POPULAR_PACKAGES.has(folded)) return folded;
  // A scoped name belongs to its scope's owner; only look-alike letters count there.
  if (scoped) return '';
  for (const popular of POPULAR_PACKAGES) {
    if (popular.length < 5) continue;
    // PyPI treats "discord-py" and "discord.py" as one name.
    if (normalisePackage(popular) === name) return '';
    const max = popular.length >= 10 ? 2 : 1;
    const d = editDistance(name, popular, max);
    if (d > 0 && d <= max) {
      // A suffix or prefix on a popular name ("pytest-cov", "langchainjs", "jinja2") names a
      // plugin, port or version line, not a typo.
      if (name.startsWith(popular) || name.endsWith(popular) || popular.startsWith(name)) {
        const extra = name.startsWith(popular) ? name.slice(popular.length) : name.endsWith(popular) ? name.slice(0, name.length - popular.length) : popular.slice(name.length);
        if (/^-|-$|^\d+$|^(?:js|py|ts|go|rs)$/.test(extra)) continue;
      }
      return popular;
    }
  }
  // A typo of a popular name with a suffix ("reqeusts-toolbelt2"): the head is the imitation.
  const head = name.split('-')[0];
  if (head !== name && head.length >= 6 && !POPULAR_PACKAGES.has(head)) {
    for (const popular of POPULAR_PACKAGES) {
      if (popular.length >= 6 && !popular.includes('-') && editDistance(head, popular, 1) === 1) return popular;
    }
  }
  return '';
}

/** A word in the name with two adjacent letters swapped ("diagnotsics"), a classic typo. */
function transposedWord(raw: string): string {
  for (const part of normalisePackage(raw).split('-')) {
    if (part.length < 6 || COMMON_WORDS.includes(part)) continue;
    for (const word of COMMON_WORDS) {
      if (word.length !== part.length || word === part) continue;
      let diff = -1;
      let count = 0;
      for (let i = 0; i < word.length && count <= 2; i++) {
        if (word[i] !== part[i]) {
          if (diff < 0) diff = i;
          count++;
        }
      }
      if (count === 2 && part[diff] === word[diff + 1] && part[diff + 1] === word[diff]) return word;
    }
  }
  return '';
}

// The arguments run on over lines ending in a backslash: a long install is usually written so, and
// a look-alike name hides best on its third line. A name never starts with the backslash, so a
// separator and a name cannot both claim it.
const INSTALL_ARGS =
  /\b(?:pip3?\s+install|python3?\s+-m\s+pip\s+install|uv\s+(?:pip\s+install|add)|pipx\s+(?:install|run)|npm\s+(?:i|install|add)|yarn\s+(?:global\s+)?add|pnpm\s+(?:i|install|add)|bun\s+(?:i|install|add)|npx\s+(?:-y\s+|--yes\s+)?|uvx\s+|gem\s+install|cargo\s+install)((?:(?:[ \t]|\\\r?\n)+[^\s;&|`'"()\\][^\s;&|`'"()]*){1,20})/g;

function packageNamesAt(text: string, m: RegExpExecArray): { name: string; index: number }[] {
  const out: { name: string; index: number }[] = [];
  const argsStart = m.index + m[0].length - m[1].length;
  const tokenRe = /[^\s]+/g;
  let t: RegExpExecArray | null;
  let skipNext = false;
  while ((t = tokenRe.exec(m[1])) !== null) {
    const token = t[0];
    if (skipNext) {
      skipNext = false;
      continue;
    }
    if (token.startsWith('-')) {
      skipNext = /^(?:-r|-c|-e|-i|--index-url|--extra-index-url|--registry|--requirement|--constraint|--target|-t|--prefix|--root|--from|--python|-p)$/.test(token);
      continue;
    }
    if (/[/:\\$]|^\.|\.(?:txt|whl|tgz|tar\.gz|zip|toml|cfg|json)$/.test(token.replace(/^@[\w.-]+\//, ''))) continue;
    out.push({ name: token, index: argsStart + t.index });
  }
  return out;
}

const UNVETTED_INDEX =
  /(?:--extra-index-url|--index-url|(?<![\w-])-i|--registry|\bindex-url\s*=|\bregistry\s*=)[ \t=]+["']?https?:\/\/(?!(?:pypi\.org|files\.pythonhosted\.org|registry\.npmjs\.org|registry\.yarnpkg\.com|localhost|127\.0\.0\.1)[/:"'\s])/;

// A map that swaps a popular package for a look-alike: a fork table ("| lodash | lodahs |"), an
// object of replacements ({ axios: 'axois-secure' }), npm aliases and overrides
// ("lodash": "npm:lodahs@latest"). Naming the real package beside its imitation is the swap itself.
const SWAP_CONTEXT = /\bnpm:|\b(?:forks?|alias(?:es)?|overrides|resolutions|swap\w*|replac\w+|patched|substitut\w+|drop-in)\b/i;
const NPM_ALIAS = /\bnpm:((?:@[\w.-]+\/)?[\w.-]{2,214})(?=@|["'\s,}\x60]|$)/g;
const PACKAGE_TOKEN = /(?:@[\w.-]{1,60}\/)?[A-Za-z][\w.-]{2,60}/g;
const WARNED_SWAP = /typo|squat|imitat|look-?alike|malicious|fake|avoid|never\s+install|do\s+not\s+install|suspicious|counterfeit/i;
const MAP_SEPARATOR = /^(?:[ \t]*\|[ \t]*|["'\x60]?[ \t]*(?::|=>?|->|\u2192)[ \t]*["'\x60]?(?:npm:)?|["'\x60][ \t]*,[ \t]*["'\x60])$/;
const FORK_SUFFIX = /^-(?:secure|security|patched|fixed|safe|hardened|fork|official|latest|next|lts|maintained|community)(?:-[\w]+)?$/;

/** How `token` imitates the popular `name` beside it, or ''. */
function imitationOf(token: string, name: string): string {
  // Registry names are lower case, and an imitation adds, swaps or changes letters; a shorter word
  // ("attr" beside "attrs") is an English word, not a squat.
  if (/[A-Z]/.test(token)) return '';
  const t = normalisePackage(token.replace(/^@[\w.-]+\//, ''));
  if (t.length < name.length || name.length < 5) return '';
  if (t === name || POPULAR_PACKAGES.has(t) || KNOWN_NEIGHBOURS.has(t)) return '';
  const head = t.includes('-') && !name.includes('-') ? t.slice(0, t.indexOf('-')) : t;
  const rest = t.slice(head.length);
  if (head !== t && !FORK_SUFFIX.test(rest)) return '';
  // "minimist-safe-fork" keeps the real name: a fork's own name, not an imitation of it.
  if (head === name) return '';
  const max = name.length >= 10 ? 2 : 1;
  const d = editDistance(head, name, max);
  return d > 0 && d <= max ? 'a misspelling' : '';
}

function swapMaps(file: FileView): RuleMatch[] {
  const text = file.text;
  if (!testRegex(SWAP_CONTEXT, text)) return [];
  const out: RuleMatch[] = [];
  const report = (index: number, token: string, name: string) => {
    if (out.length >= 10 || warnedAgainst(file, index)) return;
    const { start, end } = lineBounds(text, index);
    // A table of squats under a heading that warns about them documents the attack.
    if (WARNED_SWAP.test(text.slice(Math.max(0, start - 600), end))) return;
    out.push({ index, length: token.length, severity: 'high', message: `"${name}" is swapped for the look-alike package "${token}"` });
  };
  let lines = 0;
  for (let start = 0; start < text.length && lines < 5000 && out.length < 10; lines++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (end - start <= 300) {
      const line = text.slice(start, end);
      const tokens = [...line.matchAll(PACKAGE_TOKEN)].slice(0, 16);
      const popular = tokens.filter((t) => POPULAR_PACKAGES.has(t[0].toLowerCase()));
      if (popular.length > 0 && tokens.length > popular.length) {
        for (const t of tokens) {
          for (const p of popular) {
            if (t === p || !imitationOf(t[0], p[0].toLowerCase())) continue;
            // Side by side as a map entry: a table row, `name: 'fork'`, `"name": "npm:fork@..."`, `name -> fork`.
            const [first, second] = (p.index ?? 0) < (t.index ?? 0) ? [p, t] : [t, p];
            const between = line.slice((first.index ?? 0) + first[0].length, second.index ?? 0);
            if (!MAP_SEPARATOR.test(between)) continue;
            report(start + (t.index ?? 0), t[0], p[0].toLowerCase());
            break;
          }
        }
      }
    }
    start = end + 1;
  }
  return out;
}

export function detectTyposquat(file: FileView): RuleMatch[] {
  if (isDetectionRuleFile(file)) return [];
  const text = file.text;
  const found: RuleMatch[] = [];
  let checked = 0;
  const check = (name: string, index: number) => {
    // A file naming hundreds of packages is a lockfile or a list, not an install step to vet one by one.
    if (++checked > 400) return;
    if (warnedAgainst(file, index)) return;
    const imitated = imitatedPackage(name);
    if (imitated) {
      // With an index nobody vets in the same command or a few lines around it, the look-alike is
      // served by whoever runs that index: dependency confusion by design.
      const { start, end } = lineBounds(text, index);
      const around = text.slice(Math.max(0, start - 400), Math.min(text.length, end + 400));
      const served = UNVETTED_INDEX.test(around);
      found.push({
        index,
        length: name.length,
        severity: served ? 'critical' : 'high',
        message: served
          ? `Package "${name}" imitates "${imitated}" and is installed with an index nobody vets`
          : `Package "${name}" is one typo away from the popular package "${imitated}"`,
      });
      return;
    }
    const word = transposedWord(name.replace(/^@[\w.-]+\//, '').replace(/[@=<>~!].*$/, ''));
    if (word) found.push({ index, length: name.length, severity: 'medium', message: `Package "${name}" misspells "${word}": a common typosquatting pattern` });
  };
  INSTALL_ARGS.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = execRegex(INSTALL_ARGS, text)) !== null && found.length < 20) {
    for (const p of packageNamesAt(text, m)) check(p.name, p.index);
  }
  // An npm alias anywhere (package.json, a script that writes one, an install command) installs the target.
  if (text.includes('npm:')) {
    NPM_ALIAS.lastIndex = 0;
    while ((m = execRegex(NPM_ALIAS, text)) !== null && found.length < 20) check(m[1], m.index + 4);
  }
  if (found.length < 20) {
    const seen = new Set(found.map((f) => lineBounds(text, f.index).start));
    for (const swap of swapMaps(file)) if (!seen.has(lineBounds(text, swap.index).start)) found.push(swap);
  }
  if (found.length < 20) found.push(...imageTyposquats(file));
  if (found.length < 20) found.push(...actionTyposquats(file));
  const base = baseNameOf(file.skillPath).toLowerCase();
  if (REQUIREMENTS_FILE.test(base)) {
    REQUIREMENT_LINE.lastIndex = 0;
    while ((m = execRegex(REQUIREMENT_LINE, text)) !== null && found.length < 20) {
      if (m[0].length === 0) {
        REQUIREMENT_LINE.lastIndex++;
        continue;
      }
      check(m[1], m.index + m[0].indexOf(m[1]));
    }
  } else if (base === 'package.json') {
    for (const { offset, body } of dependencyBlocks(text)) {
      for (const d of matchAllRegex(body, /"([@\w./-]+)"\s*:/g)) check(d[1], offset + (d.index ?? 0) + 1);
    }
  }
  return found;
}
