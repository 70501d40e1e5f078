/** Small texts shared by the table's components. */
import type { Level } from '../../../shared/actions.js';
import type { Translate } from '../i18n.js';

export const levelName = (t: Translate, level: Level): string => t(`level_${level}`);

export function seatName(view: { readonly seats: readonly { readonly name: string }[] }, seat: number): string {
  return view.seats[seat]?.name ?? `#${seat + 1}`;
}

/** The seats as placed around this caller: itself at the bottom, then clockwise left and right. */
export function placesOf(viewer: number | null): { bottom: number; left: number; right: number } {
  const me = viewer ?? 0;
  return { bottom: me, left: (me + 1) % 3, right: (me + 2) % 3 };
}

export function formatTime(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}
