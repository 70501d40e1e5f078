/** One or more tests for every rule id of RULES.md, each naming its rule. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ABOVE, CARD_CODES, cardFromCode, codeOf, popcount } from '../../shared/cards.js';
import { shuffleDeal, validateDeal } from '../../shared/deal.js';
import { legalActions, newGame, type GameState } from '../../shared/game.js';
import { legalCards, NO_TRUMP, playRefusal, trickWinnerIndex } from '../../shared/play.js';
import { recordOf, replayGame, tricksOf } from '../../shared/record.js';
import { applySeriesAction, dealNextGame, replaySeries, seriesRecordOf, startSeries, type SeriesState } from '../../shared/series.js';
import { settleAllPassIntoPot, settleContract } from '../../shared/settlement.js';
import { validateOptions } from '../../shared/options.js';
import { viewOf } from '../../shared/view.js';
import { attempt, cardList, cards, codes, deal, expectRefused, gameAfter, must, options, run, runSeries, seriesOf, SUIT_DEAL } from './support.js';

const H = 2; // suit index of Herz
const NO_DOUBLING = { doubling: false } as const;

/** SUIT_DEAL, dealer 0: forehand 1 plays 6 alone, keeps its hand and leads HA (trump Herz). */
const HERZ_GAME = '1:6 2:pass 0:pass 1:G8,G7 1:6';

/** Seat 2 holds one Gras (G10) and one Eichel (E7): it can knock (R7.11). */
const KNOCK_DEAL = deal('EA EK EO EU E10 E9 E8 GA GK G9', 'HA HK HO HU H10 H9 H8 H7 GO GU', 'SA SK SO SU S10 S9 S8 S7 G10 E7', 'G8 G7');

describe('R1 cards and seats', () => {
  it('R1.1: 32 cards, 4 suits × A K O U 10 9 8 7, the Sau highest in every suit', () => {
    expect(CARD_CODES).toHaveLength(32);
    expect(new Set(CARD_CODES).size).toBe(32);
    for (const code of CARD_CODES) expect(codeOf(cardFromCode(code)!)).toBe(code);
    const order = ['A', 'K', 'O', 'U', '10', '9', '8', '7'];
    for (const suit of ['E', 'G', 'H', 'S']) {
      for (let i = 1; i < order.length; i++) {
        const higher = cardFromCode(suit + order[i - 1])!;
        const lower = cardFromCode(suit + order[i])!;
        expect((ABOVE[lower]! & (1 << higher)) !== 0, `${suit}${order[i - 1]} > ${suit}${order[i]}`).toBe(true);
        expect(trickWinnerIndex([lower, higher], NO_TRUMP)).toBe(1);
      }
    }
    for (const bad of ['E1', 'X7', 'EA ', 'e7', 'H100', '', 7, null]) expect(cardFromCode(bad)).toBeUndefined();
  });

  it('R1.2: the dealer of game 1 is seat 0 unless chosen, and the deal passes clockwise after every game', () => {
    expect(must(startSeries()).dealer).toBe(0);
    expect(must(startSeries()).options.games).toBe(3);
    let series = must(startSeries({ firstDealer: 2, games: 4, doubling: false }));
    const dealers: number[] = [];
    while (series.status !== 'over') {
      series = must(dealNextGame(series, SUIT_DEAL));
      dealers.push(series.game!.dealer);
      expect(series.game!.gameNumber).toBe(dealers.length);
      series = playOut(series);
    }
    expect(dealers).toEqual([2, 0, 1, 2]);
    expect(series.records).toHaveLength(4);
  });

  it('R1.3: forehand (dealer+1) speaks first, then middlehand (dealer+2); the dealer is rearhand', () => {
    for (const dealer of [0, 1, 2] as const) {
      const game = newGame(options(NO_DOUBLING), SUIT_DEAL, dealer);
      expect(game.turn).toBe((dealer + 1) % 3);
      const afterForehand = must(attempt(game, `${(dealer + 1) % 3}:6`));
      expect(afterForehand.turn).toBe((dealer + 2) % 3);
      expectRefused(attempt(game, `${dealer}:6`), 'not_your_turn', 'R4');
    }
  });
});

/** Plays the current game of a series to its end with the first legal action each time. */
function playOut(series: SeriesState): SeriesState {
  while (series.status === 'playing') {
    const game = series.game!;
    const seat = ([0, 1, 2] as const).find((s) => legalActions(game, s).length > 0)!;
    series = must(applySeriesAction(series, seat, legalActions(game, seat)[0]));
  }
  return series;
}

describe('R2 shuffle and deal', () => {
  it('R2.1: the shuffle draws from the given secure source, rejecting words that would bias it, never Math.random', () => {
    let calls = 0;
    const wordsWithRejects = (words: Uint32Array<ArrayBuffer>) => {
      words[0] = calls++ % 2 === 0 ? 0xffffffff : 12345;
      return words;
    };
    const first = shuffleDeal(wordsWithRejects);
    // 31 draws; 0xffffffff lies above the largest multiple of every bound that is not a power of two.
    expect(calls).toBeGreaterThan(31);
    calls = 0;
    expect(shuffleDeal(wordsWithRejects)).toEqual(first);
    // Every module of the engine, those in its folders (the solver, the bots) included.
    const files = readdirSync(new URL('../../shared/', import.meta.url), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(15);
    for (const file of files) {
      expect(readFileSync(new URL(`../../shared/${file}`, import.meta.url), 'utf8'), file).not.toMatch(/Math\.random\s*\(/);
    }
  });

  // 16,000 shuffles draw half a million words from the system's random source: about a second
  // on an idle machine, several on a busy one. What this test checks is the spread, not the
  // time: it is given the time its work takes there, not vitest's default of 5 s.
  it('R2.1: shuffles from crypto.getRandomValues put every card in every position about equally often', { timeout: 60_000 }, () => {
    const runs = 16_000;
    const counts = Array.from({ length: 32 }, () => 0);
    for (let i = 0; i < runs; i++) {
      const d = shuffleDeal();
      const position = [...d.hands.flat(), ...d.stock].indexOf('EA');
      counts[position]! += 1;
    }
    const expected = runs / 32; // 500; a fair shuffle stays within ±25% with overwhelming probability
    for (const count of counts) expect(Math.abs(count - expected)).toBeLessThan(expected * 0.25);
  });

  it('R2.2: each seat gets 10 cards and the stock 2; a given deal must hold all 32 cards once', () => {
    const d = shuffleDeal();
    expect(d.hands.map((h) => h.length)).toEqual([10, 10, 10]);
    expect(d.stock).toHaveLength(2);
    expect(new Set([...d.hands.flat(), ...d.stock]).size).toBe(32);
    const hands = SUIT_DEAL.hands.map((h) => [...h]);
    expectRefused(validateDeal({ hands, stock: ['G8', 'G8'] }), 'bad_request', 'R2.2');
    expectRefused(validateDeal({ hands: hands.slice(0, 2), stock: ['G8', 'G7'] }), 'bad_request', 'R2.2');
    expectRefused(validateDeal({ hands: [hands[0], hands[1], [...hands[2]!.slice(1), 'X9']], stock: ['G8', 'G7'] }), 'bad_request', 'R2.2');
    expectRefused(validateDeal('deal'), 'bad_request', 'R2.2');
  });
});

describe('R3 doubling', () => {
  it('R3.1: after the first packet each seat sees only its 3 cards and decides once, in any order', () => {
    let series = seriesOf(newGame(options(), SUIT_DEAL, 0));
    expect(series.game!.phase).toBe('doubling');
    const view = viewOf(series, 0)!;
    expect(view.hand).toEqual(['EA', 'EK', 'EO']);
    expect(view.seats.map((s) => s.cards)).toEqual([3, 3, 3]);
    expect(view.legalActions).toEqual([
      { type: 'double', double: true },
      { type: 'double', double: false },
    ]);
    series = must(applySeriesAction(series, 2, { type: 'double', double: true }));
    expectRefused(applySeriesAction(series, 2, { type: 'double', double: false }), 'illegal_action', 'R3.1');
    expectRefused(applySeriesAction(series, 1, { type: 'bid', bid: '6' }), 'illegal_action', 'R3.1');
    // Seat 2 has decided; what it decided stays hidden until all have.
    const seat0 = viewOf(series, 0)!;
    expect(seat0.seats[2]!.decided).toBe(true);
    expect(seat0.history).toEqual([{ seat: 2, type: 'double', double: null }]);
    expect(seat0.doubles).toEqual([]);
    series = must(applySeriesAction(series, 0, { type: 'double', double: false }));
    series = must(applySeriesAction(series, 1, { type: 'double', double: true }));
    const after = viewOf(series, 0)!;
    expect(after.phase).toBe('auction');
    expect(after.hand).toHaveLength(10);
    expect(after.doubles).toEqual([1, 2]);
    expect(after.history.map((a) => a.type === 'double' && a.double)).toEqual([true, false, true]);
  });

  it('R3.1: until all three decided, no view tells how a seat chose (doubles, multiplier, history); a seat sees its own choice', () => {
    const start = seriesOf(newGame(options(), SUIT_DEAL, 0));
    const doubled = must(applySeriesAction(start, 2, { type: 'double', double: true }));
    const declined = must(applySeriesAction(start, 2, { type: 'double', double: false }));
    for (const viewer of [0, 1, null] as const) {
      expect(viewOf(doubled, viewer)).toEqual(viewOf(declined, viewer));
      expect(viewOf(doubled, viewer)!.multiplier).toBe(1);
      expect(viewOf(doubled, viewer)!.history).toEqual([{ seat: 2, type: 'double', double: null }]);
    }
    expect(viewOf(doubled, 2)!.history).toEqual([{ seat: 2, type: 'double', double: true }]);
    expect(viewOf(declined, 2)!.history).toEqual([{ seat: 2, type: 'double', double: false }]);
    expect(viewOf(doubled, 2)!.multiplier).toBe(1);
    // Once all three decided, the doubles and the multiplier are public.
    const all = must(applySeriesAction(must(applySeriesAction(doubled, 0, { type: 'double', double: false })), 1, { type: 'double', double: false }));
    expect([viewOf(all, null)!.doubles, viewOf(all, null)!.multiplier]).toEqual([[2], 2]);
  });

  it('R3.4: no blind doubling: a seat decides only with its packet of 3 cards in view; no option offers it earlier', () => {
    const game = newGame(options(), SUIT_DEAL, 0);
    expect(game.phase).toBe('doubling');
    for (const seat of [0, 1, 2] as const) {
      const view = viewOf(seriesOf(game), seat)!;
      expect(view.hand).toEqual(SUIT_DEAL.hands[seat].slice(0, 3));
      expect(view.legalActions).toEqual([
        { type: 'double', double: true },
        { type: 'double', double: false },
      ]);
    }
    expectRefused(validateOptions({ blindDoubling: true }), 'bad_request', 'unknown option "blindDoubling"');
    // Once the rest is dealt it is too late to double.
    expectRefused(attempt(gameAfter('0:no 1:no 2:no'), '1:double'), 'illegal_action', 'R4');
  });

  it('R3.2: each double multiplies every payment by 2 (three doubles: ×8)', () => {
    const tripled = gameAfter('0:double 1:double 2:double');
    expect(viewOf(seriesOf(tripled), 0)!.multiplier).toBe(8);
    const base = run(gameAfter('0:no 1:no 2:no'), HERZ_GAME);
    const doubled = run(gameAfter('0:double 1:no 2:no'), HERZ_GAME);
    const lead = (g: GameState) => run(g, '1:HA 2:S7 0:E7');
    expect(viewOf(seriesOf(lead(doubled)), 0)!.multiplier).toBe(2 * viewOf(seriesOf(lead(base)), 0)!.multiplier);
  });

  it('R3.3: with doubling off the whole deal is revealed at once and the auction starts', () => {
    const game = newGame(options(NO_DOUBLING), SUIT_DEAL, 0);
    expect(game.phase).toBe('auction');
    expect(viewOf(seriesOf(game), 0)!.hand).toHaveLength(10);
  });
});

describe('R4 auction', () => {
  const auction = (script: string, opts = {}) => gameAfter(script, { ...NO_DOUBLING, ...opts });

  it('R4.1: forehand speaks first and may only play (bid 6) or pass', () => {
    const game = auction('');
    expect(legalActions(game, 1)).toEqual([{ type: 'bid', bid: '6' }, { type: 'pass' }]);
    expect(legalActions(game, 2)).toEqual([]);
    expectRefused(attempt(game, '1:7'), 'illegal_action', 'R4.1');
    expectRefused(attempt(game, '1:hold'), 'illegal_action', 'R4.1');
    expectRefused(attempt(game, '2:6'), 'not_your_turn', 'R4');
  });

  it('R4.2: middlehand bids higher, forehand holds or passes, until one passes', () => {
    let game = auction('1:6');
    expect(legalActions(game, 2).map((a) => (a.type === 'bid' ? a.bid : a.type))).toEqual(['7', '8', '9', 'bettel', 'mord', 'pass']);
    expectRefused(attempt(game, '2:6'), 'illegal_action', 'R4.2');
    expectRefused(attempt(game, '2:hold'), 'illegal_action', 'R4.2');
    game = run(game, '2:7');
    expect(legalActions(game, 1)).toEqual([{ type: 'hold' }, { type: 'pass' }]);
    expectRefused(attempt(game, '1:8'), 'illegal_action', 'R4.2: the elder seat never raises');
    game = run(game, '1:hold 2:8 1:pass');
    // Stage 1 is over: middlehand survives with 8 and the dealer speaks.
    expect(game.auction!.stage).toBe(2);
    expect(game.turn).toBe(0);
    expect(legalActions(game, 0)[0]).toEqual({ type: 'bid', bid: '9' });
  });

  it('R4.2: if forehand passed at once, middlehand may only play (6) or pass', () => {
    const game = auction('1:pass');
    expect(legalActions(game, 2)).toEqual([{ type: 'bid', bid: '6' }, { type: 'pass' }]);
    expectRefused(attempt(game, '2:7'), 'illegal_action', 'R4.2');
    expect(run(game, '2:6').auction).toMatchObject({ stage: 2, step: 'raise', turn: 0, elder: 2, level: 0 });
  });

  it('R4.3: the dealer bids higher against the survivor, who holds or passes', () => {
    let game = auction('1:6 2:pass 0:7');
    expect(legalActions(game, 1)).toEqual([{ type: 'hold' }, { type: 'pass' }]);
    game = run(game, '1:hold');
    expect(game.turn).toBe(0);
    game = run(game, '0:9 1:pass');
    expect(game.phase).toBe('discard');
    expect(game.declarer).toBe(0);
    expect(game.bid).toBe(3); // "9"
  });

  it('R4.3: if nobody survived stage 1, the dealer may play (6) or pass', () => {
    const game = auction('1:pass 2:pass');
    expect(legalActions(game, 0)).toEqual([{ type: 'bid', bid: '6' }, { type: 'pass' }]);
    expectRefused(attempt(game, '0:bettel'), 'illegal_action', 'R4.3');
    const played = run(game, '0:6');
    expect([played.phase, played.declarer, played.bid]).toEqual(['discard', 0, 0]);
  });

  it('R4.4: bettel and mord may be bid directly; nothing outranks mord, so a seat that would have to is not asked', () => {
    expect(run(auction('1:6'), '2:bettel').auction!.level).toBe(5);
    // Middlehand bids mord and forehand passes: the dealer is not asked, middlehand declares.
    const mord = auction('1:6 2:mord 1:pass');
    expect([mord.phase, mord.declarer, mord.bid]).toEqual(['discard', 2, 6]);
    // Forehand holds mord: middlehand is not asked, the dealer neither.
    const held = auction('1:6 2:mord 1:hold');
    expect([held.phase, held.declarer, held.bid]).toEqual(['discard', 1, 6]);
  });

  it('R4 / R4.4: "10" is a bid only with option tenTrickBid, between 9 and bettel', () => {
    expectRefused(attempt(auction('1:6'), '2:10'), 'illegal_action', 'R4: the bid 10 needs');
    const ten = auction('1:6', { tenTrickBid: true });
    expect(legalActions(ten, 2).map((a) => (a.type === 'bid' ? a.bid : a.type))).toEqual(['7', '8', '9', '10', 'bettel', 'mord', 'pass']);
  });

  it('R4.5: the last seat standing declares with its last bid; the others defend', () => {
    const game = auction('1:6 2:7 1:hold 2:pass 0:8 1:hold 0:pass');
    expect([game.declarer, game.bid, game.phase]).toEqual([1, 2, 'discard']); // 2: "8"
  });
});

describe('R5 all pass', () => {
  it('R5.1: forced: when all pass, forehand declares with bid 6', () => {
    const game = gameAfter('1:pass 2:pass 0:pass', NO_DOUBLING);
    expect([game.phase, game.declarer, game.bid]).toEqual(['discard', 1, 0]);
  });

  it('R5.2: pot: each seat pays potStake, the next dealer redeals, and the game number stays', () => {
    let series = must(startSeries({ allPass: 'pot', potStake: 2, doubling: false }));
    series = must(dealNextGame(series, SUIT_DEAL));
    for (const seat of [1, 2, 0]) series = must(applySeriesAction(series, seat, { type: 'pass' }));
    expect(series.status).toBe('awaitingDeal');
    expect(series.balances).toEqual([-2, -2, -2]);
    expect(series.pot).toBe(6);
    expect(series.gameNumber).toBe(1);
    expect(series.dealer).toBe(1);
    expect(series.records[0]!.result).toEqual({ kind: 'allPass' });
    series = must(dealNextGame(series, SUIT_DEAL));
    expect(series.game!.potBefore).toBe(6);
  });
});

describe('R5 the pot', () => {
  const POT = { allPass: 'pot', doubling: false } as const;
  const allPass = (series: SeriesState): SeriesState =>
    runSeries(must(dealNextGame(series, SUIT_DEAL)), `${(series.dealer + 1) % 3}:pass ${(series.dealer + 2) % 3}:pass ${series.dealer}:pass`);
  /** Dealt by seat 1: seat 2 plays bettel and takes the first trick (lost: −20, +10 to each defender). */
  const lostBettel = (series: SeriesState): SeriesState =>
    runSeries(must(dealNextGame(series, SUIT_DEAL)), '2:6 0:pass 1:pass 2:G8,G7 2:bettel 2:S7 0:E7 1:H7');

  it('R5.2: doubles, kontra and re never multiply the pot stake, in nor out', () => {
    let series = must(startSeries({ allPass: 'pot', potStake: 2 }));
    series = runSeries(must(dealNextGame(series, SUIT_DEAL)), '0:double 1:double 2:double 1:pass 2:pass 0:pass');
    expect([series.balances, series.pot]).toEqual([[-2, -2, -2], 6]);
    // Dealt by seat 1, who plays 6 with a double, kontra and re (m = 8) and takes 8 tricks.
    series = runSeries(must(dealNextGame(series, SUIT_DEAL)), '0:double 1:no 2:no 2:pass 0:pass 1:6 1:G8,G7 1:6 2:kontra 1:re');
    for (const [h, s, e] of [
      ['HA', 'S7', 'E7'],
      ['HK', 'S8', 'E8'],
      ['HO', 'S9', 'E9'],
      ['HU', 'S10', 'E10'],
      ['H10', 'SU', 'EU'],
      ['H9', 'SO', 'EO'],
      ['H8', 'SK', 'EK'],
      ['H7', 'SA', 'EA'],
    ]) {
      series = runSeries(series, `1:${h} 2:${s} 0:${e}`);
    }
    series = runSeries(series, '1:GU 2:G10 0:GA 0:GK 1:GO 2:G9');
    // s·t·m = 1·8·8 = 64 from each defender; the pot of 6 comes whole, not ×8.
    expect(series.records[1]!.settlement).toEqual({ payments: [-64, 134, -64], pot: -6 });
    expect([series.balances, series.pot]).toEqual([[-66, 132, -66], 0]);
  });

  it('R5.2 potTo "winners": a lost game gives the two defenders equal shares of the pot; an odd unit stays', () => {
    const winners = options({ allPass: 'pot', potTo: 'winners' });
    // 6 lost with 5 tricks at ×2, pot 7: the declarer pays each defender 6·2 = 12; each defender also gets 3 of the pot.
    expect(settleContract(winners, 1, 0, 5, 2, 7)).toEqual({ payments: [15, -24, 15], pot: -6 });
    // A win takes the whole pot, as with potTo "declarer".
    expect(settleContract(winners, 1, 0, 6, 1, 7)).toEqual({ payments: [-6, 19, -6], pot: -7 });
    // potTo "declarer": a lost game leaves the pot.
    expect(settleContract(options({ allPass: 'pot' }), 1, 0, 5, 2, 7)).toEqual({ payments: [12, -24, 12], pot: 0 });
  });

  it('R5.3: what is left in the pot when the series ends is paid back in equal shares; what cannot be split stays', () => {
    // potTo "declarer", stake 2: pot 6, then a lost bettel leaves it; the series ends: 2 back to each.
    let series = lostBettel(allPass(must(startSeries({ ...POT, potStake: 2, games: 1 }))));
    expect(series.status).toBe('over');
    expect([series.balances, series.pot, series.potPaidBack]).toEqual([[-2 + 10 + 2, -2 + 10 + 2, -2 - 20 + 2], 0, 2]);
    expect(viewOf(series, null)).toMatchObject({ pot: 0, potPaidBack: 2, seriesOver: true });
    // potTo "winners", stake 1: pot 3; the lost bettel gives each defender 1; the 1 left cannot be split in three.
    series = lostBettel(allPass(must(startSeries({ ...POT, potTo: 'winners', games: 1 }))));
    expect([series.balances, series.pot, series.potPaidBack]).toEqual([[-1 + 10 + 1, -1 + 10 + 1, -1 - 20], 1, 0]);
    expect(series.balances[0] + series.balances[1] + series.balances[2] + series.pot).toBe(0);
    // While the series runs, nothing is paid back.
    const running = lostBettel(allPass(must(startSeries({ ...POT, games: 2 }))));
    expect([running.status, running.pot, running.potPaidBack]).toEqual(['awaitingDeal', 3, 0]);
  });

  it('R5.4: after maxRedeals redeals in a row for one game number the next all-pass is the forced game', () => {
    let series = must(startSeries({ ...POT, maxRedeals: 2 }));
    series = allPass(series);
    series = allPass(series);
    expect([series.gameNumber, series.redeals, series.pot]).toEqual([1, 2, 6]);
    series = must(dealNextGame(series, SUIT_DEAL));
    expect(series.game!.redeal).toBe(2);
    expect(viewOf(series, 0)!.redeal).toBe(2);
    // Dealer 2: forehand 0, middlehand 1. All pass, and this time forehand must play 6 (R5.1).
    series = runSeries(series, '0:pass 1:pass 2:pass');
    expect([series.game!.phase, series.game!.declarer, series.game!.bid]).toEqual(['discard', 0, 0]);
    expect(series.pot).toBe(6);
    // The next game number starts counting redeals again.
    series = runSeries(series, '0:G8,G7 0:6');
    while (series.status === 'playing') series = playOut(series);
    expect([series.gameNumber, series.redeals]).toEqual([2, 0]);
    expect(recordOf(series.game!).redeal).toBe(2);
    // The default allows 3.
    let three = must(startSeries(POT));
    for (let i = 0; i < 3; i++) three = allPass(three);
    expect(runSeries(must(dealNextGame(three, SUIT_DEAL)), '1:pass 2:pass 0:pass').game!.phase).toBe('discard');
  });
});

describe('R6 stock, discard and contract', () => {
  it('R6.1: the declarer takes the stock and discards any 2; nobody else sees them', () => {
    const game = gameAfter('1:6 2:pass 0:pass', NO_DOUBLING);
    expect(popcount(game.hands[1])).toBe(12);
    const declarerView = viewOf(seriesOf(game), 1)!;
    expect(declarerView.stock).toEqual(['G8', 'G7']);
    expect(declarerView.legalActions).toEqual([{ type: 'discard', count: 2 }]);
    expect(legalActions(game, 1)).toHaveLength(66);
    expect(viewOf(seriesOf(game), 0)!.stock).toBeNull();
    expectRefused(attempt(game, '1:EA,HA'), 'illegal_action', 'R6.1: you do not hold EA');
    expectRefused(attempt(game, '0:EA,EK'), 'not_your_turn', 'R6.1');
    const discarded = run(game, '1:HA,GO');
    expect(popcount(discarded.hands[1])).toBe(10);
    expect(viewOf(seriesOf(discarded), 1)!.discards).toEqual(['GO', 'HA']);
    for (const seat of [0, 2, null] as const) {
      const view = viewOf(seriesOf(discarded), seat)!;
      expect(view.discards).toBeNull();
      expect(JSON.stringify(view)).not.toMatch(/"HA"|"GO"|"G8"|"G7"/);
    }
  });

  it('R6.2: the contract is the winning bid or anything higher, never lower', () => {
    const game = gameAfter('1:6 2:7 1:hold 2:pass 0:pass 1:G8,G7', NO_DOUBLING);
    expect(legalActions(game, 1).map((a) => (a.type === 'declare' ? a.contract : ''))).toEqual(['7', '8', '9', 'bettel', 'mord']);
    expectRefused(attempt(game, '1:6'), 'illegal_action', 'R6.2');
    expectRefused(attempt(game, '1:10'), 'illegal_action', 'R6.2');
    expect(run(game, '1:9').contract).toBe(3);
    const ten = gameAfter('1:6 2:7 1:hold 2:pass 0:pass 1:G8,G7', { ...NO_DOUBLING, tenTrickBid: true });
    expect(run(ten, '1:10').contract).toBe(4);
    const afterBettel = gameAfter('1:6 2:bettel 1:pass 0:pass 2:G8,G7', NO_DOUBLING);
    expectRefused(attempt(afterBettel, '2:9'), 'illegal_action', 'R6.2');
    expect(run(afterBettel, '2:mord').contract).toBe(6);
  });

  it('R6.3: bettel and mord have no trump suit', () => {
    const bettel = gameAfter('1:6 2:bettel 1:pass 0:pass 2:G8,G7 2:bettel 2:S7', NO_DOUBLING);
    expect(bettel.trump).toBe(NO_TRUMP);
    const normal = gameAfter(`${HERZ_GAME} 1:HA`, NO_DOUBLING);
    expect(normal.trump).toBe(H);
  });
});

describe('R7 play', () => {
  it('R7.1: the declarer leads to the first trick, whatever its seat', () => {
    const game = gameAfter('1:6 2:7 1:pass 0:pass 2:G8,G7 2:7', NO_DOUBLING);
    expect(game.turn).toBe(2);
    expectRefused(attempt(game, '1:HA'), 'not_your_turn', 'R7');
    expect(legalActions(game, 2).filter((a) => a.type === 'play')).toHaveLength(10);
  });

  it("R7.2: the suit of the declarer's first card is trump for the whole game", () => {
    const game = gameAfter(`${HERZ_GAME} 1:H7 2:S7 0:E7 1:H8`, NO_DOUBLING);
    expect(game.trump).toBe(H);
    expect(viewOf(seriesOf(game), 1)!.trump).toBe('H');
  });

  it('R7.2 trump "named": the declarer names any suit with its first card, which need not be of that suit', () => {
    const game = gameAfter(HERZ_GAME, { ...NO_DOUBLING, trump: 'named' });
    const plays = legalActions(game, 1);
    expect(plays).toHaveLength(40); // 10 cards × 4 suits
    expect(plays).toContainEqual({ type: 'play', card: 'GO', trump: 'S' });
    expectRefused(attempt(game, '1:HA'), 'illegal_action', 'R7.2: name the trump suit with your first card');
    // Seat 1 leads the Gras Ober and names Schellen.
    const named = run(game, '1:GO=S');
    expect(named.trump).toBe(3);
    expect(viewOf(seriesOf(named), 0)!.trump).toBe('S');
    expect(viewOf(seriesOf(named), 0)!.trick).toEqual([{ seat: 1, card: 'GO' }]);
    expectRefused(attempt(named, '2:G9=H'), 'illegal_action', 'R7.2: trump is named only');
    // Seat 2 follows Gras; seat 0 heads it with the Sau; later Schellen beats any Eichel.
    const trick = run(named, '2:G9 0:GA');
    expect(trick.trickLeader).toBe(0); // the trick's winner leads next
    const later = run(trick, '0:EA 1:GU 2:S7');
    expect(later.trickLeader).toBe(2); // seat 1 had no Eichel and no Schellen; seat 2 trumped
    expect(recordOf(later).actions.find((a) => a.action.type === 'play')!.action).toEqual({ type: 'play', card: 'GO', trump: 'S' });
  });

  it('R7.2 trump "led" (the default): the suit of the first card is trump, and naming one is refused', () => {
    const game = gameAfter(HERZ_GAME, NO_DOUBLING);
    expect(legalActions(game, 1).every((a) => a.type === 'play' && a.trump === undefined)).toBe(true);
    expectRefused(attempt(game, '1:HA=G'), 'illegal_action', 'R7.2: at this table the suit of the first card is trump');
    // Bettel and mord have no trump to name, whatever the option.
    const bettel = gameAfter('1:6 2:bettel 1:pass 0:pass 2:G8,G7 2:bettel', { ...NO_DOUBLING, trump: 'named' });
    expect(legalActions(bettel, 2).every((a) => a.type === 'play' && a.trump === undefined)).toBe(true);
    expectRefused(attempt(bettel, '2:S7=S'), 'illegal_action', 'R7.2: trump is named only');
  });

  it('R7.3: a player holding the led suit must play it', () => {
    expect(codes(legalCards(cards('E7 GA HA'), cardList('E10'), H, true))).toBe('E7');
    expect(playRefusal(cards('E7 GA HA'), cardList('E10'), H, true, cardFromCode('HA')!)).toBe('R7.3: you must follow suit (Eichel)');
  });

  it('R7.4: a follower must head the trick if it can, unless a trump already lies in it', () => {
    expect(codes(legalCards(cards('EA E9 GA'), cardList('E10'), H, true))).toBe('EA');
    expect(playRefusal(cards('EA E9 GA'), cardList('E10'), H, true, cardFromCode('E9')!)).toMatch(/^R7\.4/);
    // Not the first card of the led suit but the highest so far counts.
    expect(codes(legalCards(cards('EK E9'), cardList('E10 EO'), H, true))).toBe('EK');
    expect(codes(legalCards(cards('EU E9'), cardList('E10 EO'), H, true))).toBe('EU E9');
    // A trump lies in the trick: no Eichel can win, so any Eichel is allowed.
    expect(codes(legalCards(cards('EA E9 GA'), cardList('E10 H7'), H, true))).toBe('EA E9');
    // Trump led: following means playing a higher trump if possible.
    expect(codes(legalCards(cards('HA H7'), cardList('HK'), H, true))).toBe('HA');
  });

  it('R7.5: void in the led suit a player must trump, over a trump in the trick if it can, else under it', () => {
    expect(codes(legalCards(cards('H7 HA GA'), cardList('E10'), H, true))).toBe('HA H7');
    expect(playRefusal(cards('H7 HA GA'), cardList('E10'), H, true, cardFromCode('GA')!)).toBe('R7.5: you must play a trump');
    expect(codes(legalCards(cards('HA H7 GA'), cardList('E10 HK'), H, true))).toBe('HA');
    expect(playRefusal(cards('HA H7 GA'), cardList('E10 HK'), H, true, cardFromCode('H7')!)).toBe('R7.5: you must overtrump');
    // Forced undertrump: no higher trump, but trumps in hand, so no free discard.
    expect(codes(legalCards(cards('H8 H7 GA'), cardList('E10 HK'), H, true))).toBe('H8 H7');
  });

  it('R7.6: a player who can neither follow nor trump may play any card', () => {
    expect(codes(legalCards(cards('GA G7 S8'), cardList('E10'), H, true))).toBe('GA G7 S8');
    expect(codes(legalCards(cards('GA HA'), cardList('E10'), NO_TRUMP, true))).toBe('GA HA');
  });

  it('R7.7: the highest trump wins, else the highest card of the led suit; the winner leads next', () => {
    expect(trickWinnerIndex(cardList('E10 EA E7'), H)).toBe(1);
    expect(trickWinnerIndex(cardList('E10 H7 EA'), H)).toBe(1);
    expect(trickWinnerIndex(cardList('E10 H7 HK'), H)).toBe(2);
    expect(trickWinnerIndex(cardList('E10 GA E9'), H)).toBe(0);
    expect(trickWinnerIndex(cardList('E10 GA SA'), NO_TRUMP)).toBe(0);
    // Seat 1 leads H7 (trump), seat 2 and seat 0 cannot follow: seat 1 wins and leads again.
    const game = gameAfter(`${HERZ_GAME} 1:H7 2:S7 0:E7`, NO_DOUBLING);
    expect(tricksOf(game).at(-1)!.winner).toBe(1);
    expect([game.trickLeader, game.turn]).toEqual([1, 1]);
  });

  it('R7.8: follow and win duty hold in bettel and mord, where R7.5 never applies; winDutyInBettel off lifts R7.4 in bettel', () => {
    const bettel = (opts = {}) => gameAfter('1:6 2:bettel 1:pass 0:pass 2:G8,G7 2:bettel', { ...NO_DOUBLING, ...opts });
    expect(bettel().winDuty).toBe(true);
    expect(bettel({ winDutyInBettel: false }).winDuty).toBe(false);
    const mord = gameAfter('1:6 2:mord 1:pass 2:G8,G7 2:mord', { ...NO_DOUBLING, winDutyInBettel: false });
    expect(mord.winDuty).toBe(true);
    expect(codes(legalCards(cards('EA E7 HA'), cardList('E10'), NO_TRUMP, false))).toBe('EA E7');
    expect(codes(legalCards(cards('EA E7 HA'), cardList('E10'), NO_TRUMP, true))).toBe('EA');
    // Seat 2 leads G10 in bettel: seat 0 must follow with GA or GK, and with win duty must head the trick.
    const led = run(bettel(), '2:G10');
    expect(legalActions(led, 0).map((a) => (a.type === 'play' ? a.card : a.type))).toEqual(['GK', 'GA', 'kontra']);
  });

  it('R7.9: bettel ends at once when the declarer takes a trick', () => {
    const game = gameAfter('1:6 2:bettel 1:pass 0:pass 2:G10,G9 2:bettel 2:S7 0:E7 1:H7', NO_DOUBLING);
    expect(game.phase).toBe('finished');
    expect(game.completedTricks).toBe(1);
    expect(game.outcome).toMatchObject({ kind: 'contract', won: false, declarerTricks: 1, endedEarly: true });
  });

  it('R7.9: a bettel lost only in the tenth trick did not end early', () => {
    const d = deal('EA EK EO GA GK GO HA HK HO SK', 'E7 E8 E9 G7 G8 G9 H7 H8 S7 S8', 'EU E10 GU G10 HU H10 SO SU S10 S9', 'H9 SA');
    const game = gameAfter(
      '0:6 1:bettel 0:pass 2:pass 1:S7,S8 1:bettel 1:E7 2:EU 0:EA 0:EK 1:E9 2:E10 0:EO 1:E8 2:S9 0:GA 1:G9 2:GU ' +
        '0:GK 1:G8 2:G10 0:GO 1:G7 2:S10 0:HA 1:H9 2:HU 0:HK 1:H8 2:H10 0:HO 1:H7 2:SU 0:SK 1:SA 2:SO',
      NO_DOUBLING,
      d,
      2,
    );
    expect(game.outcome).toMatchObject({ kind: 'contract', won: false, declarerTricks: 1, endedEarly: false });
  });

  it('R7.9: mord ends at once when a defender takes a trick', () => {
    const game = gameAfter('1:6 2:mord 1:pass 2:G8,G7 2:mord 2:G10 0:GA 1:GU', NO_DOUBLING);
    expect(game.phase).toBe('finished');
    expect(game.outcome).toMatchObject({ kind: 'contract', won: false, declarerTricks: 0, endedEarly: true });
  });

  it('R7.9: a normal game is always played out to 10 tricks', () => {
    // Seat 1 plays 9 with only its Herz as tricks: lost after trick 8 is certain, yet play goes on.
    let game = gameAfter('1:6 2:pass 0:9 1:hold 0:pass 1:G8,G7 1:9', NO_DOUBLING);
    while (game.phase === 'play') {
      const seat = game.turn as 0 | 1 | 2;
      game = must(attempt(game, `${seat}:${(legalActions(game, seat).find((a) => a.type === 'play') as { card: string }).card}`));
    }
    expect(game.completedTricks).toBe(10);
  });

  it('R7.10: the last trick stays visible; with trickHistory "all" every completed trick does', () => {
    const script = `${HERZ_GAME} 1:H7 2:S7 0:E7 1:H8 2:S8 0:E8`;
    const last = viewOf(seriesOf(gameAfter(script, NO_DOUBLING)), 2)!;
    expect(last.lastTrick).toEqual({
      leader: 1,
      winner: 1,
      cards: [
        { seat: 1, card: 'H8' },
        { seat: 2, card: 'S8' },
        { seat: 0, card: 'E8' },
      ],
    });
    expect(last.tricks).toBeNull();
    expect(JSON.stringify(last)).not.toContain('"S7"');
    const all = viewOf(seriesOf(gameAfter(script, { ...NO_DOUBLING, trickHistory: 'all' })), 2)!;
    expect(all.tricks!.map((t) => t.cards.map((c) => c.card))).toEqual([
      ['H7', 'S7', 'E7'],
      ['H8', 'S8', 'E8'],
    ]);
  });

  it('R7.10 trickHistory "opponents": after the next card is led a seat may look only at the other side\'s last trick', () => {
    const opts = { ...NO_DOUBLING, trickHistory: 'opponents' } as const;
    const view = (game: GameState, seat: 0 | 1 | 2 | null) => viewOf(seriesOf(game), seat)!;
    const first = gameAfter(`${HERZ_GAME} 1:HA 2:S7 0:E7`, opts);
    // The trick just completed lies on the table for everyone until the next card.
    for (const seat of [0, 1, 2, null] as const) expect(view(first, seat).lastTrick!.cards.map((c) => c.card)).toEqual(['HA', 'S7', 'E7']);
    const led = run(first, '1:HK');
    expect(view(led, 1).lastTrick).toBeNull(); // the defenders have taken no trick yet
    for (const seat of [0, 2, null] as const) expect(view(led, seat).lastTrick!.cards.map((c) => c.card)).toEqual(['HA', 'S7', 'E7']);
    let game = run(led, '2:S8 0:E8');
    for (const [h, s, e] of [
      ['HO', 'S9', 'E9'],
      ['HU', 'S10', 'E10'],
      ['H10', 'SU', 'EU'],
      ['H9', 'SO', 'EO'],
      ['H8', 'SK', 'EK'],
      ['H7', 'SA', 'EA'],
    ]) {
      game = run(game, `1:${h} 2:${s} 0:${e}`);
    }
    game = run(game, '1:GU 2:G10 0:GA 0:GK'); // trick 9 to defender 0, who leads again
    expect(view(game, 1).lastTrick!.cards.map((c) => c.card)).toEqual(['GU', 'G10', 'GA']);
    for (const seat of [0, 2, null] as const) {
      expect(view(game, seat).lastTrick!.cards.map((c) => c.card)).toEqual(['H7', 'SA', 'EA']);
      expect(JSON.stringify(view(game, seat))).not.toContain('"GU"');
    }
    expect(view(game, 0).tricks).toBeNull();
  });

  it('R7.11: with option knock a defender playing the last card of a suit while not following may knock; all see it', () => {
    const opts = { ...NO_DOUBLING, knock: true };
    const led = gameAfter('1:6 2:pass 0:pass 1:G8,G7 1:6 1:HA', opts, KNOCK_DEAL);
    expect(legalActions(led, 2)).toContainEqual({ type: 'play', card: 'G10', knock: true });
    expect(legalActions(led, 2)).not.toContainEqual({ type: 'play', card: 'S7', knock: true });
    const knocked = run(led, '2:G10!');
    expectRefused(attempt(knocked, '0:E8!'), 'illegal_action', 'R7.11');
    for (const seat of [0, 1, null] as const) expect(viewOf(seriesOf(knocked), seat)!.knocks).toEqual([{ seat: 2, trick: 1 }]);
    // Without the option nobody may knock.
    const off = gameAfter('1:6 2:pass 0:pass 1:G8,G7 1:6 1:HA', NO_DOUBLING, KNOCK_DEAL);
    expectRefused(attempt(off, '2:G10!'), 'illegal_action', 'R7.11');
    // The declarer never knocks, not even when leading.
    expectRefused(attempt(gameAfter('1:6 2:pass 0:pass 1:G8,G7 1:6', opts, KNOCK_DEAL), '1:GO!'), 'illegal_action', 'R7.11');
  });
});

describe('R8 kontra and re', () => {
  const declared = (opts = {}) => gameAfter(HERZ_GAME, { ...NO_DOUBLING, ...opts });

  it('R8.1: from the announcement until the first trick is complete either defender may say kontra, once', () => {
    const game = declared();
    expect(legalActions(game, 2)).toEqual([{ type: 'kontra' }]);
    expect(legalActions(game, 0)).toEqual([{ type: 'kontra' }]);
    expectRefused(attempt(game, '1:kontra'), 'illegal_action', 'R8.1');
    const said = run(game, '1:HA 0:kontra');
    expectRefused(attempt(said, '2:kontra'), 'illegal_action', 'R8.1');
    const late = run(game, '1:HA 2:S7 0:E7');
    expectRefused(attempt(late, '2:kontra'), 'illegal_action', 'R8.1');
    expectRefused(attempt(declared({ kontra: false }), '2:kontra'), 'illegal_action', 'R8');
    expect(legalActions(declared({ kontra: false }), 2)).toEqual([]);
    expectRefused(attempt(gameAfter('1:6 2:pass 0:pass 1:G8,G7', NO_DOUBLING), '2:kontra'), 'illegal_action', 'R6.2');
  });

  it("R8.2: after a kontra play pauses: it is the declarer's turn to say re or no re, and only then does play go on", () => {
    const game = declared();
    expectRefused(attempt(game, '1:re'), 'illegal_action', 'R8.2: re needs a kontra first');
    // Seat 1 leads HA; seat 2, whose card is next, says kontra: the turn goes to the declarer.
    const kontra = run(game, '1:HA 2:kontra');
    expect([kontra.turn, kontra.awaitingRe]).toEqual([1, true]);
    expect(legalActions(kontra, 1)).toEqual([{ type: 're' }, { type: 're', re: false }]);
    expect(legalActions(kontra, 2)).toEqual([]);
    expect(legalActions(kontra, 0)).toEqual([]);
    const view = viewOf(seriesOf(kontra), 1)!;
    expect([view.turn, view.legalActions]).toEqual([1, [{ type: 're' }, { type: 're', re: false }]]);
    expectRefused(attempt(kontra, '2:S7'), 'not_your_turn', 'R8.2: the declarer (seat 1) is deciding on re');
    expectRefused(attempt(kontra, '1:HK'), 'illegal_action', 'R8.2');
    expectRefused(attempt(kontra, '2:re'), 'illegal_action', 'R8.2: only the declarer may say re');
    // Re: ×2 again, and the trick goes on where it paused.
    const re = run(kontra, '1:re');
    expect([re.re, re.awaitingRe, re.turn]).toEqual([true, false, 2]);
    expect(viewOf(seriesOf(re), 0)!.multiplier).toBe(4);
    expect(viewOf(seriesOf(re), 0)!.history.at(-1)).toEqual({ seat: 1, type: 're', re: true });
    expectRefused(attempt(re, '1:re'), 'illegal_action', 'R8.2: re is decided once');
    // No re: the same, at ×2.
    const noRe = run(kontra, '1:no-re');
    expect([noRe.re, noRe.awaitingRe, noRe.turn]).toEqual([false, false, 2]);
    expect(viewOf(seriesOf(noRe), null)!.multiplier).toBe(2);
    expect(viewOf(seriesOf(noRe), null)!.history.at(-1)).toEqual({ seat: 1, type: 're', re: false });
    expect(legalActions(noRe, 1)).toEqual([]);
    expectRefused(attempt(noRe, '1:re'), 'illegal_action', 'R8.2: re is decided once');
    expect(run(noRe, '2:S7 0:E7').completedTricks).toBe(1);
  });

  it('R8.2: a kontra before the declarer leads: the declarer decides on re, then leads', () => {
    const kontra = run(declared(), '0:kontra');
    expect(legalActions(kontra, 1)).toEqual([{ type: 're' }, { type: 're', re: false }]);
    const re = run(kontra, '1:re');
    expect(re.turn).toBe(1);
    expect(legalActions(re, 1).every((a) => a.type === 'play')).toBe(true);
    expect(tricksOf(run(re, '1:HA 2:S7 0:E7')).at(-1)!.winner).toBe(1);
  });

  it('R8.3: kontra and re each multiply every payment by 2', () => {
    const game = run(declared(), '2:kontra 1:re');
    expect(viewOf(seriesOf(game), 0)!.multiplier).toBe(4);
    let finished = game;
    // Seat 1 wins all 8 Herz tricks and loses the 2 Gras: 8 tricks ≥ 6.
    for (const [h, s, e] of [
      ['HA', 'S7', 'E7'],
      ['HK', 'S8', 'E8'],
      ['HO', 'S9', 'E9'],
      ['HU', 'S10', 'E10'],
      ['H10', 'SU', 'EU'],
      ['H9', 'SO', 'EO'],
      ['H8', 'SK', 'EK'],
      ['H7', 'SA', 'EA'],
    ]) {
      finished = run(finished, `1:${h} 2:${s} 0:${e}`);
    }
    finished = run(finished, '1:GU 2:G10 0:GA 0:GK 1:GO 2:G9');
    expect(finished.outcome!.settlement).toEqual({ payments: [-32, 64, -32], pot: 0 }); // s·t·m = 1·8·4
  });
});

describe('R9 settlement', () => {
  const o = options();
  it('R9.1: a normal contract won: each defender pays s·t·m; lost: the declarer pays each defender s·c·m', () => {
    expect(settleContract(o, 1, 1, 8, 2, 0)).toEqual({ payments: [-16, 32, -16], pot: 0 }); // 7 bid, 8 taken, ×2
    expect(settleContract(o, 0, 2, 7, 1, 0)).toEqual({ payments: [-16, 8, 8], pot: 0 }); // 8 bid, 7 taken
    expect(settleContract(options({ stakePerTrick: 3 }), 2, 0, 6, 1, 0)).toEqual({ payments: [-18, -18, 36], pot: 0 });
  });

  it('R9.2: bettel and mord pay the flat tariff f·m either way', () => {
    expect(settleContract(o, 2, 5, 0, 1, 0)).toEqual({ payments: [-10, -10, 20], pot: 0 });
    expect(settleContract(o, 2, 5, 1, 1, 0)).toEqual({ payments: [10, 10, -20], pot: 0 });
    expect(settleContract(options({ flatTariff: 25 }), 0, 6, 10, 4, 0)).toEqual({ payments: [200, -100, -100], pot: 0 });
    expect(settleContract(o, 0, 6, 9, 2, 0)).toEqual({ payments: [-40, 20, 20], pot: 0 });
  });

  it('R9.3: a won game also moves the whole pot to the declarer; a lost one leaves it, or shares it with potTo "winners"', () => {
    expect(settleContract(o, 1, 0, 6, 1, 9)).toEqual({ payments: [-6, 21, -6], pot: -9 });
    expect(settleContract(o, 1, 0, 5, 1, 9)).toEqual({ payments: [6, -12, 6], pot: 0 });
    expect(settleContract(options({ allPass: 'pot', potTo: 'winners' }), 1, 0, 5, 1, 9)).toEqual({ payments: [10, -12, 10], pot: -8 });
    expect(settleAllPassIntoPot(options({ allPass: 'pot', potStake: 4 }))).toEqual({ payments: [-4, -4, -4], pot: 12 });
  });

  it('R9.4: balances plus the pot always add up to 0', () => {
    for (const [declarer, contract, tricks, m, pot] of [
      [0, 0, 7, 8, 3],
      [1, 5, 0, 2, 0],
      [2, 6, 3, 32, 12],
      [1, 4, 9, 1, 0],
    ] as const) {
      const { payments, pot: potDelta } = settleContract(options({ tenTrickBid: true }), declarer, contract, tricks, m, pot);
      expect(payments[0] + payments[1] + payments[2] + potDelta).toBe(0);
    }
  });
});

describe('R10 the record of a game', () => {
  const finishedBettel = () => gameAfter('0:no 1:double 2:no 1:6 2:bettel 1:pass 0:pass 2:G10,G9 2:bettel 1:kontra 2:no-re 2:S7 0:E7 1:H7');

  it('R10.1: the record holds options, dealer, deal, every action, contract, trump, tricks and settlement; replay reproduces it', () => {
    const game = finishedBettel();
    const record = recordOf(game);
    expect(record).toMatchObject({
      dealer: 0,
      declarer: 2,
      bid: 'bettel',
      contract: 'bettel',
      trump: null,
      discards: ['G10', 'G9'],
      doubles: [1],
      kontra: 1,
      multiplier: 4,
      result: { kind: 'contract', won: false, declarerTricks: 1, endedEarly: true },
      settlement: { payments: [40, 40, -80], pot: 0 },
    });
    expect(record.actions).toHaveLength(14);
    expect(record.tricks).toEqual([
      {
        leader: 2,
        winner: 2,
        cards: [
          { seat: 2, card: 'S7' },
          { seat: 0, card: 'E7' },
          { seat: 1, card: 'H7' },
        ],
      },
    ]);
    const replayed = must(replayGame(JSON.parse(JSON.stringify(record))));
    expect(recordOf(replayed)).toEqual(record);
    expect(replayed).toEqual(game);
  });

  it('R10.1: a record with an action the rules refuse does not replay', () => {
    const record = recordOf(finishedBettel());
    const tampered = { ...record, actions: [...record.actions.slice(0, 13), { seat: 0, action: { type: 'play', card: 'EA' } }] };
    expectRefused(replayGame(tampered as never), 'illegal_action', 'R10.1: action 14');
  });

  it('R10.1: a series record replays only with every game in order, redeals included', () => {
    let series = must(dealNextGame(must(startSeries({ doubling: false, allPass: 'pot', games: 1 })), SUIT_DEAL));
    series = runSeries(series, '1:pass 2:pass 0:pass');
    series = runSeries(must(dealNextGame(series, SUIT_DEAL)), '2:6 0:pass 1:pass 2:G8,G7 2:bettel 2:S7 0:E7 1:H7');
    expect(series.status).toBe('over');
    const record = seriesRecordOf(series);
    expect(must(replaySeries(record)).balances).toEqual(series.balances);
    expectRefused(
      replaySeries({ ...record, games: record.games.slice(1) }),
      'illegal_action',
      'R10.1: game record 1 says game 1, redeal 1, dealer 1, pot 3',
    );
  });

  it('R10.2: while a game runs a seat sees its own cards, played cards, public actions and card counts only', () => {
    const game = gameAfter(`0:no 1:no 2:no ${HERZ_GAME} 1:HA 2:S7`);
    const cardsIn = (seat: 0 | 1 | 2 | null) => new Set(JSON.stringify(viewOf(seriesOf(game), seat)).match(/"[EGHS](?:A|K|O|U|10|9|8|7)"/g));
    expect([...cardsIn(0)].sort()).toEqual([...SUIT_DEAL.hands[0].map((c) => `"${c}"`), '"HA"', '"S7"'].sort());
    expect([...cardsIn(null)].sort()).toEqual(['"HA"', '"S7"']);
    // The declarer alone sees the stock and its discards.
    expect(cardsIn(1).has('"G8"')).toBe(true);
    expect(cardsIn(2).has('"G8"')).toBe(false);
    const view = viewOf(seriesOf(game), null)!;
    expect([view.hand, view.legalActions, view.seats.map((s) => s.cards)]).toEqual([null, [], [10, 9, 9]]);
  });

  it('R10.3: once a game is over its whole record, with all hands, the stock and the discards, is published', () => {
    let series = must(dealNextGame(must(startSeries({ doubling: false, games: 1 })), SUIT_DEAL));
    series = runSeries(series, '1:6 2:bettel 1:pass 0:pass 2:G10,G9 2:bettel 2:S7 0:E7');
    expect(series.records).toHaveLength(0);
    series = runSeries(series, '1:H7');
    expect(series.status).toBe('over');
    const [record] = series.records;
    expect(record!.deal).toEqual(SUIT_DEAL);
    expect(record!.discards).toEqual(['G10', 'G9']);
  });
});
