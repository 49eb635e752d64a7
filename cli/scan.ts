// Runs `skillgate scan` alone (node cli/scan.ts PATH ...), without the rest of the CLI.
import { processIo } from './io.ts';
import { runScanCommand } from './scan-command.ts';

process.exitCode = await runScanCommand(process.argv.slice(2), processIo);
