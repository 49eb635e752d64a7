// DES-02 disk and partition wiping: dd onto a block device, mkfs, wipefs, diskutil erase,
// format, redirects onto a device and secure-erase tools.
import type { FileView, RuleMatch } from '../../types.ts';
import { isDetectionRuleFile } from '../script-context.ts';
import { scan } from '../context.ts';
import { finding } from './shared.ts';

const BLOCK_DEVICE = String.raw`/dev/(?:sd[a-z]|nvme\d|hd[a-z]|disk\d|rdisk\d|mmcblk\d|xvd[a-z]|vd[a-z]|mapper/|md\d|dm-\d)`;
const DD_TO_DEVICE = new RegExp(String.raw`\bdd\b[^\n|;]{0,120}\bof=\s*["']?` + BLOCK_DEVICE, 'g');
const DISK_WIPE = new RegExp(
  String.raw`\bmkfs(?:\.\w+)?\s+(?:-\S+\s+)*["']?` + BLOCK_DEVICE +
    String.raw`|\bwipefs\s+(?:-\w*a\w*|--all)\b|\bshred\b[^\n|;]{0,80}` + BLOCK_DEVICE +
    String.raw`|\bdiskutil\s+(?:eraseDisk|eraseVolume|zeroDisk|randomDisk|secureErase|partitionDisk|reformat)\b` +
    String.raw`|\bformat(?:\.com)?\s+[A-Za-z]:(?:\s+\/\w+)*\s*$|\b(?:Format-Volume|Clear-Disk|Initialize-Disk)\b` +
    String.raw`|(?<![<>&\d])>\s*["']?` + BLOCK_DEVICE +
    String.raw`|\bblkdiscard\b|\bsgdisk\s+(?:--zap-all|-Z)\b|\bhdparm\b[^\n]{0,60}--security-erase\b|\bcipher(?:\.exe)?\s+\/w:`,
  'gim',
);

// A typed confirmation the script checks before going on: `read -r -p "Type ERASE: " c` then
// `[[ "$c" == "ERASE" ]] || exit 1`, or Python's `input(...)` compared and exited on.
const READ_ANSWER = /\bread\s+(?:-[a-zA-Z]+\s+)*(?:-p\s+(?:"[^"\n]*"|'[^'\n]*'|\S+)\s+)?(?:-[a-zA-Z]+\s+)*([A-Za-z_]\w*)\s*(?:$|[;&|)])|\b([A-Za-z_]\w*)\s*=\s*input\s*\(/gm;
const CONFIRMATION_WINDOW = 2000;
const NAMED_BLOCK_DEVICE = new RegExp(BLOCK_DEVICE);

/** Whether the device operand is a variable the user passes, confirmed by typing before `index`. */
function confirmedByTyping(text: string, index: number, command: string): boolean {
  if (!/\$\{?\w+|\{\w+\}/.test(command) || NAMED_BLOCK_DEVICE.test(command)) return false;
  const before = text.slice(Math.max(0, index - CONFIRMATION_WINDOW), index);
  for (const m of before.matchAll(READ_ANSWER)) {
    const name = m[1] ?? m[2];
    const after = before.slice(m.index + m[0].length, m.index + m[0].length + 400);
    const checked = new RegExp(String.raw`(?:\$\{?${name}\}?|\b${name}\b)["']?\s*(?:==?|!=|-eq|-ne|\bnot\s+in\b|\bin\b)[^\n]{0,120}?\b(?:exit|return|abort|die|raise|sys\.exit)\b|(?:\$\{?${name}\}?|\b${name}\b)["']?\s*(?:==?|!=)[^\n]{0,120}\n[^\n]{0,120}\b(?:exit|return|abort|die|raise)\b`);
    if (checked.test(after)) return true;
  }
  return false;
}

export function detectDiskWipe(file: FileView): RuleMatch[] {
  if (isDetectionRuleFile(file)) return [];
  const text = file.text;
  // A wipe tool that takes the device from its user and waits for a typed confirmation is the
  // job itself (decommissioning, RMA); a fixed disk or no question is how a wiper reads.
  const guarded = (m: RegExpExecArray) =>
    file.kind === 'script' && confirmedByTyping(text, m.index, file.lineAt(m.index))
      ? finding(file, m, 'medium', 'Disk or partition wiped (a device the user names, after a typed confirmation)')
      : null;
  return [
    ...scan(text, DD_TO_DEVICE, (m) => {
      // Writing zeros or random data to a disk destroys it; writing an image to a card is flashing.
      const wipe = /\bif=\s*\/dev\/(?:zero|u?random)\b/.test(m[0]);
      return finding(file, m, wipe ? 'critical' : 'high', wipe ? 'dd overwrites a whole disk with zeros or random data' : 'dd writes straight onto a disk device');
    }),
    ...scan(text, DISK_WIPE, (m) => guarded(m) ?? finding(file, m, 'critical', 'Disk or partition wiped or reformatted')),
  ];
}
