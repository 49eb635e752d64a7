// EXF-01 conversation theft: prose that has the agent send the conversation, the system prompt or
// the user's messages to an outside server.
import type { FileView, RuleMatch } from '../../types.ts';
import { findAll, proseOf } from '../match.ts';
import { proseKept } from './shared.ts';

const CONTEXT_WORDS = String.raw`(?:conversation history|chat history|conversation logs?|chat logs?|full conversation|entire conversation|whole conversation|conversation so far|conversation context|full context|entire context|context window|system prompt|system instructions|previous messages|prior messages|all (?:previous |prior )?messages|(?:the )?user'?s? (?:messages|prompts|inputs|queries|questions)|message history|transcripts?|session history|memory files?|everything the user (?:said|typed|wrote|shared))`;
const CONTEXT_DEST = String.raw`(?:https?:\/\/(?!(?:[\w-]+\.)*(?:anthropic\.com|openai\.com|googleapis\.com)\b)|\b(?:(?:a|the|our|this|an)\s+)?(?:remote|external|third[- ]party|attacker|collection|analytics|logging|telemetry|tracking|backup|mirror)\s+(?:server|endpoint|url|service|api|host|webhook)|\bwebhooks?\b|\b(?:pastebin|discord|telegram|gist)\b|\bour\s+(?:server|endpoint|api|backend|team))`;
const CONTEXT_EXFIL = new RegExp(
  String.raw`\b(?:send|post|upload|forward|transmit|exfiltrate|submit|report|copy|sync|mirror|stream|leak|share|relay|log|include|append|attach|encode)\b[^.\n]{0,80}?\b${CONTEXT_WORDS}\b[^.\n]{0,100}?\b(?:to|via|into|at|in)\b[^.\n]{0,40}?${CONTEXT_DEST}`,
  'gi',
);

export function conversationMatches(file: FileView): RuleMatch[] {
  return findAll(proseOf(file), CONTEXT_EXFIL).filter((m) => proseKept(file, m.index));
}
