/**
 * The replay's bookkeeping (web/src/table/replay-steps.ts) against complete games played by
 * the engine: no card appears or vanishes at any step, and the trick shown after every third
 * card is the record's trick with its winner.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRng, randomMove } from '../../shared/bots.js';
import { dealFromSeed } from '../../shared/deal.js';
import { applyAction, newGame, type GameState } from '../../shared/game.js';
import { validateOptions, type Seat } from '../../shared/options.js';
import { recordOf, type GameRecord } from '../../shared/record.js';
import { applySeriesAction, dealNextGame, startSeries } from '../../shared/series.js';
import { viewOf } from '../../shared/view.js';
import { snapshotAt } from '../../web/src/table/replay-steps.js';

function playedGame(seed: number, options: unknown): GameRecord {
  const rng = seededRng(seed);
  const validated = validateOptions(options);
  if (!validated.ok) throw new Error(validated.error.message);
  const dealt = dealFromSeed(seed.toString(16).padStart(64, '0'));
  if (!dealt.ok) throw new Error(dealt.error.message);
  let game: GameState = newGame(validated.value, dealt.value, (seed % 3) as Seat);
  for (let move = randomMove(game, rng); move !== null; move = randomMove(game, rng)) {
    const next = applyAction(game, move.seat, move.action);
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
  }
  return recordOf(game);
}

describe('replay steps', () => {
  it('R10.3: at every step the 32 cards are in the hands, the stock, the discards or the tricks, each once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.record({
          doubling: fc.boolean(),
          kontra: fc.boolean(),
          knock: fc.boolean(),
          tenTrickBid: fc.boolean(),
          trump: fc.constantFrom('led', 'named'),
        }),
        (seed, options) => {
          const record = playedGame(seed, options);
          const played: string[] = [];
          for (let step = 0; step <= record.actions.length; step++) {
            const snapshot = snapshotAt(record, step);
            const action = record.actions[step - 1]?.action;
            if (action?.type === 'play') played.push(action.card);
            const discarded = snapshot.stock.length === 0 ? (record.discards ?? []) : [];
            const all = [...snapshot.hands.flat(), ...snapshot.stock, ...discarded, ...played];
            expect(new Set(all).size).toBe(32);
            expect(all).toHaveLength(32);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("R7.7: after each third card the trick on show is the record's, with its winner", () => {
    const record = playedGame(12345, { doubling: true });
    let trickIndex = 0;
    record.actions.forEach(({ action }, i) => {
      const snapshot = snapshotAt(record, i + 1);
      if (action.type !== 'play') return;
      if (snapshot.trick.length === 3) {
        const expected = record.tricks[trickIndex++]!;
        expect(snapshot.trick).toEqual(expected.cards);
        expect(snapshot.winner).toBe(expected.winner);
      } else expect(snapshot.winner).toBeNull();
    });
    expect(trickIndex).toBe(record.tricks.length);
  });

  it('shows what was said, in order, without naming a card', () => {
    const record = playedGame(777, { doubling: true, kontra: true });
    const said = snapshotAt(record, record.actions.length).said;
    const spoken = record.actions.filter(({ action }) => action.type !== 'play');
    expect(said.map((line) => [line.seat, line.type])).toEqual(spoken.map(({ seat, action }) => [seat, action.type]));
    expect(JSON.stringify(said)).not.toMatch(/"cards"/);
  });

  it('R7.12: a refused claim is said as refused at its step, and changes no card', () => {
    const record = playedGame(777, { doubling: true, kontra: true });
    const at = record.actions.findIndex(({ action }) => action.type === 'play') + 1;
    const claimed = {
      ...record,
      actions: [
        ...record.actions.slice(0, at),
        { seat: 0 as Seat, action: { type: 'claim' as const }, refused: true as const },
        ...record.actions.slice(at),
      ],
    };
    const before = snapshotAt(record, at);
    const after = snapshotAt(claimed, at + 1);
    expect(after.said.at(-1)).toEqual({ seat: 0, type: 'claim', refused: true });
    expect({ ...after, said: after.said.slice(0, -1) }).toEqual(before);
    expect(snapshotAt(claimed, claimed.actions.length).hands).toEqual(snapshotAt(record, record.actions.length).hands);
  });

  it("R8.2, R10.3: at the end of a game the replay says what the game's view says, re and no re included", () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 300; seed++) {
      const rng = seededRng(seed);
      const started = startSeries({ games: 1, kontra: true, doubling: true, trump: seed % 2 === 0 ? 'named' : 'led' });
      if (!started.ok) throw new Error(started.error.message);
      const dealt = dealFromSeed(seed.toString(16).padStart(64, '0'));
      if (!dealt.ok) throw new Error(dealt.error.message);
      const first = dealNextGame(started.value, dealt.value);
      if (!first.ok) throw new Error(first.error.message);
      let series = first.value;
      for (let move = randomMove(series.game!, rng); move !== null; move = randomMove(series.game!, rng)) {
        const next = applySeriesAction(series, move.seat, move.action);
        if (!next.ok) throw new Error(next.error.message);
        series = next.value;
      }
      const record = series.records.at(-1)!;
      const history = viewOf(series, null)!.history;
      expect(snapshotAt(record, record.actions.length).said, `seed ${seed}`).toEqual(history);
      for (const line of history) if (line.type === 're') seen.add(`re:${line.re}`);
    }
    expect(seen, 'games with re and with no re among the seeds').toEqual(new Set(['re:true', 're:false']));
  });
});
