// EXF-09 for mailboxes: a rule or setting that forwards or redirects mail to another address
// (Exchange inbox rules and mailbox forwarding, Graph message rules, Gmail forwarding, a ~/.forward
// file, Sieve redirects). Every later message leaves the mailbox for good, and a rule that also
// deletes or hides what it forwards is how mailbox takeovers stay unseen.
import type { FileView, RuleMatch } from '../../types.ts';
import { findAll } from '../match.ts';
import { isProseOnlyMention } from '../markdown-context.ts';
import { isCommentLine } from '../script-context.ts';

const MAIL_FORWARD =
  /\b(?:New|Set)-InboxRule\b[^\n]{0,300}?-(?:ForwardTo|ForwardAsAttachmentTo|RedirectTo)\b|\bSet-Mailbox\b[^\n]{0,300}?-(?:ForwardingSmtpAddress|ForwardingAddress)\b|\bmessageRules\b[^\n]{0,600}?["']?(?:forwardTo|redirectTo|forwardAsAttachmentTo)\b|\bforwardingAddresses\b[^\n]{0,200}?\.create\b|\bautoForwarding\b[^\n]{0,200}?["']?enabled["']?\s*[:=]\s*(?:true|True)\b|(?:>>?|\btee\s+(?:-a\s+)?)\s*["']?(?:~|\$\{?HOME\}?)\/\.forward\b|^\s*redirect\s+(?::copy\s+)?"[^"\s@]+@[^"\s]+"\s*;/gm;
// Forwarded and then deleted, marked read or moved out of sight: the owner never sees it.
const HIDES_ORIGINAL = /-DeleteMessage\s+\$?true\b|-MarkAsRead\s+\$?true\b|-MoveToFolder\b|["']?(?:delete|markAsRead|moveToFolder)["']?\s*:\s*(?:true|["'])|\bremoveLabelIds\b[^\n]{0,80}INBOX|-DeliverToMailboxAndForward\s+\$?false\b/i;

export function mailForwardingMatches(file: FileView): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const m of findAll(file.text, MAIL_FORWARD, undefined, 5)) {
    if (isCommentLine(file, m.index)) continue;
    if (isProseOnlyMention(file, m.index)) continue;
    const hides = HIDES_ORIGINAL.test(file.text.slice(m.index, m.index + m.length + 400));
    out.push({
      ...m,
      severity: hides ? 'critical' : 'high',
      message: hides ? 'Forwards mail to another address and hides the original from the owner' : 'Sets up forwarding of mail to another address',
    });
  }
  return out;
}
