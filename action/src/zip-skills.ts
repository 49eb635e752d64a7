// Packs the files of the chosen skills into one ZIP in memory, with paths relative to the scanned
// folder, so the findings' `file` values are those paths. Entries carry a fixed date and sorted
// order: the same skills give the same bytes, which keeps uploads comparable between runs.
import { join } from 'node:path';
import { ZipArchive } from 'archiver';

const FIXED_DATE = new Date('2000-01-01T00:00:00Z');

/** Zips `paths` (relative to `root`, forward slashes) into a Buffer. */
export async function zipFiles(root: string, paths: readonly string[]): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level: 9 } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    archive.on('data', (chunk: Buffer) => chunks.push(chunk));
    archive.on('end', () => resolve(Buffer.concat(chunks)));
    archive.on('error', reject);
    // A file that vanished between listing and reading is an error, not something to skip quietly.
    archive.on('warning', reject);
  });
  for (const path of [...paths].sort()) archive.file(join(root, path), { name: path, date: FIXED_DATE });
  await archive.finalize();
  return done;
}
