/**
 * What a table's mails say (API.md, "Mail"): a turn, a reminder, the end of the table, in
 * the seat's language or both, with the seat's link and the address's one-click
 * unsubscribe; names on one line or isolated, never a card.
 *
 * Nothing here logs; callers log only what failed, never a body, a token or an address.
 */
import type { AutoSubmitted } from './auto-submitted.js';
import type { EventType, MailLanguage } from '../../model/table.js';

/** Which events are mailed: each move owed, and the end of the table (not every game's end). */
export const MAILED: ReadonlySet<EventType> = new Set(['turn', 'reminder', 'table_over']);

/** What a mail says, kept in the queue; the link is derived when it is sent, never stored. */
export interface MailFacts {
  readonly type: EventType;
  /** The table's version the mail was written at: a reply's move is sent with it (reply-addresses.ts; absent in mails queued before). */
  readonly version?: number;
  readonly tableName: string;
  readonly seatName: string;
  readonly gameNumber: number;
  readonly games: number;
  /** When the move is due (ISO), or null without deadlines. */
  readonly deadline: string | null;
  /** The table's option moveDeadlineHours, which people see as "Move deadline {n} hours" (absent in mails queued before it was kept). */
  readonly reminderHours?: number | null;
  /** What the deadline's passing does (option onTimeout); absent without a deadline, and in mails queued before it was kept. */
  readonly onTimeout?: 'bot' | 'wait';
  /** table_over: every seat's name and final balance (public information). */
  readonly standings?: readonly { readonly name: string; readonly balance: number }[];
  /** turn and reminder: the other seats' chat messages since the seat's last move, the last CHAT_IN_MAIL of them, and how many more. */
  readonly chat?: { readonly messages: readonly { readonly name: string; readonly text: string }[]; readonly more: number };
}

/** At most this many chat messages in a mail: the newest; the rest are counted. */
export const CHAT_IN_MAIL = 5;

export interface Mail {
  readonly subject: string;
  readonly text: string;
}

/**
 * Characters that may not reach a subject or a line of a mail from a name: control
 * characters (C0, DEL, C1), line and paragraph separators, and every format character
 * (Unicode Cf): the bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069),
 * which can turn a line around so that it reads as something else, the zero-width ones
 * (U+200B–U+200D, U+2060, U+FEFF), which hide text, and their kin (soft hyphen, invisible
 * operators, tags). Lone surrogates too. Names given now may hold none of them
 * (plain-text.ts), but names stored before may, and a chat message keeps its line breaks
 * and bidi marks.
 */
const BREAKING = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
const INVISIBLE = /[\p{Cf}\p{Cs}]/gu;

/**
 * A name from the table fit for one line of a mail or a subject: line breaks and controls
 * become spaces, invisible and direction-changing characters go, runs of white space
 * become one space, and it is cut to `max` characters (code points, never half a pair).
 */
export function oneLine(text: string, max = 80): string {
  const clean = text.replace(BREAKING, ' ').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
  const chars = Array.from(clean);
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : clean;
}

/**
 * A name, or a chat message, within a line of a mail's text: on one line as oneLine makes
 * it, between FIRST STRONG ISOLATE (U+2068) and POP DIRECTIONAL ISOLATE (U+2069), plain
 * text's <bdi>. A name written right to left keeps its own direction and cannot turn the
 * words and figures beside it around ("Sepp: +12"), nor the line's. Subjects carry names
 * without them: a mail program's list of subjects may not know the two characters.
 */
export const isolated = (text: string, max = 80): string => `\u2068${oneLine(text, max)}\u2069`;

const when = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The language of a seat's mails; undefined: German and English, one after the other. */

/** Picks a mail's parts for its language: German, English, or both. */
export const inLanguage = (lang: MailLanguage | undefined, de: string[], en: string[]): string[] =>
  lang === 'de' ? de : lang === 'en' ? en : [...de, '', ...en];

/**
 * A table's name within a sentence of a mail, isolated as a name is: in the language's
 * quotation marks („…“, "…"), unless the name brings a pair of its own, which is then the
 * only one (never „„Stammtisch““).
 */
export function quotedName(name: string, lang: MailLanguage): string {
  const line = oneLine(name);
  return hasOwnQuotes(line) ? isolated(line) : lang === 'de' ? `„${isolated(line)}“` : `"${isolated(line)}"`;
}

/** The pairs of quotation marks a name may come in: German, English, typographic, single, guillemets either way. */
const QUOTE_PAIRS: readonly (readonly [string, string])[] = [
  ['„', '“'],
  ['„', '”'],
  ['"', '"'],
  ['“', '”'],
  ['‚', '‘'],
  ['‘', '’'],
  ["'", "'"],
  ['«', '»'],
  ['»', '«'],
];

const hasOwnQuotes = (text: string): boolean =>
  [...text].length >= 2 && QUOTE_PAIRS.some(([open, close]) => text.startsWith(open) && text.endsWith(close));

/**
 * RFC 3676 §4.3: the line "-- " (dash, dash, space) sets a mail's signature apart; mail
 * programs fold what follows and leave it out of a reply.
 */
export const SIGNATURE_SEPARATOR = '-- ';

/** A mail's text: its lines, then the footer (the link's secrecy, how to unsubscribe) as its signature. */
export const mailText = (lines: readonly string[], footer: readonly string[]): string =>
  [...lines, '', SIGNATURE_SEPARATOR, ...footer, ''].join('\n');

/**
 * The headers of every mail the service sends: RFC 2369's and RFC 8058's, which let a mail
 * program unsubscribe with one click, and RFC 3834's `Auto-Submitted` (auto-submitted.ts).
 */
export const mailHeaders = (unsubscribe: string, autoSubmitted: AutoSubmitted): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribe}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  'Auto-Submitted': autoSubmitted,
});

/** The unsubscribe lines that end every mail: this table in its settings, every table by the link. */
export const unsubscribeLines = (lang: MailLanguage | undefined, unsubscribe: string): string[] =>
  inLanguage(
    lang,
    [`Keine Mails mehr an diese Adresse, von keinem Tisch: ${unsubscribe}`],
    [`No more mail to this address, from any table: ${unsubscribe}`],
  );

/**
 * The option moveDeadlineHours as people see it where they set it and at the table:
 * "Zugfrist {n} Stunden" / "Move deadline {n} hours" (web/src/i18n.ts); null for a mail
 * queued before the hours were kept with it.
 */
export function deadlineName(hours: number | null | undefined): { readonly de: string; readonly en: string } | null {
  if (hours === undefined || hours === null) return null;
  return hours === 1
    ? { de: 'Zugfrist 1 Stunde', en: 'Move deadline 1 hour' }
    : { de: `Zugfrist ${hours} Stunden`, en: `Move deadline ${hours} hours` };
}

/**
 * A turn, reminder or end mail, in the seat's language (both without one). It names the
 * table, the seat and the game, and carries the seat's link; never a card. `link` is null
 * when it cannot be derived (then the mail asks the player to open the link it has).
 * `unsubscribe`: the address's one-click link (links.ts), in the text as in the headers.
 */
export function mailFor(
  facts: MailFacts,
  link: string | null,
  options: { readonly lang?: MailLanguage | undefined; readonly unsubscribe: string; readonly replyable?: boolean },
): Mail {
  const { lang, unsubscribe, replyable = false } = options;
  const table = oneLine(facts.tableName);
  const seat = isolated(facts.seatName, 40);
  const game = `${facts.gameNumber}/${facts.games}`;
  const due = facts.deadline === null ? null : when(facts.deadline);
  const de: string[] = [`Hallo ${seat},`, ''];
  const en: string[] = [`Hello ${seat},`, ''];
  let subject: { de: string; en: string; both: string };
  switch (facts.type) {
    case 'turn':
      subject = {
        de: `Wallachen: Du bist dran am Tisch ${table}`,
        en: `Wallachen: your turn at ${table}`,
        both: `Wallachen: Du bist dran / your turn at ${table}`,
      };
      de.push(`am Tisch ${quotedName(facts.tableName, 'de')} bist du am Zug (Spiel ${game}).`);
      en.push(`it is your move at the table ${quotedName(facts.tableName, 'en')} (game ${game}).`);
      break;
    case 'reminder': {
      const name = deadlineName(facts.reminderHours);
      const de_ = name === null ? 'Erinnerung' : `Erinnerung (${name.de})`;
      const en_ = name === null ? 'Reminder' : `Reminder (${name.en})`;
      subject = {
        de: `Wallachen: ${de_}: dein Zug am Tisch ${table}`,
        en: `Wallachen: ${en_}: your move at ${table}`,
        both: `Wallachen: ${de_} / ${en_}: your move at ${table}`,
      };
      de.push(`am Tisch ${quotedName(facts.tableName, 'de')} wartet dein Zug noch (Spiel ${game}).`);
      en.push(`your move is still awaited at the table ${quotedName(facts.tableName, 'en')} (game ${game}).`);
      if (name !== null) {
        de.push(`Der Tisch ist auf „${name.de}“ gestellt.`);
        en.push(`The table is set to "${name.en}".`);
      }
      break;
    }
    case 'game_over':
    case 'table_over':
      subject = { de: `Wallachen: ${table} ist zu Ende`, en: `Wallachen: ${table} is over`, both: `Wallachen: ${table} ist zu Ende / is over` };
      de.push(`am Tisch ${quotedName(facts.tableName, 'de')} sind alle ${facts.games} Spiele gespielt. Endstand:`);
      en.push(`all ${facts.games} games at the table ${quotedName(facts.tableName, 'en')} have been played. Final standing:`);
      for (const lines of [de, en])
        for (const s of facts.standings ?? []) lines.push(`  ${isolated(s.name, 40)}: ${s.balance > 0 ? '+' : ''}${s.balance}`);
      break;
  }
  const owed = facts.type === 'turn' || facts.type === 'reminder';
  if (owed && due !== null) {
    de.push(`Bitte zieh bis ${due}.`);
    en.push(`Please move by ${due}.`);
    if (facts.onTimeout === 'bot') {
      de.push('Ziehst du bis dahin nicht, zieht ein Bot für dich.');
      en.push('If you have not moved by then, a bot moves for you.');
    }
  }
  const chat = facts.chat;
  if (owed && chat !== undefined && chat.messages.length > 0) {
    // One line per message: whatever it says, it cannot make a line of its own that reads as ours (a link, say).
    const lines = chat.messages.map((m) => `  ${isolated(m.name, 40)}: ${isolated(m.text, 500)}`);
    de.push('', 'Neue Nachrichten seit deinem letzten Zug:', ...lines);
    en.push('', 'New messages since your last move:', ...lines);
    if (chat.more > 0) {
      de.push(`  … und ${chat.more} weitere`);
      en.push(`  … and ${chat.more} more`);
    }
  }
  if (owed && replyable) {
    // No card as an example: a turn mail names none (R10.2; tests look for every card's code).
    de.push('', 'Du kannst auch auf diese Mail antworten: dein Zug in die erste Zeile (eine Karte mit Code oder Namen, pass, hold, bid 7 …).');
    en.push('', "You can also reply to this mail: your move on the first line (a card's code or name, pass, hold, bid 7 …).");
  }
  if (link !== null) {
    de.push('', owed ? `Zum Tisch: ${link}` : `Alle Spiele ansehen: ${link}`);
    en.push('', owed ? `To the table: ${link}` : `See every game: ${link}`);
  } else {
    de.push('', 'Öffne den Link deines Platzes, den du beim Anlegen des Tisches bekommen hast.');
    en.push('', 'Open the link of your seat that you were given when the table was created.');
  }
  const footer = [
    ...inLanguage(
      lang,
      ['Der Link ist geheim: wer ihn hat, spielt deinen Platz. Nur für diesen Tisch abbestellen: in den Einstellungen hinter deinem Link.'],
      ['The link is secret: whoever holds it plays your seat. To stop the mails of this table only, turn them off in the settings behind your link.'],
    ),
    ...unsubscribeLines(lang, unsubscribe),
  ];
  return { subject: lang === undefined ? subject.both : subject[lang], text: mailText(inLanguage(lang, de, en), footer) };
}

/** MAIL_FROM ("Name <address>" or an address) as the binding takes it. */
export function senderOf(from: string): string | EmailAddress {
  const match = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  if (match === null) return from.trim();
  return match[1] === '' ? match[2]! : { name: match[1]!.replace(/^"(.*)"$/, '$1'), email: match[2]! };
}
