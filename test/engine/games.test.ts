/**
 * Hand-made complete games, stored in the plain-text notation (test/engine/games/*.txt),
 * each proving a rule of RULES.md. For every file: it parses and replays (R10.1), it prints
 * back to the same text, and its settlement is the one computed by hand from R9 below.
 * Each game also has a test for the rule it was built to show, usually by trying a
 * different action on a prefix of the record and checking that the engine refuses it.
 *
 * Seats: forehand = dealer+1, middlehand = dealer+2, the dealer is rearhand (R1.3).
 * R9: m = 2^(doubles + kontra + re), s = stakePerTrick, f = flatTariff.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../shared/actions.js';
import type { CardCode } from '../../shared/cards.js';
import { applyAction, forehandOf, legalActions, type GameState } from '../../shared/game.js';
import { formatRecord, parseRecord } from '../../shared/notation.js';
import type { Seat, TableOptions } from '../../shared/options.js';
import { replayGame, type GameRecord } from '../../shared/record.js';
import { viewOf } from '../../shared/view.js';
import { seriesOf as seriesOfGame } from './support.js';
import { applySeriesAction, dealNextGame, replaySeries, startSeries, type SeriesState } from '../../shared/series.js';

// ---------------------------------------------------------------- helpers

const textOf = (file: string): string => readFileSync(new URL(`./games/${file}.txt`, import.meta.url), 'utf8');

function load(file: string): GameRecord {
  const parsed = parseRecord(textOf(file));
  if (!parsed.ok) throw new Error(`${file}: ${parsed.error.message}`);
  return parsed.value;
}

type Match = (seat: Seat, action: Action) => boolean;
const play =
  (seat: Seat, card: CardCode): Match =>
  (s, a) =>
    s === seat && a.type === 'play' && a.card === card;
const act =
  (seat: Seat, type: Action['type']): Match =>
  (s, a) =>
    s === seat && a.type === type;

/** Index of the first action of the record matching `match`. */
function indexOf(record: GameRecord, match: Match): number {
  const index = record.actions.findIndex(({ seat, action }) => match(seat, action));
  if (index < 0) throw new Error('no such action in the record');
  return index;
}

/** The game just before the first action matching `match`, optionally at a table with other options. */
function before(record: GameRecord, match: Match, options: Partial<TableOptions> = {}): GameState {
  const replayed = replayGame({ ...record, options: { ...record.options, ...options }, actions: record.actions.slice(0, indexOf(record, match)) });
  if (!replayed.ok) throw new Error(replayed.error.message);
  return replayed.value;
}

/** The game just after the action matching `match`. */
function after(record: GameRecord, match: Match): GameState {
  const replayed = replayGame({ ...record, actions: record.actions.slice(0, indexOf(record, match) + 1) });
  if (!replayed.ok) throw new Error(replayed.error.message);
  return replayed.value;
}

/** The refusal message of an action the engine must refuse. */
function refusal(game: GameState, seat: Seat, action: unknown): string {
  const result = applyAction(game, seat, action);
  expect(result.ok).toBe(false);
  return result.ok ? '' : result.error.message;
}

function accepts(game: GameState, seat: Seat, action: unknown): GameState {
  const result = applyAction(game, seat, action);
  if (!result.ok) throw new Error(`refused: ${result.error.message}`);
  return result.value;
}

const playAction = (card: CardCode) => ({ type: 'play', card });

// ---------------------------------------------------------------- the games and their settlements

interface Expected {
  readonly file: string;
  readonly payments: readonly [number, number, number];
  readonly pot: number;
}

/** Settlements computed by hand from R9 (not copied from the engine). */
const GAMES: readonly Expected[] = [
  // 01: contract 7, declarer seat 1 took t = 8 tricks (1, 3–9), no doubles/kontra: m = 1, s = 1.
  // R9.1: 8 ≥ 7, s·t·m = 1·8·1 = 8 from each defender; declarer +16.
  { file: '01-hold-stage1-overtrump', payments: [-8, 16, -8], pot: 0 },
  // 02: bid 6, contract 8, declarer seat 2 took t = 8 (tricks 1–8); kontra + re: m = 2^2 = 4; s = 2.
  // R9.1: 8 ≥ 8, s·t·m = 2·8·4 = 64 from each defender; declarer +128.
  { file: '02-raised-contract-kontra-re', payments: [-64, -64, 128], pot: 0 },
  // 03: bettel by seat 1, 0 tricks in 10, m = 1, f = 10. R9.2: won, f·m = 10 from each defender.
  { file: '03-bettel-won', payments: [-10, 20, -10], pot: 0 },
  // 04: bettel by seat 0, takes trick 2: lost; one double (seat 1): m = 2; f = 20.
  // R9.2: lost, declarer pays each defender f·m = 20·2 = 40; declarer −80.
  { file: '04-bettel-lost-early', payments: [-80, 40, 40], pot: 0 },
  // 05: contract 7, declarer seat 0 took t = 8 (tricks 1, 3, 5–10); three doubles: m = 2^3 = 8.
  // R9.1: 8 ≥ 7, s·t·m = 1·8·8 = 64 from each defender; declarer +128.
  { file: '05-trumped-trick-three-doubles', payments: [128, -64, -64], pot: 0 },
  // 06: contract 8, declarer seat 0 took t = 9 (all but trick 2); m = 1.
  // R9.1: 9 ≥ 8, s·t·m = 1·9·1 = 9 from each defender; declarer +18.
  { file: '06-hold-stage2-undertrump', payments: [18, -9, -9], pot: 0 },
  // 07: mord by seat 1, all 10 tricks; doubles by seats 0 and 2: m = 2^2 = 4; f = 10.
  // R9.2: won, f·m = 10·4 = 40 from each defender; declarer +80.
  { file: '07-mord-won-two-doubles', payments: [-40, 80, -40], pot: 0 },
  // 08: mord by seat 1, seat 2 takes trick 3: lost; kontra: m = 2; f = 20.
  // R9.2: lost, declarer pays each defender f·m = 20·2 = 40; declarer −80.
  { file: '08-mord-lost-early-kontra', payments: [40, -80, 40], pot: 0 },
  // 09: forced 6 by forehand seat 0, took t = 5 (tricks 1–5); one double (seat 1): m = 2.
  // R9.1: 5 < 6, declarer pays each defender s·c·m = 1·6·2 = 12; declarer −24.
  { file: '09-forced-game', payments: [-24, 12, 12], pot: 0 },
  // 10: all pass with allPass=pot, potStake 2. R5.2: each seat pays 2 into the pot: pot +6.
  { file: '10-pot-redeal', payments: [-2, -2, -2], pot: 6 },
  // 11: redeal (pot 6 before), contract 6, declarer seat 2 took t = 7 (tricks 1–5, 8, 10); m = 1.
  // R9.1: 7 ≥ 6, s·t·m = 1·7·1 = 7 from each defender; R9.3: won, so the pot of 6 too:
  // declarer +7 +7 +6 = +20, pot −6.
  { file: '11-pot-payout', payments: [-7, -7, 20], pot: -6 },
  // 12: contract 10 (tenTrickBid), declarer seat 1 took all 10; m = 1; s = 2.
  // R9.1: 10 ≥ 10, s·t·m = 2·10·1 = 20 from each defender; declarer +40.
  { file: '12-ten-trick-bid', payments: [-20, 40, -20], pot: 0 },
  // 13: bettel by seat 2 (winDutyInBettel off), 0 tricks; m = 1; f = 20.
  // R9.2: won, f·m = 20 from each defender; declarer +40.
  { file: '13-bettel-no-win-duty', payments: [-20, -20, 40], pot: 0 },
  // 14: trump named (R7.2): contract 7, declarer seat 0 took t = 9 (all but trick 1); seat 1 doubled and
  // seat 2 said kontra, no re: m = 2^2 = 4. R9.1: 9 ≥ 7, s·t·m = 1·9·4 = 36 from each defender; declarer +72.
  { file: '14-named-trump-kontra-no-re', payments: [72, -36, -36], pot: 0 },
  // 15: trickHistory opponents; contract 7, declarer seat 2 took t = 5 (tricks 1, 2, 6, 8, 10); m = 1.
  // R9.1: 5 < 7, the declarer pays each defender s·c·m = 1·7·1 = 7; declarer −14.
  { file: '15-opponents-last-trick', payments: [7, 7, -14], pot: 0 },
  // 16: all pass with the pot and potTo winners, two doubles: R5.2, the doubles do not touch the pot stake: 1 each, pot +3.
  { file: '16-pot-winners-redeal-doubled', payments: [-1, -1, -1], pot: 3 },
  // 17: the redeal (pot 3): contract 6, declarer seat 2 took t = 4 (tricks 4, 5, 9, 10); m = 1. R9.1: lost, it pays
  // each defender s·c·m = 1·6·1 = 6. R5.2 potTo winners: each defender also gets ⌊3 / 2⌋ = 1 of the pot, 1 stays:
  // defenders +7, declarer −12, pot −2.
  { file: '17-pot-winners-shared', payments: [7, 7, -12], pot: -2 },
  // 18: all pass, maxRedeals 1: pot +3 (1 each).
  { file: '18-max-redeals-pass', payments: [-1, -1, -1], pot: 3 },
  // 19: the one redeal allowed, all pass again: R5.4, forehand seat 2 plays the forced 6 and takes t = 5
  // (tricks 1, 2, 6, 8, 10); m = 1. R9.1: lost, it pays each defender 1·6·1 = 6; the pot of 3 stays (potTo declarer).
  { file: '19-max-redeals-forced-payback', payments: [6, 6, -12], pot: 0 },
];

describe('hand-made games: replay, round trip and settlement (R10.1, R9)', () => {
  it('there are at least 19 games', () => {
    expect(GAMES.length).toBeGreaterThanOrEqual(19);
  });

  for (const { file, payments, pot } of GAMES) {
    it(`R10.1, R9: ${file} replays, prints back to the same text and settles as computed by hand`, () => {
      const text = textOf(file);
      const parsed = parseRecord(text);
      expect(parsed.ok, parsed.ok ? '' : parsed.error.message).toBe(true);
      if (!parsed.ok) return;
      expect(parsed.value.settlement).toEqual({ payments, pot });
      expect(formatRecord(parsed.value)).toBe(text);
      // R9.4: zero-sum with the pot.
      expect(payments[0] + payments[1] + payments[2] + pot).toBe(0);
    });
  }
});

// ---------------------------------------------------------------- the rule each game shows

describe('game 01: stage-1 hold, overtrump', () => {
  const record = load('01-hold-stage1-overtrump');

  it("R4.2: forehand holds middlehand's 7 in stage 1, the dealer passes, forehand declares (game 01)", () => {
    expect(record.dealer).toBe(0);
    const auction = record.actions.filter(({ action }) => ['bid', 'hold', 'pass'].includes(action.type));
    expect(auction.map(({ seat, action }) => `${seat}:${action.type === 'bid' ? action.bid : action.type}`)).toEqual([
      '1:6',
      '2:7',
      '1:hold',
      '2:pass',
      '0:pass',
    ]);
    expect(record.declarer).toBe(1);
    expect(record.bid).toBe('7');
    // R4.2: the elder seat never raises.
    expect(refusal(before(record, act(1, 'hold')), 1, { type: 'bid', bid: '8' })).toMatch(/^R4\.2/);
  });

  it('R6.2: the contract may not be lower than the winning bid 7 (game 01)', () => {
    expect(refusal(before(record, act(1, 'declare')), 1, { type: 'declare', contract: '6' })).toMatch(/^R6\.2/);
  });

  it('R7.5: void in the led suit with a trump in the trick, the declarer must overtrump (game 01)', () => {
    // Trick 3: seat 2 leads EA, seat 0 (void in Eichel) must trump: H9; seat 1 (void) holds
    // HK HO HU H10 H8 and must play a trump higher than H9.
    const beforeH9 = before(record, play(0, 'H9'));
    expect(refusal(beforeH9, 0, playAction('G10'))).toBe('R7.5: you must play a trump');
    const game = before(record, play(1, 'H10'));
    expect(refusal(game, 1, playAction('H8'))).toBe('R7.5: you must overtrump');
    expect(refusal(game, 1, playAction('SA'))).toBe('R7.5: you must play a trump');
    accepts(game, 1, playAction('HU'));
    expect(record.tricks[2]).toMatchObject({ leader: 2, winner: 1 });
  });

  it('R8.1: kontra is refused once the first trick is complete (game 01)', () => {
    expect(refusal(before(record, play(1, 'G7')), 0, { type: 'kontra' })).toBe('R8.1: kontra is only possible until the first trick is complete');
  });
});

describe('game 02: contract raised after the stock, kontra and re', () => {
  const record = load('02-raised-contract-kontra-re');

  it('R6.2: the winning bid 6 is raised to the contract 8 after the stock; t = c = 8 wins (R9.1) (game 02)', () => {
    expect(record.bid).toBe('6');
    expect(record.contract).toBe('8');
    expect(record.result).toEqual({ kind: 'contract', won: true, declarerTricks: 8, endedEarly: false });
  });

  it('R8.1–R8.3: a defender says kontra, the declarer re: ×4 without doubles (game 02)', () => {
    expect(record.doubles).toEqual([]);
    expect(record.kontra).toBe(0);
    expect(record.re).toBe(true);
    expect(record.multiplier).toBe(4);
    const beforeKontra = before(record, act(0, 'kontra'));
    expect(refusal(beforeKontra, 2, { type: 're' })).toBe('R8.2: re needs a kontra first');
    expect(refusal(beforeKontra, 2, { type: 'kontra' })).toBe('R8.1: only a defender may say kontra');
    const afterKontra = after(record, act(0, 'kontra'));
    expect(refusal(afterKontra, 1, { type: 'kontra' })).toBe('R8.1: kontra has already been said');
    expect(refusal(afterKontra, 1, { type: 're' })).toBe('R8.2: only the declarer may say re');
  });
});

describe('game 03: bettel won', () => {
  const record = load('03-bettel-won');

  it('R4.4: middlehand bids bettel directly over 6; the dealer may then only bid mord or pass (game 03)', () => {
    const afterSix = after(record, act(0, 'bid'));
    expect(legalActions(afterSix, 1)).toContainEqual({ type: 'bid', bid: 'bettel' });
    const dealerTurn = before(record, act(2, 'pass'));
    expect(legalActions(dealerTurn, 2)).toEqual([{ type: 'bid', bid: 'mord' }, { type: 'pass' }]);
    expect(record.declarer).toBe(1);
    expect(record.contract).toBe('bettel');
  });

  it('R6.3, R9.2: bettel has no trump, all 10 tricks are played and the declarer takes none (game 03)', () => {
    expect(record.trump).toBeNull();
    expect(record.tricks).toHaveLength(10);
    expect(record.tricks.every((trick) => trick.winner !== 1)).toBe(true);
    expect(record.result).toEqual({ kind: 'contract', won: true, declarerTricks: 0, endedEarly: false });
  });

  it('R7.8: with winDutyInBettel on (default), R7.4 win duty holds in bettel (game 03)', () => {
    // Trick 1: 1:E7 2:EU, seat 0 holds EA and E10: it must head EU with EA.
    const game = before(record, play(0, 'EA'));
    expect(refusal(game, 0, playAction('E10'))).toBe('R7.4: you must win the trick if you can: play a higher Eichel');
  });
});

describe('game 04: bettel lost, ended early', () => {
  const record = load('04-bettel-lost-early');

  it('R7.9: bettel ends at once when the declarer takes a trick (game 04)', () => {
    expect(record.tricks).toHaveLength(2);
    expect(record.tricks[1]!.winner).toBe(0);
    expect(record.result).toEqual({ kind: 'contract', won: false, declarerTricks: 1, endedEarly: true });
    const end = replayGame(record);
    expect(end.ok).toBe(true);
    if (!end.ok) return;
    expect(end.value.phase).toBe('finished');
    expect(refusal(end.value, 0, playAction('G7'))).toBe('R10: this game is over');
  });

  it('R4.4, R4.3: the dealer bids bettel directly in stage 2; one double gives ×2 (R3.2) (game 04)', () => {
    expect(record.actions.find(({ seat, action }) => seat === 0 && action.type === 'bid')?.action).toEqual({ type: 'bid', bid: 'bettel' });
    expect(record.bid).toBe('bettel');
    expect(record.doubles).toEqual([1]);
    expect(record.multiplier).toBe(2);
  });
});

describe('game 05: the trumped-trick exception of R7.4, three doubles', () => {
  const record = load('05-trumped-trick-three-doubles');

  it('R7.4: without a trump in the trick, seat 2 must head E10 and may not play E7 (game 05)', () => {
    // Trick 2: 0:E8 1:E10, seat 2 holds EA EK EO EU E7.
    expect(refusal(before(record, play(2, 'EA')), 2, playAction('E7'))).toBe('R7.4: you must win the trick if you can: play a higher Eichel');
  });

  it('R7.4 exception: a trumped trick frees the follower from win duty (game 05)', () => {
    // Trick 4: 0:E9, seat 1 (void in Eichel) trumps H9; seat 2 holds EK EO EU E7 and may play E7.
    const game = before(record, play(2, 'E7'));
    expect(game.trick).toHaveLength(2);
    expect(legalActions(game, 2)).toEqual(['E7', 'EU', 'EO', 'EK'].map((card) => ({ type: 'play', card })));
    accepts(game, 2, playAction('E7'));
    expect(record.tricks[3]).toMatchObject({ leader: 0, winner: 1 });
  });

  it('R3.2: three doubles multiply by 8 (game 05)', () => {
    expect(record.doubles).toEqual([0, 1, 2]);
    expect(record.multiplier).toBe(8);
  });
});

describe('game 06: stage-2 hold, forced undertrump', () => {
  const record = load('06-hold-stage2-undertrump');

  it("R4.3: the survivor (forehand) holds the dealer's 7 and 8 in stage 2 (game 06)", () => {
    const auction = record.actions.filter(({ action }) => ['bid', 'hold', 'pass'].includes(action.type));
    expect(auction.map(({ seat, action }) => `${seat}:${action.type === 'bid' ? action.bid : action.type}`)).toEqual([
      '0:6',
      '1:pass',
      '2:7',
      '0:hold',
      '2:8',
      '0:hold',
      '2:pass',
    ]);
    expect(record.declarer).toBe(0);
    expect(record.bid).toBe('8');
    // The dealer (younger in stage 2) may not hold, the survivor may not raise.
    expect(refusal(before(record, act(2, 'pass')), 2, { type: 'hold' })).toMatch(/^R4\.2/);
    expect(
      refusal(
        after(record, (s, a) => s === 2 && a.type === 'bid' && a.bid === '8'),
        0,
        { type: 'bid', bid: '9' },
      ),
    ).toMatch(/^R4\.2/);
  });

  it('R7.5: void in the led suit and unable to overtrump, a seat must still undertrump rather than discard (game 06)', () => {
    // Trick 3: 2:GA, declarer 0 trumps HK; seat 1 holds H8 E9 S10–S7 and no Gras.
    const game = before(record, play(1, 'H8'));
    expect(legalActions(game, 1)).toEqual([{ type: 'play', card: 'H8' }]);
    expect(refusal(game, 1, playAction('S7'))).toBe('R7.5: you must play a trump');
    expect(refusal(game, 1, playAction('E9'))).toBe('R7.5: you must play a trump');
    expect(record.tricks[2]).toMatchObject({ leader: 2, winner: 0 });
  });
});

describe('game 07: mord won, two doubles', () => {
  const record = load('07-mord-won-two-doubles');

  it("R4.4: forehand holds middlehand's mord; nobody is asked to outbid mord (game 07)", () => {
    const auction = record.actions.filter(({ action }) => ['bid', 'hold', 'pass'].includes(action.type));
    expect(auction.map(({ seat }) => seat)).toEqual([1, 2, 1]); // the dealer (seat 0) never speaks
    const held = after(record, act(1, 'hold'));
    expect(held.phase).toBe('discard');
    expect(held.declarer).toBe(1);
    expect(refusal(held, 0, { type: 'bid', bid: 'mord' })).toMatch(/^R6\.1/);
    expect(record.contract).toBe('mord');
  });

  it('R3.2, R9.2: two doubles give ×4; mord won with all 10 tricks (game 07)', () => {
    expect(record.doubles).toEqual([0, 2]);
    expect(record.multiplier).toBe(4);
    expect(record.trump).toBeNull();
    expect(record.result).toEqual({ kind: 'contract', won: true, declarerTricks: 10, endedEarly: false });
  });
});

describe('game 08: mord lost, ended early', () => {
  const record = load('08-mord-lost-early-kontra');

  it('R7.9: mord ends at once when a defender takes a trick (game 08)', () => {
    expect(record.tricks).toHaveLength(3);
    expect(record.tricks.map((trick) => trick.winner)).toEqual([1, 1, 2]);
    expect(record.result).toEqual({ kind: 'contract', won: false, declarerTricks: 2, endedEarly: true });
    const end = replayGame(record);
    expect(end.ok && end.value.phase).toBe('finished');
  });

  it("R4.4, R8.1: the dealer bids mord directly in stage 2; a defender's kontra doubles the flat tariff (game 08)", () => {
    expect(record.dealer).toBe(1);
    expect(record.declarer).toBe(1);
    expect(record.kontra).toBe(0);
    expect(record.re).toBe(false);
    expect(record.multiplier).toBe(2);
  });
});

describe('game 09: forced game', () => {
  const record = load('09-forced-game');

  it('R4.1: the opening speaker may only play (6) or pass (game 09)', () => {
    const opening = before(record, act(0, 'pass'));
    expect(refusal(opening, 0, { type: 'bid', bid: '7' })).toMatch(/^R4\.1/);
    expect(refusal(opening, 0, { type: 'hold' })).toMatch(/^R4\.1/);
  });

  it('R5.1: all pass with allPass=forced: forehand becomes declarer with 6 (game 09)', () => {
    expect(record.options.allPass).toBe('forced');
    const auction = record.actions.filter(({ action }) => ['bid', 'hold', 'pass'].includes(action.type));
    expect(auction.every(({ action }) => action.type === 'pass')).toBe(true);
    expect(record.declarer).toBe(forehandOf(record.dealer));
    expect(record.bid).toBe('6');
    expect(record.contract).toBe('6');
  });

  it('R9.1: a lost number game costs s·c·m, c the contract, not the tricks taken (game 09)', () => {
    expect(record.result).toEqual({ kind: 'contract', won: false, declarerTricks: 5, endedEarly: false });
    expect(record.multiplier).toBe(2);
    expect(record.settlement!.payments[1]).toBe(1 * 6 * 2);
  });
});

describe('games 10 and 11: the pot (a series)', () => {
  const redeal = load('10-pot-redeal');
  const payout = load('11-pot-payout');

  function playAll(series: SeriesState, record: GameRecord): SeriesState {
    const dealt = dealNextGame(series, record.deal);
    if (!dealt.ok) throw new Error(dealt.error.message);
    let state = dealt.value;
    for (const { seat, action } of record.actions) {
      const next = applySeriesAction(state, seat, action);
      if (!next.ok) throw new Error(next.error.message);
      state = next.value;
    }
    return state;
  }

  it('R5.2, R9.3, R1.2: an all-pass fills the pot, the redeal keeps the game number, the next won game takes the pot (games 10, 11)', () => {
    const start = startSeries(redeal.options);
    expect(start.ok).toBe(true);
    if (!start.ok) return;
    expect(start.value.dealer).toBe(0);

    // Game 10: all pass; each seat pays potStake 2 (R5.2).
    const afterRedeal = playAll(start.value, redeal);
    expect(redeal.result).toEqual({ kind: 'allPass' });
    expect(afterRedeal.balances).toEqual([-2, -2, -2]);
    expect(afterRedeal.pot).toBe(6);
    expect(afterRedeal.status).toBe('awaitingDeal');
    expect(afterRedeal.gameNumber).toBe(1); // a redeal is not a game of the series
    expect(afterRedeal.dealer).toBe(1); // the deal passes clockwise after a redeal too

    // Game 11: dealt by seat 1 with the pot of 6; declarer seat 2 wins 6 with 7 tricks.
    expect(payout.gameNumber).toBe(1);
    expect(payout.dealer).toBe(1);
    expect(payout.potBefore).toBe(6);
    const end = playAll(afterRedeal, payout);
    // balances: seat 0: −2 −7 = −9; seat 1: −2 −7 = −9; seat 2: −2 +7 +7 +6 = +18; pot 6 − 6 = 0.
    expect(end.balances).toEqual([-9, -9, 18]);
    expect(end.pot).toBe(0);
    expect(end.gameNumber).toBe(2);
    expect(end.dealer).toBe(2);
    expect(end.records.map((r) => formatRecord(r))).toEqual([textOf('10-pot-redeal'), textOf('11-pot-payout')]);

    // R10.1: the series replays from its records.
    const replayed = replaySeries({ options: redeal.options, games: [redeal, payout] });
    expect(replayed.ok).toBe(true);
    if (!replayed.ok) return;
    expect(replayed.value.balances).toEqual([-9, -9, 18]);
    expect(replayed.value.pot).toBe(0);
    expect(replayed.value.gameNumber).toBe(2);
  });
});

describe('game 12: the ten-trick bid', () => {
  const record = load('12-ten-trick-bid');

  it('R4, R6.2 tenTrickBid: middlehand bids 10 and plays the contract 10 (game 12)', () => {
    expect(record.options.tenTrickBid).toBe(true);
    expect(record.bid).toBe('10');
    expect(record.contract).toBe('10');
    expect(record.result).toEqual({ kind: 'contract', won: true, declarerTricks: 10, endedEarly: false });
  });

  it('R4, R6.2: without tenTrickBid the bid 10 and the contract 10 are refused (game 12)', () => {
    const bidTen = (s: Seat, a: Action): boolean => s === 1 && a.type === 'bid' && a.bid === '10';
    expect(refusal(before(record, bidTen, { tenTrickBid: false }), 1, { type: 'bid', bid: '10' })).toBe(
      'R4: the bid 10 needs the table option tenTrickBid',
    );
    // The same game bid to 9 instead, then declared 10.
    const nine = {
      ...record,
      options: { ...record.options, tenTrickBid: false },
      actions: record.actions.map((entry) =>
        bidTen(entry.seat, entry.action) ? { seat: entry.seat, action: { type: 'bid', bid: '9' } as const } : entry,
      ),
    };
    const game = before(nine, act(1, 'declare'));
    expect(refusal(game, 1, { type: 'declare', contract: '10' })).toBe('R6.2: the contract 10 needs the table option tenTrickBid');
    accepts(game, 1, { type: 'declare', contract: '9' });
  });
});

describe('game 13: bettel without win duty', () => {
  const record = load('13-bettel-no-win-duty');

  it('R7.8 winDutyInBettel off: the declarer may follow with E7 though E10 would win; with the option on it is refused (game 13)', () => {
    // Trick 2: 0:E8 1:E9, declarer 2 holds E10 and E7.
    expect(record.options.winDutyInBettel).toBe(false);
    const off = before(record, play(2, 'E7'));
    expect(legalActions(off, 2)).toEqual(['E7', 'E10'].map((card) => ({ type: 'play', card })));
    accepts(off, 2, playAction('E7'));
    const on = before(record, play(2, 'E7'), { winDutyInBettel: true });
    expect(refusal(on, 2, playAction('E7'))).toBe('R7.4: you must win the trick if you can: play a higher Eichel');
    expect(record.tricks[1]!.winner).toBe(1);
    expect(record.result).toEqual({ kind: 'contract', won: true, declarerTricks: 0, endedEarly: false });
  });

  it('R4.2, R4.4: middlehand raises to bettel after forehand held 7 (game 13)', () => {
    const auction = record.actions.filter(({ action }) => ['bid', 'hold', 'pass'].includes(action.type));
    expect(auction.map(({ seat, action }) => `${seat}:${action.type === 'bid' ? action.bid : action.type}`)).toEqual([
      '1:6',
      '2:7',
      '1:hold',
      '2:bettel',
      '1:pass',
      '0:pass',
    ]);
  });
});

/** Plays `records` as one series from its start: every record must be the game the series deals next. */
function seriesOfRecords(records: readonly GameRecord[]): SeriesState {
  const replayed = replaySeries({ options: records[0]!.options, games: records });
  if (!replayed.ok) throw new Error(replayed.error.message);
  return replayed.value;
}

describe('game 14: trump named with the first card', () => {
  const record = load('14-named-trump-kontra-no-re');

  it('R7.2 trump "named": the declarer leads the Eichel Sau and names Herz; the Herz then win (game 14)', () => {
    expect(record.options.trump).toBe('named');
    expect(record.actions.find(({ action }) => action.type === 'play')).toEqual({ seat: 0, action: { type: 'play', card: 'EA', trump: 'H' } });
    expect(record.trump).toBe('H');
    // The first card must name a suit; any suit may be named.
    const lead = before(record, play(0, 'EA'));
    expect(refusal(lead, 0, playAction('EA'))).toBe('R7.2: name the trump suit with your first card ("trump": E, G, H or S)');
    expect(legalActions(lead, 0)).toContainEqual({ type: 'play', card: 'EA', trump: 'S' });
    expect(accepts(lead, 0, { type: 'play', card: 'EA', trump: 'S' }).trump).toBe(3);
    // Seat 1 has no Eichel and must trump with a Herz (R7.5 with the named suit); the trick is its.
    const trumping = before(record, play(1, 'H9'));
    expect(legalActions(trumping, 1)).toEqual(['H9', 'H10'].map((card) => ({ type: 'play', card })));
    expect(record.tricks[0]).toMatchObject({ leader: 0, winner: 1 });
  });

  it('R8.2: a kontra by seat 2 out of turn pauses the trick; the declarer says no re and seat 1 plays on (game 14)', () => {
    const paused = after(record, act(2, 'kontra'));
    expect(paused.turn).toBe(0);
    expect(legalActions(paused, 0)).toEqual([{ type: 're' }, { type: 're', re: false }]);
    expect(refusal(paused, 1, playAction('H9'))).toBe('R8.2: the declarer (seat 0) is deciding on re');
    expect(after(record, act(0, 're')).turn).toBe(1);
    expect([record.kontra, record.re, record.multiplier]).toEqual([2, false, 4]);
  });
});

describe("game 15: the other side's last trick only", () => {
  const record = load('15-opponents-last-trick');

  it('R7.10 trickHistory "opponents": each seat looks back only at the last trick the other side took (game 15)', () => {
    expect(record.options.trickHistory).toBe('opponents');
    // After trick 5 (won by defender 1) seat 1 leads EU: the declarer sees trick 5, the defenders trick 2 (the declarer's last).
    const game = after(record, play(1, 'EU'));
    const cardsOf = (seat: Seat | null) => viewOf(seriesOfGame(game), seat)!.lastTrick!.cards.map((c) => c.card);
    expect(cardsOf(2)).toEqual(['SO', 'S10', 'EO']);
    for (const seat of [0, 1, null] as const) expect(cardsOf(seat)).toEqual(['GA', 'GK', 'GO']);
    // Right after trick 5 is complete, before the next card, it lies on the table for all.
    const justDone = after(record, play(0, 'EO'));
    for (const seat of [0, 1, 2, null] as const) expect(viewOf(seriesOfGame(justDone), seat)!.lastTrick!.winner).toBe(1);
  });
});

describe('games 16 and 17: the pot goes to the winners of the next game', () => {
  const redeal = load('16-pot-winners-redeal-doubled');
  const shared = load('17-pot-winners-shared');

  it('R5.2: two doubles on an all-pass: each seat still pays the plain pot stake (game 16)', () => {
    expect(redeal.doubles).toEqual([0, 2]);
    expect(redeal.multiplier).toBe(4);
    expect(redeal.settlement).toEqual({ payments: [-1, -1, -1], pot: 3 });
  });

  it('R5.2 potTo "winners", R9.3: the declarer of the redeal loses; each defender gets 1 of the 3, 1 stays (games 16, 17)', () => {
    expect([shared.redeal, shared.potBefore, shared.dealer]).toEqual([1, 3, 1]);
    const series = seriesOfRecords([redeal, shared]);
    // seat 0: −1 +7 = 6; seat 1: −1 +7 = 6; seat 2: −1 −12 = −13; pot 3 − 2 = 1.
    expect([series.balances, series.pot, series.gameNumber]).toEqual([[6, 6, -13], 1, 2]);
  });
});

describe('games 18 and 19: at most one redeal, then the forced game; the pot back at the end', () => {
  const pass = load('18-max-redeals-pass');
  const forced = load('19-max-redeals-forced-payback');

  it('R5.4: with maxRedeals 1 the second all-pass in a row is played as the forced game by forehand (game 19)', () => {
    expect(forced.options.maxRedeals).toBe(1);
    expect(forced.redeal).toBe(1);
    expect(forced.actions.slice(0, 3).map(({ action }) => action.type)).toEqual(['pass', 'pass', 'pass']);
    expect([forced.declarer, forced.bid, forced.contract]).toEqual([forehandOf(forced.dealer), '6', '6']);
    // The same all-pass as a first deal would have been a redeal.
    const asFirstDeal = replayGame({ ...forced, redeal: 0, actions: forced.actions.slice(0, 3) });
    expect(asFirstDeal.ok && asFirstDeal.value.outcome!.kind).toBe('allPass');
  });

  it('R5.3: the series ends with the pot of 3 still there: 1 back to each seat (games 18, 19)', () => {
    const series = seriesOfRecords([pass, forced]);
    expect(series.status).toBe('over');
    // seat 0: −1 +6 +1 = 6; seat 1: −1 +6 +1 = 6; seat 2: −1 −12 +1 = −12; the pot is empty.
    expect([series.balances, series.pot, series.potPaidBack]).toEqual([[6, 6, -12], 0, 1]);
  });
});
