/**
 * Which seat is told what (API.md, "Webhooks"), as pure functions of the series before and
 * after a change. The engine decides who may act (legalActions); this module only turns
 * that into notifications:
 *
 * - `turn`: a seat that must act now and did not have to before. During doubling that is
 *   every undecided seat when the game is dealt; otherwise the seat on turn when the turn
 *   passed to it or a new game began. After a kontra the declarer owes its re decision
 *   (R8.2: play pauses and it is the declarer's own turn, `re` or `re: false`), so the
 *   kontra tells the declarer, even when it was already on turn to play: what it owes has
 *   changed. A chance to say kontra is not a move that is owed, so it is never announced.
 *   A seat whose own action leaves it to act again (it won the trick it completed, was the
 *   last to decide on doubling and is forehand, or decided on re with its own card to
 *   play next) is not told: the answer to its action already says so.
 * - `game_over`: every seat, whenever a game ends, an all-pass redeal included.
 * - `table_over`: every seat, when the series ends.
 * - `reminder`: not a change but the clock: see reminderAt. The seats reminded are those
 *   of pendingSeats, the declarer deciding on re among them.
 */
import type { Seat } from '../../shared/options.js';
import { seatsOwingMove, type SeriesState } from '../../shared/series.js';
import { type SeatEvent } from '../model/table.js';

export { reminderAt } from '../../shared/deadline.js';
/** The seats that owe a move now (shared/series.ts): these are reminded. */
export const pendingSeats = seatsOwingMove;

const SEATS: readonly Seat[] = [0, 1, 2];

/**
 * What each seat is told after the series went from `before` (null: nothing dealt yet) to
 * `after`. `firstDeal`: the deal index of the series' first game (a table's later series, admin's newSeries).
 */
export function eventsOf(before: SeriesState | null, after: SeriesState, firstDeal = 0): SeatEvent[] {
  const events: SeatEvent[] = [];
  const finishedBefore = before?.records.length ?? 0;
  after.records.slice(finishedBefore).forEach((record, i) => {
    for (const seat of SEATS) events.push({ type: 'game_over', seat, gameNumber: record.gameNumber, dealIndex: firstDeal + finishedBefore + i });
  });
  if (after.status === 'over' && before?.status !== 'over') {
    for (const seat of SEATS) events.push({ type: 'table_over', seat, gameNumber: after.game?.gameNumber ?? after.gameNumber });
  }
  const now = pendingSeats(after);
  if (now.length > 0) {
    const newGame = before === null || before.game === null || after.records.length > finishedBefore;
    // A kontra changes what the declarer owes (its re decision, R8.2), even if it was on turn before.
    const reOpened = !newGame && after.game!.awaitingRe && !before.game!.awaitingRe;
    const owedBefore = newGame ? [] : pendingSeats(before).filter((seat) => !(reOpened && seat === after.game!.declarer));
    for (const seat of now) {
      if (!owedBefore.includes(seat)) events.push({ type: 'turn', seat, gameNumber: after.game!.gameNumber });
    }
  }
  return events;
}
