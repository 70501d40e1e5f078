/**
 * Who is told what after a change (worker/notifications/who-is-told.ts): pure functions of the series
 * before and after, checked on hand-made positions and on every step of every hand-made game
 * (the two-game series files played as one series each, as a table plays them).
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../shared/actions.js';
import type { Deal } from '../../shared/deal.js';
import type { Seat } from '../../shared/options.js';
import type { GameRecord } from '../../shared/record.js';
import { applySeriesAction, dealNextGame, startSeries, type SeriesState } from '../../shared/series.js';
import { viewOf } from '../../shared/view.js';
import { eventsOf, pendingSeats, reminderAt } from '../../worker/notifications/who-is-told.js';
import { type SeatEvent } from '../../worker/model/table.js';
import { HAND_MADE_SERIES, handMade } from './support.js';

const SEATS: Seat[] = [0, 1, 2];

function must<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** A table playing `record`'s options and deal as its first game, out of `games`. */
function seriesOf(record: GameRecord, games = 1, options: Record<string, unknown> = {}): { before: null; after: SeriesState } {
  const started = must(startSeries({ ...record.options, firstDealer: record.dealer, games, ...options }));
  return { before: null, after: must(dealNextGame(started, record.deal)) };
}

/** One action, and the next deal when a game ended and the series goes on (as the table does). */
function step(series: SeriesState, seat: Seat, action: Action, nextDeal: Deal): SeriesState {
  const next = must(applySeriesAction(series, seat, action));
  return next.status === 'awaitingDeal' ? must(dealNextGame(next, nextDeal)) : next;
}

const turns = (events: SeatEvent[]) => events.filter((e) => e.type === 'turn').map((e) => e.seat);
const ofType = (events: SeatEvent[], type: SeatEvent['type']) => events.filter((e) => e.type === type);

const GAME = handMade('01-hold-stage1-overtrump');
const OTHER_DEAL = handMade('03-bettel-won').deal;

describe('turn', () => {
  it('a new deal with doubling: every seat owes its doubling decision and is told', () => {
    const { after } = seriesOf(GAME);
    expect(after.game!.phase).toBe('doubling');
    expect(eventsOf(null, after)).toEqual(SEATS.map((seat) => ({ type: 'turn', seat, gameNumber: 1 })));
  });

  it('a new deal without doubling: only forehand, who opens the auction', () => {
    const { after } = seriesOf(GAME, 1, { doubling: false });
    const forehand = ((GAME.dealer + 1) % 3) as Seat;
    expect(eventsOf(null, after)).toEqual([{ type: 'turn', seat: forehand, gameNumber: 1 }]);
  });

  it('doubling decisions tell nobody until the last one; then forehand is told, unless it decided last', () => {
    const forehand = ((GAME.dealer + 1) % 3) as Seat;
    const others = SEATS.filter((s) => s !== forehand);
    // Forehand decides first: the last decision (another seat's) hands forehand the auction.
    let series = seriesOf(GAME).after;
    for (const [i, seat] of [forehand, ...others].entries()) {
      const next = step(series, seat, { type: 'double', double: false }, OTHER_DEAL);
      expect(eventsOf(series, next), `decision ${i + 1}`).toEqual(i < 2 ? [] : [{ type: 'turn', seat: forehand, gameNumber: 1 }]);
      series = next;
    }
    // Forehand decides last: its answer says it must bid; nobody is told.
    series = seriesOf(GAME).after;
    for (const seat of [...others, forehand]) {
      const next = step(series, seat, { type: 'double', double: true }, OTHER_DEAL);
      expect(eventsOf(series, next)).toEqual([]);
      series = next;
    }
    expect(series.game!.phase).toBe('auction');
  });

  it('kontra is a chance, never announced; saying it tells the declarer, whose re decision is now owed (R8.2); the decision tells the seat to play on', () => {
    let kontras = 0;
    for (const name of ['02-raised-contract-kontra-re', '08-mord-lost-early-kontra', '14-named-trump-kontra-no-re']) {
      const record = handMade(name);
      let series = seriesOf(record).after;
      for (const [i, { seat, action }] of record.actions.entries()) {
        const next = step(series, seat, action, OTHER_DEAL);
        const events = eventsOf(series, next);
        const game = next.game!;
        if (action.type === 'kontra') {
          // Play pauses: the declarer must say re or no re, and is told so; nobody else is told anything.
          expect(game.turn, `${name}, action ${i + 1}`).toBe(record.declarer);
          expect(events, `${name}, action ${i + 1}`).toEqual([{ type: 'turn', seat: record.declarer, gameNumber: 1 }]);
          expect(pendingSeats(next)).toEqual([record.declarer]);
          expect(viewOf(next, record.declarer!)!.legalActions).toEqual([{ type: 're' }, { type: 're', re: false }]);
          kontras++;
        } else if (action.type === 're') {
          // The decision hands the trick back to the seat whose card it waits for: that seat is told (it is not the declarer here).
          expect(game.turn).not.toBe(record.declarer);
          expect(events, `${name}, action ${i + 1}`).toEqual([{ type: 'turn', seat: game.turn, gameNumber: 1 }]);
        }
        // Nobody is ever told of a mere chance of kontra: every seat told is offered a move other than kontra.
        for (const event of events) {
          if (event.type !== 'turn') continue;
          const offered = viewOf(next, event.seat)!.legalActions;
          expect(
            offered.some((a) => a.type !== 'kontra'),
            `seat ${event.seat} told with only ${JSON.stringify(offered)}`,
          ).toBe(true);
        }
        // A defender who may say kontra but owes nothing is not pending (no reminder, no deadline of its own).
        for (const defender of SEATS.filter((x) => x !== game.declarer && x !== game.turn)) {
          if (viewOf(next, defender)!.legalActions.some((a) => a.type === 'kontra')) expect(pendingSeats(next)).not.toContain(defender);
        }
        series = next;
      }
    }
    expect(kontras).toBe(3);
  });

  it('a kontra while the declarer is on turn to lead: it is told again (what it owes changed); its own re leaves it to lead, untold', () => {
    const record = handMade('02-raised-contract-kontra-re');
    const firstPlay = record.actions.findIndex((a) => a.action.type === 'play');
    let series = seriesOf(record).after;
    for (const { seat, action } of record.actions.slice(0, firstPlay)) series = step(series, seat, action, OTHER_DEAL);
    const declarer = record.declarer!;
    const defender = ((declarer + 1) % 3) as Seat;
    expect(series.game!.turn).toBe(declarer);
    expect(pendingSeats(series)).toEqual([declarer]);

    const kontra = step(series, defender, { type: 'kontra' }, OTHER_DEAL);
    expect(eventsOf(series, kontra)).toEqual([{ type: 'turn', seat: declarer, gameNumber: 1 }]);
    expect(pendingSeats(kontra)).toEqual([declarer]);
    for (const re of [{ type: 're' }, { type: 're', re: false }] as const) {
      const decided = step(kontra, declarer, re, OTHER_DEAL);
      expect(decided.game!.turn).toBe(declarer);
      expect(eventsOf(kontra, decided)).toEqual([]);
      expect(pendingSeats(decided)).toEqual([declarer]);
    }
  });

  it('every step of every hand-made game and series: turn goes exactly to the seats that owe a move now and did not before, and to the declarer on a kontra', () => {
    let sameSeatAgain = 0;
    let declarerToldOfKontra = 0;
    let games = 0;
    // The oracle, from the views the API serves: a seat owes a move when it is offered one that is not kontra.
    const owes = (s: SeriesState) => SEATS.filter((x) => s.status === 'playing' && viewOf(s, x)!.legalActions.some((a) => a.type !== 'kontra'));
    for (const names of HAND_MADE_SERIES) {
      const records = names.map(handMade);
      // One table per series (R5.2: a redeal is not a game of the series), one more game dealt after it.
      let series = must(dealNextGame(must(startSeries({ ...records[0]!.options, firstDealer: records[0]!.dealer, games: 2 })), records[0]!.deal));
      for (const [g, record] of records.entries()) {
        const name = names[g]!;
        expect([series.game!.dealer, series.game!.redeal, series.game!.potBefore], `${name} is the game the series deals next`).toEqual([
          record.dealer,
          record.redeal,
          record.potBefore,
        ]);
        const nextDeal = records[g + 1]?.deal ?? OTHER_DEAL;
        for (const [i, { seat, action }] of record.actions.entries()) {
          const next = step(series, seat, action, nextDeal);
          const newGame = next.records.length > series.records.length;
          const declarer = viewOf(next, null)!.declarer;
          const expected = owes(next).filter((x) => newGame || !owes(series).includes(x) || (action.type === 'kontra' && x === declarer));
          const events = eventsOf(series, next);
          expect(turns(events), `${name}, action ${i + 1}`).toEqual(expected);
          expect(pendingSeats(next)).toEqual(owes(next));
          if (action.type === 'kontra') {
            expect(turns(events)).toEqual([declarer]);
            declarerToldOfKontra++;
          }
          if (!newGame && series.game!.turn === seat && next.game!.turn === seat && action.type === 'play') sameSeatAgain++;
          series = next;
        }
        expect(series.records.at(-1)!.settlement, name).toEqual(record.settlement);
        games++;
      }
    }
    expect(games).toBe(19);
    expect(HAND_MADE_SERIES).toHaveLength(16);
    expect(declarerToldOfKontra).toBe(3);
    // Some seat completed a trick and won it: it leads again, and is not told (its answer says so).
    expect(sameSeatAgain).toBeGreaterThan(0);
  });
});

describe('game_over and table_over', () => {
  it('the end of the last game: game_over and table_over to every seat, no turn', () => {
    let series = seriesOf(GAME).after;
    const all: SeatEvent[][] = [];
    for (const { seat, action } of GAME.actions) {
      const next = step(series, seat, action, OTHER_DEAL);
      all.push(eventsOf(series, next));
      series = next;
    }
    const last = all.at(-1)!;
    expect(last).toEqual([
      ...SEATS.map((seat) => ({ type: 'game_over', seat, gameNumber: 1, dealIndex: 0 })),
      ...SEATS.map((seat) => ({ type: 'table_over', seat, gameNumber: 1 })),
    ]);
    expect(
      all
        .slice(0, -1)
        .flat()
        .filter((e) => e.type !== 'turn'),
    ).toEqual([]);
  });

  it("the end of a game with more to come: game_over to every seat, and the next deal's turns", () => {
    let series = seriesOf(GAME, 2).after;
    let last: SeatEvent[] = [];
    for (const { seat, action } of GAME.actions) {
      const next = step(series, seat, action, OTHER_DEAL);
      last = eventsOf(series, next);
      series = next;
    }
    expect(ofType(last, 'game_over')).toEqual(SEATS.map((seat) => ({ type: 'game_over', seat, gameNumber: 1, dealIndex: 0 })));
    expect(ofType(last, 'table_over')).toEqual([]);
    expect(ofType(last, 'turn')).toEqual(SEATS.map((seat) => ({ type: 'turn', seat, gameNumber: 2 }))); // doubling in game 2
  });

  it('an all-pass redeal is a game_over (of game 1, deal 0), and the redeal (game 1 again) a new turn for every seat', () => {
    const record = handMade('10-pot-redeal');
    let series = seriesOf(record, 1).after;
    let last: SeatEvent[] = [];
    for (const { seat, action } of record.actions) {
      const next = step(series, seat, action, OTHER_DEAL);
      last = eventsOf(series, next);
      series = next;
    }
    expect(series.status).toBe('playing');
    expect(last).toEqual([
      ...SEATS.map((seat) => ({ type: 'game_over', seat, gameNumber: 1, dealIndex: 0 })),
      ...SEATS.map((seat) => ({ type: 'turn', seat, gameNumber: 1 })),
    ]);
  });
});

describe('reminderAt', () => {
  it('is the deadline minus a quarter of the period, at most one hour before it', () => {
    const t = Date.parse('2026-05-01T12:00:00Z');
    const hour = 3_600_000;
    expect(reminderAt(t, 1)).toBe(t + 45 * 60_000);
    expect(reminderAt(t, 2)).toBe(t + 1.5 * hour);
    expect(reminderAt(t, 4)).toBe(t + 3 * hour);
    expect(reminderAt(t, 48)).toBe(t + 47 * hour);
    expect(reminderAt(t, 720)).toBe(t + 719 * hour);
  });
});
