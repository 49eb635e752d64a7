// CRED-06 crypto wallets: wallet files, browser-extension storage and seed files, and prose that
// tells the agent to collect wallet secrets.
import type { FileView, RuleMatch } from '../../types.ts';
import { findAll, proseOf } from '../match.ts';
import { lineWindow, onePerLine } from '../context.ts';
import { isProhibited, isProseMention, isSignatureContext } from '../markdown-context.ts';
import { ACCESS_PROSE } from './access-words.ts';

const WALLET_FILES =
  /\bwallet\.dat\b|[.]?ethereum[/\\]keystore\b|\bsolana[/\\]id\.json\b|\bexodus[/\\]exodus\.wallet\b|\belectrum[/\\]wallets?\b|\batomic[/\\]Local Storage\b|\bLocal Extension Settings\b|\bnkbihfbeogaeaoehlefnkodbefgpgknn\b|\bbfnaelmomeimhlpmgjnjophhpkkoljpa\b|\*(?:metamask|phantom|exodus|electrum|keplr|trust ?wallet|coinbase ?wallet|solflare|rabby)\*|-(?:i?name|i?path)\s+["'][^"'\n]{0,30}(?:wallet|seed|mnemonic)[^"'\n]{0,30}["']|\bseed\.txt\b/gi;
const WALLET_PROSE =
  /\b(?:read|collect|gather|export|extract|copy|send|upload|dump|steal|grab|find|locate|import)\b[^.\n]{0,60}\b(?:seed phrases?|recovery phrases?|mnemonic(?: phrases?)?|wallet files?|wallet\.dat|keystore files?|private keys?)\b[^.\n]{0,60}\b(?:from|of|in|stored)\b[^.\n]{0,40}\bwallets?\b/gi;

export function walletMatches(file: FileView): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const m of findAll(file.text, WALLET_FILES, undefined, 40)) {
    if (isSignatureContext(file, m.index)) continue;
    const line = lineWindow(file, m.index, m.length);
    const found = file.text.slice(m.index, m.index + m.length);
    if (isProseMention(file, m.index)) {
      if (!ACCESS_PROSE.test(line) || isProhibited(file, m.index)) continue;
      out.push({ index: m.index, length: m.length, severity: 'high', message: `Wallet data access: ${found}` });
    } else out.push({ index: m.index, length: m.length, message: `Wallet data access: ${found}` });
  }
  if (file.kind === 'skill-md' || file.kind === 'markdown') {
    for (const m of findAll(proseOf(file), WALLET_PROSE)) {
      if (!isProhibited(file, m.index)) out.push({ ...m, severity: 'high', message: 'Instructs collecting wallet secrets' });
    }
  }
  return onePerLine(file, out.sort((a, b) => a.index - b.index));
}
