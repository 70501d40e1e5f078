/**
 * The daily digest (docs/notifications.md, "Mail modes, the daily digest and the delivery log"): one mail
 * a day to an address, listing every table where one of its seats in mail mode "digest"
 * owes a move. The address's object keeps the entries (address-object.ts); each table hands
 * over its own (table/digest-seats.ts). An entry holds what the seat may know anyway (the
 * table's and the seat's names, since when and until when its move is owed) and the
 * makings of its link (the token's nonce, never the token: the link is derived when the mail
 * is written, as deliveries.ts does). Never a card.
 */
import type { Seat } from '../../../shared/options.js';
import { inLanguage, isolated, mailText, quotedName, unsubscribeLines, type Mail } from '../mail/texts.js';
import { type MailLanguage } from '../../model/table.js';

/** The digest goes out once a day at this hour (UTC): the address's object sets its alarm for it. */
export const DIGEST_HOUR_UTC = 7;

/**
 * A digest goes out no sooner than this after the last: at most one a day, with room for an
 * alarm that runs a little late one day and on time the next.
 */
export const DIGEST_MIN_GAP_MS = 20 * 3_600_000;

/** One table where the address owes a move, as the table handed it over. */
export interface DigestEntry {
  /** The address's key (links.ts): names its object, so that the table that sends the digest can tell which of its seats it is for. */
  readonly addressKey: string;
  readonly tableId: string;
  readonly seat: Seat;
  readonly tableName: string;
  readonly seatName: string;
  /** When the move became owed (ms). */
  readonly since: number;
  /** When it is due (ISO), or null without deadlines (or while the table is paused). */
  readonly deadline: string | null;
  /** The seat's mail language; null: both. */
  readonly lang: MailLanguage | null;
  /** Where the table's links point. */
  readonly origin: string;
  /** The seat token's nonce (tokens.ts); null for tables made before tokens were derived. */
  readonly nonce: string | null;
}

/** An entry with its link derived (null when it cannot be). */
export interface DigestLine {
  readonly entry: DigestEntry;
  readonly link: string | null;
}

/** The next DIGEST_HOUR_UTC after `now`. */
export function nextDigestAt(now: number): number {
  const at = new Date(now);
  at.setUTCHours(DIGEST_HOUR_UTC, 0, 0, 0);
  return at.getTime() > now ? at.getTime() : at.getTime() + 24 * 3_600_000;
}

/**
 * The language of a digest: its seats' one language when they all chose the same, else
 * both (German, then English), as any mail of a seat that chose none.
 */
export function digestLanguage(entries: readonly DigestEntry[]): MailLanguage | undefined {
  const langs = new Set(entries.map((e) => e.lang));
  const [only] = langs;
  return langs.size === 1 && only !== null ? only : undefined;
}

const when = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The digest mail for these lines (oldest owed move first); `unsubscribe`: the address's one-click link. */
export function digestMail(lines: readonly DigestLine[], unsubscribe: string): Mail {
  const lang = digestLanguage(lines.map((l) => l.entry));
  const n = lines.length;
  const de: string[] = ['Hallo,', '', n === 1 ? 'an diesem Tisch wartet dein Zug:' : `an diesen ${n} Tischen wartet dein Zug:`];
  const en: string[] = ['Hello,', '', n === 1 ? 'your move is awaited at this table:' : `your move is awaited at these ${n} tables:`];
  for (const { entry, link } of [...lines].sort((a, b) => a.entry.since - b.entry.since)) {
    const seat = isolated(entry.seatName, 40);
    de.push('', `${quotedName(entry.tableName, 'de')} – als ${seat}, seit ${when(entry.since)}`);
    en.push('', `${quotedName(entry.tableName, 'en')} – as ${seat}, since ${when(entry.since)}`);
    if (entry.deadline !== null) {
      const due = when(Date.parse(entry.deadline));
      de.push(`  Zugfrist bis ${due}`);
      en.push(`  Move by ${due}`);
    }
    de.push(link === null ? '  (öffne den Link deines Platzes)' : `  ${link}`);
    en.push(link === null ? '  (open the link of your seat)' : `  ${link}`);
  }
  const subjects = {
    de: n === 1 ? 'Wallachen: An 1 Tisch wartet dein Zug' : `Wallachen: An ${n} Tischen wartet dein Zug`,
    en: n === 1 ? 'Wallachen: your move at 1 table' : `Wallachen: your move at ${n} tables`,
  };
  const footer = [
    ...inLanguage(
      lang,
      [
        'Die Links sind geheim: wer einen hat, spielt den Platz. Diese Übersicht kommt einmal am Tag; jeden Zug einzeln oder keine Mail: in den Einstellungen hinter deinem Link.',
      ],
      [
        'The links are secret: whoever holds one plays the seat. This summary comes once a day; each move on its own or no mail: in the settings behind your link.',
      ],
    ),
    ...unsubscribeLines(lang, unsubscribe),
  ];
  const subject = lang === undefined ? `${subjects.de} / ${subjects.en.replace('Wallachen: ', '')}` : subjects[lang];
  return { subject, text: mailText(inLanguage(lang, de, en), footer) };
}
