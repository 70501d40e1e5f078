/**
 * The facts of the rules the view carries so that the web app derives none itself (issue
 * 23): each computed by its rule's own function in shared/, and told alike to every viewer,
 * as each is public (R10.2; test/engine/hidden.test.ts compares whole views across worlds).
 */
import { describe, expect, it } from 'vitest';
import { hasTrumpSuit, highestNumber, LEVELS } from '../../shared/actions.js';
import { isForcedGame, maxRedealsOf, redealsLeft } from '../../shared/all-pass.js';
import type { GameState } from '../../shared/game.js';
import { recordOf } from '../../shared/record.js';
import { applySeriesAction, dealNextGame, startSeries, type SeriesState } from '../../shared/series.js';
import { viewOf, type SeriesView } from '../../shared/view.js';
import { gameAfter, must, options, run, runSeries, seriesOf, SUIT_DEAL } from './support.js';

const NO_DOUBLING = { doubling: false } as const;
const VIEWERS = [0, 1, 2, null] as const;

/** The view of each seat and of a spectator. */
const viewsOf = (game: GameState): SeriesView[] => VIEWERS.map((viewer) => viewOf(seriesOf(game), viewer)!);

/** The field `key` of every viewer's view, which must be the same for all. */
function told<K extends keyof SeriesView>(game: GameState, key: K): SeriesView[K] {
  const values = viewsOf(game).map((view) => view[key]);
  for (const value of values) expect(value, `${key} for every viewer`).toEqual(values[0]);
  return values[0]!;
}

/** Everybody passes in the current game of a series (dealer 0: forehand 1 speaks first; the dealer rotates). */
function allPass(series: SeriesState): SeriesState {
  series = must(dealNextGame(series, SUIT_DEAL));
  const forehand = (series.game!.dealer + 1) % 3;
  for (const seat of [forehand, (forehand + 1) % 3, (forehand + 2) % 3]) series = must(applySeriesAction(series, seat, { type: 'pass' }));
  return series;
}

describe('R5 in the view: the redeals left and the forced game', () => {
  it('R5.2, R5.4: redealsLeft counts the redeals still allowed for the game number; none with allPass "forced"', () => {
    expect(maxRedealsOf(options())).toBe(0);
    expect(maxRedealsOf(options({ allPass: 'pot', maxRedeals: 4 }))).toBe(4);
    expect([0, 1, 2, 3].map((redeal) => redealsLeft(options({ allPass: 'pot', maxRedeals: 2 }), redeal))).toEqual([2, 1, 0, 0]);
    expect(told(gameAfter('', NO_DOUBLING), 'redealsLeft')).toBe(0);

    let series = must(startSeries({ doubling: false, allPass: 'pot', maxRedeals: 2 }));
    const left: number[] = [];
    for (let i = 0; i < 2; i++) {
      left.push(viewOf(must(dealNextGame(series, SUIT_DEAL)), null)!.redealsLeft);
      series = allPass(series);
      expect(viewOf(series, 1)!.redealsLeft, 'the game that was redealt').toBe(left.at(-1));
    }
    series = must(dealNextGame(series, SUIT_DEAL));
    expect([...left, told(series.game!, 'redealsLeft')]).toEqual([2, 1, 0]);
    // None left: this all-pass is the forced game, as the engine plays it.
    const forehand = (series.game!.dealer + 1) % 3;
    series = runSeries(series, `${forehand}:pass ${(forehand + 1) % 3}:pass ${(forehand + 2) % 3}:pass`);
    expect([series.game!.phase, series.game!.declarer]).toEqual(['discard', forehand]);
    expect(told(series.game!, 'forcedGame')).toBe(true);
  });

  it('R5.1: forcedGame once everybody passed and forehand plays; not while the auction runs, not after a bid', () => {
    const auction = gameAfter('1:pass 2:pass', NO_DOUBLING);
    expect(told(auction, 'forcedGame')).toBe(false);
    const forced = run(auction, '0:pass');
    expect([forced.declarer, told(forced, 'forcedGame')]).toEqual([1, true]);
    const played = run(forced, '1:G8,G7 1:7 1:HA');
    expect(told(played, 'forcedGame')).toBe(true);
    // Forehand bid 6 itself: the same declarer and contract, but no forced game.
    const bid = gameAfter('1:6 2:pass 0:pass 1:G8,G7 1:7', NO_DOUBLING);
    expect([bid.declarer, told(bid, 'forcedGame')]).toEqual([1, false]);
    // The record of a finished game says it by the same rule (the score sheet and the result read it so).
    for (const game of [forced, played, bid])
      expect(isForcedGame(recordOf(game).declarer, recordOf(game).actions)).toBe(viewOf(seriesOf(game), null)!.forcedGame);
  });
});

describe('R6.3, R7.2 in the view: the card that fixes trump', () => {
  it('R6.3: the numbers have a trump suit, bettel and mord none; R4: the numbers go up to 9, or 10 with tenTrickBid', () => {
    expect(LEVELS.map((_, level) => hasTrumpSuit(level))).toEqual([true, true, true, true, true, false, false]);
    expect([highestNumber(false), highestNumber(true)]).toEqual(['9', '10']);
  });

  it("R7.2: nextCardFixesTrump from the contract's announcement until the declarer's first card, in a number contract only", () => {
    expect(told(gameAfter('1:6 2:pass 0:pass 1:G8,G7', NO_DOUBLING), 'nextCardFixesTrump')).toBe(false);
    const announced = gameAfter('1:6 2:pass 0:pass 1:G8,G7 1:6', NO_DOUBLING);
    expect(told(announced, 'nextCardFixesTrump')).toBe(true);
    expect(told(run(announced, '1:HA'), 'nextCardFixesTrump')).toBe(false);
    expect(told(run(announced, '1:HA'), 'trump')).toBe('H');
    // After a kontra the declarer's first card is still to come, and still fixes trump.
    expect(told(run(announced, '2:kontra'), 'nextCardFixesTrump')).toBe(true);
    expect(told(gameAfter('1:6 2:pass 0:pass 1:G8,G7 1:bettel', NO_DOUBLING), 'nextCardFixesTrump')).toBe(false);
    const named = gameAfter('1:6 2:pass 0:pass 1:G8,G7 1:6', { ...NO_DOUBLING, trump: 'named' });
    expect([told(named, 'nextCardFixesTrump'), told(run(named, '1:HA=E'), 'nextCardFixesTrump')]).toEqual([true, false]);
  });
});

describe('R7.10 in the view: which trick lastTrick is', () => {
  // Declarer 1 leads HA (trump Herz) and takes trick 1; then leads HK to trick 2.
  const script = '1:6 2:pass 0:pass 1:G8,G7 1:6 1:HA 2:S7 0:E7';

  it('null before a trick is complete, then "latest" with trickHistory "last" and "all"', () => {
    expect(told(gameAfter('1:6 2:pass 0:pass 1:G8,G7 1:6 1:HA', NO_DOUBLING), 'lastTrickIs')).toBeNull();
    for (const trickHistory of ['last', 'all'] as const) {
      const game = gameAfter(script, { ...NO_DOUBLING, trickHistory });
      expect(told(game, 'lastTrickIs')).toBe('latest');
      expect(told(run(game, '1:HK'), 'lastTrickIs')).toBe('latest');
    }
  });

  it('"opponents": the trick just completed is the latest for all; after the next card, the other side\'s, or none', () => {
    const game = gameAfter(script, { ...NO_DOUBLING, trickHistory: 'opponents' });
    expect(told(game, 'lastTrickIs')).toBe('latest');
    const next = run(game, '1:HK');
    expect(told(next, 'lastTrickIs')).toBe('otherSide');
    // A defender and a spectator look at the declarer's trick; the declarer at none, as the defenders took none.
    const [defender, declarer, , spectator] = viewsOf(next);
    expect([defender!.lastTrick?.winner, spectator!.lastTrick?.winner, declarer!.lastTrick]).toEqual([1, 1, null]);
  });
});
