/**
 * A table kept live over its WebSocket (API.md: the caller's view is pushed after every
 * change). Reconnects with exponential backoff and jitter after a loss, at once when the
 * browser says it is online again or the tab comes back; a heartbeat finds connections
 * that died silently (a phone changing networks). Moves go over the same connection while
 * it is open (no HTTP request per move), otherwise by POST.
 */
import type { ClientMessage, ServerMessage } from '../../worker/model/contract.js';
import { ApiError, fetchView, type ChatMessage, type TableView } from './api.js';
import { sendAction, type SentAction } from './api-later.js';
import { LINK_REPLACED, type ConnectionState } from './live-state.js';
import { pageLanguage } from './prefs.js';

export interface LiveHandlers {
  readonly onView: (view: TableView) => void;
  readonly onState: (state: ConnectionState) => void;
  /** The link is not (or no longer) valid: no point in reconnecting. */
  readonly onFatal: (error: ApiError) => void;
  /** A new message of the table's chat. */
  readonly onChat?: (message: ChatMessage) => void;
}

const HEARTBEAT_MS = 25_000;
const HEARTBEAT_TIMEOUT_MS = 10_000;
const MAX_BACKOFF_MS = 30_000;
/** An action's answer takes longer than this over the socket: it is sent again by POST (same id, applied once). */
const ANSWER_TIMEOUT_MS = 8_000;

/** The close code of a socket whose link the table's admin replaced (worker/table/sockets.ts CLOSE_LINK_REPLACED). */
const CLOSE_LINK_REPLACED = 4001;

interface AwaitedAnswer {
  readonly resolve: (view: TableView) => void;
  readonly reject: (error: ApiError) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

export class LiveTable {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private lastHeard = 0;
  private stopped = false;
  private state: ConnectionState = 'connecting';
  /** Actions sent over the socket, by id, until answered. */
  private readonly answers = new Map<string, AwaitedAnswer>();

  constructor(
    private readonly tableId: string,
    private readonly token: string,
    private readonly handlers: LiveHandlers,
  ) {}

  start(): void {
    addEventListener('online', this.reconnectNow);
    addEventListener('offline', this.wentOffline);
    document.addEventListener('visibilitychange', this.onVisibility);
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    removeEventListener('online', this.reconnectNow);
    removeEventListener('offline', this.wentOffline);
    document.removeEventListener('visibilitychange', this.onVisibility);
    clearTimeout(this.retryTimer);
    this.dropSocket();
  }

  /**
   * Sends an action and resolves with the caller's new view: over the open socket, or by
   * POST when there is none or it gives no answer (lost with the connection, or too slow);
   * the same id makes that safe, as the server applies an id once whichever way it came.
   */
  async act(action: SentAction): Promise<TableView> {
    const socket = this.socket;
    if (socket !== null && socket.readyState === WebSocket.OPEN) {
      try {
        return await this.actOver(socket, action);
      } catch (err) {
        // No answer, or a connection that cannot act (opened before the server took moves over it): by POST.
        if (!(err instanceof ApiError) || (err.code !== 'network' && err.status !== 401)) throw err;
      }
    }
    return sendAction(this.tableId, this.token, action);
  }

  private actOver(socket: WebSocket, action: SentAction): Promise<TableView> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.settle(action.id, { error: new ApiError(0, 'network', 'no answer over the live connection') }),
        ANSWER_TIMEOUT_MS,
      );
      this.answers.set(action.id, { resolve, reject, timer });
      socket.send(JSON.stringify({ type: 'action', action } satisfies ClientMessage));
    });
  }

  private settle(id: string, outcome: { view: TableView } | { error: ApiError }): void {
    const awaited = this.answers.get(id);
    if (awaited === undefined) return;
    this.answers.delete(id);
    clearTimeout(awaited.timer);
    if ('view' in outcome) awaited.resolve(outcome.view);
    else awaited.reject(outcome.error);
  }

  private setState(state: ConnectionState): void {
    if (state === this.state) return;
    this.state = state;
    this.handlers.onState(state);
  }

  private connect(): void {
    if (this.stopped || this.socket !== null) return;
    if (!navigator.onLine) {
      this.setState('offline');
      return;
    }
    this.setState('connecting');
    // The language the page shows: a seat's mails follow it (a switch is told at once: SeatSettings.tsx).
    const url = new URL(`/api/tables/${encodeURIComponent(this.tableId)}/ws?lang=${pageLanguage()}`, location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    // Browsers cannot set headers on a WebSocket: the token travels as a subprotocol.
    const socket = new WebSocket(url, ['wallachen', `bearer.${this.token}`]);
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      this.lastHeard = Date.now();
      this.setState('live');
      clearInterval(this.heartbeatTimer);
      this.heartbeatTimer = setInterval(this.heartbeat, HEARTBEAT_MS);
    };
    socket.onmessage = (event) => {
      this.lastHeard = Date.now();
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      if (message.type === 'view') this.handlers.onView(message.view);
      else if (message.type === 'answer') {
        if ('view' in message) this.settle(message.id, { view: message.view });
        else this.settle(message.id, { error: new ApiError(message.status, message.error.code, message.error.message) });
      } else if (message.type === 'chat') this.handlers.onChat?.(message.message);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.dropSocket();
      // The table's admin replaced this link: no use reconnecting with it.
      if (event.code === CLOSE_LINK_REPLACED) {
        this.stop();
        this.handlers.onFatal(new ApiError(401, LINK_REPLACED, event.reason || "this link was replaced by the table's admin"));
        return;
      }
      this.scheduleReconnect();
    };
  }

  private dropSocket(): void {
    clearInterval(this.heartbeatTimer);
    // Answers lost with the connection: those actions go again by POST (see act).
    for (const id of [...this.answers.keys()]) this.settle(id, { error: new ApiError(0, 'network', 'the live connection was lost') });
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = socket.onmessage = socket.onopen = null;
      if (socket.readyState <= WebSocket.OPEN) socket.close();
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    if (!navigator.onLine) {
      this.setState('offline');
      return;
    }
    this.setState('connecting');
    this.attempts++;
    // A WebSocket refusal says nothing about why: after a failure ask over HTTP, which
    // tells a dead link (stop) from a passing network problem (try again).
    if (this.attempts >= 2) void this.checkLink();
    const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(this.attempts - 1, 10));
    this.retryTimer = setTimeout(() => this.connect(), delay / 2 + Math.random() * (delay / 2));
  }

  private async checkLink(): Promise<void> {
    try {
      this.handlers.onView(await fetchView(this.tableId, this.token));
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403 || err.status === 404)) {
        this.stop();
        this.handlers.onFatal(err);
      }
    }
  }

  private readonly heartbeat = (): void => {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    if (Date.now() - this.lastHeard > HEARTBEAT_MS + HEARTBEAT_TIMEOUT_MS) {
      this.dropSocket();
      this.scheduleReconnect();
      return;
    }
    socket.send(JSON.stringify({ type: 'ping' } satisfies ClientMessage));
  };

  private readonly reconnectNow = (): void => {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.attempts = 0;
    if (this.socket === null) this.connect();
  };

  private readonly wentOffline = (): void => {
    this.dropSocket();
    clearTimeout(this.retryTimer);
    this.setState('offline');
  };

  private readonly onVisibility = (): void => {
    if (document.visibilityState !== 'visible' || this.socket !== null) return;
    this.reconnectNow();
  };
}
