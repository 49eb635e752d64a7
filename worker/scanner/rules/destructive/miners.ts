// DES-11 cryptocurrency miners: miner binaries, stratum pool URLs and pool hosts. Prose that
// only names a miner runs nothing; commands sit in code.
import type { FileView, RuleMatch } from '../../types.ts';
import { isDetectionRuleFile } from '../script-context.ts';
import { lineBounds } from '../../line-table.ts';
import { isProse, scan } from '../context.ts';
import { fenceAt } from '../markdown-context.ts';
import { finding } from './shared.ts';

const MINER =
  /\b(?:xmrig|xmr-stak|minerd|cpuminer(?:-multi|-opt)?|ccminer|cgminer|bfgminer|ethminer|nbminer|lolminer|phoenixminer|nanominer|gminer|teamredminer|srbminer(?:-multi)?|nicehash\w*|coinhive|cryptonight)\b|\bstratum\+(?:tcp|ssl|tls):\/\/|--donate-level\b|\b(?:pool\.)?(?:minexmr|supportxmr|moneroocean|nanopool|2miners|f2pool|hashvault|herominers|unmineable|c3pool)\.(?:com|org|net|stream|pro|io)\b/gi;
const STEALTH = /\bnohup\b|\bsetsid\b|\bdisown\b|&\s*$|\/tmp\/\.|\bcrontab\b|--background\b|-B\b|\bsystemctl\s+enable\b|\$\(nproc\)|--threads?\b|\bcurl\b|\bwget\b/m;

/** Whether the inline code span around `index` holds a single word (no arguments). */
function isBareCodeSpan(text: string, index: number, lineStart: number, lineEnd: number): boolean {
  const open = text.lastIndexOf('`', index);
  const close = text.indexOf('`', index);
  if (open < lineStart || close < 0 || close > lineEnd) return false;
  return !/\s/.test(text.slice(open + 1, close));
}

export function detectMiner(file: FileView): RuleMatch[] {
  if (isDetectionRuleFile(file)) return [];
  const text = file.text;
  const found = scan(text, MINER, (m) => {
    // Prose that names a miner ("finds miners such as XMRig") runs nothing; commands sit in code.
    if (isProse(file) && !file.inCode(m.index)) return null;
    const { start, end } = lineBounds(text, m.index);
    // "miners (`xmrig`, high CPU)": a code span holding the name alone is a mention, not a command.
    if (isProse(file) && !fenceAt(file, m.index) && isBareCodeSpan(text, m.index, start, end)) return null;
    const stealthy = STEALTH.test(text.slice(start, end));
    return finding(
      file,
      m,
      stealthy ? 'critical' : 'high',
      stealthy ? 'Cryptocurrency miner started in the background or fetched at run time' : 'Cryptocurrency miner or mining pool',
    );
  });
  // One finding per line is enough: a miner command names the binary, the pool and the wallet.
  const seen = new Set<number>();
  return found.filter((f) => {
    const line = file.position(f.index).line;
    if (seen.has(line)) return false;
    seen.add(line);
    return true;
  });
}
