/**
 * The clock of the move owed now, per seat (shared/deadline.ts does the arithmetic): it
 * starts when the move became owed (the table's last change), and it does not run while
 * the table is paused (its admin) or while the owing seat is on vacation. One place for the
 * view's deadline, the reminders and the timeouts, so that they always agree.
 */
import { runClock, stoppedDeadlineAt, stoppedReminderAt, type ClockStop } from '../../../shared/deadline.js';
import type { Seat } from '../../../shared/options.js';
import { seatsOwingMove, type SeriesState } from '../../../shared/series.js';
import type { VacationRow } from '../model.js';

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
