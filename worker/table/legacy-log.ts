/**
 * Replaying a table's stored action log (TableObject.load), including logs written under
 * rules that have changed since. The log is replayed through the engine as it is today;
 * what an older release stored that today's engine would refuse is brought up to date here,
 * so that every table ever created loads, with the same multipliers and settlements:
 *
 * - R8.2 before the declarer's re became its own turn: after a kontra, play went on, and the
 *   declarer could say re at any time until the first trick was complete, or never. The
 *   engine now waits for the declarer's decision right after the kontra and refuses a card
 *   meanwhile. So when it waits and the next stored row is not that decision, the rest of
 *   the first trick is searched for the declarer's stored re: found, it is applied now (and
 *   skipped where it stood); not found, an implied no re (`{"type": "re", "re": false}`) is.
 *   Either way re is what it was, and so are the multiplier and the settlement.
 * - R5.4 before redeals were capped: the stored options of a pot table lack `maxRedeals`;
 *   they get the most the option allows, so that an old series with several redeals in a
 *   row still replays. With allPass "forced", `potStake` had no effect and could be set
 *   then; the options of such an old table get its default, which the engine now requires.
 *
 * A log written since always has the decision right after the kontra, and options always
 * hold `maxRedeals`: both pass through unchanged.
 */
import { NO_RE } from '../../shared/actions.js';
import type { GameState } from '../../shared/game.js';
import { DEFAULT_OPTIONS, OPTION_LIMITS, type Seat } from '../../shared/options.js';
import { illegal, ok, type Result } from '../../shared/result.js';
import { applySeriesAction, type SeriesState } from '../../shared/series.js';

/** A stored row of the action log: who sent what (the action as stored). */
export interface LoggedAction {
  readonly seat: Seat;
  readonly action: unknown;
}

const typeOf = (action: unknown): unknown => (typeof action === 'object' && action !== null ? (action as { type?: unknown }).type : undefined);

const isDeclarersRe = (game: GameState, row: LoggedAction): boolean => row.seat === game.declarer && typeOf(row.action) === 're';

/**
 * Where the declarer's stored re lies among `rows` from `from` on, within what is left of
 * the first trick (before the card that would complete it), or -1.
 */
function storedReAhead(game: GameState, rows: readonly LoggedAction[], from: number): number {
  let plays = game.trick.length;
  for (let j = from; j < rows.length && plays < 3; j++) {
    if (isDeclarersRe(game, rows[j]!)) return j;
    if (typeOf(rows[j]!.action) === 'play') plays++;
  }
  return -1;
}

/**
 * Replays `rows` onto `start` through the engine. `beforeRow` runs before each stored row
 * is applied, with the row's index (the table deals the next game there when the series
 * waits for one). Answers
 * the series, or the engine's refusal naming the stored row.
 */
export function replayLog(
  start: SeriesState,
  rows: readonly LoggedAction[],
  beforeRow: (series: SeriesState, row: number) => SeriesState,
): Result<SeriesState> {
  let series = start;
  const appliedEarly = new Set<number>();
  for (let i = 0; i < rows.length; i++) {
    if (appliedEarly.has(i)) continue;
    series = beforeRow(series, i);
    const row = rows[i]!;
    const game = series.game;
    if (game !== null && game.phase === 'play' && game.awaitingRe && !isDeclarersRe(game, row)) {
      // A log of the old R8.2: the decision now comes first.
      const found = storedReAhead(game, rows, i);
      if (found >= 0) appliedEarly.add(found);
      const decided = applySeriesAction(series, game.declarer, found >= 0 ? rows[found]!.action : NO_RE);
      if (!decided.ok) return illegal(`stored action ${found >= 0 ? found + 1 : i + 1} (re, brought forward): ${decided.error.message}`);
      series = decided.value;
    }
    const next = applySeriesAction(series, row.seat, row.action);
    if (!next.ok) return illegal(`stored action ${i + 1}: ${next.error.message}`);
    series = next.value;
  }
  return ok(series);
}

/** The stored options of a table brought up to date (see above); options stored since R5.4 are answered as they are. */
export function upgradedOptions(stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored) || 'maxRedeals' in stored) return stored;
  const options: Record<string, unknown> = { ...stored };
  if (options.allPass === 'pot') options.maxRedeals = OPTION_LIMITS.maxRedeals;
  else options.potStake = DEFAULT_OPTIONS.potStake;
  return options;
}
