// A directory skill as a ZIP archive, built in memory with archiver: every file under a folder
// named after the slug, so unpacking it into a skills folder gives the skill its own folder.
// Entries carry the skill's last change as their date, so the same version gives the same bytes.
import { ZipArchive } from 'archiver';

export interface ZipFile {
  /** Path relative to the skill folder, forward slashes. */
  path: string;
  content: Buffer;
}

/** True for a path that stays inside the skill folder once unpacked. */
export function isSafeEntryPath(path: string): boolean {
  const segments = path.split('/');
  return path !== '' && !path.startsWith('/') && !/^[a-z]:/i.test(path) && !path.includes('\\') && !path.includes('\u0000') && !segments.includes('..') && !segments.includes('');
}

export async function zipSkill(folder: string, files: ZipFile[], date: Date): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level: 9 } });
  const chunks: Buffer[] = [];
  const finished = new Promise<void>((resolve, reject) => {
    archive.on('data', (chunk: Buffer) => chunks.push(chunk));
    archive.on('end', () => resolve());
    archive.on('error', reject);
    archive.on('warning', reject);
  });
  for (const file of files) archive.append(file.content, { name: `${folder}/${file.path}`, date });
  await archive.finalize();
  await finished;
  return Buffer.concat(chunks);
}
