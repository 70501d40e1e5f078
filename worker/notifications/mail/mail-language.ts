/**
 * The language of a seat's mails (API.md "Mail": "in its language"), decided here alone: for
 * every mail the seat gets (turn, reminder, end, confirmation, the answer to a reply: deliver.ts),
 * its digest entries (digest/digest-seats.ts), the `lang` that `GET …/notifications` shows, and
 * whether the language of the page it plays on is new (table/requests/seat-requests.ts).
 *
 * 1. The language the seat last gave, kept with its notifications (`Notifications.lang`): the
 *    page it plays on tells it (`?lang=` on its view and its socket, as the web app sends the
 *    language it shows), and so does `PUT …/notifications` with `lang` (the web app's form sends
 *    the page's language with a new address). One value: the newer of the two wins.
 * 2. Else the seat's `lang` given at `POST /api/tables`.
 * 3. Else none: German and English, one after the other.
 * A replaced link takes the first along (table/changes/links.ts): the new holder starts from 2.
 */
import type { MailLanguage, Notifications, Seat, Settings } from '../../model/table.js';

export const mailLanguage = (
  table: { readonly settings: Settings; readonly notifications: readonly Notifications[] },
  seat: Seat,
): MailLanguage | undefined => table.notifications[seat]?.lang ?? table.settings.seats[seat]?.lang;
