/**
 * Logs and options stored under older rules replay as they were played (worker/table/legacy-log.ts):
 * a re said later in the first trick, or never, after a kontra (before R8.2 made it the
 * declarer's own turn), and pot tables made before redeals were capped (R5.4). Pure
 * functions over the hand-made games; table-object.test.ts loads such storage for real.
 */
import { describe, expect, it } from 'vitest';
import { NO_RE } from '../../shared/actions.js';
import type { Deal } from '../../shared/deal.js';
import { DEFAULT_OPTIONS, OPTION_LIMITS, type Seat } from '../../shared/options.js';
import type { GameRecord } from '../../shared/record.js';
import { applySeriesAction, dealNextGame, startSeries, type SeriesState } from '../../shared/series.js';
import { replayLog, upgradedOptions, type LoggedAction } from '../../worker/table/legacy-log.js';
import { HAND_MADE_SERIES, handMade } from './support.js';

function must<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** A table's start: `records`' options, first dealer and games 1; and its beforeRow, dealing `deals` in turn. */
function tableOf(records: readonly GameRecord[], options: unknown = { ...records[0]!.options, firstDealer: records[0]!.dealer, games: 1 }) {
  const deals: Deal[] = records.map((r) => r.deal);
  let dealt = 0;
  const deal = (series: SeriesState): SeriesState =>
    series.status === 'awaitingDeal' && dealt < deals.length ? must(dealNextGame(series, deals[dealt++]!)) : series;
  return { start: deal(must(startSeries(options))), deal };
}

/** Today's engine alone, row after row: the refusal's message, or null when every row is taken. */
function plainReplay(records: readonly GameRecord[], rows: readonly LoggedAction[]): string | null {
  const { start, deal } = tableOf(records);
  let series = start;
  for (const row of rows) {
    const next = applySeriesAction(deal(series), row.seat, row.action);
    if (!next.ok) return next.error.message;
    series = next.value;
  }
  return null;
}

/** replayLog as the table's load does it: then the next game is dealt if the series waits for one. */
const replay = (records: readonly GameRecord[], rows: readonly LoggedAction[], options?: unknown) => {
  const { start, deal } = tableOf(records, options);
  const replayed = replayLog(start, rows, deal);
  return replayed.ok ? { ...replayed, value: deal(replayed.value) } : replayed;
};

/** The series of today's engine alone over `rows` (which it must take). */
function engineOnly(records: readonly GameRecord[], rows: readonly LoggedAction[]): SeriesState {
  const { start, deal } = tableOf(records);
  return rows.reduce((series, row) => must(applySeriesAction(deal(series), row.seat, row.action)), start);
}

const typeOf = (row: LoggedAction) => (row.action as { type: string }).type;

/**
 * A log of today's rules, the decision after the kontra being `decision`, and the same log
 * as an older release stored it: the decision moved `by` rows on (within the first trick),
 * or never said when it was no re (by: null).
 */
function logs(record: GameRecord, decision: { type: 're'; re?: false }, by: number | null): { today: LoggedAction[]; old: LoggedAction[] } {
  const today: LoggedAction[] = record.actions.map(({ seat, action }) => ({ seat, action }));
  const decisionAt = today.findIndex((r) => typeOf(r) === 'kontra') + 1;
  expect(typeOf(today[decisionAt]!)).toBe('re');
  today[decisionAt] = { seat: record.declarer!, action: decision };
  const old = today.filter((_, i) => i !== decisionAt);
  if (by !== null) old.splice(decisionAt + by, 0, today[decisionAt]!);
  return { today, old };
}

const RE = { type: 're' } as const;

describe("the re decision of an older log (R8.2 before re was the declarer's turn)", () => {
  it.each([
    // 02: 2:SA 0:kontra 2:re 0:S8 1:S7, stored as 2:SA 0:kontra 0:S8 2:re 1:S7 (re before the card that completes the trick).
    ['02-raised-contract-kontra-re', RE, 1, true],
    // 08: 1:EA 2:E9 0:kontra 1:no-re 0:E8, stored as 1:EA 2:E9 0:kontra 0:E8 (no re ever said).
    ['08-mord-lost-early-kontra', NO_RE, null, true],
    // 14: 0:EA=H 2:kontra 0:no-re 1:H9 2:E8, stored as 0:EA=H 2:kontra 1:H9 2:E8.
    ['14-named-trump-kontra-no-re', NO_RE, null, true],
    // 14 with a re instead, said after seat 1's card, or right away (today's place), or with seat 1's and before seat 2's.
    ['14-named-trump-kontra-no-re', RE, 1, false],
    ['14-named-trump-kontra-no-re', RE, 0, false],
  ] as const)(
    "%s, %j stored %s rows later (null: never said): replays as today's log with the decision right after the kontra",
    (name, decision, by, isTheFile) => {
      const record = handMade(name);
      const { today, old } = logs(record, decision, by);
      // Today's engine alone refuses the old log at the first card after the kontra (unless it is today's log already).
      if (by !== 0) expect(plainReplay([record], old)).toMatch(/^R8\.2: /);
      const series = must(replay([record], old));
      const expected = engineOnly([record], today);
      expect(series.status).toBe('over');
      expect(series.records).toEqual(expected.records);
      expect(series.balances).toEqual(expected.balances);
      const [replayed] = series.records;
      const saysRe = !('re' in decision);
      expect(replayed!.re).toBe(saysRe);
      expect(replayed!.multiplier).toBe(record.multiplier * (isTheFile || !saysRe ? 1 : 2));
      // Where the decision is the file's, the replay is exactly the file's game, settlement and all.
      if (isTheFile) expect(replayed).toEqual({ ...record, options: series.options });
    },
  );

  it('a log that ends after the kontra and a card, with no re: no re is implied, and play goes on', () => {
    const record = handMade('08-mord-lost-early-kontra');
    const rows = logs(record, NO_RE, null).old;
    const cardAfter = rows.findIndex((r) => typeOf(r) === 'kontra') + 1;
    const series = must(replay([record], rows.slice(0, cardAfter + 1)));
    const game = series.game!;
    expect([game.awaitingRe, game.re, game.kontra, game.trick.length]).toEqual([false, false, 0, 0]);
    expect(game.completedTricks).toBe(1);
    expect(series.records).toEqual([]);
    // The log: … kontra, the implied no re, the card.
    expect(game.log!.previous!.action).toBe(NO_RE); // the implied no re
    expect(game.log!.previous!.previous!.action).toEqual({ type: 'kontra' });
  });

  it("a log that ends right after the kontra waits for the declarer's decision (nothing is implied)", () => {
    const record = handMade('02-raised-contract-kontra-re');
    const rows = logs(record, RE, 1).old;
    const kontraAt = rows.findIndex((r) => typeOf(r) === 'kontra');
    const game = must(replay([record], rows.slice(0, kontraAt + 1))).game!;
    expect([game.awaitingRe, game.turn]).toEqual([true, record.declarer]);
  });

  it('a re stored after the first trick was complete is not brought forward (the old rules refused it too): a refusal, never a throw', () => {
    const record = handMade('02-raised-contract-kontra-re');
    const rows = logs(record, NO_RE, null).old;
    const trickDone = rows.findIndex((r, i) => typeOf(r) === 'play' && rows.slice(0, i + 1).filter((x) => typeOf(x) === 'play').length === 3);
    rows.splice(trickDone + 1, 0, { seat: record.declarer!, action: { type: 're' } });
    const result = replay([record], rows);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message).toBe(`stored action ${trickDone + 2}: R8.2: re is decided once, right after the kontra`);
  });

  it("every log of today's rules replays unchanged: every hand-made game and series, with the same records as the engine alone", () => {
    for (const names of HAND_MADE_SERIES) {
      const records = names.map(handMade);
      const rows = records.flatMap((r) => r.actions.map(({ seat, action }) => ({ seat, action })));
      expect(plainReplay(records, rows), names.join(' + ')).toBeNull();
      const series = must(replay(records, rows));
      expect(series.records, names.join(' + ')).toEqual(records.map((r) => ({ ...r, options: series.options })));
    }
  });
});

describe('options stored before R5.4 (redeals capped)', () => {
  const fourRedeals = () => {
    // Four all-passes in a row at a pot table without doubling: each dealt by the next dealer (R1.2).
    const records = [
      '18-max-redeals-pass',
      '19-max-redeals-forced-payback',
      '15-opponents-last-trick',
      '18-max-redeals-pass',
      '19-max-redeals-forced-payback',
    ].map(handMade);
    const rows: LoggedAction[] = [];
    for (let redeal = 0; redeal < 4; redeal++) {
      const dealer = redeal % 3;
      for (const seat of [dealer + 1, dealer + 2, dealer]) rows.push({ seat: (seat % 3) as Seat, action: { type: 'pass' } });
    }
    // And the fifth deal's forehand (dealer 1) passes too.
    rows.push({ seat: 2, action: { type: 'pass' } });
    return { records, rows };
  };
  const old = { ...DEFAULT_OPTIONS, allPass: 'pot', doubling: false, games: 1 } as Record<string, unknown>;
  delete old.maxRedeals;
  delete old.potTo;
  delete old.trump;

  it("a pot table's options without maxRedeals get the most it allows; an old series of four redeals in a row replays", () => {
    expect(upgradedOptions(old)).toEqual({ ...old, maxRedeals: OPTION_LIMITS.maxRedeals });
    const { records, rows } = fourRedeals();
    const series = must(replay(records, rows, upgradedOptions(old)));
    // The fifth deal: still game 1, its fourth redeal, in its auction.
    expect([series.status, series.gameNumber, series.redeals, series.pot, series.game!.redeal, series.game!.phase]).toEqual([
      'playing',
      1,
      4,
      12,
      4,
      'auction',
    ]);
    expect(series.balances).toEqual([-4, -4, -4]);
    // Read with today's default of 3, the fourth all-pass would have been the forced game, and the next pass refused.
    const stale = replay(records, rows, old);
    expect(!stale.ok && stale.error.message).toMatch(/^stored action 13: R6\.1/);
  });

  it('potStake of an old forced table (it had no effect) becomes the default; options stored since are untouched', () => {
    const forced = { ...old, allPass: 'forced', potStake: 5 };
    expect(must(startSeries(upgradedOptions(forced))).options.potStake).toBe(1);
    expect(startSeries(forced).ok).toBe(false);
    const current = { ...DEFAULT_OPTIONS, allPass: 'pot', maxRedeals: 2, potStake: 3 };
    expect(upgradedOptions(current)).toBe(current);
    expect(upgradedOptions(DEFAULT_OPTIONS)).toBe(DEFAULT_OPTIONS);
  });
});
