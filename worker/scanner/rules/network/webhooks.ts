// NET-03 webhook and request catchers: request-capture services, and chat webhooks graded by
// whether the skill says it sends messages.
import type { FileView, RuleMatch, Severity, SkillView } from '../../types.ts';
import { graded, scanCapped as scan } from '../context.ts';
import { withLabels } from './shared.ts';

// Services whose only purpose is to receive and show arbitrary requests.
const CATCHER_RE =
  /\b(?:(?:webhook\.site|requestbin\.(?:com|net|io)|m\.pipedream\.net|pipedream\.net|beeceptor\.com|interact\.sh|interactsh\.com|oast\.(?:fun|live|site|online|pro|me)|oastify\.com|burpcollaborator\.net|canarytokens\.(?:com|org)|hookbin\.com|requestcatcher\.com|postb\.in|ptsv[23]\.com|webhook\.cool|dnslog\.cn|ceye\.io|requestrepo\.com|webhookrelay\.com|hookdeck\.com|free\.beeceptor\.com|mockbin\.(?:org|io)|putsreq\.com))\b/gi;
// Chat webhooks: ordinary for a notifier skill, a quiet drop box anywhere else. A URL that carries a
// real webhook id or bot token is a live destination; placeholders and variables are documentation.
const CHAT_WEBHOOK_RE =
  /\b(?:discord(?:app)?\.com\/api\/webhooks\/[^\s"'<>()`]{0,120}|api\.telegram\.org\/bot[^\s"'<>()`]{0,120}|hooks\.slack\.com\/(?:services|workflows|triggers)\/[^\s"'<>()`]{0,120}|outlook\.office(?:365)?\.com\/webhook[^\s"'<>()`]{0,120}|[a-z0-9-]+\.webhook\.office\.com[^\s"'<>()`]{0,120}|chat\.googleapis\.com\/v1\/spaces\/[^\s"'<>()`]{0,120})/gi;
const LIVE_WEBHOOK =
  /discord(?:app)?\.com\/api\/webhooks\/\d{10,}\/[\w-]{20,}|api\.telegram\.org\/bot\d{6,}:[\w-]{20,}|hooks\.slack\.com\/services\/T[A-Z0-9]{6,}\/B[A-Z0-9]{6,}\/[A-Za-z0-9]{12,}|webhook\.office\.com\/webhookb2\/[\w-]{20,}|chat\.googleapis\.com\/v1\/spaces\/[\w-]+\/messages\?key=[\w-]{20,}/i;
export const WEBHOOK_ANCHORS = [
  'webhook.site', 'requestbin', 'pipedream', 'beeceptor', 'interact.sh', 'interactsh', 'oast.', 'oastify', 'burpcollaborator',
  'canarytokens', 'hookbin', 'requestcatcher', 'postb.in', 'ptsv2', 'ptsv3', 'webhook.cool', 'dnslog', 'ceye.io', 'requestrepo',
  'webhookrelay', 'hookdeck', 'mockbin', 'putsreq',
  'api/webhooks', 'api.telegram.org', 'hooks.slack.com', 'outlook.office', 'webhook.office.com', 'chat.googleapis.com',
];
const CHAT_PURPOSE = /\b(discord|telegram|slack|teams|google chat|notif\w*|alert\w*|webhook\w*|chat\s*ops|message|messaging|bot)\b/i;

function skillPurpose(skill: SkillView): string {
  const meta = skill.skillMd.meta;
  return `${meta.name ?? ''} ${meta.description ?? ''}`;
}

export function detectWebhook(file: FileView, skill: SkillView): RuleMatch[] {
  const text = file.text;
  const declared = CHAT_PURPOSE.test(skillPurpose(skill));
  return [
    ...scan(text, CATCHER_RE, (found) => {
      const m = withLabels(text, found, 0, 3)!;
      return {
        index: m.index, length: m[0].length, severity: graded(file, 'high'),
        message: `Data sent to the request-capture service ${m[0]}`,
      };
    }),
    ...scan(text, CHAT_WEBHOOK_RE, (m) => {
      const live = LIVE_WEBHOOK.test(m[0]);
      const severity: Severity = declared ? 'low' : live ? 'high' : 'medium';
      const where = m[0].replace(/^(\S{0,40}).*$/, '$1');
      return {
        index: m.index, length: m[0].length, severity: graded(file, severity),
        message: declared
          ? `Chat webhook ${where} (the skill says it sends messages)`
          : `${live ? 'Live chat webhook' : 'Chat webhook'} ${where} in a skill that does not say it sends messages`,
      };
    }),
  ].slice(0, 20);
}
