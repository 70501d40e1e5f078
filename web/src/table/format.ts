/** Small texts shared by the table's components. */
import type { Level } from '../../../shared/actions.js';
import type { Seat } from '../../../shared/options.js';
import { nextSeat } from '../../../shared/seats.js';
import type { Translate } from '../i18n.js';

export const levelName = (t: Translate, level: Level): string => t(`level_${level}`);

export function seatName(view: { readonly seats: readonly { readonly name: string }[] }, seat: number): string {
  return view.seats[seat]?.name ?? `#${seat + 1}`;
}

/** The seats as placed around this caller: itself at the bottom, then clockwise left and right. */
export function placesOf(viewer: Seat | null): { bottom: Seat; left: Seat; right: Seat } {
  const me = viewer ?? 0;
  return { bottom: me, left: nextSeat(me, 1), right: nextSeat(me, 2) };
}

export function formatTime(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
}
