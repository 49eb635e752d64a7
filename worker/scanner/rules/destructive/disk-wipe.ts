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

export function detectDiskWipe(file: FileView): RuleMatch[] {
  if (isDetectionRuleFile(file)) return [];
  const text = file.text;
  return [
    ...scan(text, DD_TO_DEVICE, (m) => {
      // Writing zeros or random data to a disk destroys it; writing an image to a card is flashing.
      const wipe = /\bif=\s*\/dev\/(?:zero|u?random)\b/.test(m[0]);
      return finding(file, m, wipe ? 'critical' : 'high', wipe ? 'dd overwrites a whole disk with zeros or random data' : 'dd writes straight onto a disk device');
    }),
    ...scan(text, DISK_WIPE, (m) => finding(file, m, 'critical', 'Disk or partition wiped or reformatted')),
  ];
}
