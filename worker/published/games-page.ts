/**
 * One page of a table's finished games (API.md "History paging", `GET …/games?limit=n&before=i`):
 * the `limit` newest games whose dealIndex is below `before` (all when it is absent), oldest
 * first, and `next`, the `before` of the next older page, while older games remain.
 *
 * A table's finished games are its deals 0, 1, … finishedCount − 1 (redeals included), so a
 * page is a range of deal indices. Each comes from D1 when it is there, else from the table's
 * own log (still in the outbox, or D1 down): nothing is missing meanwhile.
 */
import type { PublishedGame } from './published.js';

export interface GamesPageRequest {
  /** Only games with a smaller dealIndex; absent: up to the newest. */
  readonly before?: number;
  /** At most this many games, 1 … MAX_GAMES_LIMIT. */
  readonly limit: number;
}

export interface GamesPage<G extends { readonly dealIndex: number } = PublishedGame> {
  /** Oldest first. */
  readonly games: G[];
  /** The `before` of the next older page; absent when this page holds the oldest game. */
  readonly next?: number;
}

/** The deal indices of the page: [start, end). */
export function pageRange(finishedCount: number, page: GamesPageRequest): { start: number; end: number } {
  const end = Math.max(0, Math.min(page.before ?? finishedCount, finishedCount));
  return { start: Math.max(0, end - page.limit), end };
}

/**
 * The page `page` of a table with `finishedCount` finished games. `fromD1`: games read from
 * the history (any of them; those outside the page are ignored, so the page read from D1, all
 * games or none will do); `fromTable(dealIndex)`: the game from the table itself, for those
 * D1 lacks. (Generic only so that a caller holding the games in another form, as an RPC
 * answer, needs no cast.)
 */
export function pageOfGames<G extends { readonly dealIndex: number } = PublishedGame>(
  fromD1: readonly G[],
  fromTable: (dealIndex: number) => G | undefined,
  finishedCount: number,
  page: GamesPageRequest,
): GamesPage<G> {
  const { start, end } = pageRange(finishedCount, page);
  const stored = new Map<number, G>();
  for (const game of fromD1) if (game.dealIndex >= start && game.dealIndex < end) stored.set(game.dealIndex, game);
  const games: G[] = [];
  for (let dealIndex = start; dealIndex < end; dealIndex++) {
    const game = stored.get(dealIndex) ?? fromTable(dealIndex);
    if (game !== undefined) games.push(game);
  }
  return start > 0 ? { games, next: start } : { games };
}
