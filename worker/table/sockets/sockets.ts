/**
 * The table's WebSockets (hibernation API): open one for a seat or a spectator within the
 * limits, push every socket its own view (R10.2) after a change, and take the messages a
 * client sends (socket-protocol.ts) one at a time per socket, in the order sent.
 *
 * A socket is pushed a view only when its own view changed since the last it was sent: a
 * frame that came because another seat's private state changed (its webhook turned off, its
 * link replaced) would tell of that change by arriving at all (README, "Security").
 */
import type { ServerMessage } from '../../model/contract.js';
import type { Seat } from '../../../shared/options.js';
import type { ActionRequest } from '../../model/table.js';
import { failure, success, type Outcome } from '../../published/outcome.js';
import type { TableView } from '../../published/published.js';
import { parseClientMessage } from './socket-protocol.js';

/** Limits on a table's sockets (README, "Limits"). */
export const SOCKET_LIMITS = {
  /** Open sockets per table: one more is refused. */
  perTable: 60,
  /** Open sockets per seat link: one more closes that link's oldest (a phone that changed networks leaves one behind). */
  perSeatLink: 5,
  /** Open sockets per spectator link (shared by every watcher of an embedded table): one more is refused. */
  perSpectatorLink: 50,
  /**
   * Messages a link may send per window over all its sockets (one budget for the spectator
   * link's 50, not 50 budgets): twice the actions a link may send (ACTION_LIMITER, 120 per
   * 10 s, whose windows need not line up with this one's: a burst at the end of one and the
   * start of the next is 240 in 10 s), so a fast bot meets that limit first. Beyond it each
   * message is refused; beyond twice it, each closes the socket that sent it. The runtime
   * answers the heartbeat's pings itself: they do not count.
   */
  messages: 300,
  windowMs: 10_000,
  /** A socket refused for a full table or spectator link may try again after this many seconds (Retry-After): others leave as pages close. */
  retryAfterSeconds: 60,
} as const;

/**
 * How long a socket may be silent and still count as a page showing the table (presence.ts).
 * The web app pings every 25 s, a background tab at least once a minute; a socket silent
 * for longer belongs to a page that sleeps (a closed laptop, a frozen tab) whose connection
 * was not seen to end: its player is not at the table.
 */
export const PAGE_SILENCE_MS = 3 * 60_000;

/** Close codes of our own (4000–4999 are the application's). */
export const CLOSE_REPLACED = 4008;
export const CLOSE_FLOODING = 1008;
/** The socket's link was replaced by the table's admin (API.md "Table admin"): the page must not reconnect with it. */
export const CLOSE_LINK_REPLACED = 4001;

export const PONG = JSON.stringify({ type: 'pong' } satisfies ServerMessage);

/** What a socket carries through hibernation: its caller, the hash of the token it came with, when it opened, and which view it was sent last. */
interface SocketAttachment {
  readonly seat: Seat | null;
  readonly tokenHash?: string;
  readonly openedAt?: number;
  /** The `digestOf` the last view sent to it (absent on sockets opened before it was kept: their next push goes out). */
  readonly sent?: string;
}

/**
 * Names a view's frame text in 64 bits: kept per socket, to tell whether its view changed.
 * Two multiplicative lanes over the text's code units (cyrb53's mixing, both lanes kept), not
 * SHA-256, which in JavaScript took ≈70 µs per 3 KB frame, three or more per action
 * (docs/benchmarks.md, "The pushes' digests"). A collision could only hold a changed view
 * back from a socket until the next change, never send one that did not change (which is
 * what must not happen: R10.2); and aiming one at a seat's socket needs its whole view, its
 * own cards included (docs/security.md).
 */
export function digestOf(frame: string): string {
  let a = 0xdeadbeef ^ frame.length;
  let b = 0x41c6ce57 ^ frame.length;
  for (let i = 0; i < frame.length; i++) {
    const unit = frame.charCodeAt(i);
    a = Math.imul(a ^ unit, 2654435761);
    b = Math.imul(b ^ unit, 1597334677);
  }
  a = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
  b = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

const viewFrame = (view: TableView): string => JSON.stringify({ type: 'view', view } satisfies ServerMessage);

/** What the sockets need of the table. */
export interface SocketHandlers {
  /** The caller's current view, or null when the table is gone. */
  view(seat: Seat | null): TableView | null;
  /** An action sent over `ws` by the token `tokenHash`: its answer message. */
  act(ws: WebSocket, tokenHash: string, id: string, request: ActionRequest): Promise<ServerMessage>;
  /** A message was answered with a refusal of `code`. */
  refused(code: string): void;
}

function send(ws: WebSocket, message: ServerMessage): void {
  sendText(ws, JSON.stringify(message));
}

function sendText(ws: WebSocket, text: string): void {
  try {
    ws.send(text);
  } catch {
    // Closed meanwhile (by its client, or by a limit while its messages were waiting): its client reconnects and gets the current view.
  }
}

/** Notes on the socket which view it was sent last (kept through hibernation). */
function sent(ws: WebSocket, digest: string): void {
  try {
    ws.serializeAttachment({ ...(ws.deserializeAttachment() as SocketAttachment), sent: digest } satisfies SocketAttachment);
  } catch {
    // Closed meanwhile: nothing more goes to it.
  }
}

export class TableSockets {
  /** Per socket, the message being handled: the next waits for it (order as sent). */
  private readonly queues = new Map<WebSocket, Promise<void>>();
  /**
   * Per link (its token's hash), the messages of the current window over all its sockets; a
   * socket closing leaves its link's count as it is. Kept in memory: a client can get the
   * object out of memory only by leaving it 10 s without any event (Cloudflare's hibernation
   * rule; deployments and the runtime's own moves are no client's doing), a whole window, so
   * a flood cannot end its window early by getting the object evicted; counting in storage
   * would cost a write per message, the very load it limits.
   */
  private readonly budgets = new Map<string, { windowStart: number; count: number }>();

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly handlers: SocketHandlers,
  ) {}

  /** Accepts a socket for `seat` (null: a spectator), sends it the view, and answers the 101; or refuses it. */
  open(seat: Seat | null, tokenHash: string, view: TableView, protocol: string | null): Outcome<Response> {
    if (this.ctx.getWebSockets().length >= SOCKET_LIMITS.perTable) {
      return failure(429, 'rate_limited', `this table has ${SOCKET_LIMITS.perTable} open connections, the most it takes; try again later`);
    }
    const ofToken = this.ctx.getWebSockets(tokenHash);
    if (seat === null && ofToken.length >= SOCKET_LIMITS.perSpectatorLink) {
      return failure(
        429,
        'rate_limited',
        `the spectator link has ${SOCKET_LIMITS.perSpectatorLink} open connections, the most it takes; try again later`,
      );
    }
    if (seat !== null && ofToken.length >= SOCKET_LIMITS.perSeatLink) {
      const oldest = ofToken.reduce((a, b) => (openedAt(a) <= openedAt(b) ? a : b));
      this.close(oldest, CLOSE_REPLACED, `at most ${SOCKET_LIMITS.perSeatLink} connections per seat link: this one was the oldest`);
    }
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [tokenHash]);
    const frame = viewFrame(view);
    server.serializeAttachment({ seat, tokenHash, openedAt: Date.now(), sent: digestOf(frame) } satisfies SocketAttachment);
    sendText(server, frame);
    return success(new Response(null, { status: 101, webSocket: client, headers: protocol === null ? {} : { 'Sec-WebSocket-Protocol': protocol } }));
  }

  /** A message from a client: handled after the ones it sent before. */
  receive(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const handled = (this.queues.get(ws) ?? Promise.resolve()).then(() => this.handle(ws, data));
    const settled = handled.catch(() => {});
    this.queues.set(ws, settled);
    void settled.then(() => {
      if (this.queues.get(ws) === settled) this.queues.delete(ws);
    });
    return handled;
  }

  private async handle(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    if (ws.readyState !== WebSocket.OPEN) return; // closed by a limit while this message waited
    const { seat, tokenHash } = ws.deserializeAttachment() as SocketAttachment;
    // A socket from before sockets knew their token counts with its seat's other such sockets.
    const over = this.overBudget(tokenHash || `seat ${seat ?? 'spectator'}`);
    if (over > SOCKET_LIMITS.messages) return this.close(ws, CLOSE_FLOODING, 'too many messages');
    const parsed = parseClientMessage(data);
    const id = parsed.ok ? (parsed.message.type === 'action' ? parsed.message.id : null) : parsed.refusal.id;
    if (over > 0) {
      const error = {
        code: 'rate_limited',
        message: `at most ${SOCKET_LIMITS.messages} messages per ${SOCKET_LIMITS.windowMs / 1000} s over all connections of one link`,
      };
      return this.reply(ws, id === null ? { type: 'error', error } : { type: 'answer', id, status: 429, error });
    }
    if (!parsed.ok) {
      const { status, code, message } = parsed.refusal;
      return this.reply(ws, id === null ? { type: 'error', error: { code, message } } : { type: 'answer', id, status, error: { code, message } });
    }
    const message = parsed.message;
    if (message.type === 'ping') return this.reply(ws, { type: 'pong' }); // a ping written another way than the auto-response's
    if (message.type === 'view') {
      // Asked for: answered even when unchanged (the page asks after a reconnect or a doubt).
      const view = this.handlers.view(seat);
      if (view === null) return;
      const frame = viewFrame(view);
      sent(ws, digestOf(frame));
      return sendText(ws, frame);
    }
    if (seat === null)
      return this.reply(ws, {
        type: 'answer',
        id: message.id,
        status: 403,
        error: { code: 'forbidden', message: 'a spectator link can watch but not play' },
      });
    // A socket opened before actions were taken over WebSockets: it has no token to check.
    if (tokenHash === undefined || tokenHash === '') {
      return this.reply(ws, {
        type: 'answer',
        id: message.id,
        status: 401,
        error: { code: 'unauthorized', message: 'reconnect to act over this connection' },
      });
    }
    const answer = await this.handlers.act(ws, tokenHash, message.id, message.request);
    // The answer carries the socket's new view: a push of the same view after it would be news of something else.
    if (answer.type === 'answer' && 'view' in answer) sent(ws, digestOf(viewFrame(answer.view)));
    this.reply(ws, answer);
  }

  /** Sends `message` in answer to the client's; a refusal is counted for the operator (ops/metrics.ts). */
  private reply(ws: WebSocket, message: ServerMessage): void {
    if ('error' in message) this.handlers.refused(message.error.code);
    send(ws, message);
  }

  /** Counts a message of `link`; answers by how many it exceeds the window's budget (0: within it). */
  private overBudget(link: string): number {
    const now = Date.now();
    let budget = this.budgets.get(link);
    if (budget === undefined || now - budget.windowStart >= SOCKET_LIMITS.windowMs) {
      // Windows that ended are forgotten (replaced links leave theirs behind).
      for (const [other, { windowStart }] of this.budgets) if (now - windowStart >= SOCKET_LIMITS.windowMs) this.budgets.delete(other);
      this.budgets.set(link, (budget = { windowStart: now, count: 0 }));
    }
    budget.count += 1;
    return Math.max(0, budget.count - SOCKET_LIMITS.messages);
  }

  /**
   * Pushes every socket whose own view changed that view (R10.2), except `except` (it gets
   * its view in its answer). A socket whose view is as it was sent last gets nothing.
   */
  broadcast(viewOf: (seat: Seat | null) => TableView, except?: WebSocket): void {
    // Per seat (null: the spectators, up to 50 sockets of one link), its frame and digest made once.
    const frames = new Map<Seat | null, { text: string; digest: string }>();
    for (const ws of this.ctx.getWebSockets()) {
      if (ws === except) continue;
      const { seat } = ws.deserializeAttachment() as SocketAttachment;
      let frame = frames.get(seat);
      if (frame === undefined) {
        const text = viewFrame(viewOf(seat));
        frames.set(seat, (frame = { text, digest: digestOf(text) }));
      }
      this.sendView(ws, frame.text, frame.digest);
    }
  }

  /** Sends `ws` a view's frame unless it is the one it was sent last; notes it as sent. */
  private sendView(ws: WebSocket, frame: string, digest: string): void {
    if ((ws.deserializeAttachment() as SocketAttachment).sent === digest) return;
    sent(ws, digest);
    sendText(ws, frame);
  }

  /** Sends every socket the same message (a chat message: the same for seats and spectators). */
  sendAll(message: ServerMessage): void {
    const text = JSON.stringify(message);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
      } catch {
        // A socket closing right now: its page reads what it missed when it reconnects.
      }
    }
  }

  /**
   * Whether `seat` has a page showing the table: a socket open here with its own link
   * (hibernated ones included) that was heard from within PAGE_SILENCE_MS.
   */
  watching(seat: Seat, now: number = Date.now()): boolean {
    return this.ctx.getWebSockets().some((ws) => {
      if (ws.readyState !== WebSocket.OPEN) return false;
      const attachment = ws.deserializeAttachment() as SocketAttachment | null;
      if (attachment?.seat !== seat) return false;
      const pinged = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? 0;
      return now - Math.max(attachment.openedAt ?? 0, pinged) < PAGE_SILENCE_MS;
    });
  }

  /** A client closed: close our side too, and forget the socket. */
  closed(ws: WebSocket, code: number): void {
    this.forget(ws);
    ws.close(code === 1005 || code === 1006 ? 1000 : code, 'bye');
  }

  /** Closes the sockets opened with the token `tokenHash` (its link was replaced). */
  closeLink(tokenHash: string, code: number, reason: string): void {
    for (const ws of this.ctx.getWebSockets(tokenHash)) this.close(ws, code, reason);
  }

  /** Closes every socket (the table is being deleted). */
  closeAll(code: number, reason: string): void {
    for (const ws of this.ctx.getWebSockets()) this.close(ws, code, reason);
  }

  private close(ws: WebSocket, code: number, reason: string): void {
    this.forget(ws);
    try {
      ws.close(code, reason);
    } catch {
      // Already closing.
    }
  }

  private forget(ws: WebSocket): void {
    this.queues.delete(ws);
  }
}

const openedAt = (ws: WebSocket): number => (ws.deserializeAttachment() as SocketAttachment).openedAt ?? 0;
