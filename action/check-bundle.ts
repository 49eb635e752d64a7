// CI check: rebuilds the Action's bundle from action/src and fails when it differs from the
// committed action/dist/index.js, so the code that runs in users' workflows is the reviewed source.
//   node action/check-bundle.ts     exit 0 when they match, 1 when they differ or the bundle is missing
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { BUNDLE_PATH, REPOSITORY_ROOT, buildBundle, firstDifference } from './build.ts';

const shown = relative(REPOSITORY_ROOT, BUNDLE_PATH);
const committed = await readFile(BUNDLE_PATH).catch(() => null);
if (!committed) {
  console.error(`${shown} is missing: run npm run build:action and commit it`);
  process.exit(1);
}
const rebuilt = await buildBundle();
const at = firstDifference(committed, rebuilt);
if (at >= 0) {
  const line = committed.subarray(0, at).toString().split('\n').length;
  console.error(`${shown} does not match its source (first difference at line ${line}): run npm run build:action and commit the result`);
  process.exit(1);
}
console.log(`${shown} matches its source (${rebuilt.length} bytes)`);
