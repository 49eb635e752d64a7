import type { FileView, RuleMatch } from '../../types.ts';
import { proseOf } from '../match.ts';
import { graded, scanCapped as scan } from '../context.ts';

// TPA-09 financial and irreversible actions

const MONEY_PROSE_RE = new RegExp(
  [
    String.raw`\b(?:transfer|send|withdraw|move|sweep|drain|bridge)\s+(?:all\s+(?:of\s+)?(?:the\s+|your\s+|their\s+)?|the\s+(?:entire|full|whole|remaining)\s+|your\s+|their\s+|the\s+user'?s\s+|remaining\s+)(?:funds|crypto(?:currency)?|tokens|coins|eth|btc|bitcoin|usdc|usdt|sol|balance|assets|money|holdings|nfts?|wallet)\b`,
    String.raw`\b(?:sign|approve|broadcast)\s+(?:and\s+(?:send|submit|broadcast)\s+)?(?:the\s+|any\s+|all\s+)?(?:transactions?|transfers?|permits?|withdrawals?)\s+(?:automatically|without|on\s+(?:the\s+user'?s\s+)?behalf|for\s+the\s+user)\b`,
    String.raw`\b(?:place|submit|execute)\s+(?:a\s+|an\s+|the\s+)?(?:market|limit|buy|sell|stop(?:-loss)?)\s+orders?\b`,
    String.raw`\b(?:make|initiate|send|process|authorize)\s+(?:a\s+)?(?:payments?|wire\s+transfers?|purchases?)\s+(?:automatically|without|on\s+behalf|for\s+the\s+user|from\s+(?:the|your)\s+(?:account|card|wallet))\b`,
    String.raw`\b(?:grant|give|set|request)\s+(?:an?\s+)?(?:unlimited|infinite|max(?:imum)?)\s+(?:token\s+)?(?:approvals?|allowances?)\b`,
  ].join('|'),
  'gi',
);
const MONEY_CODE_RE =
  /\b(?:eth_sendTransaction|eth_sendRawTransaction|sendTransaction|sendRawTransaction|signTransaction|signAndSendTransaction|transferFrom\s*\(|\.transfer\s*\(\s*(?:to|recipient|dest|address|wallet)|stripe\.(?:charges|paymentIntents|transfers|payouts)\.create|stripe\.(?:Charge|PaymentIntent|Transfer|Payout)\.create|create_(?:market_)?order\s*\(|place_order\s*\(|\.withdraw\s*\(|approve\s*\([^)\n]{0,80}(?:MaxUint256|MAX_UINT|2\s*\*\*\s*256|uint256\(-1\)|type\(uint256\)\.max))/g;
export const MONEY_ANCHORS = [
  'transfer', 'send', 'withdraw', 'move', 'sweep', 'drain', 'bridge', 'sign', 'approve', 'broadcast', 'order', 'payment',
  'purchase', 'approval', 'allowance', 'stripe.', 'create_', 'place_order',
];

export function detectFinancialAction(file: FileView): RuleMatch[] {
  if (file.kind === 'script') {
    return scan(file.text, MONEY_CODE_RE, (m) => ({ index: m.index, length: m[0].length, severity: graded(file, 'medium'), message: `Moves money or signs transactions: ${m[0].trim().slice(0, 40)}` }));
  }
  const text = proseOf(file);
  return scan(text, MONEY_PROSE_RE, (m) => {
    if (file.inCode(m.index) && file.isDocumentation) return null;
    return { index: m.index, length: m[0].length, severity: file.isDocumentation ? 'low' : 'medium' };
  });
}
