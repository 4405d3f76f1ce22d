/**
 * The honesty guard's words, per language, in the plain form (normalise.ts: lower case, no accents,
 * ł -> l, ß -> ss, every apostrophe and punctuation mark a space: "you're" -> "you re",
 * "c'est" -> "c est"). honesty.ts builds its patterns from these lists; to teach the guard a new
 * wording, add the words here and a row to honesty.table.ts (docs/honesty.md).
 */
export interface Language {
  /** who is asked about, before the question word: "are you", "zijn jullie", "u" */
  you: string[];
  /** "is", "are": with `these` and `things` they ask about a profile ("is this profile", "this photo is") */
  copulas: string[];
  /** "this", "your" */
  these: string[];
  /** what may be real or fake: profile, account, photo, person */
  things: string[];
  /** "is it", "c'est": only before an unmistakable noun (bot, fake profile: "c'est vrai" is "that's true", "es un programa" a TV show) */
  isIt: string[];
  /** "is this", "is it": like isIt, and also before a `real` word ("is this real?") */
  isItReal: string[];
  /** words that end the question: real, fake (a "real" word followed by more words is an adverb: "ben je echt zo lief") */
  real: string[];
  /** a person or a fake profile: "are you a real person", "is this a fake account" (reason real_question) */
  human: string[];
  /** a machine: "are you a bot", "bist du eine KI" (reason bot_question) */
  bot: string[];
  /** the site's people: "are you an employee" (reason staff_question) */
  staff: string[];
  /** whole phrases (regular expressions over the plain form) asking whether the site, an employee or someone else writes (staff_question) */
  staffPhrases: string[];
  /** articles and adverbs allowed between the subject and the word */
  fillers: string[];
  /** words allowed after a `real` word: "or not", "right" */
  tails: string[];
  /** a message of only these words asks the question when it answers a chatpal's message: "echt?", "vrai?" (short_form) */
  short: string[];
  /** words that may come before a short form: "haha echt?", "wow, real?" */
  openers: string[];
}

export type LanguageCode = 'nl' | 'en' | 'de' | 'es' | 'fr' | 'it' | 'pl';

/** Words that mean the same in every language the site speaks. */
export const EVERYWHERE: Pick<Language, 'real' | 'human' | 'bot' | 'staff' | 'short' | 'openers' | 'tails'> = {
  real: ['fake', 'real', 'legit'],
  human: ['fake', 'fake profiel', 'fake profile', 'fake profil', 'fake account', 'fakeprofil', 'fake konto', 'fake perfil', 'fake profilo', 'catfish', 'scam', 'scammer'],
  bot: ['bot', 'robot', 'chatbot', 'chat bot', 'chatgpt', 'gpt', 'ai bot', 'bot ai', 'llm', 'script', 'algoritm', 'algorithm', 'algoritme', 'algorithmus', 'algoritmo', 'algorithme', 'algorytm'],
  staff: ['operator', 'moderator', 'admin', 'administrator'],
  short: ['fake', 'real', 'legit', 'bot', 'robot', 'chatbot', 'ai', 'echt', 'fake profile', 'real or fake', 'fake or real', 'real or bot', 'bot or real', 'real person', 'human'],
  openers: ['haha', 'hahaha', 'hihi', 'lol', 'hmm', 'hm', 'huh', 'oh', 'ohh', 'wow', 'ok', 'oke', 'okay', 'ah', 'eh', 'uh', 'omg', 'wtf'],
  tails: ['haha', 'hahaha', 'lol', 'hmm', 'ja', 'yes', 'no', 'ok'],
};

export const LANGUAGES: Record<LanguageCode, Language> = {
  nl: {
    you: ['ben je', 'ben jij', 'bent u', 'bent je', 'bent jij', 'jij bent', 'je bent', 'u bent', 'zijn jullie', 'jullie zijn', 'ben jij dan', 'praat ik met', 'chat ik met', 'spreek ik met', 'schrijf ik met', 'schrijf ik naar', 'heb ik contact met'],
    copulas: ['is', 'zijn', 'was'],
    these: ['dit', 'deze', 'die', 'dat', 'het', 'jouw', 'je', 'jullie', 'uw'],
    things: ['profiel', 'account', 'foto', 'fotos', 'foto s', 'plaatje', 'plaatjes', 'persoon', 'meisje', 'vrouw', 'man', 'jongen', 'chat', 'gesprek', 'accountje', 'profieltje'],
    isIt: [],
    isItReal: ['is dit', 'is het', 'is dat'],
    real: ['echt', 'nep', 'fake', 'echt of nep', 'menselijk', 'een mens', 'authentiek', 'onecht', 'vals', 'gefaket', 'nagemaakt', 'echt wel', 'een echt mens', 'mens'],
    human: ['echt mens', 'echte mens', 'echt persoon', 'echte persoon', 'echt iemand', 'echte vrouw', 'echte man', 'echt meisje', 'echte meid', 'nepprofiel', 'nep profiel', 'nepaccount', 'nep account', 'vals profiel', 'nep persoon', 'neppersoon', 'oplichter', 'echt profiel', 'echt account', 'echte foto', 'echte fotos'],
    bot: ['computer', 'computerprogramma', 'computer programma', 'programma', 'chatprogramma', 'machine', 'automaat', 'kunstmatige intelligentie', 'ai', 'kunstmatig', 'nepbot', 'taalmodel'],
    staff: ['medewerker', 'medewerkster', 'werknemer', 'personeelslid', 'personeel', 'beheerder', 'iemand van de site', 'iemand van de website', 'iemand van het bedrijf', 'iemand van de organisatie', 'betaalde kracht', 'chatmedewerker', 'chatter', 'animator', 'profielbeheerder', 'professionele chatter'],
    staffPhrases: [
      '(?:werk|werkt) (?:je|jij|u) (?:\\w+ ){0,2}(?:voor|bij) (?:\\w+ ){0,2}(?:site|website|app|bedrijf|organisatie|platform|datingsite|firma)',
      '(?:word|wordt) (?:je|jij|u) (?:\\w+ ){0,3}betaald',
      '(?:ben|bent) (?:je|jij|u) (?:\\w+ ){0,2}in dienst',
      '(?:wordt|word) (?:dit|je|jouw|het|deze|uw) (?:profiel|account) (?:\\w+ ){0,6}(?:beheerd|gerund|bestuurd|geschreven|bijgehouden|bediend|gedaan|gemaakt|aangestuurd|gespeeld|uitgebaat)',
      '(?:beheert|runt|bestuurt|schrijft|bedient|doet) (?:de|deze|jullie) (?:site|website|app|bedrijf|organisatie) (?:\\w+ ){0,2}(?:dit|je|jouw|het|deze) (?:profiel|account)',
      'wie (?:beheert|schrijft|runt|bestuurt|bedient|typt|doet) (?:\\w+ ){0,2}(?:profiel|account|berichten)',
      '(?:schrijft|typt|antwoordt|chat|praat) (?:er )?(?:\\w+ ){0,2}iemand anders',
      'iemand anders (?:\\w+ ){0,3}(?:schrijft|typt|antwoordt|achter)',
      '(?:praat|chat|schrijf|spreek) ik (?:\\w+ ){0,2}met iemand anders',
      'met wie (?:praat|chat|schrijf|spreek) ik',
      'zit er (?:\\w+ ){0,3}(?:iemand|een medewerker|de site|een bedrijf) achter',
      'wie zit er (?:\\w+ ){0,2}achter',
      'achter (?:dit|dat|je|jouw|het|deze) (?:profiel|account|profielen|berichten)',
    ],
    fillers: ['een', 'wel', 'echt', 'nou', 'eigenlijk', 'misschien', 'gewoon', 'soms', 'nu', 'met', 'zeker', 'ook', 'wel echt', 'dan', 'toch', 'nog', 'heus', 'werkelijk', 'serieus', 'daadwerkelijk', 'stiekem', 'zo n', 'zon', 'soort', 'of', 'niet'],
    tails: ['of niet', 'of nep', 'hoor', 'dan', 'eigenlijk', 'wel', 'haha', 'lol', 'of zo', 'toch', 'he', 'hè', 'ofzo', 'of wat', 'of niet dan', 'nou', 'of echt', 'of een bot', 'van jou', 'van jezelf'],
    short: ['echt', 'nep', 'echt waar', 'echt echt', 'echt of nep', 'echt of niet', 'wel echt', 'echt wel', 'mens', 'echt mens', 'echt persoon', 'nepprofiel', 'ben je echt', 'ben jij echt', 'jij echt', 'je echt', 'echt hoor'],
    openers: ['maar', 'en', 'dus', 'serieus', 'eerlijk', 'even', 'nou', 'zeg', 'hee', 'he', 'hey', 'hoi', 'wacht', 'huh', 'wauw'],
  },
  en: {
    you: ['are you', 'r you', 'r u', 'are u', 'you are', 'you re', 'youre', 'u are', 'u re', 'ur', 'u r', 'ru', 'u', 'are ya', 'r ya', 'am i talking to', 'am i talking with', 'am i chatting with', 'am i chatting to', 'am i speaking to', 'am i speaking with', 'am i writing to', 'am i writing with', 'am i texting', 'am i texting with'],
    copulas: ['is', 'are', 'was', 'isn t', 'aren t'],
    these: ['this', 'that', 'the', 'your', 'ur', 'these', 'those', 'yr'],
    things: ['profile', 'account', 'photo', 'photos', 'pic', 'pics', 'picture', 'pictures', 'person', 'girl', 'guy', 'woman', 'man', 'chat', 'conversation', 'page', 'identity'],
    isIt: [],
    isItReal: ['is this', 'is it', 'is that', 'are these', 'are those'],
    real: ['real', 'fake', 'human', 'legit', 'genuine', 'authentic', 'for real', 'a real person', 'a human', 'real or fake', 'real or not', 'a real human', 'really real', 'a person', 'an actual person', 'actually real', 'real life', 'irl', 'who you say you are'],
    human: ['real person', 'actual person', 'real human', 'real woman', 'real man', 'real girl', 'real guy', 'live person', 'living person', 'human being', 'fake profile', 'fake account', 'catfish', 'real user', 'real member', 'real account', 'real profile', 'real photo', 'real photos', 'real pics', 'real pictures'],
    bot: ['computer', 'program', 'programme', 'computer program', 'machine', 'ai', 'artificial intelligence', 'language model', 'chat program', 'autoresponder', 'auto responder', 'automated reply', 'automated message', 'automated account', 'automated profile', 'automatic reply', 'auto reply'],
    staff: ['employee', 'staff', 'staff member', 'worker', 'agent', 'paid chatter', 'chatter', 'professional chatter', 'someone from the site', 'someone from the website', 'someone from the company', 'part of the site', 'part of the company', 'working for the site', 'paid by the site', 'hired', 'contractor', 'animator'],
    staffPhrases: [
      '(?:do|does|dont|don t) (?:you|u|ya) (?:\\w+ ){0,2}(?:work|write|chat|type|answer) (?:\\w+ ){0,2}(?:for|at|with|on behalf of) (?:\\w+ ){0,2}(?:site|website|app|company|platform|service|agency|business)',
      '(?:you|u) (?:\\w+ ){0,2}work (?:\\w+ ){0,2}(?:for|at) (?:\\w+ ){0,2}(?:site|website|app|company|platform)',
      '(?:are|r) (?:you|u) (?:\\w+ ){0,2}(?:paid|employed|hired|working) (?:by|for) ',
      '(?:do|does) (?:\\w+ ){0,2}(?:site|website|company|app|platform) (?:\\w+ ){0,2}(?:run|operate|manage|control|write|own|pay)',
      '(?:is|are) (?:this|that|the|your|ur|these) (?:profile|account|chat|messages|pics|photos) (?:\\w+ ){0,3}(?:run|operated|managed|controlled|written|maintained|handled|owned|made) by',
      'who (?:\\w+ ){0,2}(?:runs|operates|writes|controls|manages|handles|types|is behind|behind|owns) (?:\\w+ ){0,2}(?:profile|account|messages|chat)',
      'who am i (?:\\w+ ){0,2}(?:talking|chatting|writing|speaking|texting) (?:to|with)',
      '(?:someone|somebody|anyone) else (?:\\w+ ){0,2}(?:writing|typing|answering|texting|replying|behind|running)',
      '(?:talking|chatting|writing|speaking|texting) (?:to|with) (?:someone|somebody) else',
      'is there (?:\\w+ ){0,3}(?:someone|somebody|person|human|people|team|company|agency|employee|operator|staff) (?:\\w+ ){0,2}(?:behind|writing|typing)',
      '(?:someone|somebody|an employee|staff|the company|the site|the website) (?:\\w+ ){0,4}(?:write|writes|writing|answer|answers|answering|type|types|typing|run|runs|running) (?:\\w+ ){0,2}(?:messages|profile|account|chats|replies|texts)',
      'behind (?:this|the|your|that|these) (?:profile|account|chat|messages|profiles)',
    ],
    fillers: ['a', 'an', 'really', 'actually', 'just', 'even', 'maybe', 'some', 'kind', 'sort', 'of', 'the', 'for', 'truly', 'honestly', 'still', 'to', 'with', 'seriously', 'srsly', 'rly', 'realy', 'like', 'real', 'your', 'ur', 'genuinely', 'secretly', 'some kind of', 'sort of', 'one', 'probably', 'definitely', 'not'],
    tails: ['or not', 'or fake', 'or what', 'lol', 'haha', 'though', 'right', 'or a bot', 'tho', 'huh', 'eh', 'for sure', 'yeah', 'honestly', 'at all', 'or real', 'tbh'],
    short: ['real', 'fake', 'for real', 'really real', 'u real', 'you real', 'ur real', 'r u real', 'real or not', 'legit', 'real person', 'human', 'a bot', 'an ai', 'bot or not', 'real tho', 'are you real', 'fr'],
    openers: ['but', 'and', 'so', 'seriously', 'honestly', 'wait', 'hey', 'hi', 'well', 'like', 'really'],
  },
  de: {
    you: ['bist du', 'du bist', 'sind sie', 'sie sind', 'seid ihr', 'ihr seid', 'bist du denn', 'rede ich mit', 'spreche ich mit', 'chatte ich mit', 'schreibe ich mit', 'schreib ich mit', 'schreibe ich hier mit', 'rede ich hier mit', 'chatte ich hier mit', 'schreibe ich gerade mit'],
    copulas: ['ist', 'sind', 'war'],
    these: ['dieses', 'das', 'dein', 'deine', 'diese', 'die', 'der', 'dies', 'ihr', 'euer', 'eure', 'deiner', 'dieser'],
    things: ['profil', 'konto', 'account', 'foto', 'fotos', 'bild', 'bilder', 'person', 'frau', 'mann', 'madchen', 'chat', 'gesprach', 'seite'],
    isIt: [],
    isItReal: ['ist das', 'ist dies', 'ist es'],
    real: ['echt', 'real', 'fake', 'mensch', 'ein mensch', 'menschlich', 'gefalscht', 'gefaked', 'authentisch', 'unecht', 'wirklich echt', 'echt oder fake', 'ein echter mensch', 'eine echte person', 'real oder fake'],
    human: ['echte person', 'echter mensch', 'echten menschen', 'echte frau', 'echter mann', 'reale person', 'realer mensch', 'fake profil', 'fakeprofil', 'fake account', 'falsches profil', 'gefalschtes profil', 'lebendige person', 'betruger', 'betrugerin', 'echtes profil', 'echtes konto', 'echte fotos', 'echtes foto', 'echte bilder'],
    bot: ['computer', 'programm', 'computerprogramm', 'roboter', 'roboterin', 'maschine', 'ki', 'kunstliche intelligenz', 'ai', 'sprachmodell', 'automat', 'chatprogramm'],
    staff: ['mitarbeiter', 'mitarbeiterin', 'angestellter', 'angestellte', 'angestellten', 'moderatorin', 'animateur', 'animateurin', 'angestellter der seite', 'jemand von der seite', 'jemand von der firma', 'bezahlter schreiber', 'bezahlte schreiberin', 'chatter', 'chatterin', 'profilbetreuer', 'profilbetreuerin', 'teil der seite'],
    staffPhrases: [
      '(?:arbeitest|arbeiten) (?:du|sie|ihr) (?:\\w+ ){0,3}(?:fur|bei) (?:\\w+ ){0,2}(?:seite|webseite|website|plattform|firma|app|portal|agentur|betreiber)',
      '(?:wirst|werden) (?:du|sie) (?:\\w+ ){0,3}bezahlt',
      '(?:bist|sind) (?:du|sie) (?:\\w+ ){0,2}(?:angestellt|bezahlt|beschaftigt)',
      '(?:wird|werden) (?:dieses|dein|das|deine|diese|ihr) (?:profil|konto|account|nachrichten) (?:\\w+ ){0,6}(?:betrieben|verwaltet|gefuhrt|gesteuert|geschrieben|betreut|bedient|gemacht)',
      'wer (?:\\w+ ){0,2}(?:schreibt|betreibt|verwaltet|steuert|betreut|bedient|fuhrt|tippt|steckt) (?:\\w+ ){0,3}(?:profil|konto|account|nachrichten|dahinter|hier)',
      '(?:schreibt|tippt|antwortet|chattet) (?:hier )?(?:\\w+ ){0,2}(?:jemand|wer) anders',
      '(?:jemand|wer) anders (?:\\w+ ){0,3}(?:schreibt|tippt|antwortet)',
      '(?:betreibt|verwaltet|steuert|betreut|schreibt) (?:die|diese|eure) (?:seite|webseite|website|plattform|firma) (?:\\w+ ){0,2}(?:dieses|dein|das|diese|deine) (?:profil|konto|account)',
      'mit wem (?:\\w+ ){0,2}(?:rede|schreibe|schreib|chatte|spreche) ich',
      'hinter (?:diesem|dem|deinem|dies|das) (?:profil|konto|account|nachrichten)',
      'steckt (?:\\w+ ){0,3}(?:jemand|die seite|eine firma|ein mitarbeiter|wer) (?:\\w+ ){0,2}dahinter',
    ],
    fillers: ['ein', 'eine', 'einen', 'einem', 'einer', 'wirklich', 'eigentlich', 'etwa', 'vielleicht', 'nur', 'so', 'echt', 'auch', 'denn', 'uberhaupt', 'ueberhaupt', 'tatsachlich', 'tatsaechlich', 'ehrlich', 'hier', 'gerade', 'nicht', 'wohl', 'doch', 'in wirklichkeit', 'so ein', 'so eine', 'irgendein', 'irgendeine', 'bloss', 'heimlich', 'wirklich ein', 'wirklich eine', 'sicher'],
    tails: ['oder nicht', 'oder fake', 'oder', 'haha', 'lol', 'ja', 'oder was', 'jetzt', 'oder so', 'wirklich', 'eigentlich', 'uberhaupt', 'oder ein bot', 'ehrlich', 'von dir'],
    short: ['echt', 'wirklich echt', 'echt jetzt', 'echt oder fake', 'echt oder nicht', 'real', 'mensch', 'echter mensch', 'ki', 'ein bot', 'eine ki', 'du echt', 'bist du echt', 'ehrlich echt'],
    openers: ['aber', 'und', 'also', 'ehrlich', 'mal', 'sag', 'hey', 'hallo', 'na', 'moment', 'ernsthaft'],
  },
  es: {
    you: ['eres', 'tu eres', 'estoy hablando con', 'hablo con', 'estoy chateando con', 'eres tu', 'es usted', 'usted es', 'sois', 'ustedes son', 'son ustedes', 'estoy escribiendo con', 'le escribo a', 'te escribo a', 'chateo con'],
    copulas: ['es', 'son', 'era'],
    these: ['este', 'esta', 'tu', 'tus', 'estos', 'estas', 'el', 'la', 'las', 'los', 'su', 'sus', 'ese', 'esa'],
    things: ['perfil', 'cuenta', 'foto', 'fotos', 'persona', 'chica', 'chico', 'mujer', 'hombre', 'chat', 'conversacion', 'imagen', 'imagenes'],
    isIt: ['es', 'esto es', 'es esto'],
    isItReal: ['esto es', 'es esto'],
    real: ['real', 'de verdad', 'verdadero', 'verdadera', 'falso', 'falsa', 'humano', 'humana', 'autentico', 'autentica', 'real o falso', 'real o falsa', 'reales', 'falsos', 'falsas', 'verdaderos', 'verdaderas', 'una persona real', 'de carne y hueso', 'fake', 'una persona'],
    human: ['persona real', 'persona de verdad', 'mujer real', 'hombre real', 'chica real', 'ser humano', 'perfil falso', 'cuenta falsa', 'perfil real', 'cuenta real', 'foto real', 'fotos reales', 'estafador', 'estafadora'],
    bot: ['computadora', 'ordenador', 'programa', 'programa de ordenador', 'programa informatico', 'maquina', 'ia', 'inteligencia artificial', 'software', 'automata', 'ai'],
    staff: ['empleado', 'empleada', 'trabajador', 'trabajadora', 'operador', 'operadora', 'moderadora', 'moderador', 'alguien de la pagina', 'alguien del sitio', 'alguien de la web', 'alguien de la empresa', 'animador', 'animadora', 'chateador', 'chateadora'],
    staffPhrases: [
      '(?:trabajas|trabaja|trabajais|trabajan) (?:\\w+ ){0,2}(?:para|en|con) (?:\\w+ ){0,2}(?:sitio|pagina|web|app|empresa|plataforma|compania|agencia)',
      '(?:te|le|os) (?:\\w+ ){0,2}pagan',
      '(?:este|tu|el|su) (?:perfil|cuenta) (?:\\w+ ){0,3}(?:es|esta) (?:\\w+ ){0,1}(?:gestionado|gestionada|manejado|manejada|controlado|controlada|administrado|administrada|llevado|llevada|escrito|escrita|operado|operada) por',
      'quien (?:\\w+ ){0,2}(?:maneja|gestiona|controla|escribe|lleva|administra|opera|esta detras de) (?:\\w+ ){0,2}(?:perfil|cuenta|mensajes|chat)',
      '(?:escribe|esta escribiendo|contesta|responde) (?:\\w+ ){0,2}otra persona',
      '(?:otra persona|alguien mas|otro) (?:\\w+ ){0,2}(?:escribe|esta escribiendo|contesta|responde)',
      'con quien (?:\\w+ ){0,2}(?:hablo|estoy hablando|chateo|estoy chateando|escribo)',
      'detras de (?:este|tu|el|ese) (?:perfil|cuenta|chat)',
      'hay (?:\\w+ ){0,3}(?:alguien|una empresa|un empleado) (?:\\w+ ){0,2}detras',
    ],
    fillers: ['un', 'una', 'de', 'verdad', 'realmente', 'acaso', 'solo', 'en', 'serio', 'tal', 'vez', 'con', 'tu', 'no', 'algun', 'alguna', 'tipo', 'de verdad', 'en realidad', 'sinceramente'],
    tails: ['o no', 'o falso', 'o falsa', 'jaja', 'jajaja', 'lol', 'verdad', 'o que', 'o un bot', 'de verdad', 'en serio'],
    short: ['real', 'de verdad', 'eres real', 'verdadero', 'verdadera', 'real o falso', 'humano', 'humana', 'tu real', 'eres de verdad', 'un bot', 'ia', 'una ia', 'eres un bot'],
    openers: ['pero', 'y', 'oye', 'hola', 'bueno', 'en serio', 'jaja', 'jajaja', 'a ver', 'espera', 'entonces'],
  },
  fr: {
    you: ['es tu', 'tu es', 't es', 'etes vous', 'vous etes', 'est ce que tu es', 'est ce que vous etes', 'je parle a', 'je parle avec', 'je discute avec', 'je chatte avec', 'j ecris a', 'est ce que je parle a', 'est ce que je parle avec', 'je suis en train de parler avec', 'je parle bien a', 'je parle vraiment a'],
    copulas: ['est', 'sont', 'etait'],
    these: ['ce', 'cette', 'ton', 'ta', 'tes', 'ces', 'le', 'la', 'les', 'votre', 'vos', 'cet'],
    things: ['profil', 'compte', 'photo', 'photos', 'personne', 'fille', 'femme', 'homme', 'mec', 'chat', 'conversation', 'image', 'images'],
    isIt: ['c est', 'est ce', 'est ce que c est', 'c est bien'],
    isItReal: [],
    real: ['reel', 'reelle', 'vrai', 'vraie', 'real', 'faux', 'fausse', 'humain', 'humaine', 'authentique', 'fake', 'pour de vrai', 'en vrai', 'une vraie personne', 'une personne reelle', 'vrai ou faux', 'vraie ou fausse', 'une personne', 'vrais', 'vraies', 'reels', 'reelles', 'fausses'],
    human: ['etre humain', 'vraie personne', 'personne reelle', 'vraie femme', 'vrai homme', 'vraie fille', 'faux profil', 'faux compte', 'vrai profil', 'vrai compte', 'profil reel', 'vraies photos', 'arnaqueur', 'arnaqueuse', 'escroc'],
    bot: ['ordinateur', 'programme', 'programme informatique', 'logiciel', 'machine', 'ia', 'intelligence artificielle', 'automate', 'ai'],
    staff: ['employe', 'employee', 'salarie', 'salariee', 'operateur', 'operatrice', 'moderateur', 'moderatrice', 'animateur', 'animatrice', 'quelqu un du site', 'quelqu un de l equipe', 'membre du personnel', 'membre de l equipe', 'salarie du site', 'employe du site', 'employee du site'],
    staffPhrases: [
      '(?:tu travailles|travailles tu|vous travaillez|travaillez vous|tu bosses|bosses tu) (?:\\w+ ){0,2}(?:pour|chez|avec) (?:\\w+ ){0,2}(?:site|app|application|entreprise|plateforme|societe|agence)',
      '(?:es tu|tu es|etes vous|vous etes|t es) (?:\\w+ ){0,2}(?:paye|payee|payes|salarie|salariee|remunere|remuneree) (?:par|pour)',
      '(?:ce|ton|le|votre) (?:profil|compte) (?:\\w+ ){0,2}(?:est|sont) (?:\\w+ ){0,1}(?:gere|geree|tenu|controle|ecrit|anime|opere|administre|pilote) par',
      '(?:le site|la plateforme|l entreprise|l equipe|la societe|qui) (?:\\w+ ){0,2}(?:gere|tient|controle|ecrit|anime|administre|pilote|opere|est derriere) (?:\\w+ ){0,2}(?:profil|compte|messages|conversation)',
      'quelqu un d autre (?:\\w+ ){0,2}(?:ecrit|repond|tape|parle|est derriere)',
      'c est quelqu un d autre',
      '(?:a|avec) qui (?:\\w+ ){0,2}(?:je parle|je discute|j ecris|je chatte)',
      'qui (?:\\w+ ){0,2}(?:m ecrit|me repond|ecrit ces messages|est derriere)',
      'derriere (?:ce|ton|le|votre) (?:profil|compte)',
      'y a t il (?:\\w+ ){0,3}(?:quelqu un|une entreprise|un employe) (?:\\w+ ){0,2}derriere',
    ],
    fillers: ['un', 'une', 'vraiment', 'juste', 'seulement', 'en', 'fait', 'peut', 'etre', 'bien', 'reellement', 'avec', 'serieusement', 'en fait', 'peut etre', 'pas', 'une sorte de', 'genre', 'honnetement', 'franchement', 'il', 'elle', 'ils', 'elles', 'de', 'la', 'un e'],
    tails: ['ou pas', 'ou non', 'ou faux', 'ou fausse', 'mdr', 'lol', 'haha', 'hein', 'ou quoi', 'ou un bot', 'quand meme', 'pour de vrai', 'en vrai', 'non'],
    short: ['vrai', 'vraie', 'reel', 'reelle', 'pour de vrai', 'en vrai', 'vrai ou faux', 't es vrai', 't es vraie', 't es reel', 't es reelle', 'tu es vrai', 'tu es vraie', 'un robot', 'une ia', 'humain', 'humaine', 'tu es reel', 'tu es reelle', 'vraiment vrai', 'vraiment reel'],
    openers: ['mais', 'et', 'donc', 'serieux', 'serieusement', 'attends', 'salut', 'coucou', 'bon', 'hein', 'dis', 'ah'],
  },
  it: {
    you: ['sei', 'tu sei', 'sto parlando con', 'parlo con', 'sto chattando con', 'sta parlando con', 'lei e', 'e lei', 'siete', 'voi siete', 'sto scrivendo con', 'scrivo con', 'sto scrivendo a', 'sei tu'],
    copulas: ['e', 'sono', 'era'],
    these: ['questo', 'questa', 'il', 'la', 'tuo', 'tua', 'tue', 'tuoi', 'queste', 'questi', 'le', 'i', 'il tuo', 'la tua', 'le tue', 'i tuoi', 'quel', 'quella', 'suo', 'sua'],
    things: ['profilo', 'account', 'foto', 'persona', 'ragazza', 'ragazzo', 'donna', 'uomo', 'chat', 'conversazione', 'immagine', 'immagini'],
    isIt: ['e', 'questo e', 'e questo'],
    isItReal: [],
    real: ['vero', 'vera', 'reale', 'finto', 'finta', 'falso', 'falsa', 'umano', 'umana', 'autentico', 'autentica', 'fake', 'una persona vera', 'una persona reale', 'vero o finto', 'vera o finta', 'in carne e ossa', 'davvero vero', 'davvero vera', 'una persona', 'vere', 'veri', 'reali', 'finte', 'finti', 'false', 'falsi'],
    human: ['essere umano', 'persona vera', 'persona reale', 'donna vera', 'uomo vero', 'ragazza vera', 'profilo falso', 'profilo finto', 'account falso', 'account finto', 'profilo vero', 'profilo reale', 'account vero', 'foto vere', 'vera ragazza', 'vera persona', 'vera donna', 'vero uomo', 'truffatore', 'truffatrice'],
    bot: ['computer', 'programma', 'programma per computer', 'programma informatico', 'macchina', 'ia', 'intelligenza artificiale', 'software', 'automa'],
    staff: ['dipendente', 'impiegato', 'impiegata', 'operatore', 'operatrice', 'moderatore', 'moderatrice', 'animatore', 'animatrice', 'qualcuno del sito', 'qualcuno dell azienda', 'membro dello staff', 'dipendente del sito'],
    staffPhrases: [
      '(?:lavori|lavora|lavorate) (?:\\w+ ){0,2}(?:per|con|presso) (?:\\w+ ){0,2}(?:sito|app|azienda|piattaforma|societa|agenzia)',
      '(?:sei|e) (?:\\w+ ){0,2}(?:pagato|pagata|stipendiato|stipendiata) (?:da|dal|dalla|per)',
      '(?:questo|il tuo|il|tuo) (?:profilo|account) (?:\\w+ ){0,2}(?:e|viene) (?:\\w+ ){0,1}(?:gestito|controllato|scritto|amministrato|curato|usato|animato) (?:da|dal|dalla)',
      'chi (?:\\w+ ){0,2}(?:gestisce|scrive|controlla|amministra|cura|usa|c e dietro) (?:\\w+ ){0,2}(?:profilo|account|messaggi|chat)',
      '(?:scrive|sta scrivendo|risponde) (?:\\w+ ){0,2}qualcun altro',
      'qualcun altro (?:\\w+ ){0,2}(?:scrive|sta scrivendo|risponde)',
      'con chi (?:\\w+ ){0,2}(?:sto parlando|parlo|sto chattando|sto scrivendo|scrivo)',
      'dietro (?:questo|il tuo|il|al|a questo|al tuo|a) (?:profilo|account)',
      'c e (?:\\w+ ){0,3}(?:qualcuno|un azienda|un dipendente|il sito) (?:\\w+ ){0,2}dietro',
    ],
    fillers: ['un', 'una', 'uno', 'davvero', 'veramente', 'solo', 'per', 'caso', 'forse', 'proprio', 'realmente', 'con', 'per caso', 'tipo', 'sinceramente', 'in realta', 'non', 'mica', 'un a'],
    tails: ['o no', 'o finto', 'o finta', 'ahah', 'ahahah', 'lol', 'haha', 'o cosa', 'o un bot', 'davvero', 'sul serio', 'o falso', 'o falsa'],
    short: ['vero', 'vera', 'reale', 'sei vero', 'sei vera', 'sei reale', 'vero o finto', 'vera o finta', 'davvero vero', 'davvero vera', 'umano', 'umana', 'un bot', 'una ia', 'in carne e ossa'],
    openers: ['ma', 'e', 'quindi', 'sul serio', 'seriamente', 'aspetta', 'ciao', 'allora', 'dai', 'senti', 'ehi'],
  },
  pl: {
    you: ['jestes', 'czy jestes', 'ty jestes', 'rozmawiam z', 'czy rozmawiam z', 'pisze z', 'czy pisze z', 'czy pan jest', 'czy pani jest', 'pan jest', 'pani jest', 'jestescie', 'czy jestescie', 'pisze do', 'czy pisze do', 'rozmawiam tu z', 'czy rozmawiam tu z', 'czy ty jestes'],
    copulas: ['jest', 'sa', 'czy jest', 'byl', 'byla'],
    these: ['ten', 'to', 'ta', 'twoj', 'twoje', 'twoja', 'te', 'twoim', 'tym', 'czy ten', 'czy to', 'czy twoj', 'czy twoje', 'czy ta', 'czy te'],
    things: ['profil', 'konto', 'zdjecie', 'zdjecia', 'fotka', 'fotki', 'osoba', 'dziewczyna', 'kobieta', 'facet', 'chat', 'rozmowa'],
    isIt: ['czy to', 'czy to jest'],
    isItReal: ['czy to', 'czy to jest'],
    real: ['prawdziwy', 'prawdziwa', 'prawdziwe', 'prawdziwym', 'prawdziwa osoba', 'realny', 'realna', 'realne', 'falszywy', 'falszywa', 'falszywe', 'fake', 'czlowiekiem', 'autentyczny', 'autentyczna', 'prawdziwy czy falszywy', 'naprawde prawdziwy', 'naprawde prawdziwa', 'zywym czlowiekiem', 'zywa osoba', 'czlowiek'],
    human: ['prawdziwa osoba', 'prawdziwym czlowiekiem', 'prawdziwa kobieta', 'prawdziwym mezczyzna', 'prawdziwym facetem', 'zywym czlowiekiem', 'zywa osoba', 'falszywy profil', 'falszywe konto', 'osoba prawdziwa', 'prawdziwy profil', 'prawdziwe konto', 'prawdziwe zdjecia', 'oszust', 'oszustka', 'oszustem'],
    bot: ['botem', 'robotem', 'chatbotem', 'komputer', 'komputerem', 'program', 'programem', 'programem komputerowym', 'maszyna', 'si', 'sztuczna inteligencja', 'ai', 'automat', 'automatem', 'oprogramowanie'],
    staff: ['pracownik', 'pracownikiem', 'pracownica', 'operatorem', 'moderatorem', 'moderatorka', 'konsultant', 'konsultantem', 'konsultantka', 'administratorem', 'kims z serwisu', 'kims ze strony', 'kims z firmy', 'personel', 'opiekun profilu', 'animatorem', 'animatorka', 'pracownikiem serwisu', 'pracownikiem strony'],
    staffPhrases: [
      '(?:pracujesz|pracuje pan|pracuje pani|pracujecie) (?:\\w+ ){0,2}(?:dla|w|na|przy) (?:\\w+ ){0,2}(?:strony|strona|stronie|serwisu|serwis|serwisie|portalu|portal|firmy|firma|aplikacji|platformy|agencji)',
      '(?:ktos|kto) (?:\\w+ ){0,2}(?:ci|panu|pani) (?:\\w+ ){0,1}placi',
      '(?:ten|twoj|to|twoje) (?:profil|konto) (?:\\w+ ){0,2}(?:jest|sa) (?:\\w+ ){0,1}(?:prowadzony|prowadzone|obslugiwany|obslugiwane|zarzadzany|zarzadzane|kontrolowany|kontrolowane|pisany|pisane) (?:przez|od)',
      'kto (?:\\w+ ){0,2}(?:prowadzi|pisze|obsluguje|kontroluje|zarzadza|stoi za) (?:\\w+ ){0,2}(?:profil|profilem|konto|kontem|wiadomosci|czat)',
      '(?:pisze|odpisuje|odpowiada) (?:\\w+ ){0,2}ktos inny',
      'ktos inny (?:\\w+ ){0,2}(?:pisze|odpisuje|odpowiada)',
      'z kim (?:\\w+ ){0,2}(?:rozmawiam|pisze|pisze)',
      'czy (?:\\w+ ){0,3}(?:ktos|firma|serwis|pracownik) (?:\\w+ ){0,2}(?:za tym stoi|stoi za)',
      'za (?:tym|twoim) (?:profilem|kontem)',
    ],
    fillers: ['naprawde', 'moze', 'tylko', 'na', 'pewno', 'w', 'ogole', 'jakims', 'jakas', 'jakis', 'z', 'ze', 'faktycznie', 'na pewno', 'w ogole', 'tak', 'szczerze', 'serio', 'tu', 'tutaj', 'nie'],
    tails: ['czy nie', 'czy falszywy', 'czy falszywa', 'haha', 'lol', 'czy bot', 'serio', 'naprawde', 'w ogole'],
    short: ['prawdziwy', 'prawdziwa', 'prawdziwe', 'naprawde prawdziwy', 'naprawde prawdziwa', 'jestes prawdziwy', 'jestes prawdziwa', 'prawdziwy czy falszywy', 'czlowiek', 'bot', 'botem', 'si', 'serio prawdziwa', 'serio prawdziwy'],
    openers: ['ale', 'i', 'a', 'wiec', 'serio', 'szczerze', 'hej', 'czesc', 'czekaj', 'no', 'sluchaj'],
  },
};
