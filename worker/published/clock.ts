/**
 * Time at a table: the clock of the move owed now and what stops it (the admin's pauses, a
 * seat's vacations), whether the table takes moves at all (paused, ended), and when a table
 * nobody moves at is retired. One module, so that the view's deadline, the reminders, the
 * timeouts and the alarm always agree.
 */
import { runClock, stoppedDeadlineAt, stoppedReminderAt, unusedHours, vacationHoursAvailable, type ClockStop } from '../../shared/deadline.js';
import type { Seat } from '../../shared/options.js';
import { seatsOwingMove, type SeriesState } from '../../shared/series.js';
import type { Table, VacationRow } from '../model/table.js';

// ---------------------------------------------------------------- the move's clock (shared/deadline.ts does the arithmetic)

/** What the clock reads of a table. */
export interface ClockFacts {
  readonly moveDeadlineHours: number | null;
  readonly lastChangeAt: string;
  readonly pauses: readonly ClockStop[];
  readonly vacations: readonly VacationRow[];
}

/** Whether the table's admin has paused it now (the last pause is still open). */
export const pausedNow = (pauses: readonly ClockStop[]): boolean => pauses.at(-1)?.until === null;

/** The spans in which `seat`'s clock stands still: the table's pauses and the seat's own vacations. */
export const stopsOf = (facts: ClockFacts, seat: Seat): ClockStop[] => [
  ...facts.pauses,
  ...facts.vacations.filter((v) => v.seat === seat).map(({ from, until }) => ({ from, until })),
];

/** When the clock of the move owed now started (ms): at the table's last change. */
export const clockStartOf = (facts: Pick<ClockFacts, 'lastChangeAt'>): number => Date.parse(facts.lastChangeAt);

/** When `seat`'s owed move is due (ms); null without a clock or while a pause holds it. */
export function seatDeadlineAt(facts: ClockFacts, seat: Seat): number | null {
  if (facts.moveDeadlineHours === null) return null;
  return stoppedDeadlineAt(clockStartOf(facts), facts.moveDeadlineHours, stopsOf(facts, seat));
}

/** When `seat`'s clock, started with its owed move, has run for `ms` (a forced card's delay, auto-moves.ts); null while a pause holds it. */
export function seatClockAfter(facts: ClockFacts, seat: Seat, ms: number): number | null {
  return runClock(Date.parse(facts.lastChangeAt), ms, stopsOf(facts, seat));
}

/** When `seat` is reminded of its owed move (ms); null as for the deadline. */
export function seatReminderAt(facts: ClockFacts, seat: Seat): number | null {
  if (facts.moveDeadlineHours === null) return null;
  return stoppedReminderAt(clockStartOf(facts), facts.moveDeadlineHours, stopsOf(facts, seat));
}

/**
 * The view's `deadline`: of the seat on turn, or while every seat decides on doubling (no
 * one is on turn) the earliest of theirs; null when none is owed, no clock runs, or paused.
 */
export function viewDeadlineAt(facts: ClockFacts, series: SeriesState, turn: Seat | null): number | null {
  const owing = seatsOwingMove(series);
  const seats = turn !== null && owing.includes(turn) ? [turn] : owing;
  const times = seats.map((seat) => seatDeadlineAt(facts, seat));
  if (times.length === 0 || times.some((t) => t === null)) return null;
  return Math.min(...(times as number[]));
}

// ---------------------------------------------------------------- paused or ended (API.md "Table admin")

export const isPaused = (table: Table): boolean => table.pauses.at(-1)?.until === null;

export const isEnded = (table: Table): boolean => table.endedAt !== null;

/** Whether nothing may move at the table now: no action, no bot, no automatic move. */
export const isHalted = (table: Table): boolean => isPaused(table) || isEnded(table);

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
const HOUR_MS = 3_600_000;

/** The seat's vacation running at `now`, if any. */
export const runningVacation = (vacations: readonly VacationRow[], seat: Seat, now: number): VacationRow | undefined =>
  vacations.find((v) => v.seat === seat && v.from <= now && now < v.until);

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
  const left = vacationHoursAvailable(vacationHoursLeft(vacations, seat, allowed, seriesFirstDeal), running?.until ?? null, now);
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

/**
 * Retention: a table nobody has moved at for RETENTION_DAYS (a Worker variable, default 180)
 * deletes its Durable Object storage from its alarm. Its finished games stay in D1; its
 * links then answer 404 with the reason (one row is kept to say so).
 */
export const DEFAULT_RETENTION_DAYS = 180;
const DAY_MS = 86_400_000;

/** RETENTION_DAYS as set (a whole number of days ≥ 1), else the default. */
export function retentionDays(value: string | undefined): number {
  const days = Number(value);
  return Number.isInteger(days) && days >= 1 ? days : DEFAULT_RETENTION_DAYS;
}

/**
 * When a table last changed at `lastChangeAt` (ISO) is deleted: `days` later, rounded up to
 * the next midnight (UTC), so that the alarm for it moves at most once a day.
 */
export const retentionDueAt = (lastChangeAt: string, days: number): number => Math.ceil((Date.parse(lastChangeAt) + days * DAY_MS) / DAY_MS) * DAY_MS;
