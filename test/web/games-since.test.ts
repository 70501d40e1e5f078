/** fetchGamesSince (web/src/table/games-read.ts): the finished games a page lacks, read from GET …/games page by page (API.md "History paging"). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublishedGame } from '../../web/src/api.js';
import { fetchGamesSince } from '../../web/src/table/games-read.js';

/** A table with `count` finished games answering …/games as API.md pages them (the `limit` newest below `before`, `next` while older remain); records the queries. */
function serve(count: number): string[] {
  const queries: string[] = [];
  const games = Array.from({ length: count }, (_, dealIndex) => ({ dealIndex }) as PublishedGame);
  vi.stubGlobal('fetch', async (path: string) => {
    const url = new URL(path, 'http://table.test');
    queries.push(url.search);
    const end = Number(url.searchParams.get('before') ?? count);
    const start = Math.max(0, end - Number(url.searchParams.get('limit') ?? 20));
    const page = start > 0 ? { games: games.slice(start, end), next: start } : { games: games.slice(start, end) };
    return new Response(JSON.stringify(page), { status: 200 });
  });
  return queries;
}

const indices = (games: readonly PublishedGame[]) => games.map((g) => g.dealIndex);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('fetchGamesSince', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads every game of a long series, page by page from the newest', async () => {
    const queries = serve(250);
    expect(indices(await fetchGamesSince('t', 'tok', []))).toEqual(range(0, 250));
    expect(queries).toEqual(['?limit=100', '?limit=100&before=150', '?limit=100&before=50']);
  });

  it('after a deal change reads one small page for the game that just ended', async () => {
    const queries = serve(12);
    const known = range(0, 11).map((dealIndex) => ({ dealIndex }) as PublishedGame);
    expect(indices(await fetchGamesSince('t', 'tok', known))).toEqual(range(0, 12));
    expect(queries).toEqual(['?limit=4']);
  });

  it('reads back as far as the newest game it knows when many are new', async () => {
    const queries = serve(250);
    const known = range(0, 101).map((dealIndex) => ({ dealIndex }) as PublishedGame);
    expect(indices(await fetchGamesSince('t', 'tok', known))).toEqual(range(0, 250));
    expect(queries).toEqual(['?limit=4', '?limit=100&before=246', '?limit=100&before=146']);
  });
});
