/**
 * Reading a table's finished games: loaded after a table page's first cards (what shows the
 * games, the result and the score sheet, comes then too) and by the replay page.
 */
import { call, type PublishedGame } from '../api.js';

/** One page of the finished games (API.md "History paging"): the `limit` newest below `before`, oldest first. */
export const fetchGames = (tableId: string, token: string, page: { before?: number; limit?: number } = {}): Promise<{ games: PublishedGame[] }> => {
  const query = [page.limit === undefined ? '' : `limit=${page.limit}`, page.before === undefined ? '' : `before=${page.before}`]
    .filter(Boolean)
    .join('&');
  return call(`/api/tables/${encodeURIComponent(tableId)}/games${query === '' ? '' : `?${query}`}`, { token });
};

/** The largest page `GET …/games` answers (API.md "History paging"; worker/published/games-page.ts). */
const GAMES_PAGE_LIMIT = 100;

/**
 * The table's finished games, oldest first: `known` (an earlier answer, oldest first) and the
 * games finished since, read page by page from the newest back to the first one not known.
 */
export async function fetchGamesSince(tableId: string, token: string, known: readonly PublishedGame[]): Promise<PublishedGame[]> {
  const newestKnown = known.at(-1)?.dealIndex ?? -1;
  const pages: PublishedGame[][] = [];
  let before: number | undefined;
  // After a deal change one game or two are new: a small first page spares reading a hundred known ones.
  let limit = known.length === 0 ? GAMES_PAGE_LIMIT : 4;
  for (; ; limit = GAMES_PAGE_LIMIT) {
    const query = `limit=${limit}${before === undefined ? '' : `&before=${before}`}`;
    const page = await call<{ games: PublishedGame[]; next?: number }>(`/api/tables/${encodeURIComponent(tableId)}/games?${query}`, { token });
    pages.unshift(page.games.filter((game) => game.dealIndex > newestKnown));
    if (page.next === undefined || page.next <= newestKnown + 1) break;
    before = page.next;
  }
  return [...known, ...pages.flat()];
}
