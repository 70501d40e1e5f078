/**
 * Endings of random games for the claims' tests (R7.12): a game played at random until a given
 * number of tricks is left, with bettel and mord announced often (they are rare at random).
 */
import { LEVEL_BETTEL, LEVEL_MORD, LEVELS, type Action } from '../../shared/actions.js';
import { randomMove, type Rng } from '../../shared/bots.js';
import { cardFromCode } from '../../shared/cards.js';
import { shuffleDeal } from '../../shared/deal.js';
import { applyAction, legalActions, newGame, type GameState } from '../../shared/game.js';
import type { Seat, TableOptions } from '../../shared/options.js';
import { must, options, wordsFrom } from './support.js';

function randomOptions(rng: Rng): TableOptions {
  const histories = ['last', 'all', 'opponents'] as const;
  return options({
    doubling: false,
    kontra: false,
    trump: rng(2) === 0 ? 'led' : 'named',
    winDutyInBettel: rng(2) === 0,
    trickHistory: histories[rng(3)]!,
  });
}

type Play = Extract<Action, { type: 'play' }>;

/**
 * A random game played at random until `tricksLeft` tricks remain (the current one included)
 * with `inTrick` cards down; null if it ended first. Bettel and mord are announced one time in
 * `specialEvery` each; with `mordLasts`, a mord's declarer mostly plays high and its defenders
 * low, so that some mord games last to their end (mord ends at the defenders' first trick).
 */
export function randomEnding(rng: Rng, tricksLeft: number, inTrick: number, { specialEvery = 4, mordLasts = false } = {}): GameState | null {
  let game = newGame(randomOptions(rng), shuffleDeal(wordsFrom(rng)), rng(3) as Seat);
  while (game.phase !== 'finished' && !(game.phase === 'play' && 10 - game.completedTricks === tricksLeft && game.trick.length === inTrick)) {
    if (game.phase === 'declare') {
      const allowed = legalActions(game, game.declarer as Seat) as Extract<Action, { type: 'declare' }>[];
      const pick = rng(specialEvery);
      const wanted = allowed.find((a) => LEVELS.indexOf(a.contract) === (pick === 0 ? LEVEL_BETTEL : pick === 1 ? LEVEL_MORD : -1));
      game = must(applyAction(game, game.declarer, wanted ?? allowed[rng(allowed.length)]!));
      continue;
    }
    const move = randomMove(game, rng)!;
    if (mordLasts && game.phase === 'play' && game.contract === LEVEL_MORD && move.action.type === 'play' && rng(4) !== 0) {
      const rank = (a: Play) => cardFromCode(a.card)! & 7;
      const plays = legalActions(game, move.seat).filter((a): a is Play => a.type === 'play' && a.knock !== true);
      plays.sort((x, y) => rank(x) - rank(y));
      game = must(applyAction(game, move.seat, move.seat === game.declarer ? plays.at(-1)! : plays[0]!));
      continue;
    }
    game = must(applyAction(game, move.seat, move.action));
  }
  return game.phase === 'play' && !game.awaitingRe ? game : null;
}
