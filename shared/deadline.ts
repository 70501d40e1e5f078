/**
 * The clock of a move (table option moveDeadlineHours): when it is due and when its seats
 * are reminded. One formula for the server's deadlines, reminders and timeouts and the web
 * app's countdown (which reads the view's `deadline`, worked out here).
 */

const HOUR_MS = 3_600_000;

/**
 * The clock's table settings (API.md, "Deadlines"): their limits and the server's defaults,
 * one source for the API's checks, the stored tables and the web app's forms.
 */
export const MAX_MOVE_DEADLINE_HOURS = 720;
/** The most vacation a table may give each seat per series: two weeks. */
export const MAX_VACATION_HOURS = 336;
export const DEFAULT_VACATION_HOURS = 72;
export const DEFAULT_ON_TIMEOUT = 'bot';

/** A span in which a clock does not run (ms): a pause of the table, a seat's vacation; `until` null: still going on. */
export interface ClockStop {
  readonly from: number;
  readonly until: number | null;
}

/** When a move that became owed at `changedAt` (ms) is due, the clock never stopped. */
export const deadlineAt = (changedAt: number, moveDeadlineHours: number): number => changedAt + moveDeadlineHours * HOUR_MS;

/** How long before the deadline its seats are reminded: a quarter of the period, at most one hour (ms). */
const reminderLead = (moveDeadlineHours: number): number => Math.min(HOUR_MS, (moveDeadlineHours * HOUR_MS) / 4);

/** When to remind the seats that owe it: the deadline minus a quarter of the period, at most one hour before it. */
export function reminderAt(changedAt: number, moveDeadlineHours: number): number {
  return deadlineAt(changedAt, moveDeadlineHours) - reminderLead(moveDeadlineHours);
}

/**
 * The deadline of a move owed since `start` (ms) with `hours` on its clock, the clock not
 * running during `stops` (the table's pauses and the owing seat's vacations; they may
 * overlap, touch, begin before `start`, come in any order). Null while a stop that began
 * before the deadline is still open: nobody can say yet when the move is due.
 */
export function stoppedDeadlineAt(start: number, hours: number, stops: readonly ClockStop[]): number | null {
  return runClock(start, hours * HOUR_MS, stops);
}

/** When the seats owing the move are reminded, by the same clock: the running time before it is the period less the lead. */
export function stoppedReminderAt(start: number, hours: number, stops: readonly ClockStop[]): number | null {
  return runClock(start, hours * HOUR_MS - reminderLead(hours), stops);
}

/**
 * The stops a clock started at `start` reads: those going on and those that ended after it.
 * A clock started later reads no more of them, so the others may be forgotten (the table's
 * pauses are, worker/table/admin-commands.ts).
 */
export const stopsReadFrom = <T extends ClockStop>(start: number, stops: readonly T[]): T[] =>
  stops.filter((stop) => stop.until === null || stop.until > start);

/** The moment the clock, started at `start`, has run for `runMs`, skipping every stop; null when an open stop is reached first. */
export function runClock(start: number, runMs: number, stops: readonly ClockStop[]): number | null {
  // Merged, in order, only what lies after the start: overlapping or touching stops are one.
  const merged: { from: number; until: number | null }[] = [];
  for (const stop of stopsReadFrom(start, stops).sort((a, b) => a.from - b.from)) {
    const until = stop.until;
    const from = Math.max(stop.from, start);
    const last = merged.at(-1);
    if (last !== undefined && (last.until === null || from <= last.until)) {
      if (last.until !== null) last.until = until === null ? null : Math.max(last.until, until);
      continue;
    }
    merged.push({ from, until });
  }
  let at = start;
  let left = runMs;
  for (const stop of merged) {
    if (at + left <= stop.from) break; // due before this stop begins
    left -= stop.from - at;
    if (stop.until === null) return null;
    at = stop.until;
  }
  return at + left;
}

/**
 * How long after its last action a seat counts as playing live: no turn mail and no reminder
 * mail to it meanwhile (worker/table/presence.ts). Here, so the web app says the same number.
 */
export const ACTIVE_SEAT_MINUTES = 10;

/**
 * The whole hours of a running vacation (ending at `until`, ms) not yet begun at `now`: what
 * ending it gives back. Here, so the server's check and the web app's offer are one rule.
 */
export const unusedHours = (vacation: { readonly until: number }, now: number): number => Math.max(0, Math.floor((vacation.until - now) / HOUR_MS));

/**
 * The whole hours a seat with `left` hours and a vacation running until `until` (or none) may
 * ask for now: a new vacation takes the running one's place, which gives back its hours not yet begun.
 */
export const vacationHoursAvailable = (left: number, until: number | null, now: number): number =>
  left + (until === null ? 0 : unusedHours({ until }, now));
