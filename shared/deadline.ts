/**
 * The clock of a move (table option moveDeadlineHours): when it is due and when its seats
 * are reminded. One formula for the server's deadlines and reminders and the web app's
 * countdown.
 */

const HOUR_MS = 3_600_000;

/** When a move that became owed at `changedAt` (ms) is due. */
export const deadlineAt = (changedAt: number, moveDeadlineHours: number): number => changedAt + moveDeadlineHours * HOUR_MS;

/** When to remind the seats that owe it: the deadline minus a quarter of the period, at most one hour before it. */
export function reminderAt(changedAt: number, moveDeadlineHours: number): number {
  const period = moveDeadlineHours * HOUR_MS;
  return changedAt + period - Math.min(HOUR_MS, period / 4);
}

/**
 * How long after its last action a seat counts as playing live: no turn mail and no reminder
 * mail to it meanwhile (worker/table/presence.ts). Here, so the web app says the same number.
 */
export const ACTIVE_SEAT_MINUTES = 10;
