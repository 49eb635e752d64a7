// Builds the Action's bundle: action/src/index.ts and everything it imports (the @actions and
// @octokit clients, archiver, the scanner's SARIF writer) in one ES module that Node 24 runs with
// no node_modules beside it. ESM because the repository's package.json says "type": "module", which
// also governs the checked-out Action; the CommonJS packages inside (@actions/core) get a `require`
// from the banner. The output depends only on the sources and the locked package
// versions, so CI can rebuild it and compare (action/check-bundle.ts).
//   node action/build.ts            writes action/dist/index.js
import { build } from 'esbuild';
import { writeFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPOSITORY_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BUNDLE_PATH = join(REPOSITORY_ROOT, 'action', 'dist', 'index.js');

const BANNER = [
  '// The skillgate GitHub Action, bundled from action/src by `npm run build:action`. Do not edit: edit the source and rebuild.',
  "import { createRequire as __skillgateCreateRequire } from 'node:module';",
  'const require = __skillgateCreateRequire(import.meta.url);',
].join('\n');

/** The bundle's bytes, built in memory. */
export async function buildBundle(): Promise<Uint8Array> {
  const result = await build({
    absWorkingDir: REPOSITORY_ROOT,
    entryPoints: ['action/src/index.ts'],
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    charset: 'utf8',
    legalComments: 'eof',
    banner: { js: BANNER },
    outfile: 'action/dist/index.js',
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0].contents;
}

/** The first byte offset at which two builds differ, or -1 when they are equal. */
export function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : length;
}

export async function writeBundle(path = BUNDLE_PATH): Promise<void> {
  const bytes = await buildBundle();
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeBundle();
  console.log(`wrote ${BUNDLE_PATH}`);
}
