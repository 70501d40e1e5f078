/**
 * Hidden information as a property (R3.1, R10.2): a view must be the same in every pair of
 * worlds that differ only in something its viewer may not know. Checking that no card
 * code leaks is not enough; a count, a total or a multiplier derived from hidden choices
 * leaks them as surely, and these tests compare whole views, every field of them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../shared/actions.js';
import { randomMove, seededRng, type Rng } from '../../shared/bots.js';
import { codesOf, type CardCode } from '../../shared/cards.js';
import { shuffleDeal, type Deal } from '../../shared/deal.js';
import { actionsOf, applyParsedAction, newGame, type GameState } from '../../shared/game.js';
import { tricksOf } from '../../shared/record.js';
import type { Seat } from '../../shared/options.js';
import { cardCodesIn, viewOf, type SeriesView } from '../../shared/view.js';
import { options, seriesOf, wordsFrom } from './support.js';

const RUNS = Number(process.env.HIDDEN_RUNS ?? 2_000);

function apply(game: GameState, seat: Seat, action: Action): GameState {
  const next = applyParsedAction(game, seat, action);
  if (!next.ok) throw new Error(`${JSON.stringify(action)} by seat ${seat} refused: ${next.error.message}`);
  return next.value;
}

const viewer = fc.constantFrom<Seat | null>(0, 1, 2, null);
const someOptions = fc.record({
  tenTrickBid: fc.boolean(),
  allPass: fc.constantFrom('forced' as const, 'pot' as const),
  trump: fc.constantFrom('led' as const, 'named' as const),
  trickHistory: fc.constantFrom('last' as const, 'all' as const, 'opponents' as const),
  knock: fc.boolean(),
  kontra: fc.boolean(),
});

const viewIn = (game: GameState, seat: Seat | null): SeriesView => viewOf(seriesOf(game), seat)!;

describe('R3.1: the doubling window', () => {
  type Choice = 'undecided' | 'double' | 'no';
  const choice = fc.constantFrom<Choice>('undecided', 'double', 'no');
  const ORDERS: Seat[][] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];

  /** The game after the seats decided as `choices` say, in `order`. */
  function decided(start: GameState, order: readonly Seat[], choices: readonly Choice[]): GameState {
    let game = start;
    for (const seat of order) {
      const c = choices[seat]!;
      if (c !== 'undecided') game = apply(game, seat, { type: 'double', double: c === 'double' });
    }
    return game;
  }

  /** The view without what R3.1 lets everyone see: who has decided (the flags and the history's entries of the others). */
  const withoutWhoDecided = (view: SeriesView, seat: Seat | null) => ({
    ...view,
    seats: view.seats.map(({ decided: _decided, ...rest }) => rest),
    history: view.history.filter((entry) => entry.type !== 'double' || entry.seat === seat),
    moves: view.moves.filter((entry) => entry.type !== 'double' || entry.seat === seat),
  });

  it(`R3.1: over ${RUNS} random windows, a seat's or a spectator's view is identical whatever the other seats chose; only "decided" differs`, () => {
    fc.assert(
      fc.property(
        someOptions,
        fc.integer(),
        viewer,
        fc.tuple(choice, choice, choice),
        fc.constantFrom(...ORDERS),
        (opts, seed, seat, drawn, order) => {
          const start = newGame(options({ ...opts, doubling: true }), shuffleDeal(wordsFrom(seededRng(seed))), (Math.abs(seed) % 3) as Seat);
          // Keep the window open: the last seat in the order has not decided yet.
          const choices = [...drawn];
          choices[order[2]!] = 'undecided';
          const world = decided(start, order, choices);
          expect(world.phase).toBe('doubling');
          // Every other seat that decided chose the other way.
          const flipped = choices.map((c, s) => (s === seat || c === 'undecided' ? c : c === 'double' ? 'no' : 'double'));
          const other = decided(start, order, flipped);
          expect(viewIn(other, seat)).toEqual(viewIn(world, seat));
          // Fewer decisions by the others: only who has decided differs.
          const fewer = choices.map((c, s) => (s === seat ? c : 'undecided'));
          expect(withoutWhoDecided(viewIn(decided(start, order, fewer), seat), seat)).toEqual(withoutWhoDecided(viewIn(world, seat), seat));
          expect(viewIn(world, seat).multiplier).toBe(1);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('R10.2: before the first card', () => {
  /**
   * World B of world A: the cards the viewer cannot see (the other hands; the stock too
   * unless the viewer picks it up) are dealt among themselves in another order.
   */
  function otherDeal(deal: Deal, seat: Seat | null, declarer: Seat | null, rng: Rng): Deal {
    const hands = deal.hands.map((hand) => [...hand]);
    const stock = [...deal.stock];
    const places: [CardCode[], number][] = [];
    for (const s of [0, 1, 2] as Seat[]) if (s !== seat) hands[s]!.forEach((_, i) => places.push([hands[s]!, i]));
    if (seat === null || seat !== declarer) stock.forEach((_, i) => places.push([stock, i]));
    const cards = places.map(([list, i]) => list[i]!);
    for (let i = cards.length - 1; i > 0; i--) {
      const j = rng(i + 1);
      [cards[i], cards[j]] = [cards[j]!, cards[i]!];
    }
    places.forEach(([list, i], k) => (list[i] = cards[k]!));
    return { hands: hands as unknown as Deal['hands'], stock };
  }

  /** Another pair of cards for the declarer to put away, from its hand in world B. */
  function otherDiscard(game: GameState, rng: Rng): Action {
    const hand = codesOf(game.hands[game.declarer as Seat]);
    const first = hand.splice(rng(hand.length), 1)[0]!;
    return { type: 'discard', cards: [first, hand[rng(hand.length)]!] };
  }

  it(`R10.2: over ${RUNS} random deals and auctions, a view is the same in every world that differs only in unseen cards and the declarer's discards`, () => {
    fc.assert(
      fc.property(someOptions, fc.boolean(), fc.integer(), viewer, fc.integer({ min: 0, max: 40 }), (opts, doubling, seed, seat, stopAfter) => {
        const rng = seededRng(seed);
        const tableOptions = options({ ...opts, doubling });
        const deal = shuffleDeal(wordsFrom(rng));
        const dealer = rng(3) as Seat;
        // World A: random moves until the first card or `stopAfter` actions (doublings, bids, discard, contract, kontra, re).
        let world = newGame(tableOptions, deal, dealer);
        for (let i = 0; i < stopAfter; i++) {
          const move = randomMove(world, rng);
          if (move === null || move.action.type === 'play') break;
          world = apply(world, move.seat, move.action);
        }
        const declarer = world.declarer < 0 ? null : (world.declarer as Seat);
        // World B: the same public actions on another deal of the unseen cards, with other discards unless the viewer discarded.
        let other = newGame(tableOptions, otherDeal(deal, seat, declarer, rng), dealer);
        for (const { seat: actor, action } of actionsOf(world)) {
          other = apply(other, actor, action.type === 'discard' && actor !== seat ? otherDiscard(other, rng) : action);
        }
        expect(viewIn(other, seat)).toEqual(viewIn(world, seat));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('R7.10, R10.2: the moves of a game in play', () => {
  /** World A: random moves from a random deal, up to `stopAfter` actions (into the play, often to its end). */
  function playedWorld(opts: Parameters<typeof options>[0], seed: number, stopAfter: number): { world: GameState; deal: Deal; rng: Rng } {
    const rng = seededRng(seed);
    const deal = shuffleDeal(wordsFrom(rng));
    let world = newGame(options(opts), deal, rng(3) as Seat);
    for (let i = 0; i < stopAfter; i++) {
      const move = randomMove(world, rng);
      if (move === null) break;
      world = apply(world, move.seat, move.action);
    }
    return { world, deal, rng };
  }

  /**
   * World B of world A: the cards no seat has played or discarded yet and the viewer does not
   * hold are dealt among the other seats in another order (each keeps its count); the same
   * actions are replayed. Null when a play of A is not legal in B (follow duty changed).
   */
  function otherUnplayed(world: GameState, deal: Deal, seat: Seat | null, rng: Rng): GameState | null {
    const gone = new Set(codesOf(world.played | world.discards));
    const hands = deal.hands.map((hand) => [...hand]);
    const places: [CardCode[], number][] = [];
    for (const s of [0, 1, 2] as Seat[]) {
      if (s === seat) continue;
      hands[s]!.forEach((code, i) => {
        if (!gone.has(code)) places.push([hands[s]!, i]);
      });
    }
    const cards = places.map(([list, i]) => list[i]!);
    for (let i = cards.length - 1; i > 0; i--) {
      const j = rng(i + 1);
      [cards[i], cards[j]] = [cards[j]!, cards[i]!];
    }
    places.forEach(([list, i], k) => (list[i] = cards[k]!));
    let other = newGame(world.options, { hands: hands as unknown as Deal['hands'], stock: [...deal.stock] }, world.dealer);
    for (const { seat: actor, action } of actionsOf(world)) {
      const next = applyParsedAction(other, actor, action);
      if (!next.ok) return null;
      other = next.value;
    }
    return other;
  }

  it(`R7.10, R10.2: over ${RUNS} random games, moves and trick winners are the same in worlds that differ only in cards nobody has shown`, () => {
    let compared = 0;
    fc.assert(
      fc.property(someOptions, fc.boolean(), fc.integer(), viewer, fc.integer({ min: 0, max: 45 }), (opts, doubling, seed, seat, stopAfter) => {
        const { world, deal, rng } = playedWorld({ ...opts, doubling }, seed, stopAfter);
        const other = otherUnplayed(world, deal, seat, rng);
        if (other === null) return;
        compared++;
        const a = viewIn(world, seat);
        const b = viewIn(other, seat);
        expect(b.moves).toEqual(a.moves);
        expect(b.trickWinners).toEqual(a.trickWinners);
        expect(b).toEqual(a); // and so the whole view
      }),
      { numRuns: RUNS },
    );
    expect(compared, 'worlds compared (not skipped for a play B refuses)').toBeGreaterThan(RUNS / 4);
  });

  it(`R7.10, R10.2: over ${RUNS} random games, no card in moves that the view does not show in trick, lastTrick or tricks`, () => {
    let hidden = 0;
    fc.assert(
      fc.property(someOptions, fc.integer(), viewer, fc.integer({ min: 10, max: 45 }), (opts, seed, seat, stopAfter) => {
        const { world } = playedWorld({ ...opts, doubling: false }, seed, stopAfter);
        const view = viewIn(world, seat);
        const shownByTricks = cardCodesIn([view.trick, view.lastTrick, view.tricks]);
        for (const code of cardCodesIn(view.moves)) expect(shownByTricks.has(code), `${code} in moves`).toBe(true);
        const plays = view.moves.filter((m) => m.type === 'play');
        expect(plays.length).toBe(codesOf(world.played).length);
        hidden += plays.filter((m) => m.card === null).length;
        // The winners are the tricks' own.
        expect(view.trickWinners.length).toBe(world.completedTricks);
        expect(view.trickWinners.filter((w) => w === 0).length).toBe(world.tricksTaken[0]);
      }),
      { numRuns: RUNS },
    );
    expect(hidden, 'cards played that some view had to hide').toBeGreaterThan(0);
  });

  it('R7.10: with trickHistory "last", the cards of tricks before the last are null in moves; the winners, knocks and named trump stay', () => {
    const { world } = playedWorld({ doubling: false, trickHistory: 'last', knock: true, trump: 'named' }, 4242, 60);
    const view = viewIn(world, 1);
    const plays = view.moves.filter((m) => m.type === 'play');
    const shownTricks = new Set(plays.filter((m) => m.card !== null).map((m) => m.trick));
    const lastShown = world.trick.length > 0 ? world.completedTricks + 1 : world.completedTricks;
    expect([...shownTricks].sort((x, y) => x - y)).toEqual(world.trick.length > 0 ? [world.completedTricks, lastShown] : [lastShown]);
    for (const move of plays) if (move.trick < world.completedTricks) expect(move.card).toBeNull();
    expect(plays[0]!.trump ?? null).toBe(view.trump);
    expect(plays.filter((m) => m.knock === true).map((m) => ({ seat: m.seat, trick: m.trick }))).toEqual(view.knocks);
    expect(view.trickWinners).toEqual(tricksOf(world).map((t) => t.winner));
    // What the seat saw fall, in order: the shown cards are the actions' own.
    const played = actionsOf(world).filter((e) => e.action.type === 'play');
    plays.forEach((m, i) => m.card !== null && expect(m.card).toBe((played[i]!.action as { card: CardCode }).card));
  });
});
