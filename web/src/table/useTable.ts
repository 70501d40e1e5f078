/**
 * A table as the page sees it: the caller's latest view (from the first GET, then pushed
 * over the WebSocket or returned by our own actions), the connection state, the finished
 * games, and `act` to send an action.
 */
import { forgetView, forgetViews, recallView, rememberView } from './last-view.js';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Action } from '../../../shared/actions.js';
import { ApiError, fetchView, type ChatMessage, type PublishedGame, type TableView } from '../api.js';
import { withLaterTexts } from '../i18n.js';
import type { LiveTable } from '../live.js';
import type { ConnectionState } from '../live-state.js';
import { whenPainted } from '../lazy.js';
import { takeFirstRead } from './first-read.js';
import type { Moves, QueuedMove } from './moves.js';

export interface TableState {
  readonly view: TableView | null;
  readonly connection: ConnectionState;
  /** A link that opens nothing (401/403/404): shown instead of the table. */
  readonly fatal: ApiError | null;
  /** The last refusal or failure of something this page did; cleared by the next success. */
  readonly error: ApiError | null;
  /**
   * The view shown is the one this device kept from its last visit, received at this time
   * (ISO), not yet brought up to date: nothing may be done on it (`act` refuses) until the
   * live view replaces it. Null once the live view is shown.
   */
  readonly savedAt: string | null;
  /** Every finished game of the table, oldest first (null until first read). */
  readonly games: readonly PublishedGame[] | null;
  /** The finished games are being read (at first, and after each deal change): the game that just ended may be missing. */
  readonly gamesLoading: boolean;
  readonly pending: boolean;
  /** Sends `action`; `label` (the move in words) lets a move made offline wait for the connection (see QueuedMove). */
  readonly act: (action: Action, label?: string) => Promise<void>;
  readonly clearError: () => void;
  /** Shows a view answered to something else the page did (a vacation): as a pushed view, only if not older. */
  readonly show: (view: TableView) => void;
  readonly queued: QueuedMove | null;
  /** Forgets the move waiting for the connection (or the note that it was not sent). */
  readonly cancelQueued: () => void;
  /** Calls `listener` with each chat message pushed over the live connection; answers how to stop. */
  readonly onChat: (listener: (message: ChatMessage) => void) => () => void;
}

/** The code that sends moves (moves.ts) with the later texts that say what became of one: loaded once, again after a failure. */
let movesCode: Promise<typeof import('./moves.js')> | null = null;
function loadMoves(): Promise<typeof import('./moves.js')> {
  movesCode ??= withLaterTexts(() => import('./moves.js')).catch((err: unknown) => {
    movesCode = null;
    throw err;
  });
  // Not there for want of the network (offline, and not yet kept by the service worker): again once online.
  return movesCode.catch(() => new Promise((resolve) => addEventListener('online', () => resolve(loadMoves()), { once: true })));
}

export interface TableOptions {
  /**
   * Only a spectator's view may be shown (the spectator's embed page, which any site may
   * frame): a view for a seat means the link was a seat's secret. Then nothing of it is kept,
   * the connection is dropped, and `fatal` says `seat_link` (the embed page moves to the seat
   * path, which only the sites the admin listed may frame).
   */
  readonly spectatorOnly?: boolean;
  /** Fetch the finished games (default true); a page that does not list them spares the request. */
  readonly games?: boolean;
}

/** `fatal.code` when a page that takes only spectator links was opened with a seat's. */
export const SEAT_LINK = 'seat_link';

/** Which dealt game a view belongs to: it changes when a game ends and the next is dealt. */
const dealKey = (view: TableView): string => `${view.gameNumber}/${view.dealer}/${view.commitment ?? ''}/${view.seriesOver}`;

/**
 * What a link that opens no table any more leaves behind: a table gone (404, 410) takes every
 * kept view of it along, a refused link (401, 403: replaced, say) its own. A kept view holds
 * the seat's cards (R10.2).
 */
function forgetKept(tableId: string, token: string, failure: ApiError): void {
  if (failure.status === 404 || failure.status === 410) forgetViews(tableId);
  else if (failure.status === 401 || failure.status === 403) forgetView(tableId, token);
}

const isFatal = (failure: ApiError): boolean => [401, 403, 404, 410].includes(failure.status);

export function useTable(tableId: string, token: string, { spectatorOnly = false, games: withGames = true }: TableOptions = {}): TableState {
  // The view this device kept for this very link, shown at once, marked as not yet up to date.
  // Not where only a spectator's view may be shown: whether a view is a seat's is told by the live one.
  const [kept] = useState(() => (spectatorOnly || token === '' ? null : recallView(tableId, token)));
  const [view, setView] = useState<TableView | null>(kept?.view ?? null);
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  const [fatal, setFatal] = useState<ApiError | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(kept?.savedAt ?? null);
  const [games, setGames] = useState<readonly PublishedGame[] | null>(null);
  const [gamesLoading, setGamesLoading] = useState(withGames);
  const knownGames = useRef<readonly PublishedGame[]>([]);
  const gamesRead = useRef(0);
  const [pending, setPending] = useState(false);
  const current = useRef<TableView | null>(kept?.view ?? null);
  /** The view shown is the kept one: any live view replaces it, whatever its version. */
  const keptShown = useRef(kept !== null);
  const lastDeal = useRef<string | null>(null);
  const live = useRef<LiveTable | null>(null);
  const refused = useRef(false);
  const [queued, setQueued] = useState<QueuedMove | null>(null);
  const moves = useRef<Moves | null>(null);
  const chatListeners = useRef(new Set<(message: ChatMessage) => void>());
  const onChat = useCallback((listener: (message: ChatMessage) => void) => {
    chatListeners.current.add(listener);
    return () => void chatListeners.current.delete(listener);
  }, []);

  const loadGames = useCallback(() => {
    if (!withGames) return;
    // Only the newest read may end the loading: an older one answering last would drop a game.
    const read = ++gamesRead.current;
    setGamesLoading(true);
    import('./games-read.js')
      .then((games) => games.fetchGamesSince(tableId, token, knownGames.current))
      .then(
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
      if (shown !== null && !keptShown.current && next.version < shown.version) return;
      current.current = next;
      keptShown.current = false;
      moves.current?.viewShown(next);
      setView(next);
      setSavedAt(null);
      rememberView(tableId, token, next);
      const key = dealKey(next);
      if (lastDeal.current !== null && lastDeal.current !== key) loadGames();
      lastDeal.current = key;
    },
    [loadGames, spectatorOnly, tableId, token],
  );

  /** The first read has answered (or failed for want of the network): the live connection may start. */
  const [goLive, setGoLive] = useState(false);

  useEffect(() => {
    if (token === '') {
      setFatal(new ApiError(401, 'unauthorized', 'no token in the link'));
      return;
    }
    let cancelled = false;
    knownGames.current = [];
    (takeFirstRead(tableId, token) ?? fetchView(tableId, token)).then(
      (v) => {
        if (cancelled) return;
        accept(v);
        if (!refused.current) setGoLive(true);
      },
      (err: unknown) => {
        if (cancelled) return;
        const failure = err instanceof ApiError ? err : new ApiError(0, 'network', String(err));
        if (isFatal(failure)) {
          forgetKept(tableId, token, failure);
          setFatal(failure);
        } else {
          // Not reachable now: the live connection keeps trying and brings the view when it can;
          // meanwhile the kept view stays, marked as such (an offline start of the installed app).
          setError(failure);
          setGoLive(true);
        }
      },
    );
    return () => void (cancelled = true);
  }, [tableId, token, accept]);

  // The finished games (the result, the score sheet) are read once the first view is painted,
  // as the parts that show them come then too: the first cards wait for none of it (an effect
  // may run before the browser paints; whenPainted waits for the frame).
  useEffect(() => {
    if (!goLive) return;
    let cancelled = false;
    whenPainted(() => void (cancelled || loadGames()));
    return () => void (cancelled = true);
  }, [goLive, loadGames]);

  // The live connection's code is loaded once the view it follows is painted (this effect runs
  // after that render): the first cards wait for none of it.
  useEffect(() => {
    if (!goLive) return;
    let cancelled = false;
    let liveTable: LiveTable | null = null;
    const connect = () =>
      whenPainted(() => {
        if (cancelled || refused.current) return;
        // With the code that sends moves: a page that says it is live can act, also once it is offline again.
        Promise.all([import('../live.js'), loadMoves()]).then(
          ([{ LiveTable }]) => {
            if (cancelled || refused.current) return;
            liveTable = new LiveTable(tableId, token, {
              onView: (v) => !cancelled && accept(v),
              onState: (s) => {
                if (cancelled) return;
                setConnection(s);
                if (s === 'live') moves.current?.sendWaiting();
              },
              onFatal: (e) => {
                if (cancelled) return;
                forgetKept(tableId, token, e);
                setFatal(e);
              },
              onChat: (message) => {
                if (!cancelled) for (const listener of chatListeners.current) listener(message);
              },
            });
            live.current = liveTable;
            liveTable.start();
          },
          () => {
            // Its code could not be fetched (offline, and not yet kept by the service worker): again when online.
            if (cancelled) return;
            setConnection('offline');
            addEventListener('online', connect, { once: true });
          },
        );
      });
    connect();
    return () => {
      cancelled = true;
      removeEventListener('online', connect);
      liveTable?.stop();
      if (live.current === liveTable) live.current = null;
    };
  }, [goLive, tableId, token, accept]);

  /** The moves, once their code is there. */
  const movesReady = useCallback(async (): Promise<Moves> => {
    const { Moves } = await loadMoves();
    moves.current ??= new Moves({
      tableId,
      token,
      live: () => live.current,
      shown: () => current.current,
      accept,
      setPending,
      setError,
      setQueued,
    });
    return moves.current;
  }, [tableId, token, accept]);

  // A seat's moves are sent by code loaded once its first cards are painted: they wait for none of it.
  const seated = view !== null && view.seat !== null;
  useEffect(() => void (seated && whenPainted(() => void movesReady())), [seated, movesReady]);

  const act = useCallback(
    async (action: Action, label?: string) => {
      const shown = current.current;
      // Never a move on the kept view: its version may be long gone (the page disables the controls too).
      if (shown === null || keptShown.current) return;
      // A move made before the code to send it is there waits for it (busy meanwhile), with the
      // version of the view it was chosen on: the server refuses it if the table moved on since.
      setPending(true);
      await (await movesReady()).act(action, shown.version, label);
    },
    [movesReady],
  );

  return {
    view,
    connection,
    fatal,
    error,
    savedAt,
    games,
    gamesLoading,
    pending,
    act,
    clearError: () => setError(null),
    show: accept,
    queued,
    cancelQueued: () => moves.current?.cancel(),
    onChat,
  };
}
