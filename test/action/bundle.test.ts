// The CI check: the committed bundle is exactly what the source builds to, so the code that runs
// in users' workflows is the code reviewed here.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { BUNDLE_PATH, buildBundle, firstDifference } from '../../action/build.ts';

describe('action/dist/index.js', () => {
  it('is reproduced byte for byte by rebuilding action/src', async () => {
    const committed = new Uint8Array(await readFile(BUNDLE_PATH));
    const rebuilt = await buildBundle();
    expect(firstDifference(committed, rebuilt), 'run `npm run build:action` and commit action/dist/index.js').toBe(-1);
  });

});

describe('action.yml', () => {
  const root = new URL('../../', import.meta.url);

  function section(yaml: string, name: string): string[] {
    const body = yaml.split(/^(?=\S)/m).find((part) => part.startsWith(`${name}:`)) ?? '';
    return [...body.matchAll(/^ {2}([a-z-]+):/gm)].map((m) => m[1]);
  }

  it('runs the committed bundle on node24 and declares exactly the inputs and outputs the source uses', async () => {
    const yaml = await readFile(new URL('action.yml', root), 'utf8');
    expect(yaml).toMatch(/^runs:\n {2}using: node24\n {2}main: action\/dist\/index\.js\n/m);
    const inputsSource = await readFile(new URL('action/src/inputs.ts', root), 'utf8');
    const read = [...inputsSource.matchAll(/\b(?:text|flag)\('([a-z-]+)'/g)].map((m) => m[1]);
    expect(section(yaml, 'inputs').sort()).toEqual([...new Set(read)].sort());
    const outputsSource = await readFile(new URL('action/src/outputs.ts', root), 'utf8');
    const set = [...outputsSource.matchAll(/core\.setOutput\('([a-z-]+)'/g)].map((m) => m[1]);
    expect(section(yaml, 'outputs').sort()).toEqual(set.sort());
  });
});
