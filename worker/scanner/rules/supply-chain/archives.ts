// SUP-08 archives: archives shipped in the skill, listed (never unpacked) for encryption, programs,
// nested archives and entries that escape the extraction folder. Office documents are left to SUP-11.
import type { FileView, RuleMatch, SkillView } from '../../types.ts';
import { extensionOf } from '../../file-view.ts';
import { archiveKind, listZip } from './file-formats.ts';
import { fileMatch } from './shared.ts';

const EXECUTABLE_NAME = /\.(?:exe|dll|so|dylib|scr|com|bat|cmd|ps1|psm1|vbs|vbe|js|jse|wsf|hta|jar|msi|lnk|sh|bash|zsh|py|pyc|rb|pl|php|app\/|command|elf|bin)$/i;
const ARCHIVE_NAME = /\.(?:zip|7z|rar|tar|tgz|gz|bz2|xz|zst|cab|iso|dmg|img|jar|apk|whl|nupkg)$/i;
const OFFICE_EXTENSIONS = /^(?:docx|docm|xlsx|xlsm|pptx|pptm|odt|ods|odp|epub|vsdx)$/;

export function detectArchives(_file: FileView, skill: SkillView): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const f of skill.files) {
    const kind = archiveKind(f.bytes);
    if (!kind) continue;
    const ext = extensionOf(f.skillPath);
    if (kind !== 'zip') {
      out.push(fileMatch(f, 'medium', `${kind} archive shipped in the skill: its contents are not scanned`));
      continue;
    }
    const listing = listZip(f.bytes);
    if (!listing) {
      out.push(fileMatch(f, 'medium', 'ZIP archive that cannot be listed: its contents are not scanned'));
      continue;
    }
    // Office documents are ZIP containers; their macros are SUP-11's business.
    if (OFFICE_EXTENSIONS.test(ext) || listing.names.includes('[Content_Types].xml') || listing.names.includes('mimetype')) continue;
    const executables = listing.names.filter((n) => EXECUTABLE_NAME.test(n) || /(?:^|\/)META-INF\/MANIFEST\.MF$|\.class$/.test(n));
    const nested = listing.names.filter((n) => ARCHIVE_NAME.test(n));
    const traversal = listing.names.filter((n) => /(?:^|\/)\.\.(?:\/|$)|^\/|^[A-Za-z]:/.test(n));
    const problems: string[] = [];
    if (listing.encrypted) problems.push('password-protected (cannot be scanned)');
    if (executables.length) problems.push(`contains programs or scripts (${executables.slice(0, 3).join(', ')}${executables.length > 3 ? ', ...' : ''})`);
    if (nested.length) problems.push(`contains nested archives (${nested.slice(0, 3).join(', ')})`);
    if (traversal.length) problems.push(`has entries that escape the extraction folder (${traversal[0]})`);
    out.push(
      problems.length
        ? fileMatch(f, 'high', `ZIP archive ${problems.join('; ')}`)
        : fileMatch(f, 'medium', `ZIP archive with ${listing.names.length} entries shipped in the skill: its contents are not scanned`),
    );
  }
  return out;
}
