/**
 * German and English texts. Both languages keep the Bavarian game terms (Ober, Bettel,
 * Kontra …): they are the names players know. `{name}` placeholders are filled as text,
 * never as HTML.
 */
export type Language = 'de' | 'en';

const en = {
  appName: 'Wallachen online',
  skipToContent: 'Skip to the table',
  navNewTable: 'New table',
  navRules: 'Rules',
  themeDark: 'Dark theme',
  patternFrench: 'French cards',
  language: 'Language',

  loading: 'Loading the table…',
  connectionLive: 'Live',
  connectionConnecting: 'Connecting…',
  connectionOffline: 'Offline: the table updates again when the network is back',
  gameOf: 'Game {n} of {m}',
  redealN: 'redeal {n}',
  spectating: 'You are watching',
  youAre: 'You are {name}',
  you: 'you',
  yourTurn: 'Your turn',
  turnOf: '{name} to play',
  waitingFor: 'Waiting for {names}',
  phase_doubling: 'Doubling',
  phase_auction: 'Auction',
  phase_discard: 'Discarding',
  phase_declare: 'Announcing',
  phase_play: 'Play',
  phase_finished: 'Over',
  dealer: 'dealer',
  declarer: 'declarer',
  cardsHeld: { one: '{n} card', other: '{n} cards' },
  tricksTaken: { one: '{n} trick', other: '{n} tricks' },
  balance: 'Balance',
  pot: 'Pot',
  multiplier: 'Multiplier',
  multiplierUnknown: 'not known until everyone has decided',
  trump: 'Trump',
  noTrump: 'no trump',
  contract: 'Contract',
  bidStanding: 'Bid',
  yourHand: 'Your cards',
  hiddenCards: { one: '{n} hidden card', other: '{n} hidden cards' },
  trickArea: 'Current trick',
  lastTrick: 'Last trick',
  lastTrickOtherSide: 'Last trick of the other side',
  lastTrickDeclarer: 'Last trick of the declarer',
  noTrickOtherSide: 'The other side has not taken a trick yet.',
  noTrickDeclarer: 'The declarer has not taken a trick yet.',
  allTricks: 'Tricks of this game',
  trickWonBy: 'won by {name}',
  knocked: 'knocked',
  doublingPrompt: 'Your first three cards. Double?',
  double: 'Double',
  noDouble: 'No double',
  decided: 'decided',
  undecided: 'deciding',
  doubled: 'doubled',
  bidPlay: 'Ich spiele (6)',
  bidLevel: 'Bid {level}',
  hold: 'Halte ich',
  pass: 'Weiter (pass)',
  auctionLog: 'Auction',
  said_bid: '{name}: {level}',
  said_hold: '{name}: holds',
  said_pass: '{name}: passes',
  said_double: '{name}: doubles',
  said_decided: '{name}: decided',
  said_youDoubled: 'You doubled',
  said_youDidNotDouble: 'You did not double',
  said_declare: '{name} announces {level}',
  said_kontra: '{name}: Kontra',
  said_re: '{name}: Re',
  said_noRe: '{name}: no Re',
  said_discard: '{name} discards two cards',
  discardPrompt: 'You took the stock. Choose two cards to put away (Drücken).',
  stockWas: 'From the stock: ',
  discardSend: 'Drücken: put these two away',
  chosenCount: '{n} of 2 chosen',
  declarePrompt: 'Announce your contract:',
  declareLevel: 'Announce {level}',
  kontra: 'Kontra',
  re: 'Re',
  noRe: 'No Re',
  rePrompt: '{name} said Kontra. Play waits for your decision: Re doubles every payment of this game again (×2); no Re leaves it as it is.',
  waitingForRe: 'Waiting for {name}: Re or no Re?',
  kontraSaid: '{name} said Kontra.',
  trumpPrompt: 'Name the trump suit, then play your first card',
  trumpSuit: 'Trump suit',
  knock: 'Knock (Klopfen)',
  level_6: '6',
  level_7: '7',
  level_8: '8',
  level_9: '9',
  level_10: '10',
  level_bettel: 'Bettel',
  level_mord: 'Mord',
  playPrompt: 'Play a card',
  playCard: 'play {card}',
  chooseCard: 'choose {card}',
  deadline: 'Move due by {time}',
  // Read together, as the reminder mails say it: "Move deadline 24 hours".
  reminderAfter: 'Move deadline',
  reminderHours: { one: '{n} hour', other: '{n} hours' },
  summaryTitle: 'Game {n}: the settlement',
  summaryAllPass: 'Everybody passed: all paid into the pot, the cards were dealt again.',
  summaryWon: { one: '{name} played {level} and won with {n} trick.', other: '{name} played {level} and won with {n} tricks.' },
  summaryLost: { one: '{name} played {level} and lost with {n} trick.', other: '{name} played {level} and lost with {n} tricks.' },
  summaryEarly: 'The game ended early.',
  payments: 'Payments',
  hands: 'The hands',
  stock: 'Stock',
  discarded: 'Put away',
  tricks: 'Tricks',
  close: 'Close',
  nextGameStarted: 'The next game has already started.',
  replayThis: 'Replay this game',
  seriesOver: 'The series is over',
  finalBalances: 'Final balances',
  potPaidBack: 'These include {n} each, paid back from the pot.',
  potRemains: '{n} stays in the pot (it cannot be split in three).',
  gamesTitle: 'Finished games',
  noGamesYet: 'No game has finished yet.',
  replay: 'Replay',
  replayTitle: 'Replay of game {n}',
  replayStep: 'Step {i} of {n}',
  replayStart: 'Start',
  replayBack: 'Back',
  replayNext: 'Next',
  replayEnd: 'End',
  backToTable: 'Back to the table',
  seedCheck: 'Deal check: seed {seed}, commitment {commitment}',

  noticesTitle: 'Tell me when it is my turn',
  noticesHelp: 'By mail, or by a webhook for bots and chat tools. Leave a field empty to switch it off.',
  noticesEmail: 'Email',
  noticesWebhook: 'Webhook URL (https)',
  noticesSave: 'Save',
  noticesSaved: 'Saved.',
  noticesSecret: 'Webhook secret for checking signatures: {secret}',
  noticesUnconfirmed: 'We sent a confirmation mail to this address. Nothing else is mailed to it until you follow its link.',
  noticesUnsubscribed: 'This address unsubscribed from all Wallachen mail. Follow the confirmation link of an earlier mail to get mail again.',
  noticesWebhookDisabled: 'Your webhook is off: its receiver answered 410 Gone. Save it again to turn it back on.',
  noticesEmailConfirmed: 'Confirmed: your turns are mailed here.',
  noticesWebhookActive: 'On: every turn is posted to this webhook.',
  noticesQuiet: 'No mail while you have this table open or moved in the last {minutes} minutes, and at most one until you look in again.',
  noticesSummaryMail: 'by mail to {email}',
  noticesSummaryWebhook: 'by webhook',
  noticesSummaryOff: 'off',
  noticesUnchanged: 'Nothing changed.',

  errorNetwork: 'The server cannot be reached. Your move was not lost: try again when you are online.',
  errorBadLink: 'This link does not open a table: it may be incomplete. Ask for the link again.',
  errorStale: 'The table changed while you were choosing; here it is as it is now.',
  errorGeneric: 'Something went wrong: {message}',
  notFound: 'There is no page here.',
  // The API's error codes (worker/errors.ts ErrorCode, API.md "Errors"): pages show these, not the server's English message.
  error_bad_request: 'The server could not accept this: something in it is missing or not valid.',
  error_unauthorized: 'This link is not valid (any more). Ask for the link again.',
  error_forbidden: 'This link may not do that: a spectator link only watches.',
  error_not_found: 'There is no such table (any more).',
  error_stale_version: 'The table changed while you were choosing; here it is as it is now.',
  error_id_reused: 'This move was already sent as a different one. Reload the page and try again.',
  error_conflict: 'That clashes with a change made at the same time. Try again.',
  error_illegal_action: 'The rules do not allow that move now.',
  error_not_your_turn: 'It is not your turn.',
  error_paused: 'The table is paused.',
  error_rate_limited: 'Too many requests in a short time. Wait a minute and try again.',
  error_payload_too_large: 'That is too long for the server.',
  error_unsupported_media_type: 'The server did not understand the request (it must be JSON).',
  error_upgrade_required: 'The live connection could not be opened; the page keeps asking for the table instead.',
  error_not_configured: 'The server is not set up for this yet.',
  error_internal_error: 'The server failed. Your move may not have arrived: try again in a moment.',

  embedSeatLink:
    "This is a seat's secret link: whoever sees it can play that seat. Embed the spectator link instead; nothing of this table is shown here.",
  embedOpen: 'Open in a new tab',
} as const;

export type TextKey = keyof typeof en;

const de: Record<TextKey, Text> = {
  appName: 'Wallachen online',
  skipToContent: 'Zum Tisch springen',
  navNewTable: 'Neuer Tisch',
  navRules: 'Regeln',
  themeDark: 'Dunkles Design',
  patternFrench: 'Französisches Blatt',
  language: 'Sprache',

  loading: 'Lade den Tisch…',
  connectionLive: 'Live',
  connectionConnecting: 'Verbinde…',
  connectionOffline: 'Offline: der Tisch aktualisiert sich, sobald das Netz wieder da ist',
  gameOf: 'Spiel {n} von {m}',
  redealN: '{n}. Mal neu gegeben',
  spectating: 'Du schaust zu',
  youAre: 'Du bist {name}',
  you: 'du',
  yourTurn: 'Du bist dran',
  turnOf: '{name} ist dran',
  waitingFor: 'Warte auf {names}',
  phase_doubling: 'Doppeln',
  phase_auction: 'Reizen',
  phase_discard: 'Drücken',
  phase_declare: 'Ansagen',
  phase_play: 'Spiel',
  phase_finished: 'Vorbei',
  dealer: 'Geber',
  declarer: 'Alleinspieler',
  cardsHeld: { one: '{n} Karte', other: '{n} Karten' },
  tricksTaken: { one: '{n} Stich', other: '{n} Stiche' },
  balance: 'Stand',
  pot: 'Haferl',
  multiplier: 'Faktor',
  multiplierUnknown: 'offen, bis alle entschieden haben',
  trump: 'Trumpf',
  noTrump: 'kein Trumpf',
  contract: 'Spiel',
  bidStanding: 'Gereizt',
  yourHand: 'Deine Karten',
  hiddenCards: { one: '{n} verdeckte Karte', other: '{n} verdeckte Karten' },
  trickArea: 'Aktueller Stich',
  lastTrick: 'Letzter Stich',
  lastTrickOtherSide: 'Letzter Stich der Gegenseite',
  lastTrickDeclarer: 'Letzter Stich des Alleinspielers',
  noTrickOtherSide: 'Die Gegenseite hat noch keinen Stich gemacht.',
  noTrickDeclarer: 'Der Alleinspieler hat noch keinen Stich gemacht.',
  allTricks: 'Stiche dieses Spiels',
  trickWonBy: 'geht an {name}',
  knocked: 'hat geklopft',
  doublingPrompt: 'Deine ersten drei Karten. Doppeln?',
  double: 'Doppeln',
  noDouble: 'Nicht doppeln',
  decided: 'entschieden',
  undecided: 'überlegt',
  doubled: 'hat gedoppelt',
  bidPlay: 'Ich spiele (6)',
  bidLevel: '{level} reizen',
  hold: 'Halte ich',
  pass: 'Weiter',
  auctionLog: 'Reizen',
  said_bid: '{name}: {level}',
  said_hold: '{name}: hält',
  said_pass: '{name}: weiter',
  said_double: '{name}: doppelt',
  said_decided: '{name}: hat entschieden',
  said_youDoubled: 'Du hast gedoppelt',
  said_youDidNotDouble: 'Du hast nicht gedoppelt',
  said_declare: '{name} sagt {level} an',
  said_kontra: '{name}: Kontra',
  said_re: '{name}: Re',
  said_noRe: '{name}: kein Re',
  said_discard: '{name} drückt zwei Karten',
  discardPrompt: 'Du hast den Stock aufgenommen. Wähle zwei Karten zum Drücken.',
  stockWas: 'Aus dem Stock: ',
  discardSend: 'Diese zwei drücken',
  chosenCount: '{n} von 2 gewählt',
  declarePrompt: 'Sag dein Spiel an:',
  declareLevel: '{level} ansagen',
  kontra: 'Kontra',
  re: 'Re',
  noRe: 'Kein Re',
  rePrompt:
    '{name} hat Kontra gesagt. Das Spiel wartet auf deine Entscheidung: Re verdoppelt jede Zahlung dieses Spiels noch einmal (×2); kein Re lässt es, wie es ist.',
  waitingForRe: 'Warte auf {name}: Re oder kein Re?',
  kontraSaid: '{name} hat Kontra gesagt.',
  trumpPrompt: 'Nenne die Trumpffarbe, dann spiel deine erste Karte aus',
  trumpSuit: 'Trumpffarbe',
  knock: 'Klopfen',
  level_6: '6',
  level_7: '7',
  level_8: '8',
  level_9: '9',
  level_10: '10',
  level_bettel: 'Bettel',
  level_mord: 'Mord',
  playPrompt: 'Spiel eine Karte aus',
  playCard: '{card} spielen',
  chooseCard: '{card} wählen',
  deadline: 'Zug fällig bis {time}',
  reminderAfter: 'Zugfrist',
  reminderHours: { one: '{n} Stunde', other: '{n} Stunden' },
  summaryTitle: 'Spiel {n}: die Abrechnung',
  summaryAllPass: 'Alle haben weiter gesagt: jeder hat ins Haferl gezahlt, es wurde neu gegeben.',
  summaryWon: { one: '{name} hat {level} gespielt und mit {n} Stich gewonnen.', other: '{name} hat {level} gespielt und mit {n} Stichen gewonnen.' },
  summaryLost: { one: '{name} hat {level} gespielt und mit {n} Stich verloren.', other: '{name} hat {level} gespielt und mit {n} Stichen verloren.' },
  summaryEarly: 'Das Spiel war vorzeitig zu Ende.',
  payments: 'Zahlungen',
  hands: 'Die Blätter',
  stock: 'Stock',
  discarded: 'Gedrückt',
  tricks: 'Stiche',
  close: 'Schließen',
  nextGameStarted: 'Das nächste Spiel hat schon begonnen.',
  replayThis: 'Dieses Spiel nachspielen',
  seriesOver: 'Die Runde ist zu Ende',
  finalBalances: 'Endstand',
  potPaidBack: 'Darin sind je {n} aus dem Haferl zurückgezahlt.',
  potRemains: '{n} bleibt im Haferl (es lässt sich nicht durch drei teilen).',
  gamesTitle: 'Gespielte Spiele',
  noGamesYet: 'Noch kein Spiel ist zu Ende.',
  replay: 'Nachspielen',
  replayTitle: 'Spiel {n} nachspielen',
  replayStep: 'Schritt {i} von {n}',
  replayStart: 'Anfang',
  replayBack: 'Zurück',
  replayNext: 'Weiter',
  replayEnd: 'Ende',
  backToTable: 'Zurück zum Tisch',
  seedCheck: 'Prüfung des Gebens: Seed {seed}, Commitment {commitment}',

  noticesTitle: 'Sag mir, wenn ich dran bin',
  noticesHelp: 'Per E-Mail oder per Webhook für Bots und Chat-Programme. Ein leeres Feld schaltet es ab.',
  noticesEmail: 'E-Mail',
  noticesWebhook: 'Webhook-URL (https)',
  noticesSave: 'Speichern',
  noticesSaved: 'Gespeichert.',
  noticesSecret: 'Webhook-Secret zum Prüfen der Signaturen: {secret}',
  noticesUnconfirmed: 'Wir haben eine Bestätigungsmail an diese Adresse geschickt. Bis du ihrem Link folgst, bekommt sie sonst keine Mail.',
  noticesUnsubscribed:
    'Diese Adresse hat alle Wallachen-Mails abbestellt. Folge dem Bestätigungslink einer früheren Mail, um wieder Mails zu bekommen.',
  noticesWebhookDisabled: 'Dein Webhook ist aus: sein Empfänger hat 410 Gone geantwortet. Speichere ihn neu, um ihn wieder einzuschalten.',
  noticesEmailConfirmed: 'Bestätigt: deine Züge kommen an diese Adresse.',
  noticesWebhookActive: 'An: jeder Zug geht an diesen Webhook.',
  noticesQuiet:
    'Keine Mail, solange du diesen Tisch offen hast oder in den letzten {minutes} Minuten gezogen hast, und höchstens eine, bis du wieder hereinschaust.',
  noticesSummaryMail: 'per Mail an {email}',
  noticesSummaryWebhook: 'per Webhook',
  noticesSummaryOff: 'aus',
  noticesUnchanged: 'Nichts geändert.',

  errorNetwork: 'Der Server ist nicht erreichbar. Dein Zug ist nicht verloren: versuch es noch einmal, wenn du online bist.',
  errorBadLink: 'Dieser Link öffnet keinen Tisch: vielleicht ist er unvollständig. Lass ihn dir noch einmal schicken.',
  errorStale: 'Der Tisch hat sich geändert, während du überlegt hast; hier ist er, wie er jetzt ist.',
  errorGeneric: 'Etwas ist schiefgegangen: {message}',
  notFound: 'Hier ist keine Seite.',
  error_bad_request: 'Der Server konnte das nicht annehmen: etwas fehlt oder ist ungültig.',
  error_unauthorized: 'Dieser Link gilt nicht (mehr). Lass ihn dir noch einmal schicken.',
  error_forbidden: 'Mit diesem Link geht das nicht: ein Zuschauer-Link schaut nur zu.',
  error_not_found: 'Diesen Tisch gibt es nicht (mehr).',
  error_stale_version: 'Der Tisch hat sich geändert, während du überlegt hast; hier ist er, wie er jetzt ist.',
  error_id_reused: 'Dieser Zug wurde schon als ein anderer geschickt. Lade die Seite neu und versuch es noch einmal.',
  error_conflict: 'Das kollidiert mit einer gleichzeitigen Änderung. Versuch es noch einmal.',
  error_illegal_action: 'Diesen Zug erlauben die Regeln jetzt nicht.',
  error_not_your_turn: 'Du bist nicht dran.',
  error_paused: 'Der Tisch ist angehalten.',
  error_rate_limited: 'Zu viele Anfragen in kurzer Zeit. Warte eine Minute und versuch es noch einmal.',
  error_payload_too_large: 'Das ist zu lang für den Server.',
  error_unsupported_media_type: 'Der Server hat die Anfrage nicht verstanden (sie muss JSON sein).',
  error_upgrade_required: 'Die Live-Verbindung ließ sich nicht öffnen; die Seite fragt stattdessen immer wieder nach dem Tisch.',
  error_not_configured: 'Der Server ist dafür noch nicht eingerichtet.',
  error_internal_error: 'Der Server hat versagt. Dein Zug ist vielleicht nicht angekommen: versuch es gleich noch einmal.',

  embedSeatLink:
    'Das ist der geheime Link eines Platzes: wer ihn sieht, kann für diesen Platz spielen. Bette stattdessen den Zuschauer-Link ein; von diesem Tisch wird hier nichts gezeigt.',
  embedOpen: 'In neuem Tab öffnen',
};

const TEXTS: Record<Language, Record<TextKey, Text>> = { en, de };

export type Translate = (key: TextKey, params?: Record<string, string | number>) => string;

/**
 * A text that depends on a count: one form per plural category of the language
 * (`Intl.PluralRules`), chosen by the number in `{n}`. German and English need `one` and
 * `other`; `other` is the fallback for any category a language lacks.
 */
export interface Plural {
  readonly one: string;
  readonly other: string;
}

export type Text = string | Plural;

/** The form of `text` for the count `n` in `lang` (a plain string has only one). */
export function pluralForm(text: Text, lang: Language, n: number | string | undefined): string {
  if (typeof text === 'string') return text;
  const count = typeof n === 'number' ? n : Number(n);
  if (!Number.isFinite(count)) return text.other;
  return new Intl.PluralRules(lang).select(count) === 'one' ? text.one : text.other;
}

/** `text` with its `{name}` placeholders filled as plain text; unknown ones stay visible. */
export function fill(text: string, params?: Record<string, string | number>): string {
  return params === undefined ? text : text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function translator(lang: Language): Translate {
  const texts = TEXTS[lang];
  return (key, params) => fill(pluralForm(texts[key], lang, params?.n), params);
}

/** An API error as the pages get it: the contract's code ("network" when the server was not reached) and the server's message. */
export interface ErrorLike {
  readonly code: string;
  readonly message: string;
}

/**
 * An API error in the reader's language, chosen by its code (API.md "Errors"); a code this
 * app does not know yet falls back to the server's own (English) message.
 */
export function errorText(t: Translate, error: ErrorLike): string {
  if (error.code === 'network') return t('errorNetwork');
  const key = `error_${error.code}`;
  if (!(key in en)) return t('errorGeneric', { message: error.message });
  const text = t(key as TextKey);
  // The server's message names what to mend — the rule broken ("R7.3: …") or the field
  // refused — which no general text can; it is kept, in the server's words, after ours.
  const rule = /^R\d+(?:\.\d+)?/.exec(error.message)?.[0];
  if (error.code === 'illegal_action' && rule !== undefined) return `${text} (${rule})`;
  if (error.code === 'bad_request' && error.message !== '') return `${text} (${error.message})`;
  return text;
}

/** The browser's preferred language if we have it, else English. */
export function browserLanguage(): Language {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'de' || base === 'en') return base;
  }
  return 'en';
}
