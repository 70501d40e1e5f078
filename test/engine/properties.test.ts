/**
 * Property tests over many random series with random options (fast-check). Every state
 * is deep-frozen, so an engine function that changed its input would throw here.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEVELS, type Action } from '../../shared/actions.js';
import { randomMove, seededRng, type Rng } from '../../shared/bots.js';
import { CARD_CODES, cardFromCode, popcount, SUITS, type CardSet } from '../../shared/cards.js';
import { shuffleDeal, type Deal } from '../../shared/deal.js';
import { applyAction, legalActions, type GameState } from '../../shared/game.js';
import { formatRecord, parseRecord } from '../../shared/notation.js';
import type { Seat, TableOptions } from '../../shared/options.js';
import { tricksOf, type TrickRecord } from '../../shared/record.js';
import { applySeriesAction, dealNextGame, replaySeries, seriesRecordOf, startSeries, type SeriesState } from '../../shared/series.js';
import { cardCodesIn, viewOf } from '../../shared/view.js';
import { wordsFrom } from './support.js';

const SEATS: Seat[] = [0, 1, 2];
const SERIES_RUNS = Number(process.env.SERIES_RUNS ?? 10_000);

/** Every option drawn at random; the pot's own options only with allPass "pot" (they are refused otherwise). */
const optionsArbitrary: fc.Arbitrary<Partial<TableOptions>> = fc
  .record({
    doubling: fc.boolean(),
    tenTrickBid: fc.boolean(),
    allPass: fc.constantFrom('forced' as const, 'pot' as const),
    potStake: fc.integer({ min: 1, max: 5 }),
    potTo: fc.constantFrom('declarer' as const, 'winners' as const),
    maxRedeals: fc.integer({ min: 1, max: 3 }),
    winDutyInBettel: fc.boolean(),
    trump: fc.constantFrom('led' as const, 'named' as const),
    trickHistory: fc.constantFrom('last' as const, 'all' as const, 'opponents' as const),
    knock: fc.boolean(),
    kontra: fc.boolean(),
    firstDealer: fc.constantFrom(0 as const, 1 as const, 2 as const),
    games: fc.integer({ min: 1, max: 4 }),
    stakePerTrick: fc.integer({ min: 1, max: 3 }),
    flatTariff: fc.integer({ min: 1, max: 20 }),
  })
  .map(({ potStake, potTo, maxRedeals, ...rest }) => (rest.allPass === 'pot' ? { ...rest, potStake, potTo, maxRedeals } : rest));

/** Freezes a value and everything reachable from it that is not frozen yet. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Fails the property with a message. The invariants below run millions of times, so they
 * use this instead of `expect`, which costs microseconds per call.
 */
function check(condition: boolean, message: () => string): void {
  if (!condition) throw new Error(message());
}

/** 32 cards conserved: hands, the stock (until picked up), discards and played cards are disjoint and cover the deck. */
function checkAllCardsAccountedFor(game: GameState): void {
  const places: CardSet[] = [...game.hands, game.declarer >= 0 ? 0 : game.stock, game.discards, game.played]; // R6.1: the declarer took the stock
  let union = 0;
  let count = 0;
  for (const place of places) {
    union |= place;
    count += popcount(place);
  }
  check(count === 32 && union === -1, () => `R1.1: ${count} cards in play in ${game.phase}`);
}

/** Who may act, derived from the state's fields rather than from legalActions. */
function mayAct(game: GameState, seat: Seat): boolean {
  switch (game.phase) {
    case 'doubling':
      return (game.decided & (1 << seat)) === 0;
    case 'auction':
    case 'discard':
    case 'declare':
      return game.turn === seat;
    case 'play': {
      if (game.awaitingRe) return seat === game.declarer; // R8.2: only the declarer, deciding on re
      const kontra = game.completedTricks === 0 && game.options.kontra && game.kontra < 0 && seat !== game.declarer;
      return game.turn === seat || kontra;
    }
    case 'finished':
      return false;
  }
}

/**
 * The completed trick a seat may look at (R7.10): the last one; with "opponents", once the
 * next card is played, the last one the other side took (a spectator sees as a defender).
 */
function lookableTrick(game: GameState, seat: Seat | null): TrickRecord | undefined {
  const tricks = tricksOf(game);
  if (game.options.trickHistory !== 'opponents' || game.trick.length === 0) return tricks.at(-1);
  const otherSide = (trick: TrickRecord) => (trick.winner === game.declarer) !== (seat === game.declarer);
  return tricks.filter(otherSide).at(-1);
}

/** The cards a seat (null: spectator) may know at this point (R10.2, R7.10). */
function knowable(game: GameState, seat: Seat | null): Set<string> {
  let known = 0;
  for (const card of game.trick) known |= 1 << card;
  for (const { card } of lookableTrick(game, seat)?.cards ?? []) known |= 1 << cardFromCode(card)!;
  if (game.options.trickHistory === 'all') known |= game.played;
  if (seat !== null) {
    known |= game.phase === 'doubling' ? game.packets[seat] : game.hands[seat];
    if (seat === game.declarer) known |= game.stock | game.discards;
  }
  return new Set(CARD_CODES.filter((_, card) => (known & (1 << card)) !== 0));
}

/** Random actions of every type, most of them illegal now. */
function candidateActions(rng: Rng): unknown[] {
  const card = () => CARD_CODES[rng(32)]!;
  return [
    { type: 'double', double: rng(2) === 0 },
    { type: 'bid', bid: LEVELS[rng(LEVELS.length)] },
    { type: 'hold' },
    { type: 'pass' },
    { type: 'discard', cards: [card(), card()] },
    { type: 'declare', contract: LEVELS[rng(LEVELS.length)] },
    { type: 'kontra' },
    { type: 're' },
    { type: 're', re: false },
    { type: 'play', card: card() },
    { type: 'play', card: card(), knock: true },
    { type: 'play', card: card(), trump: SUITS[rng(4)] },
  ];
}

/** Equal actions; a discard is a set of two cards, in either order. */
function sameAction(a: unknown, b: Action): boolean {
  const normal = (action: unknown): string => {
    const x = action as { type: string; cards?: string[] };
    return JSON.stringify(x.type === 'discard' && Array.isArray(x.cards) ? { ...x, cards: [...x.cards].sort() } : x);
  };
  return normal(a) === normal(b);
}

function checkStep(series: SeriesState, rng: Rng, checkViews: boolean): void {
  const game = series.game!;
  checkAllCardsAccountedFor(game);
  check(series.balances[0] + series.balances[1] + series.balances[2] + series.pot === 0, () => 'R9.4: not zero-sum');
  const legalBySeat = SEATS.map((seat) => legalActions(game, seat));
  for (const seat of SEATS) {
    const legal = legalBySeat[seat]!;
    check(legal.length > 0 === mayAct(game, seat), () => `seat ${seat} in ${game.phase}: ${legal.length} legal actions`);
    // Every legal action is accepted (discarding: a sample of the 66 pairs).
    const tried = legal.length > 3 && game.phase === 'discard' ? [legal[rng(legal.length)]!, legal[rng(legal.length)]!] : legal;
    for (const action of tried) {
      const result = applyAction(game, seat, action);
      check(result.ok, () => `${JSON.stringify(action)} by seat ${seat} refused: ${result.ok ? '' : result.error.message}`);
    }
    // A sample of other actions is refused, with a code and the rule in the message.
    for (const action of candidateActions(rng)) {
      if (legal.some((l) => sameAction(action, l))) continue;
      const result = applyAction(game, seat, action);
      check(!result.ok, () => `${JSON.stringify(action)} by seat ${seat} in ${game.phase} accepted but not legal`);
      if (!result.ok) {
        check(REFUSAL_CODES.includes(result.error.code), () => `code ${result.error.code}`);
        check(/^R\d+(\.\d+)?: \S/.test(result.error.message), () => `no rule named in "${result.error.message}"`);
      }
    }
  }
  if (game.phase !== 'finished')
    check(
      legalBySeat.some((l) => l.length > 0),
      () => `nobody may act in ${game.phase}`,
    );
  if (checkViews) {
    for (const seat of [...SEATS, null]) {
      const allowed = knowable(game, seat);
      for (const code of cardCodesIn(viewOf(series, seat))) {
        check(allowed.has(code), () => `R10.2: ${code} shown to seat ${seat} in ${game.phase}`);
      }
    }
  }
}

const REFUSAL_CODES = ['illegal_action', 'not_your_turn', 'bad_request'];

/** Plays a whole random series, checking the invariants at every step. */
function playSeries(options: Partial<TableOptions>, seed: number, viewEvery: number): SeriesState {
  const rng = seededRng(seed);
  const deals = wordsFrom(rng);
  let series = deepFreeze(startSeries(options).ok ? (startSeries(options) as { value: SeriesState }).value : fail());
  let steps = 0;
  while (series.status !== 'over') {
    if (series.status === 'awaitingDeal') {
      const deal: Deal = shuffleDeal(deals);
      series = deepFreeze(must(dealNextGame(series, deal)));
      continue;
    }
    checkStep(series, rng, steps++ % viewEvery === 0 || series.game!.phase === 'finished');
    const move = randomMove(series.game!, rng)!;
    series = deepFreeze(must(applySeriesAction(series, move.seat, move.action)));
  }
  return series;
}

function must<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function fail(): never {
  throw new Error('unreachable');
}

describe('random series', () => {
  it(`R1–R10 invariants hold over ${SERIES_RUNS} random series with random options`, () => {
    let games = 0;
    fc.assert(
      fc.property(optionsArbitrary, fc.integer(), (options, seed) => {
        const series = playSeries(options, seed, 7);
        games += series.records.length;
        // R9.4 at the end of the series, and R10.1: replaying the records gives the same series.
        check(series.balances[0] + series.balances[1] + series.balances[2] + series.pot === 0, () => 'R9.4: not zero-sum');
        const replayed = must(replaySeries(JSON.parse(JSON.stringify(seriesRecordOf(series)))));
        check(JSON.stringify(replayed) === JSON.stringify(series), () => 'R10.1: the replayed series differs');
        for (const record of series.records) {
          const text = formatRecord(record);
          check(JSON.stringify(must(parseRecord(text))) === JSON.stringify(record), () => `the notation does not round-trip:\n${text}`);
        }
      }),
      { numRuns: SERIES_RUNS },
    );
    expect(games).toBeGreaterThanOrEqual(SERIES_RUNS);
  }, 600_000);

  it('R10.2: every view at every step of 300 series shows no card its seat may not know', () => {
    fc.assert(
      fc.property(optionsArbitrary, fc.integer(), (options, seed) => {
        playSeries(options, seed, 1);
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});

describe('untrusted input', () => {
  it('R10: input of any shape is refused with a typed refusal, never thrown, and changes nothing', () => {
    const game = deepFreeze(must(dealNextGame(must(startSeries({ doubling: false })), shuffleDeal())).game!);
    const almostActions = fc.oneof(
      fc.anything(),
      fc.record(
        {
          type: fc.constantFrom('double', 'bid', 'hold', 'pass', 'discard', 'declare', 'kontra', 're', 'play', 'dance'),
          card: fc.anything(),
          bid: fc.anything(),
          cards: fc.anything(),
          double: fc.anything(),
          contract: fc.anything(),
          knock: fc.anything(),
          trump: fc.anything(),
          re: fc.anything(),
        },
        { requiredKeys: ['type'] },
      ),
    );
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.constantFrom(0, 1, 2)), almostActions, (seat, action) => {
        const result = applyAction(game, seat, action);
        if (!result.ok) {
          expect(['bad_request', 'illegal_action', 'not_your_turn']).toContain(result.error.code);
          expect(typeof result.error.message).toBe('string');
        }
      }),
      { numRuns: 20_000 },
    );
  });

  it('R2.2: a card code is exactly a suit letter and a rank', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 4 }), (text) => {
        expect(cardFromCode(text) !== undefined).toBe((CARD_CODES as readonly string[]).includes(text));
      }),
      { numRuns: 20_000 },
    );
  });
});
