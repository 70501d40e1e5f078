/**
 * Moves the table makes for a person's seat, run by the table's one alarm and marked
 * `auto` in the log and the records (API.md, "Deadlines"):
 *
 * - a timeout: the seat's deadline passed (clock.ts: pauses and its vacations do not count)
 *   and the table's `onTimeout` is "bot": the strong bot makes that one move, decided from
 *   the seat's own views exactly as for a bot seat (bot-seats.ts), never from the state.
 *   Everyone sees the deadline pass: every view marks it;
 * - a forced card: the seat opted in (PUT …/preferences) and all it may do is play one card
 *   (no knock to choose, no kontra to weigh, no trump to name: each would be a choice, R7.2,
 *   R7.11, R8.1). It is played after a delay drawn from the seat's own pace
 *   (forced-delay.ts), on the seat's clock; should the deadline come first, it is a timeout.
 *   Until the game's record is published only the seat's own view marks it (published.ts):
 *   nobody else learns that it had one legal card, nor that it opted in.
 *
 * Nothing moves while the table is paused or after it ended. Nothing of this is stored besides the moves: when
 * a move is due follows from the table, so an eviction only means it is worked out again.
 */
import type { Action } from '../../../shared/actions.js';
import type { Seat } from '../../../shared/options.js';
import { seatsOwingMove } from '../../../shared/series.js';
import type { OfferedAction } from '../../../shared/view.js';
import type { BotSeats, SeatViews } from './bot-seats.js';
import { seatClockAfter, seatDeadlineAt, type ClockFacts, isHalted } from '../../published/clock.js';
import { delayDraw, FORCED_DELAY, forcedDelay } from './forced-delay.js';
import type { TableStorage } from '../../storage/table-storage.js';
import type { AutoKind, Table } from '../../model/table.js';

export type { AutoKind };

/** The one card a seat may play, when that is all it may do; else null. */
export function forcedCard(legalActions: readonly OfferedAction[]): Action | null {
  const only = legalActions.length === 1 ? legalActions[0]! : null;
  return only !== null && only.type === 'play' && only.knock === undefined && only.trump === undefined ? only : null;
}

export class AutoMoves {
  constructor(
    private readonly views: Pick<SeatViews, 'viewFor'>,
    private readonly storage: TableStorage,
    private readonly bots: BotSeats,
  ) {}

  /** The person's seats the table will move for, each with when and why. */
  due(table: Table): { seat: Seat; at: number; kind: AutoKind }[] {
    if (isHalted(table)) return []; // paused or ended (clock.ts)
    const due: { seat: Seat; at: number; kind: AutoKind }[] = [];
    const clock = { ...table.settings, lastChangeAt: table.lastChangeAt, pauses: table.pauses, vacations: table.vacations };
    for (const seat of seatsOwingMove(table.series)) {
      if (table.settings.seats[seat]!.bot) continue; // bot-seats.ts moves it
      const timeout = table.settings.onTimeout === 'bot' ? seatDeadlineAt(clock, seat) : null;
      const forced =
        table.autoForced.has(seat) && forcedCard(this.views.viewFor(table, seat).legalActions) !== null ? this.forcedAt(table, clock, seat) : null;
      if (forced !== null && (timeout === null || forced < timeout)) due.push({ seat, at: forced, kind: 'forced' });
      else if (timeout !== null) due.push({ seat, at: timeout, kind: 'timeout' });
    }
    return due;
  }

  /** When `seat`'s forced card is played: its drawn delay (forced-delay.ts) on its clock; null while a pause holds it. */
  private forcedAt(table: Table, clock: ClockFacts, seat: Seat): number | null {
    const token = table.tokens.find((t) => t.seat === seat);
    if (token === undefined) return null;
    const delay = forcedDelay(this.storage.seats.responseTimes(seat, FORCED_DELAY.samples), delayDraw(token.hash, table.version));
    return seatClockAfter(clock, seat, delay);
  }

  /** When the next automatic move is due (for the alarm), or null. */
  nextDueAt(table: Table): number | null {
    const times = this.due(table).map((d) => d.at);
    return times.length === 0 ? null : Math.min(...times);
  }

  /** The automatic move due first at `now`, decided; null when none is due. */
  decide(table: Table, now: number): { seat: Seat; action: Action; kind: AutoKind } | null {
    const next = this.due(table)
      .filter((d) => d.at <= now)
      .sort((a, b) => a.at - b.at)[0];
    if (next === undefined) return null;
    const action =
      next.kind === 'forced' ? forcedCard(this.views.viewFor(table, next.seat).legalActions) : this.bots.decideFor(table, next.seat, 'strong');
    return action === null ? null : { seat: next.seat, action, kind: next.kind };
  }
}
