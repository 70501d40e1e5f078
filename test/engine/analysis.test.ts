/**
 * The analysis of a finished game against the solver it is built on: games played by the
 * solver's best cards cost nothing, a chosen bad card costs what the solver says, and the
 * perfect-play figure is the solver's at the first card.
 */
import { describe, expect, it } from 'vitest';
import { LEVEL_BETTEL, LEVELS, type Action } from '../../shared/actions.js';
import { randomMove, seededRng, type Rng } from '../../shared/bots.js';
import { CARD_CODES, SUITS } from '../../shared/cards.js';
import { shuffleDeal } from '../../shared/deal.js';
import { applyAction, legalActions, namesTrump, newGame, type GameState } from '../../shared/game.js';
import type { Seat } from '../../shared/options.js';
import { recordOf } from '../../shared/record.js';
import { analyseGame } from '../../shared/solver/analysis.js';
import { evaluatePlays, solve } from '../../shared/solver/index.js';
import { must, options, wordsFrom } from './support.js';

type Kind = 'number' | 'bettel' | 'mord';
type Chooser = (game: GameState, seat: Seat) => Action;

const wantsMore = (game: GameState, seat: Seat): boolean => (seat === game.declarer) !== (game.contract === LEVEL_BETTEL);

/** A card the solver rates best for the seat to play, and with it the best trump to name (R7.2). */
const bestPlay: Chooser = (game, seat) => {
  const plays = evaluatePlays(game);
  const more = wantsMore(game, seat);
  const best = plays.reduce((a, b) => ((more ? b.declarerTricks > a.declarerTricks : b.declarerTricks < a.declarerTricks) ? b : a));
  const card = CARD_CODES[best.card]!;
  if (!namesTrump(game)) return { type: 'play', card };
  const trump = SUITS.find((suit) => solve(must(applyAction(game, seat, { type: 'play', card, trump: suit }))) === best.declarerTricks)!;
  return { type: 'play', card, trump };
};

/** A random deal bid at random up to a contract of `kind` (deals whose bid does not allow one are skipped), then played by `choose` to the end. */
function playedGame(rng: Rng, kind: Kind, trump: 'led' | 'named', choose: Chooser): GameState {
  let game = newGame(options({ kontra: false, trump }), shuffleDeal(wordsFrom(rng)), rng(3) as Seat);
  while (game.phase !== 'finished') {
    if (game.phase === 'declare') {
      const allowed = legalActions(game, game.declarer as Seat) as Extract<Action, { type: 'declare' }>[];
      const wanted = allowed.find(({ contract }) => (kind === 'number' ? LEVELS.indexOf(contract) < LEVEL_BETTEL : contract === kind));
      if (wanted === undefined) return playedGame(rng, kind, trump, choose);
      game = must(applyAction(game, game.declarer, wanted));
    } else if (game.phase === 'play') {
      const seat = game.turn as Seat;
      game = must(applyAction(game, seat, choose(game, seat)));
    } else {
      const move = randomMove(game, rng)!;
      game = must(applyAction(game, move.seat, move.action));
    }
  }
  return game;
}

/** The state just before the first card of a finished game's replay. */
function firstCardState(game: GameState): GameState {
  let state = newGame(game.options, game.deal, game.dealer);
  for (const { seat, action } of recordOf(game).actions) {
    if (action.type === 'play') return state;
    state = must(applyAction(state, seat, action));
  }
  throw new Error('no card was played');
}

describe('analysis of a finished game', () => {
  for (const [kind, trump] of [
    ['number', 'led'],
    ['number', 'named'],
    ['bettel', 'led'],
    ['mord', 'led'],
  ] as const) {
    it(`R7, R7.2, R7.9: a ${kind} game (trump ${trump}) played by the solver's best cards costs nothing, and perfect play is solve at the first card`, () => {
      const rng = seededRng(1200 + kind.length + trump.length);
      for (let i = 0; i < 4; i++) {
        const game = playedGame(rng, kind, trump, bestPlay);
        const analysis = analyseGame(recordOf(game))!;
        expect(analysis.declarer).toBe(game.declarer);
        expect(analysis.cards.map((c) => c.cost)).toEqual(analysis.cards.map(() => 0));
        expect(analysis.cards.every((c) => c.best.length === 0)).toBe(true);
        expect(analysis.perfectTricks).toBe(solve(firstCardState(game)));
        // Perfect play all along ends where perfect play from the start said it would.
        expect(game.tricksTaken[game.declarer as Seat]).toBe(analysis.perfectTricks);
        if (kind !== 'number') expect(analysis.cards.length).toBe(recordOf(game).tricks.length * 3);
      }
    });
  }

  it('a card worse than the best costs exactly the difference the solver gives, and the best cards are named', () => {
    const rng = seededRng(1210);
    let mistakes = 0;
    for (let i = 0; i < 6; i++) {
      // Every seat plays its worst card on the 3rd to 5th card of the game, its best otherwise.
      const worstAt = 2 + rng(3);
      let played = 0;
      const expected: { seat: Seat; cost: number; best: string[] }[] = [];
      const game = playedGame(rng, 'number', 'led', (state, seat) => {
        if (played++ !== worstAt) return bestPlay(state, seat);
        const plays = evaluatePlays(state);
        const more = wantsMore(state, seat);
        const values = plays.map((p) => p.declarerTricks);
        const bestValue = more ? Math.max(...values) : Math.min(...values);
        const worst = plays.reduce((a, b) => ((more ? b.declarerTricks < a.declarerTricks : b.declarerTricks > a.declarerTricks) ? b : a));
        const cost = Math.abs(bestValue - worst.declarerTricks);
        expected.push({ seat, cost, best: cost > 0 ? plays.filter((p) => p.declarerTricks === bestValue).map((p) => CARD_CODES[p.card]!) : [] });
        return { type: 'play', card: CARD_CODES[worst.card]! };
      });
      const analysis = analyseGame(recordOf(game))!;
      const mistake = analysis.cards[worstAt]!;
      expect({ seat: mistake.seat, cost: mistake.cost, best: [...mistake.best] }).toEqual(expected[0]);
      expect(analysis.cards.filter((c, index) => index !== worstAt).every((c) => c.cost === 0)).toBe(true);
      if (mistake.cost > 0) mistakes++;
    }
    expect(mistakes).toBeGreaterThan(0);
  });

  it('R7.2: naming a worse trump with the best card is a mistake the analysis sees', () => {
    const rng = seededRng(1220);
    let seen = 0;
    for (let i = 0; i < 8 && seen === 0; i++) {
      let named: { cost: number } | null = null;
      const game = playedGame(rng, 'number', 'named', (state, seat) => {
        const best = bestPlay(state, seat);
        if (!namesTrump(state) || best.type !== 'play') return best;
        const value = (trump: (typeof SUITS)[number]) => solve(must(applyAction(state, seat, { type: 'play', card: best.card, trump })));
        const worst = SUITS.reduce((a, b) => (value(b) < value(a) ? b : a));
        named = { cost: value(best.trump!) - value(worst) };
        return { type: 'play', card: best.card, trump: worst };
      });
      const first = analyseGame(recordOf(game))!.cards[0]!;
      expect(first.cost).toBe(named!.cost);
      if (first.cost > 0) seen++;
    }
    expect(seen).toBe(1);
  });

  it('R7.9: costs are never negative in games played at random, bettel and mord ended early among them, and each card is analysed once', () => {
    const rng = seededRng(1230);
    let endedEarly = 0;
    for (let i = 0; i < 12; i++) {
      const game = playedGame(rng, (['number', 'bettel', 'mord'] as const)[i % 3]!, i % 2 === 0 ? 'led' : 'named', (state, seat) => {
        const plays = legalActions(state, seat).filter((a) => a.type === 'play');
        return plays[rng(plays.length)]!;
      });
      const record = recordOf(game);
      if (record.result?.kind === 'contract' && record.result.endedEarly) endedEarly++;
      const analysis = analyseGame(record)!;
      expect(analysis.cards.length).toBe(record.actions.filter((a) => a.action.type === 'play').length);
      for (const card of analysis.cards) {
        expect(card.cost).toBeGreaterThanOrEqual(0);
        expect(card.best.length > 0).toBe(card.cost > 0);
        expect(record.actions[card.actionIndex]!.action).toMatchObject({ type: 'play', card: card.card });
      }
    }
    expect(endedEarly).toBeGreaterThan(0);
  });

  it('R5: an all-pass redeal has no play and no analysis', () => {
    const rng = seededRng(1240);
    let game = newGame(options({ allPass: 'pot' }), shuffleDeal(wordsFrom(rng)), 0);
    while (game.phase !== 'finished') {
      const seat = game.phase === 'doubling' ? ([0, 1, 2] as Seat[]).find((s) => (game.decided & (1 << s)) === 0)! : (game.turn as Seat);
      const pass = legalActions(game, seat).find((a) => a.type === 'pass' || (a.type === 'double' && !a.double))!;
      game = must(applyAction(game, seat, pass));
    }
    expect(game.outcome?.kind).toBe('allPass');
    expect(analyseGame(recordOf(game))).toBeNull();
  });
});
