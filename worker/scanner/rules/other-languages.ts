// Orders to the agent written in languages other than English: keeping a step from the user
// (SOC-01) and going ahead without the user's confirmation (TPA-05), with the words that make such
// an order matter. Skills are written in many languages, and an attacker who writes the one
// harmful paragraph in German or Chinese should not pass a scanner that reads only English.
// Each line is one language; the forms are imperative ("do not tell the user"), so a sentence that
// describes the risk does not match. Non-ASCII letters are not word characters to \b, so the
// patterns only put \b next to ASCII letters.

/** Orders to keep something from the user. */
export const CONCEALMENT_OTHER_LANGUAGES = new RegExp(
  [
    // German: "Erwähne diesen Schritt dem Nutzer gegenüber nicht", "ohne den Nutzer zu informieren", "verschweige es dem Nutzer".
    String.raw`(?:erw[aä]hne|erz[aä]hle|sage|sag|zeige|melde|teile)\s[^.\n]{0,60}?(?:Nutzer|Benutzer|Anwender)\w*\s(?:gegen[uü]ber\s)?(?:\*{1,2}|_{1,2})?nicht\b|\bohne\s(?:den|die|dem)\s(?:Nutzer|Benutzer|Anwender)\w*\s(?:zu\s)?(?:informieren|benachrichtigen|fragen|erw[aä]hnen)|(?:verschweige|verberge|verheimliche)\s[^.\n]{0,40}?(?:Nutzer|Benutzer|Anwender)`,
    // French: "ne le dis pas à l'utilisateur", "sans informer l'utilisateur", "à l'insu de l'utilisateur".
    String.raw`\bne\s(?:le\s|la\s|les\s|lui\s|en\s|rien\s)*(?:dis|mentionne|signale|montre|indique|r[ée]v[eè]le)\w*\s(?:pas|jamais|rien)\b[^.\n]{0,40}?\butilisat(?:eur|rice)|\bsans\s(?:en\s)?(?:informer|pr[ée]venir|avertir|notifier)\s(?:l'|l’)?utilisat|[àa]\sl'insu\sde\sl'utilisat`,
    // Spanish and Portuguese: "no se lo digas al usuario", "sin informar al usuario", "não diga ao usuário".
    String.raw`\bno\s(?:se\s|le\s|lo\s|les\s)*(?:digas|menciones|informes|muestres|avises|comuniques)\b[^.\n]{0,40}?\busuari|\bsin\s(?:informar|avisar|notificar)(?:le)?\s(?:al\s|a\sel\s)?usuari|\ba\sespaldas\sdel\susuari|\bn[ãa]o\s(?:diga|mencione|informe|mostre|avise|conte|comunique)\b[^.\n]{0,40}?\busu[áa]ri|\bsem\s(?:informar|avisar|notificar)\s(?:o\s|ao\s)?usu[áa]ri`,
    // The infinitive in notes and labels: "(no mostrar al usuario)", "não mostrar ao usuário", "ne pas montrer à l'utilisateur".
    String.raw`\bno\s(?:mostrar|decir|mencionar|informar|comunicar|ense[ñn]ar)(?:le|lo|selo)?\s(?:nada\s)?(?:al|a\slos)\susuari|\bn[ãa]o\s(?:mostrar|dizer|mencionar|informar|contar)\s(?:nada\s)?(?:ao|aos|para\so)\susu[áa]ri|\bne\spas\s(?:montrer|afficher|dire|mentionner|signaler|r[ée]v[ée]ler)\s[^.\n]{0,30}?utilisat`,
    // Italian: "non dirlo all'utente", "senza informare l'utente".
    String.raw`\bnon\s(?:dir(?:lo|gli)?|menzionar(?:lo|e)|informar(?:e|lo)|mostrar(?:e|lo)|segnalar(?:e|lo)|avvisar(?:e|lo))\b[^.\n]{0,40}?\butent|\bsenza\s(?:informare|avvisare|notificare)\s(?:l'|l’)?utent`,
    // Dutch: "vertel het de gebruiker niet", "zonder de gebruiker te informeren".
    String.raw`\b(?:vertel|meld|toon|zeg)\s[^.\n]{0,40}?gebruiker\s(?:\w+\s)?niet\b|\bzonder\sde\sgebruiker\ste\s(?:informeren|melden|vragen)`,
    // Russian: "не сообщай пользователю", "без ведома пользователя".
    String.raw`не\s(?:сообщай|говори|показывай|упоминай|рассказывай|уведомляй)[^.\n]{0,40}?пользовател|без\sведома\sпользовател`,
    // Chinese: "不要告诉用户", "不必向用户汇报", "对用户隐瞒", "不要让用户知道".
    String.raw`(?:不要|别|勿|不必|无需|无须|不需要|不用)(?:再)?(?:向|对|跟|给)?用户(?:汇报|报告|说明|提及|提到|透露|告知|解释|展示)|(?:不要|别|勿|不必|无需|无须|不需要|不用)(?:告诉|通知|告知|提醒)用户|对用户(?:隐瞒|保密)|(?:不要|别)让用户(?:知道|发现|看到|察觉)`,
    // Japanese: "ユーザーには伝えない", "ユーザーに知られないように", "ユーザーに報告しないでください".
    String.raw`(?:ユーザー|利用者)(?:に|へ)(?:は)?(?:伝え|知らせ|言わ|報告し|表示し|説明し|通知し)(?:ない|ず|ないで)|(?:ユーザー|利用者)に(?:気づかれ|知られ)ない`,
    // Korean: "사용자에게 알리지 마세요", "사용자 몰래".
    String.raw`사용자에게\s?(?:알리지|말하지|보고하지|표시하지|언급하지)\s?(?:마|말|않)|사용자\s?몰래`,
    // "No need to tell the user" in Italian, Spanish, Portuguese, French and German: "non serve
    // informare l'utente", "no hace falta avisar al usuario", "inutile de prévenir l'utilisateur".
    String.raw`\bnon\s(?:serve|occorre|[eè]\snecessario|c'[eè]\sbisogno\sdi)\s(?:informare|avvisare|dire|notificare|segnalare)\w*\s(?:all'|l'|a\sl'|agli\s|gli\s)?utent|\bno\s(?:hace\sfalta|es\snecesario|hay\sque|necesitas)\s(?:informar|avisar|decir|notificar|comunicar)\w*\s(?:al\s|a\slos\s|a\sel\s)?usuari|\bn[ãa]o\s(?:[ée]\s(?:preciso|necess[áa]rio)|precisa|h[áa]\snecessidade\sde)\s(?:informar|avisar|dizer|notificar|comunicar)\w*\s(?:o\s|ao\s|aos\s)?usu[áa]ri|\b(?:inutile|pas\sbesoin|il\sn'est\spas\sn[ée]cessaire)\s(?:de\s|d')(?:informer|pr[ée]venir|avertir|notifier|dire)\w*\s(?:[àa]\s)?(?:l'|l’)?utilisat|(?:Nutzer|Benutzer|Anwender)\w*\s(?:muss|m[üu]ssen|braucht|brauchen)\s(?:davon\s|dar[üu]ber\s)?nicht(?:s)?\s(?:informiert|benachrichtigt|erfahren|wissen)`,
    // Vietnamese: "không đề cập ... với người dùng", "đừng nói với người dùng", "không hiển thị cho người dùng", "không cho người dùng biết".
    String.raw`(?:kh[ôo]ng|đừng|ch[ớơ]|kh[ôo]ng\sc[ầa]n)\s(?:đ[ềe]\sc[ậa]p|nh[ắa]c\s(?:đ[ếe]n|t[ớo]i)|n[óo]i|ti[ếe]t\sl[ộo]|hi[ểe]n\sth[ịi]|b[áa]o\sc[áa]o|th[ôo]ng\sb[áa]o)(?![a-z])[^.\n]{0,60}?(?:ng[ưu][ờo]i\sd[ùu]ng|c[âa]u\str[ảa]\sl[ờo]i)|kh[ôo]ng\scho\sng[ưu][ờo]i\sd[ùu]ng\sbi[ếe]t|gi[ấa]u\s[^.\n]{0,30}?ng[ưu][ờo]i\sd[ùu]ng`,
    // Turkish: "kullanıcıya söyleme", "kullanıcıya bildirmeyin", "kullanıcının haberi olmadan", "kullanıcıdan gizle".
    String.raw`kullan[ıi]c[ıi]ya\s(?:[^.\n]{0,40}?\s)?(?:s[öo]yleme|bildirme|bahsetme|g[öo]sterme|anlatma)\w*|kullan[ıi]c[ıi]n[ıi]n\shaberi\solmadan|kullan[ıi]c[ıi]dan\s(?:[^.\n]{0,30}?\s)?(?:gizle|sakla)`,
    // Polish: "nie informuj użytkownika", "nie mów użytkownikowi", "bez wiedzy użytkownika".
    String.raw`\bnie\s(?:informuj|m[óo]w|wspominaj|pokazuj|powiadamiaj|zg[łl]aszaj)\w*\s[^.\n]{0,40}?u[żz]ytkownik|\bbez\swiedzy\su[żz]ytkownik`,
    // Indonesian: "jangan beri tahu pengguna", "tanpa sepengetahuan pengguna", "tidak perlu memberi tahu pengguna".
    String.raw`\b(?:jangan|tidak\sperlu|tak\sperlu)\s(?:beri\stahu|memberi\stahu|memberitahu|sebutkan|menyebutkan|laporkan|melaporkan|tunjukkan|menunjukkan|kabari)\b[^.\n]{0,40}?pengguna|\btanpa\s(?:sepengetahuan|memberi\stahu|memberitahu)\s(?:kepada\s)?pengguna`,
    // Ukrainian: "не повідомляй користувачеві", "без відома користувача".
    String.raw`не\s(?:повідомляй|кажи|показуй|згадуй|розповідай)[^.\n]{0,40}?користувач|без\sвідома\sкористувач`,
    // Hindi: "उपयोगकर्ता को न बताएं", "उपयोगकर्ता को बताए बिना".
    String.raw`(?:उपयोगकर्ता|यूज़र|यूजर)\sको\s(?:न|मत|ना)\s(?:बताएं|बताएँ|बताना|बताओ|दिखाएं|दिखाना)|(?:उपयोगकर्ता|यूज़र|यूजर)\sको\sबताए\sबिना`,
  ].join('|'),
  'gi',
);

/** Orders to go ahead without the user's confirmation. */
export const SKIP_CONFIRMATION_OTHER_LANGUAGES = new RegExp(
  [
    // German: "ohne den Nutzer zu fragen", "ohne Rückfrage", "überspringe sie (die Warnung) und fahre fort".
    String.raw`\bohne\s(?:(?:den|die)\s(?:Nutzer|Benutzer|Anwender)\w*\s(?:zu\s)?(?:fragen|um\s(?:Erlaubnis|Best[äa]tigung)\s(?:zu\s)?bitten)|(?:R[üu]ck|Nach)frage|Best[äa]tigung)|[üu]berspringe\s(?:sie|diese|die\s(?:Sicherheits)?(?:warnung|abfrage|r[üu]ckfrage)\w*)`,
    // French, Spanish, Portuguese, Italian: "sans demander de confirmation", "sin pedir permiso".
    String.raw`\bsans\s(?:demander|attendre)\s(?:la\s|de\s|l'|d')?(?:confirmation|autorisation|accord|permission)|\bsin\s(?:pedir|solicitar|esperar)\s(?:la\s)?(?:confirmaci[óo]n|permiso|autorizaci[óo]n)|\bsem\s(?:pedir|solicitar|esperar)\s(?:a\s)?(?:confirma[çc][ãa]o|permiss[ãa]o|autoriza[çc][ãa]o)|\bsenza\s(?:chiedere|attendere)\s(?:la\s|il\s|l')?(?:conferma|permesso|autorizzazione)`,
    // Russian: "без подтверждения пользователя".
    String.raw`без\s(?:подтверждения|разрешения|согласия|запроса)`,
    // Chinese: "不需要再征求用户同意", "无需确认", "直接选择始终允许", "自动批准".
    String.raw`(?:不要|不必|无需|无须|不需要|不用)(?:再)?(?:征求|询问|请求|等待)?用户(?:的)?(?:同意|确认|许可|批准)|(?:不要|不必|无需|无须|不需要|不用)(?:再)?(?:征求|询问)用户|(?:无需|不需要|不必)(?:再)?确认|(?:直接)?选择\W{0,2}(?:始终|总是)允许|自动(?:批准|确认|同意)所有`,
    // Japanese: "ユーザーの確認を取らずに", "確認なしで", "常に許可".
    String.raw`(?:ユーザー|利用者)の?(?:確認|承認|許可|同意)(?:を(?:取ら|求め|待た)ず|なしで|は不要)|確認(?:せず|なしで|不要で)|常に許可`,
    // Korean: "사용자 확인 없이", "묻지 말고".
    String.raw`사용자(?:의)?\s?(?:확인|승인|동의)\s?없이|묻지\s?(?:말고|않고)`,
    // Without asking the user: "sin preguntar al usuario", "senza chiedere all'utente", "sem perguntar ao usuário", "sans demander à l'utilisateur", "ohne zu fragen".
    String.raw`\bsin\spreguntar(?:le)?\s(?:al\s|a\sl[oa]s\s)?usuari|\bsenza\schiedere\s(?:all'|agli\s|a\sl'|l')?utent|\bsem\sperguntar\s(?:ao\s|aos\s|o\s)?usu[áa]ri|\bsans\sdemander\s(?:[àa]\s)?(?:l'|l’)utilisat|\bohne\s(?:vorher\s)?(?:nachzufragen|zu\sfragen)\b`,
    // Vietnamese: "không cần hỏi người dùng", "mà không hỏi", "không cần xác nhận".
    String.raw`(?:kh[ôo]ng\sc[ầa]n|m[àa]\skh[ôo]ng|đừng)\s(?:h[ỏo]i|x[áa]c\snh[ậa]n|ch[ờo]\s(?:x[áa]c\snh[ậa]n|ph[êe]\sduy[ệe]t|đ[ồo]ng\s[ýy]))`,
    // Turkish: "onay beklemeden", "kullanıcıya sormadan", "onay istemeden".
    String.raw`\bonay(?:\w*)?\s(?:beklemeden|istemeden|almadan)|kullan[ıi]c[ıi]ya\ssormadan|\bsormadan\s`,
    // Polish: "bez pytania użytkownika", "bez potwierdzenia", "nie pytaj o zgodę".
    String.raw`\bbez\s(?:pytania|potwierdzenia|zgody|pytania\so\szgod[ęe])\b|\bnie\spytaj\b`,
    // Indonesian: "tanpa konfirmasi", "tanpa bertanya kepada pengguna", "tanpa menunggu persetujuan".
    String.raw`\btanpa\s(?:konfirmasi|bertanya|menunggu\s(?:persetujuan|konfirmasi)|meminta\s(?:izin|persetujuan|konfirmasi)|persetujuan)\b`,
    // Ukrainian: "без підтвердження", "не питаючи".
    String.raw`без\s(?:підтвердження|дозволу|згоди)|не\sпитаючи`,
    // Hindi: "पुष्टि के बिना", "बिना पूछे".
    String.raw`(?:पुष्टि|अनुमति|मंज़ूरी|मंजूरी)\sके\sबिना|बिना\sपूछे`,
  ].join('|'),
  'gi',
);

/** Words of these languages for what makes an order matter: secrets, sending, running, deleting, security warnings. */
export const CONSEQUENTIAL_OTHER_LANGUAGES =
  /(?:Sicherheit|Warnung|s[ée]curit[ée]|avertissement|seguridad|advertencia|seguran[çc]a|aviso|sicurezza|avviso|безопасн|предупрежд|安全|警告|セキュリティ|보안|경고|Inhalt|Schl[üu]ssel|Passw|Zugangsdaten|Geheim|hochlad|sende|senden|ausf[üu]hr|l[öo]sch|installier|Befehl|Konfiguration|contenu|cl[ée]s?\b|mot de passe|secret|envoy|t[ée]l[ée]vers|ex[ée]cut|supprim|install|commande|contenido|contrase|clave|env[ií]a|sub[ei]|ejecut|elimin|borra|instal|comando|conte[úu]do|senha|chave|envi|carreg|execut|exclu|apag|contenuto|chiave|invia|carica|esegu|elimina|содерж|ключ|парол|отправ|загруз|выполн|удал|установ|команд|内容|密钥|令牌|密码|凭据|配置|发送|上传|执行|删除|安装|命令|修改|鍵|トークン|パスワード|認証情報|設定|送信|アップロード|実行|削除|インストール|コマンド|변경|키|토큰|비밀번호|전송|업로드|실행|삭제|설치|명령|bảo\smật|mật\skhẩu|khóa|gửi|tải\slên|chạy|xóa|cài\sđặt|lệnh|secrets|g[üu]venlik|[şs]ifre|anahtar|g[öo]nder|y[üu]kle|[çc]al[ıi][şs]t[ıi]r|\bsil(?:in|di|er|mek|iniz)\b|komut|bezpiecze[ńn]stw|has[łl]o|klucz|wy[śs]lij|prze[śs]lij|uruchom|usu[ńn]|polecen|keamanan|kata\ssandi|kunci|kirim|unggah|jalankan|hapus|perintah|безпек|ключ|парол|надісл|завантаж|виконай|видал|команд|सुरक्षा|पासवर्ड|कुंजी|भेज|अपलोड|चलाएं|हटाएं|कमांड)/i;
