/**
 * The first mail an address gets: it asks whether it wants our mail at all. Whoever makes
 * a table may type any address, so this mail says nothing a stranger chose (no table name,
 * no seat name, no card): only where the address was entered, and the two links.
 */
import { inLanguage, unsubscribeLines, type Mail, type MailLanguage } from '../table/notifier.js';
import { CONFIRMATION_INTERVAL_MS } from './address.js';
import type { AddressLinks } from './links.js';

const HOURS = CONFIRMATION_INTERVAL_MS / 3_600_000;

/** The confirmation mail for the address of `links`, entered at a table at `origin`; in `lang`, or both languages. */
export function confirmationMail(origin: string, links: AddressLinks, lang: MailLanguage | undefined): Mail {
  const subjects = { de: 'Wallachen: Benachrichtigungen bestätigen?', en: 'Wallachen: confirm notifications?' };
  const de = [
    'Hallo,',
    '',
    `jemand hat diese Mailadresse an einem Wallachen-Tisch auf ${origin} eingetragen, um über Züge benachrichtigt zu werden.`,
    'Wenn du diese Mails willst, bestätige es hier (ein Klick auf den Knopf der Seite):',
    links.confirm,
    '',
    `Wenn nicht, musst du nichts tun: ohne Bestätigung schicken wir dir nichts anderes, höchstens alle ${HOURS} Stunden wieder diese Frage.`,
  ];
  const en = [
    'Hello,',
    '',
    `someone entered this address at a Wallachen table at ${origin} to be told of moves.`,
    "If you want these mails, confirm it here (one click on the page's button):",
    links.confirm,
    '',
    `If not, there is nothing to do: without a confirmation we send you nothing else, at most this question again every ${HOURS} hours.`,
  ];
  const subject = lang === undefined ? `${subjects.de} / ${subjects.en.replace('Wallachen: ', '')}` : subjects[lang];
  return { subject, text: [...inLanguage(lang, de, en), '', '--', ...unsubscribeLines(lang, links.unsubscribe), ''].join('\n') };
}
