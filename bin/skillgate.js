#!/usr/bin/env node
// Entry of `npx skillgate`: npm puts node_modules/.bin (with the project's Node 24) first on PATH,
// and Node 24 runs the TypeScript sources directly.
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
