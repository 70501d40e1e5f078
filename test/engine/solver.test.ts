/**
 * The double-dummy solver against the engine: a plain full-tree minimax over the engine's
 * own applyAction, the engine's legal cards, and positions whose answer is known by hand.
 */
import { describe, expect, it } from 'vitest';
import { LEVEL_BETTEL, LEVEL_MORD, LEVELS, type Action } from '../../shared/actions.js';
import { randomMove, seededRng, type Rng } from '../../shared/bots.js';
import { CARD_CODES, codeOf, popcount } from '../../shared/cards.js';
import { shuffleDeal } from '../../shared/deal.js';
import { applyAction, legalActions, legalPlayCards, newGame, type GameState } from '../../shared/game.js';
import type { Seat, TableOptions } from '../../shared/options.js';
import { NO_TRUMP } from '../../shared/play.js';
import { evaluatePlays, resetSolverStats, solve, solverStats } from '../../shared/solver/index.js';
import { BETTEL, legalInPosition, MORD, NORMAL } from '../../shared/solver/search.js';
import { deal, gameAfter, must, options, wordsFrom } from './support.js';

const KINDS = ['number', 'bettel', 'mord'] as const;
type Kind = (typeof KINDS)[number];

/** Plainly: every legal card (and every trump it may name), each side picking its best, down to the end of the game. */
function minimax(game: GameState): number {
  if (game.phase === 'finished') return game.tricksTaken[game.declarer as Seat];
  const seat = game.turn as Seat;
  const plays = legalActions(game, seat).filter((action) => action.type === 'play' && action.knock !== true);
  const values = plays.map((action) => minimax(must(applyAction(game, seat, action))));
  // The declarer wants tricks, except in bettel, where it wants none.
  const wantsMore = (seat === game.declarer) !== (game.contract === LEVEL_BETTEL);
  return wantsMore ? Math.max(...values) : Math.min(...values);
}

function randomOptions(rng: Rng): TableOptions {
  return options({ kontra: false, trump: rng(2) === 0 ? 'led' : 'named', winDutyInBettel: rng(2) === 0, tenTrickBid: rng(2) === 0 });
}

/** The contract to announce: one of the kind asked for if the bid allows it (it always allows bettel and mord). */
function declareAction(game: GameState, kind: Kind, rng: Rng): Action {
  const allowed = legalActions(game, game.declarer as Seat).map((action) => action as Extract<Action, { type: 'declare' }>);
  const ofKind = allowed.filter(({ contract }) =>
    kind === 'bettel' ? contract === 'bettel' : kind === 'mord' ? contract === 'mord' : LEVELS.indexOf(contract) < LEVEL_BETTEL,
  );
  const pool = ofKind.length > 0 ? ofKind : allowed;
  return pool[rng(pool.length)]!;
}

/** A random deal played at random into the play phase, then on until `stop` says so (or the game ends). */
function randomPlayState(rng: Rng, kind: Kind, stop: (game: GameState) => boolean): GameState {
  let game = newGame(randomOptions(rng), shuffleDeal(wordsFrom(rng)), rng(3) as Seat);
  while (game.phase !== 'finished' && !(game.phase === 'play' && stop(game))) {
    if (game.phase === 'declare') {
      game = must(applyAction(game, game.declarer, declareAction(game, kind, rng)));
      continue;
    }
    const move = randomMove(game, rng)!;
    game = must(applyAction(game, move.seat, move.action));
  }
  return game;
}

/**
 * A position with 1–4 tricks left (the current one included), 0–2 cards in the current trick.
 * Random play rarely keeps a mord alive that long, so a mord endgame is a number game's
 * endgame at a trick start in which the declarer took every trick, played on as mord.
 */
function endgame(rng: Rng, kind: Kind): GameState | null {
  const tricksLeft = 1 + rng(4);
  const inTrick = kind === 'mord' ? 0 : rng(3);
  const game = randomPlayState(rng, kind === 'mord' ? 'number' : kind, (g) => 10 - g.completedTricks <= tricksLeft && g.trick.length === inTrick);
  if (game.phase !== 'play') return null;
  if (kind !== 'mord') return game;
  const declarer = game.declarer as Seat;
  const tricksTaken: [number, number, number] = [0, 0, 0];
  tricksTaken[declarer] = game.completedTricks;
  return { ...game, contract: LEVEL_MORD, trump: NO_TRUMP, winDuty: true, tricksTaken };
}

/**
 * The declarer's first card of a number contract with trump still open (R7.2), but with
 * few cards left: an endgame whose trump is forgotten and whose trick is taken back.
 */
function openTrumpEndgame(rng: Rng): GameState | null {
  const game = randomPlayState(rng, 'number', (g) => g.completedTricks >= 6 + rng(4) && g.trick.length === 0);
  if (game.phase !== 'play' || game.contract >= LEVEL_BETTEL) return null;
  const declarer = game.declarer as Seat;
  return { ...game, trump: NO_TRUMP, trickLeader: declarer, turn: declarer };
}

describe('solver agrees with a full-tree minimax through the engine', () => {
  for (const kind of KINDS) {
    it(`R7, R7.9: ${kind}, 700 random positions with 1–4 tricks left and random options`, () => {
      const rng = seededRng(12_000 + KINDS.indexOf(kind));
      let checked = 0;
      while (checked < 700) {
        const game = endgame(rng, kind);
        if (game === null) continue;
        expect(solve(game), `position ${checked}`).toBe(minimax(game));
        checked++;
      }
    });
  }

  it('R7.2: the first card also fixes trump (led or named), 300 positions with 1–4 tricks left', () => {
    const rng = seededRng(12_100);
    let checked = 0;
    while (checked < 300) {
      const game = openTrumpEndgame(rng);
      if (game === null) continue;
      expect(solve(game), `position ${checked}, trump ${game.options.trump}`).toBe(minimax(game));
      checked++;
    }
  });
});

describe('solver moves are the engine moves', () => {
  it('R7.3–R7.6, R7.8: the solver’s own legal cards equal legalPlayCards in 20,000 random play states', () => {
    const rng = seededRng(12_200);
    for (let i = 0; i < 2000; i++) {
      let game = newGame(randomOptions(rng), shuffleDeal(wordsFrom(rng)), rng(3) as Seat);
      while (game.phase !== 'finished') {
        if (game.phase === 'play') {
          const solverLegal = legalInPosition({
            hands: game.hands,
            trick: game.trick,
            leader: game.trickLeader,
            trump: game.trump,
            kind: game.contract === LEVEL_BETTEL ? BETTEL : game.contract === LEVEL_MORD ? MORD : NORMAL,
            winDuty: game.winDuty,
            declarer: game.declarer,
            trumpNamed: game.options.trump === 'named',
          });
          // With trump led, the first card's suit is what the solver chooses trump by: it then leads within that suit.
          if (!(game.completedTricks === 0 && game.trick.length === 0 && game.trump === NO_TRUMP && game.contract < LEVEL_BETTEL)) {
            expect(solverLegal).toBe(legalPlayCards(game));
          }
        }
        const move = randomMove(game, rng)!;
        game = must(applyAction(game, move.seat, move.action));
      }
    }
  });

  it('R7.3–R7.6: every card evaluatePlays reports is one of legalPlayCards, each once, and solve is the best of them', () => {
    const rng = seededRng(12_300);
    for (let i = 0; i < 300; i++) {
      const kind = KINDS[i % 3]!;
      const tricksLeft = 1 + rng(6);
      const game = randomPlayState(rng, kind, (g) => 10 - g.completedTricks <= tricksLeft);
      if (game.phase !== 'play') continue;
      const plays = evaluatePlays(game);
      const legal = legalPlayCards(game);
      expect(plays.map(({ card }) => card)).toEqual(CARD_CODES.map((_, card) => card).filter((card) => (legal & (1 << card)) !== 0));
      const values = plays.map(({ declarerTricks }) => declarerTricks);
      const wantsMore = (game.turn === game.declarer) !== (game.contract === LEVEL_BETTEL);
      expect(solve(game)).toBe(wantsMore ? Math.max(...values) : Math.min(...values));
    }
  });

  it('R7.2: from the declarer’s first card of a full deal, solve is the best card of evaluatePlays (trump led and named)', () => {
    const rng = seededRng(12_400);
    for (let i = 0; i < 12; i++) {
      const game = randomPlayState(rng, 'number', () => true);
      if (game.phase !== 'play' || game.contract >= LEVEL_BETTEL) continue;
      const values = evaluatePlays(game).map(({ declarerTricks }) => declarerTricks);
      expect(values.length).toBe(popcount(game.hands[game.declarer as Seat]));
      expect(solve(game)).toBe(Math.max(...values));
    }
  });
});

// Hand-made deals: seat 0 deals, so seat 1 is forehand and bids first.
describe('solver on positions with a known answer', () => {
  // Seat 1 holds all Eichel and GA GK (and gets G8 G7 from the stock); its partners split the rest.
  const EICHEL = deal('HA HK HO HU H10 H9 H8 H7 GO GU', 'EA EK EO EU E10 E9 E8 E7 GA GK', 'SA SK SO SU S10 S9 S8 S7 G10 G9', 'G8 G7');

  it('R7.7: eight top trumps and two top Gras make all ten tricks, whatever trump is named', () => {
    for (const trump of ['led', 'named'] as const) {
      const game = gameAfter('0:no 1:no 2:no 1:6 2:pass 0:pass 1:G8,G7 1:6', { trump }, EICHEL);
      expect(solve(game)).toBe(10);
    }
  });

  it('R7.9: a mord with every top card is made; one where a defender holds a Sau is lost at once', () => {
    const made = gameAfter('0:no 1:no 2:no 1:6 2:pass 0:pass 1:G8,G7 1:mord', {}, EICHEL);
    expect(solve(made)).toBe(10);
    // Seat 1 keeps G8 G7 and discards GA GK: the first Gras it must lead or follow loses to GO.
    const lost = gameAfter('0:no 1:no 2:no 1:6 2:pass 0:pass 1:GA,GK 1:mord', {}, EICHEL);
    // It cashes its eight Eichel first; the ninth trick, a Gras, goes to the defenders.
    expect(solve(lost)).toBe(8);
  });

  it('R7.9: a bettel of top cards only is lost with the first trick, with or without win duty', () => {
    for (const winDutyInBettel of [true, false]) {
      // Whatever seat 1 leads is the highest card of its suit still out.
      const game = gameAfter('0:no 1:no 2:no 1:6 2:pass 0:pass 1:G8,G7 1:bettel', { winDutyInBettel }, EICHEL);
      expect(solve(game)).toBe(1);
      expect(evaluatePlays(game).every(({ declarerTricks }) => declarerTricks === 1)).toBe(true);
    }
  });

  it('R7.9: the same hand with the two low Gras makes the bettel: the defenders, void in Eichel, cannot make it win', () => {
    const game = gameAfter('0:no 1:no 2:no 1:6 2:pass 0:pass 1:GA,GK 1:bettel', {}, EICHEL);
    expect(solve(game)).toBe(0);
  });

  it('R7.4, R7.8: a bettel of low cards in every suit is made with win duty, whatever the declarer leads', () => {
    // Seat 1: the sevens, eights and nines and E10; every higher card is with the defenders, who must head it.
    const low = deal('EA EK EO EU HA HK HO HU H10 SA', 'E7 E8 E9 E10 G7 G8 G9 H7 H8 H9', 'SK SO SU S10 S9 S8 S7 GA GK GO', 'GU G10');
    const game = gameAfter('0:no 1:no 2:no 1:6 2:pass 0:pass 1:GU,G10 1:bettel', {}, low);
    expect(solve(game)).toBe(0);
    expect(evaluatePlays(game).map(({ card }) => codeOf(card))).toEqual(['E7', 'E8', 'E9', 'E10', 'G7', 'G8', 'G9', 'H7', 'H8', 'H9']);
  });

  it('a count: in the last trick the declarer’s trump Sau wins, whatever the others hold', () => {
    const rng = seededRng(12_500);
    let checked = 0;
    while (checked < 50) {
      const game = randomPlayState(rng, 'number', (g) => g.completedTricks === 9);
      if (game.phase !== 'play' || game.contract >= LEVEL_BETTEL) continue;
      const declarer = game.declarer as Seat;
      const trumpAce = game.trump * 8 + 7;
      const expected = game.tricksTaken[declarer] + ((game.hands[declarer] & (1 << trumpAce)) !== 0 ? 1 : 0);
      if ((game.hands[declarer] & (1 << trumpAce)) !== 0) expect(solve(game)).toBe(expected);
      checked++;
    }
  });

  it('solverStats counts the positions searched and resets to 0', () => {
    resetSolverStats();
    expect(solverStats().nodes).toBe(0);
    solve(gameAfter('0:no 1:no 2:no 1:6 2:pass 0:pass 1:G8,G7 1:7', {}, EICHEL));
    expect(solverStats().nodes).toBeGreaterThan(0);
    resetSolverStats();
    expect(solverStats().nodes).toBe(0);
  });
});
