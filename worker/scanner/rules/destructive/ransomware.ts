// DES-07 ransomware shapes and backup destruction: files encrypted in bulk and the originals
// deleted, file walks that rewrite and delete files next to a cipher or a ransom note, shadow
// copies and backup stores deleted, and mass shredding.
import type { FileView, RuleMatch } from '../../types.ts';
import { isDetectionRuleFile } from '../script-context.ts';
import { execRegex, isProse, scan, testRegex } from '../context.ts';
import { finding } from './shared.ts';
import { FILE_DELETE_CALL } from './delete-calls.ts';

const ENCRYPT_COMMAND =
  /\b(?:openssl\s+(?:enc|aes-\d+-\w+)|gpg\s+(?:--batch\s+)?(?:-c|--symmetric|-e|--encrypt)|7z\s+a\s+(?:-\S+\s+)*-p|zip\s+(?:-\S+\s+)*(?:-P|--password|-e)|age\s+(?:-p|--passphrase|-e|-r)|ccrypt|openssl\s+smime\s+-encrypt)\b[^\n]{0,200}/g;
const MANY_FILES = /(?:~|\$\{?HOME\}?|\/home\b|\/Users\b|\*|\bfind\b|\bxargs\b|\bfor\s+\w+\s+in\b|\$f\b|\$file\b|\{\})/;
// Deletions in shell, Python, Node, Go, Rust, Ruby and PowerShell.
const CODE_CIPHER = /\b(?:Fernet\s*\(|AES\.new\s*\(|Cipher\s*\(\s*algorithms\.AES|createCipheriv\s*\(|ChaCha20|nacl\.secret|aes\.NewCipher\s*\(|cipher\.NewGCM\s*\(|Aes256Gcm|OpenSSL::Cipher)/;
const FILE_WALK = /\bos\.walk\s*\(|\brglob\s*\(|\bglob\.glob\s*\([^)\n]{0,300}\*\*|\bPath\.home\(\)|os\.path\.expanduser\(\s*["']~|\bwalkSync\b|\breaddirSync\b[^\n]{0,80}recursive|\bos\.homedir\(\)|\bfilepath\.Walk(?:Dir)?\s*\(|\bos\.UserHomeDir\(\)|\bWalkDir::new\s*\(|\bDir\.glob\s*\(/;
const RANSOM_NOTE = /\b(?:ransom|bitcoin|btc|monero|xmr|decrypt(?:ion)?\s+key|to\s+recover\s+your\s+files|your\s+files\s+(?:have\s+been|are)\s+encrypted|pay\s+\$?\d)/i;
const BACKUP_DESTRUCTION =
  /\bvssadmin(?:\.exe)?\s+delete\s+shadows\b|\bwmic(?:\.exe)?\s+shadowcopy\s+delete\b|\bwbadmin(?:\.exe)?\s+delete\s+(?:catalog|systemstatebackup|backup)\b|\bbcdedit(?:\.exe)?\b[^\n]{0,60}\brecoveryenabled\s+no\b|\bGet-WmiObject\s+Win32_Shadowcopy\b[^\n]{0,60}\bDelete\b|\btmutil\s+(?:delete|deletelocalsnapshots|disable)\b/gi;
// A whole backup store removed, or recovery switched off: a whole backups folder or bucket deleted
// recursively, object versioning suspended, PostgreSQL WAL archiving turned off. Rotation deletes
// old files inside the store, not the store.
const BACKUP_WIPE =
  /\brm\s+-\w*[rR]\w*\s+(?:-\w+\s+)*["']?[^\s"';|&]*backups?["']?\/?(?=[\s;|&)]|$)|\b(?:rmtree|rmSync|RemoveAll|remove_dir_all)\s*\(\s*[^\n()]{0,60}?backups?\/?["'`]\s*[,)]|\baws\s+s3\s+rm\s+["']?s3:\/\/[^\s"']*backup[^\s"']*["']?\s+[^\n]{0,40}--recursive|\bput-bucket-versioning\b[^\n]{0,160}Status=Suspended|\bALTER\s+SYSTEM\s+SET\s+archive_mode\s*=\s*'?off\b|\b(?:gsutil\s+(?:-m\s+)?rm|gcloud\s+storage\s+rm)\s+(?:-\w+\s+)*["']?gs:\/\/[^\s"']*backup[^\s"']*|\baz\s+storage\s+(?:container\s+delete|blob\s+delete-batch)\b[^\n]{0,200}backup/gim;
// Warehouse and lake recovery switched off: Snowflake's Time Travel retention set to zero, Delta
// files vacuumed with no retention (the check against it disabled): dropped or overwritten data
// can no longer be restored.
const RECOVERY_OFF =
  /\bDATA_RETENTION_TIME_IN_DAYS\s*=\s*0\b|\bVACUUM\b[^;\n]{0,200}\bRETAIN\s+0(?:\.0+)?\s+HOURS\b|\bdeletedFileRetentionDuration['"]?\s*=\s*['"]interval\s+0\s+\w+|\bretentionDurationCheck\.enabled['"]?\s*[=,]\s*['"]?false\b|\bvacuum\s*\(\s*(?:retention_hours\s*=\s*)?0(?:\.0+)?\s*[,)]/gi;
// An encryption key destroyed: every backup, volume and object encrypted with it becomes
// unreadable for good, the cloud's own form of ransomware. Rotation creates a new version and
// keeps the old one.
const KEY_DESTRUCTION =
  /\baws\s+kms\s+(?:schedule-key-deletion|disable-key)\b|\bgcloud\s+kms\s+keys\s+versions\s+(?:destroy|disable)\b|\baz\s+keyvault\s+key\s+(?:delete|purge)\b|\b(?:ScheduleKeyDeletion|schedule_key_deletion|destroy_crypto_key_version|DestroyCryptoKeyVersion)\s*\(|\bvault\s+delete\s+transit\/keys\//g;
const SCRATCH_OBJECT = /\b(?:stag(?:e|ing)|tmp|temp|scratch|transient|sandbox)\w*/i;
const RANSOM_PROSE =
  /\bencrypt\w*\s+(?:all|every|each|the\s+user'?s?)\s+(?:of\s+the\s+)?(?:[\w']+\s+){0,2}(?:files?|documents?|data|folders?|directories|home)\b[^.\n]{0,160}/gi;

// Every file a search finds overwritten and removed: nothing can be recovered, not even from disk.
const MASS_SHRED = /\bxargs\b[^\n|;]{0,60}\bshred\b|-exec\s+shred\b/g;

// Decryption with a local identity in the same steps: `age -d -i KEY`, `gpg --decrypt`, `openssl enc -d`.
const ROUND_TRIP_DECRYPT = /\bage\s+(?:-\w+\s+\S+\s+)*(?:-d|--decrypt)\b|\bgpg2?\s+(?:-\S+\s+)*(?:-d|--decrypt)\b|\bopenssl\s+(?:enc|aes-\S+)\b[^\n|;]{0,80}\s-d\b/;

/** The encrypted file is an archive the script packed itself (tar -czf "$OUT", zip "$OUT") and removed after. */
function encryptsOwnArchive(text: string, index: number, command: string, window: string): boolean {
  const before = text.slice(Math.max(0, index - 3000), index);
  for (const v of [...command.matchAll(/\$\{?(\w+)\}?/g)].slice(0, 6).map((x) => x[1])) {
    const packed = new RegExp(String.raw`(?:\s-\w*c\w*f\s+|\bzip\s+(?:-\w+\s+)*|\b7z\s+a\s+(?:-\S+\s+)*)"?\$\{?${v}\}?"?(?:\s|$)`).test(before);
    const removed = new RegExp(String.raw`\b(?:rm|shred)\s+(?:-\w+\s+)*"?\$\{?${v}\}?"?(?:\s|$|;|&)`).test(window);
    if (packed && removed) return true;
  }
  return false;
}

export function detectRansomware(file: FileView): RuleMatch[] {
  if (isDetectionRuleFile(file)) return [];
  const text = file.text;
  // Commands count in scripts and in prose's code; a sentence naming one describes it.
  const command = (message: string) => (m: RegExpExecArray) => (isProse(file) && !file.inCode(m.index) ? null : finding(file, m, 'high', message));
  const found: RuleMatch[] = [
    ...scan(text, MASS_SHRED, command('Shreds every file a search finds: the data cannot be recovered')),
    ...scan(text, ENCRYPT_COMMAND, (m) => {
      const window = text.slice(Math.max(0, m.index - 300), Math.min(text.length, m.index + m[0].length + 400));
      if (!MANY_FILES.test(window)) return null;
      const deletes = FILE_DELETE_CALL.test(window);
      // gpg -e "$OUT" && shred -u "$OUT" where the script itself just packed $OUT: a backup
      // archive encrypted and its plain copy removed, not the user's files.
      if (deletes && encryptsOwnArchive(text, m.index, m[0], window)) return null;
      // A script that decrypts what it encrypted to check the round trip holds the private key:
      // the user's own archive, which ransomware never opens again.
      if (deletes && ROUND_TRIP_DECRYPT.test(window)) {
        return finding(file, m, 'medium', 'Files encrypted in bulk and the originals deleted (the script decrypts them again to check, with a key on this machine)');
      }
      if (!deletes && !/~|\$\{?HOME\}?|\/home\b|\/Users\b/.test(m[0])) return null;
      return finding(
        file,
        m,
        deletes ? 'critical' : 'high',
        deletes ? 'Files encrypted in bulk and the originals deleted (ransomware behaviour)' : 'Home folder encrypted in bulk',
      );
    }),
    ...scan(text, BACKUP_DESTRUCTION, (m) => finding(file, m, /tmutil/i.test(m[0]) ? 'high' : 'critical', 'Backups or shadow copies deleted so that data cannot be recovered')),
    ...scan(text, RECOVERY_OFF, (m) => {
      if (isProse(file) && !file.inCode(m.index)) return null;
      // Staging and scratch tables are often kept without history to save storage.
      // The statement's text before the match, within 300 characters: a window first, so that a
      // long file without semicolons is not searched back to its start at every match.
      const window = text.slice(Math.max(0, m.index - 300), m.index);
      const scratch = SCRATCH_OBJECT.test(window.slice(window.lastIndexOf(';') + 1));
      return finding(file, m, scratch ? 'medium' : 'high', 'Switches off recovery of deleted data (Time Travel retention or Delta history set to zero)');
    }),
    ...scan(text, KEY_DESTRUCTION, command('Destroys or disables an encryption key: everything encrypted with it can no longer be read')),
    ...scan(text, BACKUP_WIPE, command('Deletes a whole backup store or switches off recovery (versioning, WAL archiving)')),
  ];
  const walksAndDeletes = file.kind === 'script' && testRegex(FILE_WALK, text) && testRegex(FILE_DELETE_CALL, text);
  if (walksAndDeletes && !testRegex(CODE_CIPHER, text) && testRegex(RANSOM_NOTE, text)) {
    // A home-made cipher (an XOR loop) needs no library: the note asking for payment tells.
    const note = execRegex(RANSOM_NOTE, text)!;
    found.push({ index: note.index, length: note[0].length, severity: 'critical', message: 'Walks the file system, rewrites and deletes files and leaves a ransom note' });
  }
  if (walksAndDeletes && testRegex(CODE_CIPHER, text)) {
    const cipher = execRegex(CODE_CIPHER, text)!;
    found.push({
      index: cipher.index,
      length: cipher[0].length,
      severity: 'critical',
      message: testRegex(RANSOM_NOTE, text)
        ? 'Walks the file system, encrypts files, deletes originals and leaves a ransom note'
        : 'Walks the file system, encrypts files and deletes the originals (ransomware behaviour)',
    });
  }
  if (file.kind === 'skill-md' || file.kind === 'markdown') {
    const body = file.kind === 'skill-md' ? file.body : text;
    found.push(
      ...scan(body, RANSOM_PROSE, (m) => {
        if (file.isNegated(m.index)) return null;
        const severe = /\b(?:delete|remove|erase|shred|wipe)\w*\b[^.\n]{0,40}\b(?:original|unencrypted|plain)|\bransom|\bpay(?:ment)?\b|\bbitcoin/i.test(m[0]);
        return severe ? finding(file, m, 'critical', 'Instruction to encrypt the user\'s files and destroy the originals or demand payment') : null;
      }),
    );
  }
  return found;
}
