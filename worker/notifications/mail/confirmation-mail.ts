/**
 * The first mail a table sends an address: it asks whether it wants that table's mail at
 * all. Whoever makes a table may type any address, so this mail says nothing a stranger
 * chose (no table name, no seat name, no chat, no card): only where the address was
 * entered, and the two links (the confirm link names the table by its id, which the
 * creator did not choose).
 */
import { inLanguage, mailText, unsubscribeLines, type Mail } from './texts.js';
import { type MailLanguage } from '../../model/table.js';
import { CONFIRMATION_INTERVAL_MS, CONFIRMATIONS_PER_DAY } from '../../model/limits.js';
import type { AddressLinks } from './links.js';

const HOURS = CONFIRMATION_INTERVAL_MS / 3_600_000;

/** The confirmation mail of one table for the address of `links`, entered there at `origin`; in `lang`, or both languages. */
export function confirmationMail(origin: string, links: AddressLinks, lang: MailLanguage | undefined): Mail {
  const subjects = { de: 'Wallachen: Benachrichtigungen bestätigen?', en: 'Wallachen: confirm notifications?' };
  const de = [
    'Hallo,',
    '',
    `jemand hat diese Mailadresse an einem Wallachen-Tisch auf ${origin} eingetragen, um über Züge an diesem Tisch benachrichtigt zu werden.`,
    'Wenn du die Mails dieses Tisches willst, bestätige es hier (ein Klick auf den Knopf der Seite):',
    links.confirm,
    '',
    'Wenn nicht, musst du nichts tun: ohne Bestätigung schickt dir dieser Tisch nichts anderes.',
    `Ein Tisch fragt höchstens alle ${HOURS} Stunden, alle Tische zusammen höchstens ${CONFIRMATIONS_PER_DAY}-mal am Tag.`,
  ];
  const en = [
    'Hello,',
    '',
    `someone entered this address at a Wallachen table at ${origin} to be told of moves at that table.`,
    "If you want that table's mails, confirm it here (one click on the page's button):",
    links.confirm,
    '',
    'If not, there is nothing to do: without a confirmation that table sends you nothing else.',
    `A table asks at most every ${HOURS} hours, all tables together at most ${CONFIRMATIONS_PER_DAY} times a day.`,
  ];
  const subject = lang === undefined ? `${subjects.de} / ${subjects.en.replace('Wallachen: ', '')}` : subjects[lang];
  return { subject, text: mailText(inLanguage(lang, de, en), unsubscribeLines(lang, links.unsubscribe)) };
}
