/**
 * Vacations (API.md, "Deadlines"): a seat stops its own clock for a number of whole hours,
 * at most the table's `vacationHours` per seat and series, shown to every seat.
 *
 * - `{"hours": h}` (h ≥ 1) starts a vacation now, until h hours from now. While one runs, it
 *   takes its place: the running one ends now, giving back its unused whole hours, and the
 *   new one is charged h. So h may be at most what is left after that give-back.
 * - `{"hours": 0}` ends the running vacation now. Given back are the whole hours not yet
 *   begun: a vacation of 10 hours ended after 3 h 20 min is charged 4 hours (6 come back).
 *   Without a running vacation it changes nothing.
 * - A series' hours are the vacations taken since the series began: each row keeps the deal
 *   it was taken in, and the series' first deal index is given (0 until a table can start a
 *   new series; then the admin's new series gives its own).
 */
import type { Seat } from '../../../shared/options.js';
import type { VacationRow } from '../model.js';

const HOUR_MS = 3_600_000;

/** The seat's vacation running at `now`, if any. */
export const runningVacation = (vacations: readonly VacationRow[], seat: Seat, now: number): VacationRow | undefined =>
  vacations.find((v) => v.seat === seat && v.from <= now && now < v.until);

/** The whole hours of a running vacation not yet begun at `now`: what ending it now gives back. */
export const unusedHours = (vacation: VacationRow, now: number): number => Math.max(0, Math.floor((vacation.until - now) / HOUR_MS));

/** The hours `seat` has left this series (of `allowed`), counting the vacations taken from deal `seriesFirstDeal` on. */
export function vacationHoursLeft(vacations: readonly VacationRow[], seat: Seat, allowed: number, seriesFirstDeal: number): number {
  const used = vacations.filter((v) => v.seat === seat && v.dealIndex >= seriesFirstDeal).reduce((sum, v) => sum + v.hours, 0);
  return Math.max(0, allowed - used);
}

/** What a request for `hours` does: end the running vacation (its id and what it is then charged), start one, or why not. */
export type VacationChange =
  | {
      readonly ok: true;
      readonly end?: { readonly id: number; readonly until: number; readonly hours: number };
      readonly start?: Omit<VacationRow, 'id'>;
    }
  | { readonly ok: false; readonly message: string };

export function vacationChange(
  vacations: readonly VacationRow[],
  seat: Seat,
  hours: number,
  now: number,
  allowed: number,
  seriesFirstDeal: number,
  dealIndex: number,
): VacationChange {
  const running = runningVacation(vacations, seat, now);
  const end = running === undefined ? undefined : { id: running.id, until: now, hours: running.hours - unusedHours(running, now) };
  if (hours === 0) return end === undefined ? { ok: true } : { ok: true, end };
  const left = vacationHoursLeft(vacations, seat, allowed, seriesFirstDeal) + (running === undefined ? 0 : unusedHours(running, now));
  if (hours > left) {
    return { ok: false, message: `this seat has ${left} hours of vacation left this series (at most ${allowed} per series), not ${hours}` };
  }
  const start = { seat, from: now, until: now + hours * HOUR_MS, hours, dealIndex };
  return end === undefined ? { ok: true, start } : { ok: true, end, start };
}

/** When the next running vacation ends (ms), or null: then every page is to show the seat back. */
export function nextVacationEnd(vacations: readonly VacationRow[], now: number): number | null {
  const ends = vacations.filter((v) => v.until > now).map((v) => v.until);
  return ends.length === 0 ? null : Math.min(...ends);
}
