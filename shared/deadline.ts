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
