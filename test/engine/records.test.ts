/** Records (R10.1) as JSON and as text, and the refusal of damaged or hostile input. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomMove, seededRng } from '../../shared/bots.js';
import { shuffleDeal } from '../../shared/deal.js';
import { formatRecord, parseRecord } from '../../shared/notation.js';
import { recordOf, replayGame, validateRecord, type GameRecord } from '../../shared/record.js';
import { applySeriesAction, dealNextGame, replaySeries, startSeries, type SeriesState } from '../../shared/series.js';
import { expectRefused, gameAfter, must, SUIT_DEAL } from './support.js';

/** A finished game with kontra, a double and a knock, for round trips. */
const sample = (): GameRecord =>
  recordOf(gameAfter('0:double 1:no 2:no 1:6 2:pass 0:pass 1:G8,G7 1:7 0:kontra 1:re 1:HA 2:S7 0:E7 1:HK 2:S8 0:E8', { knock: true }, SUIT_DEAL));

function randomFinishedSeries(seed: number): SeriesState {
  const rng = seededRng(seed);
  let series = must(startSeries({ games: 2, knock: true, trickHistory: 'all', allPass: 'pot' }));
  while (series.status !== 'over') {
    if (series.status === 'awaitingDeal') series = must(dealNextGame(series, shuffleDeal()));
    else {
      const move = randomMove(series.game!, rng)!;
      series = must(applySeriesAction(series, move.seat, move.action));
    }
  }
  return series;
}

describe('the JSON record', () => {
  it('R10.1: a record survives JSON and validates against its own replay', () => {
    for (let seed = 1; seed <= 30; seed++) {
      for (const record of randomFinishedSeries(seed).records) {
        const json = JSON.parse(JSON.stringify(record));
        expect(must(validateRecord(json))).toEqual(record);
      }
    }
  });

  it('R10.1: moves the table made for a seat stay marked (auto: true); any other auto value is refused', () => {
    const record = JSON.parse(JSON.stringify(sample())) as GameRecord;
    const marked = { ...record, actions: record.actions.map((a, i) => (i === 2 ? { ...a, auto: true as const } : a)) };
    expect(must(validateRecord(marked)).actions[2]).toEqual({ ...record.actions[2], auto: true });
    expect(must(validateRecord(marked)).actions[1]).not.toHaveProperty('auto');
    const bad = { ...record, actions: record.actions.map((a, i) => (i === 2 ? { ...a, auto: 1 } : a)) };
    expectRefused(validateRecord(bad), 'bad_request', 'R10.1: an action\'s "auto" can only be true');
  });

  it('R10.1: a record whose derived fields were edited is refused', () => {
    const record = JSON.parse(JSON.stringify(sample()));
    expectRefused(validateRecord({ ...record, settlement: { payments: [0, 0, 0], pot: 0 } }), 'bad_request', 'R10.1: the record\'s "settlement"');
    expectRefused(validateRecord({ ...record, trump: 'E' }), 'bad_request', 'R10.1: the record\'s "trump"');
    expectRefused(validateRecord({ ...record, dealer: 5 }), 'bad_request', 'R10.1');
  });
});

describe('the text notation', () => {
  it('R10.1: parse(format(record)) gives the record back', () => {
    const record = sample();
    const text = formatRecord(record);
    expect(text).toContain('  1. 0:kontra 1:re 1:HA 2:S7 0:E7  => 1');
    expect(must(parseRecord(text))).toEqual(record);
    for (let seed = 100; seed < 130; seed++) {
      for (const r of randomFinishedSeries(seed).records) expect(must(parseRecord(formatRecord(r)))).toEqual(r);
    }
  });

  it('R10.1: text whose derived lines disagree with the play is refused, naming the line', () => {
    const text = formatRecord(sample());
    expectRefused(parseRecord(text.replace('[Trump "H"]', '[Trump "E"]')), 'bad_request', 'notation: [Trump "E"] does not match');
    expectRefused(parseRecord(text.replace('=> 1', '=> 2')), 'bad_request', 'notation: trick 1 is won by seat 1');
    expectRefused(parseRecord(`${text}Settlement: 0:+1 1:-1 2:0 pot:0\n`), 'bad_request', 'notation: the settlement should read "(none');
    const finished = formatRecord(randomFinishedSeries(7).records[0]!);
    expect(finished).toMatch(/^Settlement: /m);
    expectRefused(
      parseRecord(finished.replace(/^Settlement: .*$/m, 'Settlement: 0:+1 1:-1 2:0 pot:0')),
      'bad_request',
      'notation: the settlement should read',
    );
    expectRefused(parseRecord(text.replace('1:HK', '2:HK')), 'illegal_action', 'R10.1: action 14 of the record is refused');
    expectRefused(parseRecord(text.replace('1:HA', 'HA')), 'bad_request', 'notation line');
    expectRefused(parseRecord(text.replace('[Dealer "0"]', '')), 'bad_request', 'notation: [Dealer');
    expectRefused(parseRecord('hello'), 'bad_request', 'notation line 1');
  });
});

describe('hostile input', () => {
  it('R10.1: records, series records, notation, options and deals of any shape are refused, never thrown', () => {
    const series = must(startSeries());
    const readers: ((input: unknown) => { ok: boolean })[] = [
      (x) => replayGame(x as GameRecord),
      (x) => validateRecord(x),
      (x) => replaySeries(x as never),
      (x) => parseRecord(x as string),
      (x) => startSeries(x),
      (x) => dealNextGame(series, x),
    ];
    const recordLike = fc.record(
      {
        options: fc.anything(),
        deal: fc.anything(),
        dealer: fc.anything(),
        gameNumber: fc.anything(),
        potBefore: fc.anything(),
        redeal: fc.anything(),
        actions: fc.anything(),
        games: fc.anything(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.anything(), recordLike, fc.string()), (input) => {
        for (const read of readers) expect(typeof read(input).ok).toBe('boolean');
      }),
      { numRuns: 3000 },
    );
  });
});
