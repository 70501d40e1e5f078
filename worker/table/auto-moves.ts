/**
 * Moves the table makes for a person's seat, run by the table's one alarm and marked
 * `auto` in the log, the records and the views (API.md, "Deadlines"):
 *
 * - a timeout: the seat's deadline passed (clock.ts: pauses and its vacations do not count)
 *   and the table's `onTimeout` is "bot": the strong bot makes that one move, decided from
 *   the seat's own views exactly as for a bot seat (bot-seats.ts), never from the state;
 * - a forced card: the seat opted in (PUT …/preferences) and all it may do is play one card
 *   (no knock to choose, no kontra to weigh, no trump to name: each would be a choice, R7.2,
 *   R7.11, R8.1); it is played at once.
 *
 * Nothing moves while the table is paused or after it ended. Nothing of this is stored besides the moves: when
 * a move is due follows from the table, so an eviction only means it is worked out again.
 */
import type { Action } from '../../shared/actions.js';
import type { Seat } from '../../shared/options.js';
import { seatsOwingMove } from '../../shared/series.js';
import type { OfferedAction } from '../../shared/view.js';
import type { BotSeats } from './bot-seats.js';
import { seatDeadlineAt } from './clock.js';
import { isHalted } from './pause.js';
import type { LoadedTable, TableState } from './table-state.js';

export type AutoKind = 'timeout' | 'forced';

/** The one card a seat may play, when that is all it may do; else null. */
export function forcedCard(legalActions: readonly OfferedAction[]): Action | null {
  const only = legalActions.length === 1 ? legalActions[0]! : null;
  return only !== null && only.type === 'play' && only.knock === undefined && only.trump === undefined ? only : null;
}

export class AutoMoves {
  constructor(
    private readonly state: TableState,
    private readonly bots: BotSeats,
  ) {}

  /** The person's seats the table will move for, each with when and why. */
  due(table: LoadedTable): { seat: Seat; at: number; kind: AutoKind }[] {
    if (isHalted(table)) return []; // paused or ended (pause.ts)
    const due: { seat: Seat; at: number; kind: AutoKind }[] = [];
    const clock = { ...table.settings, lastChangeAt: table.lastChangeAt, pauses: table.pauses, vacations: table.vacations };
    for (const seat of seatsOwingMove(table.series)) {
      if (table.settings.seats[seat]!.bot) continue; // bot-seats.ts moves it
      if (table.autoForced.has(seat) && forcedCard(this.state.viewFor(table, seat).legalActions) !== null) {
        due.push({ seat, at: Date.parse(table.lastChangeAt), kind: 'forced' });
        continue;
      }
      if (table.settings.onTimeout !== 'bot') continue;
      const at = seatDeadlineAt(clock, seat);
      if (at !== null) due.push({ seat, at, kind: 'timeout' });
    }
    return due;
  }

  /** When the next automatic move is due (for the alarm), or null. */
  nextDueAt(table: LoadedTable): number | null {
    const times = this.due(table).map((d) => d.at);
    return times.length === 0 ? null : Math.min(...times);
  }

  /** The automatic move due first at `now`, decided; null when none is due. */
  decide(table: LoadedTable, now: number): { seat: Seat; action: Action; kind: AutoKind } | null {
    const next = this.due(table)
      .filter((d) => d.at <= now)
      .sort((a, b) => a.at - b.at)[0];
    if (next === undefined) return null;
    const action =
      next.kind === 'forced' ? forcedCard(this.state.viewFor(table, next.seat).legalActions) : this.bots.decideFor(table, next.seat, 'strong');
    return action === null ? null : { seat: next.seat, action, kind: next.kind };
  }
}
