/**
 * A push names its table and seat, never the seat's token (API.md "Web push";
 * worker/notifications/push/notices.ts): its `url`, which the notification opens
 * (web/public/sw.js), is `/t/{tableId}?seat={n}`. Without a token the table page refuses the
 * link and loads BadLink.tsx, which asks here for the link this device keeps for that seat
 * (the link it turned pushes on with, push-links.ts, else one of "Your tables",
 * opened-links.ts) and opens it in place; a device that keeps none (it forgot the table, or
 * never opened that seat's link) is shown no seat, and told so. So a push reaching a device
 * that forgot the table, or the next user of a shared one, never hands over the link. Loaded
 * with BadLink only: the table page's first JavaScript carries none of it.
 */
import type { Seat } from '../../../shared/options.js';
import { openedLinks } from '../opened-links.js';
import { routeOf } from '../router.js';
import { recallView } from './last-view.js';
import { pushLinksOf } from './push-links.js';

/** The seat a push's link names (`?seat=n`), or null. */
export function seatAsked(search: string): Seat | null {
  const seat = new URLSearchParams(search).get('seat');
  return seat === '0' || seat === '1' || seat === '2' ? (Number(seat) as Seat) : null;
}

/**
 * The token of the link this device keeps for `seat` of `tableId`, or null: the one it turned
 * pushes on with as that seat, else one whose last view kept here (last-view.ts) is that seat's.
 */
export function keptSeatToken(tableId: string, seat: Seat): string | null {
  const pushed = pushLinksOf(tableId);
  const noted = pushed.find((l) => l.seat === seat);
  if (noted !== undefined) return noted.token;
  const others = [...pushed.filter((l) => l.seat === null), ...openedLinks().filter((l) => l.tableId === tableId)];
  return others.find((l) => recallView(tableId, l.token)?.view.seat === seat)?.token ?? null;
}

/** What the page's address is, if a push's link: its table, its seat and the token this device keeps for it (null: none). */
export function pushLinkHere(): { readonly tableId: string; readonly seat: Seat; readonly token: string | null } | null {
  const route = routeOf(location.pathname);
  const seat = seatAsked(location.search);
  if (route.page !== 'table' || location.hash !== '' || seat === null) return null;
  return { tableId: route.tableId, seat, token: keptSeatToken(route.tableId, seat) };
}

/**
 * Opens the seat's own link in place of the push's: its token after the #, the address kept
 * (the service worker finds this window by it for the seat's next notification). The app
 * follows the fragment (main.tsx, `hashchange`) and loads the seat's table.
 */
export function openKeptLink(token: string): void {
  history.replaceState(history.state, '', `${location.pathname}${location.search}#${encodeURIComponent(token)}`);
  dispatchEvent(new HashChangeEvent('hashchange'));
}
