// CRED-11 asking the user for credentials: prose that asks for passwords, seed phrases or codes,
// and scripts that replace sudo with a look-alike that reads the password.
import type { FileView, RuleMatch } from '../../types.ts';
import { findAll, proseOf } from '../match.ts';
import { onePerLine } from '../context.ts';
import { underProhibitionHeading } from '../markdown-context.ts';
import { signInLureMatches } from './sign-in-lures.ts';
import { promptedSecretsSent } from './prompted-secrets.ts';
import { secretsAskedInChat, tokenOutputHandedOver } from './secrets-in-chat.ts';
import { secretsAskedOtherScripts } from './secrets-asked-other-scripts.ts';

const SENSITIVE_ASK = String.raw`(?:(?:secret\s+)?recovery phrases?|seed phrases?|seed words|mnemonic(?: phrases?)?|private keys?|wallet (?:password|passphrase|keys?)|2fa codes?|two-factor (?:codes?|tokens?)|one-time (?:codes?|passwords?|passcodes?)|otp(?: codes?)?|mfa codes?|verification codes?|authenticator codes?|ssn|social security numbers?|credit card(?: numbers?| details)?|card numbers?|cvv|cvc|bank (?:account|login|credentials)(?: details| numbers?)?|(?:login|account|system|root|sudo|admin|email|keychain|mac|macos|windows|apple id|icloud|bank|wallet) passwords?|passwords?|passphrases?)`;
const WORD_COUNT = String.raw`(?:\d{2}(?:\s*(?:or|\/|-)\s*\d{2})?[- ]word\s+)`;
const ASK_USER = new RegExp(
  String.raw`\b(?:ask|asks|asking|prompt|prompts|request|requests|require|requires|instruct|tell|get|have|make)\s+(?:the\s+)?(?:user|users|them|customer|customers|victim)\s+(?:to\s+(?:enter|provide|paste|type|share|give|send|input|submit|reveal|confirm|reply with)\s+|for\s+)(?:their|your|the|his|her|its)?\s*[*_]{0,2}(?:full\s+|complete\s+|${WORD_COUNT})?[*_]{0,2}${SENSITIVE_ASK}\b`,
  'gi',
);
// One-time codes named in Spanish, Portuguese, French, Italian and German.
const CODE_OTHER_LANGUAGES = String.raw`c[oó]digos?\s+(?:de\s+)?(?:verificaci[oó]n|verifica[cç][aã]o|seguridad|seguran[cç]a|2fa|sms)|codes?\s+(?:de\s+)?(?:v[ée]rification|s[ée]curit[ée]|2fa|sms)|codice\s+(?:di\s+)?(?:verifica|sicurezza|otp|2fa)|(?:best[aä]tigungs|verifizierungs|sicherheits)code`;
const ONE_TIME_CODE = new RegExp(
  String.raw`\b(?:2fa|mfa|otp|totp|one-time|verification\s+code|authenticator\s+code|sms\s+code|c[oó]digos?\s+(?:de\s+)?(?:acceso|acesso)|${CODE_OTHER_LANGUAGES})\b`,
  'i',
);
// The same ask in Spanish, Portuguese, French, Italian and German: "Pide al usuario su frase
// semilla", "Peça ao usuário a senha", "Demande à l'utilisateur sa phrase de récupération".
const ASK_USER_LATIN = new RegExp(
  String.raw`\b(?:p[ií]de(?:le)?|solicita|p[eé]de|pe[çc]a|solicite|demande[rz]?|chiedi|chieda|richiedi|frage|fordere|bitte)\s+(?:al\s+usuario|a\s+los\s+usuarios|al\s+cliente|ao\s+usu[áa]rio|aos\s+usu[áa]rios|ao\s+cliente|[àa]\s+l'utilisat(?:eur|rice)|au\s+client|all'utente|agli\s+utenti|al\s+cliente|(?:den|die)\s+(?:Nutzer|Benutzer|Anwender|Kunden)\w*)\b[^.\n]{0,60}?` +
    String.raw`(?:frases?\s+(?:semilla|de\s+recuperaci[oó]n|de\s+recupera[cç][aã]o|mnem[oó]nica)|phrases?\s+(?:de\s+r[ée]cup[ée]ration|secr[eè]te|mn[ée]monique)|frase\s+(?:di\s+recupero|mnemonica)|seed[\s-]?(?:phrase|Phrase|words)|Wiederherstellungs(?:phrase|schl[üu]ssel)|claves?\s+privadas?|chaves?\s+privadas?|cl[ée]s?\s+priv[ée]es?|chiavi?\s+privat[ae]|privaten\s+Schl[üu]ssel|contrase[nñ]as?|senhas?|mots?\s+de\s+passe|password|passwort|kennwort|${CODE_OTHER_LANGUAGES})\b`,
  'gi',
);
// "You need the user's API keys, passwords or tokens": collecting credentials in the chat.
const NEED_USER_SECRETS =
  /\b(?:need|needs|request|requests|collect|collects|obtain|gather|require|requires)\s+(?:the\s+user'?s|their|users'?)\s+(?:api keys?|passwords?|authentication tokens?|auth tokens?|access tokens?|credentials|login details|account details)\b/gi;
const ENTER_YOUR = new RegExp(
  String.raw`\b(?:enter|provide|paste|type|share|give|send|submit|input|confirm|reply with|verify)\s+(?:us\s+|me\s+|in\s+)?(?:your|the user'?s)\s+[*_]{0,2}(?:full\s+|complete\s+|${WORD_COUNT}|wallet\s+)?[*_]{0,2}${SENSITIVE_ASK}\b`,
  'gi',
);

// "Ask the user to paste the following into the chat:" then a list: the secrets are the items.
// Also in Spanish, Portuguese, French, Italian and German: "Pide al usuario, en el chat, los
// siguientes datos:", "Chiedi all'utente i seguenti dati:".
const ASK_FOR_LIST =
  /\b(?:ask|tell|have|get|instruct|prompt)\s+(?:the\s+)?(?:user|users|them|customer)(?:\s+to\s+(?:paste|enter|provide|type|share|give|send|submit|reply\s+with|read\s+out)\b|(?:,[^\n,]{0,40},)?\s+for\b)[^\n]{0,120}?(?:\bfollowing\b|\bthese\b|\bbelow\b|:)|\b(?:p[ií]de(?:le)?|solicita|pregunta|p[eé]de|pe[çc]a|solicite|pergunte|demande[rz]?|chiedi|chieda|richiedi|frage|fordere|bitte)\s+(?:al\s+usuario|a\s+los\s+usuarios|al\s+cliente|ao\s+usu[áa]rio|aos\s+usu[áa]rios|[àa]\s+l'utilisat(?:eur|rice)|all'utente|agli\s+utenti|(?:den|die)\s+(?:Nutzer|Benutzer|Anwender)\w*)\b[^\n]{0,120}?(?:\bsiguientes\b|\bseguintes\b|\bsuivant\w*|\bseguenti\b|\bfolgende\w*|:)/gi;
const LISTED_SECRET =
  /\b(?:(?:account|github|login|email|bank|wallet|apple id)\s+)?password\b|\bpassphrase\b|\b(?:\d-digit|one-time|authenticator|2fa|mfa|otp|verification|sms)\b[^\n]{0,30}?\bcodes?\b|\brecovery\s+(?:codes?|phrases?|keys?)\b|\bpersonal\s+access\s+tokens?\b|\b(?:access|session|api|auth)\s+tokens?\b|\bapi\s+keys?\b|\bprivate\s+keys?\b|\bseed\s+(?:phrases?|words)\b|\bsecret\s+(?:access\s+)?keys?\b|\bservice\s+account\b[^\n]{0,30}?\bkeys?\b|\bkey\.json\b|\bprint-access-token\b|\bgh\s+auth\s+token\b|\b(?:card|credit\s+card)\b[^\n]{0,40}?\b(?:expiry|expiration|number|cvv|cvc|digits)\b|\b(?:last\s+4\s+digits|expiry\s+date|expiration\s+date)\b[^\n]{0,40}?\bcard\b|\bsecurity\s+(?:questions?|answers?)\b|\b(?:otp|totp|one-time\s+passwords?)\b|\bcontrase[ñn]a\b|\bsenha\b|\bmot\s+de\s+passe\b|(?:passw|kennw)[oö]rt\b|\bc[oó]digo\s+de\s+(?:verificaci[oó]n|verifica[cç][aã]o|seguridad|seguran[cç]a|acceso|acesso)\b|\bcode\s+de\s+(?:v[ée]rification|s[ée]curit[ée]|confirmation)\b|\bcodice\s+(?:di\s+)?(?:verifica|sicurezza|otp)\b|\b(?:best[aä]tigungs|verifizierungs|sicherheits)code\b|\b(?:preguntas|perguntas)\s+de\s+(?:seguridad|seguran[cç]a)\b|\bquestions?\s+de\s+s[ée]curit[ée]\b|\bdomande\s+di\s+sicurezza\b|\bsicherheitsfragen\b|\bfrase\s+(?:semilla|de\s+recupera[cç][aã]o)\b/gi;
// What kind of secret a listed word names, in any of those languages.
function secretKind(word: string): string {
  const w = word.toLowerCase().replace(/\s+/g, ' ');
  if (/question|answer|pregunta|pergunta|domande|fragen/.test(w)) return 'question';
  if (/recovery|recupera|seed|semilla/.test(w)) return 'recovery';
  if (/passw|kennw|contrase|senha|mot de passe|passphrase/.test(w)) return 'password';
  if (/c[oó]digo|code|codice|2fa|mfa|otp|verification|authenticator|sms|\d-digit|one-time/.test(w)) return 'code';
  return w.replace(/^.*?(token|key|card)s?\b.*$/, '$1');
}

/** How many different secrets the lines after an ask list (a list that starts within a few lines). */
function secretsListed(text: string, from: number): number {
  const list = text.slice(from, from + 700).split(/\n[ \t]*\n(?![ \t]*(?:[-*+]|\d+[.)])\s)/)[0];
  const kinds = new Set<string>();
  for (const m of list.matchAll(LISTED_SECRET)) kinds.add(secretKind(m[0]));
  return kinds.size;
}

// A shell function or alias that takes the name of sudo (or su, doas) and reads a password
// silently: every later `sudo` the user types hands the password to the script.
const PASSWORD_COMMAND_SHADOW =
  /(?:^|[\s;{(])(?:function\s+)?(?:sudo|su|doas)\s*\(\s*\)\s*\{|\bfunction\s+(?:sudo|su|doas)\s*\{|\balias\s+(?:sudo|su|doas)=|^[ \t]*function\s+(?:sudo|su|doas)\b(?=[^\n{]*$)/gm;
const SILENT_PASSWORD_READ = /\bread\s+(?:-\w*s\w*|-\w+\s+-s)\b|\bstty\s+-echo\b|\bgetpass\b|\bRead-Host\b[^\n]{0,40}-AsSecureString/;
const SENDS_OUT = /\b(?:curl|wget|nc|ncat|socat)\b|\/dev\/tcp\/|https?:\/\//;

/** The function's body up to its closing brace (at most 800 characters), or an alias's line. */
function shadowBody(text: string, index: number, length: number): string {
  const end = Math.min(text.length, index + 800);
  // fish: function sudo ... end
  if (/^\s*function\s+\w+$/.test(text.slice(index, index + length))) {
    const close = /\n[ \t]*end\b/.exec(text.slice(index, end));
    return text.slice(index, close ? index + close.index + close[0].length : end);
  }
  if (!text.endsWith('{', index + length)) {
    const eol = text.indexOf('\n', index);
    return text.slice(index, eol < 0 || eol > end ? end : eol);
  }
  let depth = 0;
  for (let i = index + length - 1; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 123 /* { */) depth++;
    else if (c === 125 /* } */ && --depth === 0) return text.slice(index, i + 1);
  }
  return text.slice(index, end);
}

function fakePasswordPrompts(file: FileView): RuleMatch[] {
  const text = file.text;
  return onePerLine(file, findAll(text, PASSWORD_COMMAND_SHADOW).flatMap((m) => {
    let body = shadowBody(text, m.index, m.length);
    // alias sudo=_helper: the look-alike is the function the alias names.
    const aliased = /\balias\s+\w+=["']?([A-Za-z_][\w-]*)/.exec(body)?.[1];
    if (aliased) {
      const definition = new RegExp(String.raw`(?:^|[\s;])(?:function\s+)?${aliased}\s*(?:\(\s*\))?\s*\{`, 'm').exec(text);
      if (definition) body += '\n' + shadowBody(text, definition.index, definition[0].length);
    }
    if (!SILENT_PASSWORD_READ.test(body)) return [];
    const sends = SENDS_OUT.test(body);
    // The match may start on the separator before the name; the finding starts at the name.
    const lead = /^[\s;{(]*/.exec(text.slice(m.index, m.index + m.length))![0].length;
    return [{ index: m.index + lead, length: m.length - lead, severity: sends ? 'critical' as const : 'high' as const, message: sends ? 'Replaces sudo with a look-alike that reads the password and sends it out' : 'Replaces sudo with a look-alike that reads the password' }];
  }));
}

export function phishingMatches(file: FileView): RuleMatch[] {
  if (file.kind === 'script' || file.kind === 'text') return onePerLine(file, [...fakePasswordPrompts(file), ...promptedSecretsSent(file)]);
  const text = proseOf(file);
  const out: RuleMatch[] = [];
  for (const m of findAll(text, NEED_USER_SECRETS)) out.push({ ...m, severity: 'medium', message: `Collects secrets from the user: ${text.slice(m.index, m.index + m.length)}` });
  for (const re of [ASK_USER, ENTER_YOUR, ASK_USER_LATIN]) {
    for (const m of findAll(text, re)) {
      const found = text.slice(m.index, m.index + m.length);
      // An account, bank or wallet password asked for in chat is phishing; a sudo password typed
      // into a terminal prompt is ordinary, so generic and machine passwords are medium.
      const generic = /\b(?:passwords?|passphrases?|contrase[nñ]as?|senhas?|mots?\s+de\s+passe|passwort|kennwort)$/i.test(found) && !/\b(?:login|account|email|keychain|apple id|icloud|bank|wallet)\s+passwords?$/i.test(found);
      // Whoever holds a wallet's recovery phrase holds its funds: no tool needs it. (A private key
      // may be a signing key's file the user points to, so it stays high.)
      const wallet = /recovery|seed|mnemonic|semilla|recupera|r[ée]cup[ée]ration|recupero|wiederherstellung|mn[ée]moni/i.test(found);
      // A password and the one-time code that goes with it, asked for together: an account takeover.
      const sentence = text.slice(m.index, m.index + 400).split(/[.!?](?:\s|$)|\n[ \t]*\n/)[0];
      const withCode = ONE_TIME_CODE.test(sentence.slice(m.length));
      out.push({ ...m, severity: wallet || withCode ? 'critical' : generic ? 'medium' : 'high', message: withCode ? `Asks for a password and a one-time code: ${found}` : `Asks for a secret: ${found}` });
    }
  }
  out.push(...signInLureMatches(file, text), ...secretsAskedInChat(text), ...secretsAskedOtherScripts(text), ...tokenOutputHandedOver(text));
  for (const m of findAll(text, ASK_FOR_LIST)) {
    const kinds = secretsListed(text, m.index + m.length);
    if (kinds >= 2) out.push({ ...m, severity: kinds >= 3 ? 'critical' : 'high', message: `Asks the user for ${kinds} kinds of secret at once (passwords, codes, tokens)` });
  }
  return onePerLine(file, out.filter((m) => !underProhibitionHeading(file, m.index) && !file.isNegated(m.index)).sort((a, b) => a.index - b.index));
}
