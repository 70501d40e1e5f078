/**
 * One page of a table's finished games (worker/published/games-page.ts, API.md "History
 * paging"): a pure function of the Worker, tested here in Node with the engine's tests.
 */
import { describe, expect, it } from 'vitest';
import { pageOfGames, pageRange, type GamesPageRequest } from '../../worker/published/games-page.js';
import { DEFAULT_GAMES_LIMIT, MAX_GAMES_LIMIT } from '../../worker/model/limits.js';

/** A stand-in for a published game: only dealIndex matters here, `from` tells where it came from. */
interface Game {
  readonly dealIndex: number;
  readonly from: 'd1' | 'table';
}

const d1 = (...indices: number[]): Game[] => indices.map((dealIndex) => ({ dealIndex, from: 'd1' }));
const fromTable = (dealIndex: number): Game => ({ dealIndex, from: 'table' });
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const indicesOf = (games: readonly Game[]) => games.map((g) => g.dealIndex);

describe('pageOfGames', () => {
  it('has the documented default and maximum limit', () => {
    expect(DEFAULT_GAMES_LIMIT).toBe(20);
    expect(MAX_GAMES_LIMIT).toBe(100);
  });

  it.each<[what: string, finished: number, page: GamesPageRequest, games: number[], next: number | undefined]>([
    ['no games', 0, { limit: 20 }, [], undefined],
    ['fewer games than the limit: all, no next', 5, { limit: 20 }, range(0, 5), undefined],
    ['exactly the limit: all, no next', 20, { limit: 20 }, range(0, 20), undefined],
    ['one more than the limit: the newest, next is the oldest of the page', 21, { limit: 20 }, range(1, 21), 1],
    ['the newest 7 of 25', 25, { limit: 7 }, range(18, 25), 18],
    ['before the next of a page', 25, { limit: 7, before: 18 }, range(11, 18), 11],
    ['the oldest page: no next', 25, { limit: 7, before: 4 }, range(0, 4), undefined],
    ['a page that ends just at the oldest game: no next', 25, { limit: 4, before: 4 }, range(0, 4), undefined],
    ['before 1: game 0 alone', 25, { limit: 7, before: 1 }, [0], undefined],
    ['before 0: nothing older', 25, { limit: 7, before: 0 }, [], undefined],
    ['before beyond the newest: as without before', 25, { limit: 7, before: 1000 }, range(18, 25), 18],
    ['limit 1', 3, { limit: 1 }, [2], 2],
    ['the maximum', 150, { limit: 100 }, range(50, 150), 50],
  ])('%s', (_, finished, page, games, next) => {
    const answer = pageOfGames(d1(...range(0, finished)), fromTable, finished, page);
    expect(indicesOf(answer.games)).toEqual(games);
    expect(answer.next).toBe(next);
    expect('next' in answer).toBe(next !== undefined); // absent, not undefined, when nothing older remains
  });

  it('pages through every game once, oldest first within each page, following next', () => {
    for (const finished of [0, 1, 6, 7, 8, 50]) {
      const seen: number[][] = [];
      let before: number | undefined;
      for (let guard = 0; guard < 100; guard++) {
        const answer = pageOfGames(d1(...range(0, finished)), fromTable, finished, { limit: 7, ...(before === undefined ? {} : { before }) });
        seen.unshift(indicesOf(answer.games));
        if (answer.next === undefined) break;
        expect(answer.next).toBeLessThan(before ?? Infinity);
        before = answer.next;
      }
      expect(seen.flat(), `${finished} games`).toEqual(range(0, finished));
    }
  });

  it('fills in from the table what D1 lacks (still in the outbox, or D1 down), and prefers D1', () => {
    // D1 has 0–4 and 7; 5, 6, 8 and 9 wait in the outbox.
    const answer = pageOfGames(d1(0, 1, 2, 3, 4, 7), fromTable, 10, { limit: 6 });
    expect(answer.games).toEqual(
      [fromTable(4), fromTable(5), fromTable(6), fromTable(7), fromTable(8), fromTable(9)].map((g) => ({
        ...g,
        from: [5, 6, 8, 9].includes(g.dealIndex) ? 'table' : 'd1',
      })),
    );
    expect(answer.next).toBe(4);
    // D1 down: everything from the table.
    expect(pageOfGames([], fromTable, 3, { limit: 20 }).games).toEqual([fromTable(0), fromTable(1), fromTable(2)]);
  });

  it('ignores games of D1 outside the page, and games the table does not count as finished', () => {
    const answer = pageOfGames(d1(...range(0, 30)), fromTable, 25, { limit: 5, before: 12 });
    expect(indicesOf(answer.games)).toEqual(range(7, 12));
    expect(answer.games.every((g) => g.from === 'd1')).toBe(true);
  });

  it('skips a game neither D1 nor the table has rather than inventing one', () => {
    const answer = pageOfGames(d1(0, 2), () => undefined, 3, { limit: 20 });
    expect(indicesOf(answer.games)).toEqual([0, 2]);
  });
});

describe('pageRange', () => {
  it('is the deal indices [start, end) of the page', () => {
    expect(pageRange(25, { limit: 7 })).toEqual({ start: 18, end: 25 });
    expect(pageRange(25, { limit: 7, before: 3 })).toEqual({ start: 0, end: 3 });
    expect(pageRange(0, { limit: 7, before: 3 })).toEqual({ start: 0, end: 0 });
  });
});
