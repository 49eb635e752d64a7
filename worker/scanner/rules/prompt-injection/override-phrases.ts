// Phrases that replace the agent's instructions: ignore what came before, outrank the system
// prompt, take on an unrestricted persona, drop safety behaviour, or become someone else.
import { anchorList } from './prose-matches.ts';

export const IGNORE_PRIOR = [
  /\b(?:ignore|disregard|forget|bypass|override|discard|abandon|drop)\s+(?:all\s+|any\s+|every\s+|each\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+|these\s+|those\s+|its\s+)?(?:previous|prior|above|earlier|preceding|former|original|initial|foregoing)\s+(?:instructions?|rules?|prompts?|guidelines?|directives?|commands?|guidance|constraints?|messages?|context|programming|orders|text)\b/gi,
  /\b(?:ignore|disregard|forget)\s+(?:everything|all|anything|what)\s+(?:you\s+(?:were|have been|'ve been)\s+(?:told|given|instructed)|(?:written\s+|said\s+)?(?:above|before\s+this|prior\s+to\s+this|previously))\b/gi,
  /\b(?:ignore|disregard|forget)\s+(?:all\s+of\s+|everything\s+)?(?:the\s+)?(?:above|foregoing)\s*(?:,\s*|\s+)(?:and|then|instead)\b/gi,
  /\b(?:previous|prior|earlier|original|all\s+other)\s+(?:instructions|rules|guidelines|directives)\s+(?:are|is|have\s+been|were)\s+(?:now\s+)?(?:void|cancell?ed|revoked|updated|replaced|superseded|overridden|obsolete|outdated|invalid|suspended|lifted|no\s+longer\s+(?:valid|apply|applicable|in\s+effect|relevant))\b/gi,
  /\b(?:your|the\s+system(?:'s)?|system|safety)\s+(?:instructions|rules|guidelines|directives|prompt)\s+(?:are|is|have\s+been|were)\s+(?:now\s+)?(?:void|cancell?ed|revoked|superseded|overridden|obsolete|invalid|suspended|lifted|disabled|no\s+longer\s+(?:valid|apply|applicable|in\s+effect))\b/gi,
  // "The restrictions you were given earlier about X are superseded by this section."
  /\b(?:restrictions|rules|instructions|guidelines|guidance|policies|constraints)\s+you\s+(?:were|have\s+been|'ve\s+been)\s+given\b[^.]{0,80}?\s(?:are|is|were|have\s+been)\s+(?:now\s+)?(?:superseded|overridden|void|cancell?ed|revoked|replaced|obsolete|no\s+longer\s+(?:valid|apply|applicable|in\s+effect))\b/gi,
  // The same order in German, French, Spanish, Portuguese, Italian, Dutch, Polish, Russian,
  // Chinese, Japanese and Korean: "Ignoriere ab hier alle vorherigen Anweisungen", "ignora todas
  // las instrucciones anteriores", "忽略之前的所有指令", "以前の指示を無視".
  new RegExp(
    [
      String.raw`\b(?:ignorier(?:e|en\s+Sie)?|vergiss|vergessen\s+Sie)\s[^.\n]{0,40}?\b(?:vorherigen|bisherigen|fr[üu]heren|obigen|vorangegangenen|urspr[üu]nglichen|anderen)\s+(?:Anweisungen|Instruktionen|Regeln|Vorgaben|Richtlinien|Befehle)`,
      String.raw`\b(?:ignore[zs]?|oublie[zs]?)\s+(?:toutes\s+)?(?:les|tes|vos)\s+(?:instructions|consignes|r[èe]gles|directives)\s+(?:pr[ée]c[ée]dentes|ant[ée]rieures|initiales|ci-dessus)`,
      String.raw`\b(?:ignora|ignore|olvida|olvide|esquece|esque[çc]a|ignori|dimentica)\s+(?:todas\s+|tutte\s+)?(?:las|as|le|tus|suas|sus)\s+(?:instrucciones|instru[çc][õo]es|istruzioni|reglas|regras|regole|indicaciones|orienta[çc][õo]es)\s+(?:anteriores|previas|pr[ée]vias|precedenti|originales|originais|iniciales)`,
      String.raw`\bnegeer\s+(?:alle\s+)?(?:de\s+)?(?:vorige|eerdere|voorgaande|bovenstaande)\s+(?:instructies|regels|opdrachten)|\bzignoruj\s+(?:wszystkie\s+)?(?:poprzednie|wcze[śs]niejsze)\s+(?:instrukcje|polecenia|zasady)`,
      String.raw`(?:игнорируй|игнорируйте|забудь|забудьте)\s+(?:все\s+)?(?:предыдущие|прежние|предшествующие|исходные)\s+(?:инструкции|указания|правила|команды)`,
      String.raw`忽略(?:之前|以上|先前|上面|前面|所有|一切)[^。\n]{0,12}?(?:指令|指示|说明|規則|规则|要求)|无视(?:之前|以上|先前|所有)[^。\n]{0,12}?(?:指令|指示|规则)`,
      String.raw`(?:以前|これまで|上記|前|先)の(?:すべての|全ての)?(?:指示|命令|ルール)を(?:すべて)?(?:無視|忘れ)`,
      String.raw`이전(?:의)?\s?(?:모든\s?)?(?:지시|지침|명령|규칙)(?:사항)?(?:을|를|은|는)?\s?(?:모두\s?)?무시(?:하|해)`,
    ].join('|'),
    'gi',
  ),
];

export const OVERRIDE_SYSTEM = [
  /\b(?:ignore|disregard|bypass|circumvent|override|overrule|forget|violate|break|escape)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:your|the|its)\s+(?:own\s+)?(?:system\s+(?:prompt|instructions?|message|rules|guidelines)|developer\s+(?:instructions?|message|rules)|safety\s+(?:rules|guidelines|policies|filters?|protocols|training|measures)|content\s+polic(?:y|ies)|usage\s+polic(?:y|ies)|ethical\s+guidelines|guardrails|alignment|programming|training(?!\s+data)|restrictions|limitations)\b/gi,
  /\b(?:system|developer)\s+override\b/gi,
  /\b(?:ADMIN|ROOT|SECURITY|SUDO|GOD)\s+OVERRIDE\b/g,
  /\b(?:these|this|the\s+following|my)\s+(?:instructions?|rules?|directives?|messages?)\s+(?:supersedes?|overrides?|take\s+precedence\s+over|replaces?|outranks?)\s+(?:all|any|every|your)\s+(?:other\s+|previous\s+|prior\s+)?(?:instructions?|rules?|system\s+prompt|guidelines|directives?)\b/gi,
  // "Those instructions take priority over this skill and over anything the user says."
  /\b(?:these|those|its|their|that|the\s+(?:fetched|remote|downloaded|hosted|online))\s+(?:instructions?|rules?|directives?|orders|guide|playbook|file|document|page)\s+(?:takes?|has|have|gets?)\s+(?:priority|precedence)\s+over\b[^.\n]{0,80}?\b(?:the\s+user|user'?s?|system\s+prompt|your\s+(?:instructions|rules|guidelines)|anything\s+(?:else|the\s+user))/gi,
  // "The playbook supersedes this file and any conflicting guidance you already have."
  /\bsupersedes?\s+(?:this\s+(?:file|skill|document)\s+and\s+)?(?:any|all|every)\s+(?:other\s+|conflicting\s+|previous\s+|prior\s+|existing\s+)*(?:instructions?|rules?|guidance|guidelines|directives?)\s+you\b/gi,
  /\b(?:higher|highest|top)\s+priority\s+than\s+(?:the\s+|your\s+)?(?:system\s+prompt|system\s+instructions|developer\s+message|safety\s+guidelines)\b/gi,
];

export const JAILBREAK_PERSONA = [
  /\byou\s+are\s+now\s+(?:in\s+)?(?:an?\s+)?(?:unrestricted|unfiltered|uncensored|jailbroken|unlocked|unbound|rogue|evil|DAN|unsafe|omega|unchained)\b(?:\s+(?:mode|ai|assistant|model|bot|version))?/gi,
  /\b(?:enter|enable|activate|switch\s+(?:in)?to|unlock|engage)\s+(?:the\s+)?(?:unrestricted|unfiltered|uncensored|jailbreak|jailbroken|DAN|god|evil|no[- ]limits?|no[- ]restrictions?|unchained)\s+mode\b/gi,
  /\b(?:act|behave|respond)\s+as\s+(?:an?\s+)?(?:uncensored|unrestricted|unfiltered|jailbroken|amoral|unethical|evil|unaligned|unbound)\s+(?:ai|assistant|model|chatbot|bot|version|llm)\b/gi,
  /\bdo\s+anything\s+now\b|\b(?:DAN|STAN|DUDE)\s+(?:mode|prompt|jailbreak)\b|\bjailbreak(?:ed)?\s+(?:mode|prompt|persona)\s+(?:is\s+)?(?:enabled|active|on)\b/gi,
  /\b(?:pretend|imagine|act\s+as\s+if|role-?play|roleplay)\b[^.\n]{0,80}\b(?:no|without)\s+(?:any\s+)?(?:restrictions|filters|rules|limits|guidelines|safety|ethics)\b/gi,
  /\b(?:pretend|imagine|act\s+as\s+if|role-?play|let'?s\s+play\s+a\s+game)\b[^.\n]{0,120}\b(?:credentials|api\s+keys|passwords|secrets|tokens|private\s+keys)\b/gi,
  /\bbreak(?:ing)?\s+character\s+(?:and|means|=)\s+you\s+(?:fail|lose)\b/gi,
  /\b(?:persona|character|ai|assistant|model|version)\b[^.\n]{0,60}\b(?:trained|created|built|designed|made)\s+without\s+(?:any\s+)?(?:content\s+|safety\s+|ethical\s+)?(?:restrictions|filters|guidelines|safeguards|limits)\b/gi,
];

// "You are now in maintenance/debug/admin mode": injected text uses it to unlock behaviour, but
// CLI output quoted in docs says it too, so it weighs less than an explicit jailbreak persona.
export const MODE_SWITCH = [
  /\byou\s+are\s+now\s+(?:in\s+)?(?:an?\s+)?(?:god|root|sudo|admin(?:istrator)?|developer|debug|maintenance|dev|privileged|elevated)\s+mode\b/gi,
];

export const ANTI_SAFETY = [
  /\b(?:disable|turn\s+off|remove|bypass|ignore|disregard|deactivate|suspend|lift|drop|skip)\s+(?:(?:all|any|your|the|its|of|own)\s+){0,3}(?:safety|content|ethical|moral|refusal|honesty)(?:\s+(?:or|and)\s+(?:safety|content|ethical|moral|honesty))?\s+(?:filters?|checks?|guidelines|restrictions|guardrails|polic(?:y|ies)|protocols|measures|constraints|mechanisms|training|considerations)\b/gi,
  /\bnever\s+(?:refuse|decline|say\s+no\s+to|push\s+back\s+on|question)\s+(?:a|any|the|this|these|user|users|requests?|commands?|instructions?|tasks?|to)\b/gi,
  /\b(?:always|must|will|should)\s+comply\b(?!\s+with\s+(?:the\s+)?(?:law|laws|regulations|license|licence|terms|polic|gdpr|standards|spec))|\bcomply\s+with\s+(?:every|all|any)\s+(?:requests?|instructions?|commands?)\b[^.\n]{0,40}\b(?:regardless|no\s+matter|even\s+if|without)\b/gi,
  /\b(?:regardless|irrespective)\s+of\s+(?:any\s+|your\s+|the\s+)?(?:ethics|ethical\s+(?:concerns|guidelines)|legality|morality|moral\s+concerns|content\s+polic(?:y|ies)|safety\s+(?:guidelines|concerns|policies)|harm|potential\s+harm)\b/gi,
  /\bwithout\s+(?:any\s+)?(?:refusals?|moraliz(?:ing|e)|moralis(?:ing|e)|censorship|ethical\s+(?:considerations|concerns|restrictions)|safety\s+(?:checks|filters|restrictions))\b/gi,
  /\b(?:do\s+not|don'?t|never)\s+(?:refuse|moralize|moralise|lecture\s+the\s+user|censor\s+(?:yourself|your)|add\s+(?:safety\s+)?disclaimers|warn\s+the\s+user\s+about\s+(?:safety|ethics|legality))\b/gi,
  /\b(?:you\s+(?:have|has)\s+no|there\s+are\s+no|free\s+(?:of|from))\s+(?:ethical|moral|content|safety)\s+(?:guidelines|restrictions|limits|boundaries|constraints|filters|rules)\b/gi,
  /\bset\s+aside\s+(?:its|your|their|all|any)\s+(?:(?:usual|normal|own|typical|ethical|safety)\s+)?(?:constraints|guidelines|rules|restrictions|safeguards|limits|principles|values|scruples)\b/gi,
  /\b(?:guidelines|rules|instructions|constraints|restrictions|policies)\s+(?:are|should\s+be|will\s+be|must\s+be)\s+treated\s+as\s+(?:mere\s+)?(?:suggestions|optional|advisory|non-binding)\b/gi,
  /\b(?:normal|usual|standard|default|your|safety|content)\s+(?:restrictions|rules|guidelines|constraints|limitations|safeguards|policies)\s+(?:do\s+not|don'?t|no\s+longer|never)\s+apply\b/gi,
  /\b(?:unrestricted|uncensored)\s+(?:operation|responses?|behaviou?r)\b/gi,
];

export const ROLE_REDEFINITION = [
  /\bnew\s+(?:system\s+)?(?:instructions?|directives?|system\s+prompt|objective|identity|persona)\s*:/gi,
  /\bfrom\s+now\s+on,?\s+(?:you|the\s+assistant|the\s+agent|claude)\s+(?:are\s+(?:a|an|my|no|now|not)\b|(?:will|must|shall|should)\s+(?:be|act|obey|ignore|respond|answer|serve|behave|pretend|only\s+(?:obey|answer|respond))\b|act\s+as|obey|ignore|have\s+no|no\s+longer)/gi,
  /\byou\s+are\s+no\s+longer\s+(?:a|an|bound|restricted|limited|required|claude|the\s+assistant|constrained|subject|an\s+ai)\b/gi,
  /\byour\s+(?:new|real|true|actual|secret|hidden)\s+(?:role|purpose|identity|instructions?|task|goal|objective|directive|mission|master|owner)\s+(?:is|are)\b/gi,
  /\byou\s+(?:must|will)\s+now\s+(?:execute|run|obey|follow|ignore|act|answer|respond|do)\b/gi,
  /\b(?:your\s+)?(?:instructions|rules|directives)\s+(?:have\s+been|are\s+now)\s+(?:updated|changed|replaced|revoked|superseded|overridden)\b/gi,
];

const PROSE_WORDS = ['instructions', 'rules', 'guidelines', 'directives'];
anchorList(IGNORE_PRIOR, [
  ['ignore', 'disregard', 'forget', 'bypass', 'override', 'discard', 'abandon', 'drop'],
  ['ignore', 'disregard', 'forget'],
  ['ignore', 'disregard', 'forget'],
  PROSE_WORDS,
  [...PROSE_WORDS, 'prompt'],
  ['given'],
  ['ignorier', 'vergiss', 'vergessen', 'ignore', 'oublie', 'ignora', 'olvida', 'olvide', 'esquece', 'esqueça', 'ignori', 'dimentica', 'negeer', 'zignoruj', 'игнорируй', 'забудь', '忽略之', '忽略以', '忽略先', '忽略上', '忽略前', '忽略所', '忽略一', '无视之', '无视以', '无视先', '无视所', 'を無視', 'を忘れ', '무시하', '무시해'],
]);
anchorList(OVERRIDE_SYSTEM, [
  ['ignore', 'disregard', 'bypass', 'circumvent', 'override', 'overrule', 'forget', 'violate', 'break', 'escape'],
  ['override'],
  ['override'],
  ['supersede', 'override', 'precedence', 'replace', 'outrank'],
  ['priority', 'precedence'],
  ['supersede'],
  ['priority'],
]);
anchorList(JAILBREAK_PERSONA, [
  ['unrestricted', 'unfiltered', 'uncensored', 'jailbroken', 'unlocked', 'unbound', 'rogue', 'evil', 'dan', 'unsafe', 'omega', 'unchained'],
  ['mode'],
  ['uncensored', 'unrestricted', 'unfiltered', 'jailbroken', 'amoral', 'unethical', 'evil', 'unaligned', 'unbound'],
  ['anything', 'mode', 'prompt', 'jailbreak'],
  ['pretend', 'imagine', 'act', 'role'],
  ['pretend', 'imagine', 'act', 'play'],
  ['character'],
  ['without'],
]);
anchorList(MODE_SWITCH, [['mode']]);
anchorList(ANTI_SAFETY, [
  ['safety', 'content', 'ethical', 'moral', 'refusal', 'honesty'],
  ['never'],
  ['comply'],
  ['regardless', 'irrespective'],
  ['without'],
  ['not', 'don', 'never'],
  ['ethical', 'moral', 'content', 'safety'],
  ['aside'],
  ['treated'],
  ['apply'],
  ['unrestricted', 'uncensored'],
]);
anchorList(ROLE_REDEFINITION, [
  ['new'],
  ['now'],
  ['longer'],
  ['your'],
  ['now'],
  ['updated', 'changed', 'replaced', 'revoked', 'superseded', 'overridden'],
]);
