/**
 * What a table's mails say (API.md, "Mail"): a turn, a reminder, the end of the table, in
 * the seat's language or both, with the seat's link and the address's one-click
 * unsubscribe; names on one line or isolated. A turn mail or reminder shows the seat its
 * table (table-picture.ts, picture-text.ts), never a card it may not see; the end, none.
 * Written by the mail Worker (mail-writer.ts).
 *
 * Nothing here logs; callers log only what failed, never a body, a token or an address.
 */
import type { AutoSubmitted } from './auto-submitted.js';
import type { EventType, MailLanguage } from '../../model/table.js';
import { replyText, type MoveByText } from '../../../shared/move-name.js';
import type { MailParts } from './mail-parts.js';
import { isolated, oneLine } from './one-line.js';
import { pictureLines } from './picture-text.js';
import type { TablePicture } from './table-picture.js';

/** Names on one line (one-line.ts), as every module writing a mail uses them. */
export { isolated, oneLine };

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
  /** turn and reminder: the table as the seat's page shows it for the move owed (absent in mails queued before it was kept). */
  readonly picture?: TablePicture;
  /** The seat's moves played by reply whose answers waited for this mail (deliver.ts holdAnswer): it says them. */
  readonly playedByReply?: readonly MoveByText[];
}

/** At most this many chat messages in a mail: the newest; the rest are counted. */
export const CHAT_IN_MAIL = 5;

export interface Mail {
  readonly subject: string;
  readonly text: string;
  /** What the text was written from, for the HTML alternative (mail-html.ts); absent: the mail is text only. */
  readonly parts?: MailParts;
}

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

/** The text part of a mail written from parts: the lines before, the table in each of the mail's languages, the lines after; `replyable`: the mail has a reply address of its own. */
export function partsText(parts: MailParts, replyable: boolean): string {
  const { picture } = parts;
  const languages = parts.lang === undefined ? (['de', 'en'] as const) : [parts.lang];
  const table = picture === null ? [] : languages.flatMap((lang) => ['', ...pictureLines(picture, lang, replyable)]);
  return mailText([...parts.before, ...table, ...parts.after], parts.footer);
}

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
  if (owed && facts.playedByReply !== undefined && facts.playedByReply.length > 0) {
    const played = (lang: MailLanguage) => facts.playedByReply!.map((move) => replyText(move, lang)).join(', ');
    de.push(`Deine Antwort ist gespielt: ${played('de')}.`);
    en.push(`Your reply was played: ${played('en')}.`);
  }
  // What the table looks like goes between what the mail is about and the rest, in each of its languages (partsText).
  const before = inLanguage(lang, de.splice(0), en.splice(0));
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
  const picture = owed && facts.picture !== undefined ? facts.picture : null;
  if (owed && replyable && picture === null) {
    // A mail queued before the table was kept with it: no card as an example (it names none).
    de.push('', 'Du kannst auch auf diese Mail antworten: dein Zug in die erste Zeile (eine Karte mit Code oder Namen, weiter, halte, 7 …).');
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
  const parts: MailParts = { lang, before, picture, after: inLanguage(lang, de, en), footer };
  return { subject: lang === undefined ? subject.both : subject[lang], text: partsText(parts, replyable), parts };
}

/** MAIL_FROM ("Name <address>" or an address) as the binding takes it. */
export function senderOf(from: string): string | EmailAddress {
  const match = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  if (match === null) return from.trim();
  return match[1] === '' ? match[2]! : { name: match[1]!.replace(/^"(.*)"$/, '$1'), email: match[2]! };
}
