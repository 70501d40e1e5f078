/** Whether a seat is away: every seat's panel shows it (SeatPanel.tsx), the seat's own settings let it take or end one (Vacation.tsx). */
import type { TableView } from '../api.js';

/** Until when the seat is on vacation (ISO), or null: none, or it has ended (the view was built before). */
export function vacationShown(view: TableView, seat: number, now: number = Date.now()): string | null {
  const until = view.seats[seat]?.vacationUntil ?? null;
  return until !== null && Date.parse(until) > now ? until : null;
}
