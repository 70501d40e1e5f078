/**
 * A table as the page sees it: the caller's latest view (from the first GET, then pushed
 * over the WebSocket or returned by our own actions), the connection state, the finished
 * games, and `act` to send an action.
 */
import { recallView, rememberView } from './last-view.js';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Action } from '../../../shared/actions.js';
import {
  ApiError,
  fetchGamesSince,
  fetchView,
  newActionId,
  sendAction,
  type ChatMessage,
  type PublishedGame,
  type SentAction,
  type TableView,
} from '../api.js';
import type { LiveTable } from '../live.js';
import type { ConnectionState } from '../live-state.js';
import { whenPainted } from '../lazy.js';
import { takeFirstRead } from './first-read.js';

export interface TableState {
  readonly view: TableView | null;
  readonly connection: ConnectionState;
  /** A link that opens nothing (401/403/404): shown instead of the table. */
  readonly fatal: ApiError | null;
  /** The last refusal or failure of something this page did; cleared by the next success. */
  readonly error: ApiError | null;
  /** The table out of reach: the view shown is the one this device last saw, at this time (ISO); else null. */
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

/**
 * A move made while the server could not be reached. It waits, and is sent again with the
 * same id (so the server applies it at most once) when the live connection is back — unless
 * the table moved on meanwhile: a move chosen on an older table is not sent.
 */
export interface QueuedMove {
  /** The move in words. */
  readonly label: string;
  /** waiting: for the connection; sending: it is back, the move is on its way; dropped: not sent, the table moved on. */
  readonly state: 'waiting' | 'sending' | 'dropped';
}

/**
 * Whether a move that waited for the connection still stands on the table `now`: when the
 * table has not moved since it was chosen, or when it is a seat's doubling decision the view
 * still offers (API.md: the server takes a seat's first double in the window whatever the
 * others decided meanwhile, R3.1: it depends on nobody else's move).
 */
function stillStands(move: SentAction, now: TableView): boolean {
  if (now.version === move.version) return true;
  return move.type === 'double' && now.legalActions.some((a) => a.type === 'double' && a.double === move.double);
}

/** Refusals that mean the table is not where the move was chosen: someone else moved first. */
const MOVED_ON = new Set(['stale_version', 'not_your_turn', 'illegal_action']);

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

export function useTable(tableId: string, token: string, { spectatorOnly = false, games: withGames = true }: TableOptions = {}): TableState {
  const [view, setView] = useState<TableView | null>(null);
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  const [fatal, setFatal] = useState<ApiError | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [games, setGames] = useState<readonly PublishedGame[] | null>(null);
  const [gamesLoading, setGamesLoading] = useState(withGames);
  const knownGames = useRef<readonly PublishedGame[]>([]);
  const gamesRead = useRef(0);
  const [pending, setPending] = useState(false);
  const current = useRef<TableView | null>(null);
  const lastDeal = useRef<string | null>(null);
  const live = useRef<LiveTable | null>(null);
  const refused = useRef(false);
  const [queued, setQueued] = useState<QueuedMove | null>(null);
  /** The move waiting for the connection (kept in a ref too: the socket's callbacks see it without a render). */
  const waiting = useRef<{ sent: SentAction; label: string } | null>(null);
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
      if (waiting.current !== null && !stillStands(waiting.current.sent, next)) {
        // The table moved on while the move waited: it was chosen for a table that is gone.
        setQueued({ label: waiting.current.label, state: 'dropped' });
        waiting.current = null;
      }
      setView(next);
      setSavedAt(null);
      rememberView(tableId, token, next);
      const key = dealKey(next);
      if (lastDeal.current !== null && lastDeal.current !== key) loadGames();
      lastDeal.current = key;
    },
    [loadGames, spectatorOnly, tableId, token],
  );

  useEffect(() => {
    if (token === '') {
      setFatal(new ApiError(401, 'unauthorized', 'no token in the link'));
      return;
    }
    let cancelled = false;
    knownGames.current = [];
    let liveTable: LiveTable | null = null;
    // The live connection's code is loaded once the table is painted: the first cards wait for none of it.
    const goLive = () =>
      whenPainted(() => {
        if (cancelled || refused.current) return;
        import('../live.js').then(
          ({ LiveTable }) => {
            if (cancelled || refused.current) return;
            liveTable = new LiveTable(tableId, token, {
              onView: (v) => !cancelled && accept(v),
              onState: (s) => {
                if (cancelled) return;
                setConnection(s);
                if (s === 'live') sendWaitingRef.current();
              },
              onFatal: (e) => !cancelled && setFatal(e),
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
            addEventListener('online', goLive, { once: true });
          },
        );
      });
    (takeFirstRead(tableId, token) ?? fetchView(tableId, token)).then(
      (v) => {
        if (cancelled) return;
        accept(v);
        goLive();
      },
      (err: unknown) => {
        if (cancelled) return;
        const failure = err instanceof ApiError ? err : new ApiError(0, 'network', String(err));
        if (failure.status === 401 || failure.status === 403 || failure.status === 404) setFatal(failure);
        else {
          // Not reachable now: the live connection keeps trying and brings the view when it can;
          // meanwhile the view this device last saw, marked as such (offline start of the installed app).
          setError(failure);
          const last = recallView(tableId, token);
          if (last !== null && current.current === null) {
            current.current = last.view;
            setView(last.view);
            setSavedAt(last.savedAt);
          }
          goLive();
        }
      },
    );
    loadGames();
    return () => {
      cancelled = true;
      removeEventListener('online', goLive);
      liveTable?.stop();
      if (live.current === liveTable) live.current = null;
    };
  }, [tableId, token, accept, loadGames]);

  const deliver = useCallback(
    async (sent: SentAction, label: string | undefined, again: boolean) => {
      setPending(true);
      try {
        accept(await (live.current?.act(sent) ?? sendAction(tableId, token, sent)));
        setError(null);
        if (again) setQueued(null);
      } catch (err) {
        const failure = err instanceof ApiError ? err : new ApiError(0, 'network', String(err));
        if (failure.code === 'network' && label !== undefined) {
          waiting.current = { sent, label };
          setQueued({ label, state: 'waiting' });
        } else if (again && MOVED_ON.has(failure.code)) {
          setQueued({ label: label ?? '', state: 'dropped' });
        } else {
          if (again) setQueued(null);
          setError(failure);
        }
        // Someone else moved first (or the answer was lost): show the table as it is now.
        if (MOVED_ON.has(failure.code)) fetchView(tableId, token).then(accept, () => {});
      } finally {
        setPending(false);
      }
    },
    [tableId, token, accept],
  );

  const act = useCallback(
    async (action: Action, label?: string) => {
      const shown = current.current;
      if (shown === null) return;
      waiting.current = null;
      setQueued(null);
      await deliver({ ...action, id: newActionId(), version: shown.version }, label, false);
    },
    [deliver],
  );

  /** The connection is back: the waiting move goes, with its id, if the table is still where it was chosen. */
  const sendWaiting = useCallback(() => {
    const move = waiting.current;
    if (move === null) return;
    waiting.current = null;
    if (current.current !== null && !stillStands(move.sent, current.current)) {
      setQueued({ label: move.label, state: 'dropped' });
      return;
    }
    setQueued({ label: move.label, state: 'sending' });
    void deliver(move.sent, move.label, true);
  }, [deliver]);
  const sendWaitingRef = useRef(sendWaiting);
  sendWaitingRef.current = sendWaiting;

  const cancelQueued = useCallback(() => {
    waiting.current = null;
    setQueued(null);
  }, []);

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
    cancelQueued,
    onChat,
  };
}
