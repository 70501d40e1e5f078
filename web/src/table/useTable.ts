/**
 * A table as the page sees it: the caller's latest view (from the first GET, then pushed
 * over the WebSocket or returned by our own actions), the connection state, the finished
 * games, and `act` to send an action.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Action } from '../../../shared/actions.js';
import { ApiError, fetchGamesSince, fetchView, newActionId, sendAction, type PublishedGame, type TableView } from '../api.js';
import { LiveTable, type ConnectionState } from '../live.js';

export interface TableState {
  readonly view: TableView | null;
  readonly connection: ConnectionState;
  /** A link that opens nothing (401/403/404): shown instead of the table. */
  readonly fatal: ApiError | null;
  /** The last refusal or failure of something this page did; cleared by the next success. */
  readonly error: ApiError | null;
  /** Every finished game of the table, oldest first (null until first read). */
  readonly games: readonly PublishedGame[] | null;
  /** The finished games are being read (at first, and after each deal change): the game that just ended may be missing. */
  readonly gamesLoading: boolean;
  readonly pending: boolean;
  readonly act: (action: Action) => Promise<void>;
  readonly clearError: () => void;
}

export interface TableOptions {
  /**
   * Only a spectator's view may be shown (the embed page): a view for a seat means the link
   * was a seat's secret. Then nothing of it is kept, the connection is dropped, and `fatal`
   * says `seat_link`: the seat's hand must not show in another site's frame.
   */
  readonly spectatorOnly?: boolean;
  /** Fetch the finished games (default true); a page that does not list them spares the request. */
  readonly games?: boolean;
}

/** `fatal.code` when a page that takes only spectator links was opened with a seat's. */
export const SEAT_LINK = 'seat_link';

/** Which dealt game a view belongs to: it changes when a game ends and the next is dealt. */
const dealKey = (view: TableView): string => `${view.gameNumber}/${view.dealer}/${view.commitment ?? ''}/${view.seriesOver}`;

export function useTable(tableId: string, token: string, { spectatorOnly = false, games: withGames = true }: TableOptions = {}): TableState {
  const [view, setView] = useState<TableView | null>(null);
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  const [fatal, setFatal] = useState<ApiError | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [games, setGames] = useState<readonly PublishedGame[] | null>(null);
  const [gamesLoading, setGamesLoading] = useState(withGames);
  const knownGames = useRef<readonly PublishedGame[]>([]);
  const gamesRead = useRef(0);
  const [pending, setPending] = useState(false);
  const current = useRef<TableView | null>(null);
  const lastDeal = useRef<string | null>(null);
  const live = useRef<LiveTable | null>(null);
  const refused = useRef(false);

  const loadGames = useCallback(() => {
    if (!withGames) return;
    // Only the newest read may end the loading: an older one answering last would drop a game.
    const read = ++gamesRead.current;
    setGamesLoading(true);
    fetchGamesSince(tableId, token, knownGames.current).then(
      (all) => {
        if (read !== gamesRead.current) return;
        knownGames.current = all;
        setGames(all);
        setGamesLoading(false);
      },
      () => {
        // The games are a convenience: the table itself stays usable; they are read again on the next deal.
        if (read === gamesRead.current) setGamesLoading(false);
      },
    );
  }, [tableId, token, withGames]);

  /** Views arrive from three sources in any order: only a newer one replaces what is shown. */
  const accept = useCallback(
    (next: TableView) => {
      if (refused.current) return;
      if (spectatorOnly && next.seat !== null) {
        refused.current = true;
        live.current?.stop();
        setFatal(new ApiError(403, SEAT_LINK, "a seat's link where only a spectator's is taken"));
        return;
      }
      const shown = current.current;
      if (shown !== null && next.version < shown.version) return;
      current.current = next;
      setView(next);
      const key = dealKey(next);
      if (lastDeal.current !== null && lastDeal.current !== key) loadGames();
      lastDeal.current = key;
    },
    [loadGames, spectatorOnly],
  );

  useEffect(() => {
    if (token === '') {
      setFatal(new ApiError(401, 'unauthorized', 'no token in the link'));
      return;
    }
    let cancelled = false;
    knownGames.current = [];
    const liveTable = new LiveTable(tableId, token, {
      onView: (v) => !cancelled && accept(v),
      onState: (s) => !cancelled && setConnection(s),
      onFatal: (e) => !cancelled && setFatal(e),
    });
    live.current = liveTable;
    fetchView(tableId, token).then(
      (v) => {
        if (cancelled) return;
        accept(v);
        if (!refused.current) liveTable.start();
      },
      (err: unknown) => {
        if (cancelled) return;
        const failure = err instanceof ApiError ? err : new ApiError(0, 'network', String(err));
        if (failure.status === 401 || failure.status === 403 || failure.status === 404) setFatal(failure);
        else {
          // Not reachable now: the live connection keeps trying and brings the view when it can.
          setError(failure);
          liveTable.start();
        }
      },
    );
    loadGames();
    return () => {
      cancelled = true;
      liveTable.stop();
      if (live.current === liveTable) live.current = null;
    };
  }, [tableId, token, accept, loadGames]);

  const act = useCallback(
    async (action: Action) => {
      const shown = current.current;
      if (shown === null) return;
      setPending(true);
      try {
        const sent = { ...action, id: newActionId(), version: shown.version };
        accept(await (live.current?.act(sent) ?? sendAction(tableId, token, sent)));
        setError(null);
      } catch (err) {
        const failure = err instanceof ApiError ? err : new ApiError(0, 'network', String(err));
        setError(failure);
        // Someone else moved first (or the answer was lost): show the table as it is now.
        if (failure.code === 'stale_version' || failure.code === 'not_your_turn' || failure.code === 'illegal_action') {
          fetchView(tableId, token).then(accept, () => {});
        }
      } finally {
        setPending(false);
      }
    },
    [tableId, token, accept],
  );

  return { view, connection, fatal, error, games, gamesLoading, pending, act, clearError: () => setError(null) };
}
