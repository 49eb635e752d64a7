// Writes the scan result as SARIF 2.1.0 for upload to code scanning. The scanner's own converter
// is reused; its locations are made relative to the repository root (where upload-sarif resolves
// them) by prefixing the scanned folder.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { ScanResult } from '../../worker/scanner/types.ts';
import { toSarif } from '../../worker/scanner/sarif.ts';
import type { Workspace } from './workspace.ts';

export async function writeSarifFile(result: ScanResult, file: string, workspace: Workspace): Promise<string> {
  const path = resolve(workspace.root, file);
  await mkdir(dirname(path), { recursive: true });
  const sarif = toSarif(result, { uriPrefix: workspace.scanRootFromWorkspace });
  await writeFile(path, JSON.stringify(sarif, null, 2) + '\n');
  return path;
}
