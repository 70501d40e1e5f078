/**
 * One Durable Object per table: the one place where its changes are serialized. It answers
 * the Worker's calls with the parts wired in table-parts.ts: each call finds its caller
 * (`as`: a seat, a person's seat, a viewer or the admin, table-store.ts), decides, and
 * changes the table only through `after.commit` (after-commit.ts), which commits the change
 * with what follows inside it and does what follows outside it.
 */
import { DurableObject } from 'cloudflare:workers';
import type { ConfirmationOutcome, EmbedPolicy, ServerMessage } from '../contract.js';
import { reasonOf } from '../log-reasons.js';
import type { DigestCarried } from '../notifications/mail/address-object.js';
import type { DigestToCarry } from '../notifications/digest/digest-seats.js';
import type { DeliveryLogEntry } from '../notifications/delivery-log.js';
import { seatAddressKey } from '../notifications/mail/gate.js';
import type { NotificationsRequest } from '../notifications/table-notifications.js';
import type { ActionRequest } from './action-path.js';
import type { AdminView, PlainCommand } from './admin-commands.js';
import type { Change, NewToken } from './changes/change.js';
import type { ChatMessage, ChatPage } from './chat.js';
import { vacationChange } from './clock/vacations.js';
import { pageOfGames, type GamesPage, type GamesPageRequest } from './games-page.js';
import { SEATS, type LinkOwner, type Notifications, type Settings, type TokenRow } from './model.js';
import type { Deal } from '../../shared/deal.js';
import { failure, success, type Outcome } from './outcome.js';
import { tableSummary, type PublishedGame, type TableSummary, type TableView } from './published.js';
import { finishedCount, finishedGames, seriesFirstDeal } from './replay.js';
import { PONG, SOCKET_LIMITS } from './sockets/sockets.js';
import { DEFAULT_EMBED_POLICY } from './storage/embed-rows.js';
import { wireTable, type TableParts } from './table-parts.js';
import type { CallerFor, Need } from './table-store.js';

export type { ActionRequest } from './action-path.js';
export type { NotificationsRequest } from '../notifications/table-notifications.js';
export type { AdminCommand, AdminView } from './admin-commands.js';

/** A seat's notification settings as its link reads them: the stored ones, and how many devices get pushes. */
export type SeatNotifications = Notifications & { readonly pushDevices: number };

export interface CreateTable {
  readonly settings: Settings;
  /** The three seat tokens', the spectator token's and the admin token's SHA-256 hashes and nonces (tokens.ts). */
  readonly tokens: readonly TokenRow[];
  /** Turn notifications by mail, per seat (from the seats' `email`). */
  readonly emails: readonly (string | null)[];
  readonly fixedDeals: readonly Deal[];
}

export class TableObject extends DurableObject<Env> {
  private readonly parts: TableParts;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.parts = wireTable(ctx, env, { sendEmail: (message) => this.sendEmail(message), actOver: (...args) => this.actOver(...args) });
    // The web app's heartbeat is answered by the runtime itself: an open page never wakes a hibernating table.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(JSON.stringify({ type: 'ping' }), PONG));
  }

  /** Runs `run` for the caller of `tokenHash` if it is what `need` asks for; else answers why not. */
  private as<N extends Need, R>(tokenHash: string, need: N, run: (caller: CallerFor<N>) => R, what?: string): R | Outcome<never> {
    const caller = this.parts.store.caller(tokenHash, need, what);
    return caller.ok ? run(caller.value) : caller;
  }

  private commit(change: Change, from?: WebSocket) {
    return this.parts.after.commit(change, { from });
  }

  // ------------------------------------------------------------------ RPC

  /** Makes the table; each seat given an address is asked to confirm it (the table's first mail to it) before the answer. */
  async create(init: CreateTable): Promise<Outcome<null>> {
    if (this.parts.store.current() !== null) return failure(409, 'conflict', 'a table with this id already exists');
    const { table } = this.commit({ type: 'create', ...init });
    await Promise.all(SEATS.map((seat) => this.parts.notifications.askConfirmation(table, seat)));
    return success(null);
  }

  /** The caller's view, as JSON text: the Worker passes it on without parsing it again. A seat reading it has read its turn mail. */
  view(tokenHash: string): Outcome<string> {
    return this.as(tokenHash, 'viewer', ({ table, seat }) => {
      if (seat !== null) this.visited(seat);
      return success(JSON.stringify(this.parts.store.viewFor(table, seat)));
    });
  }

  /** What the overview lists of this table for the caller (published.ts), from the caller's own view. */
  summary(tokenHash: string): Outcome<TableSummary> {
    return this.as(tokenHash, 'viewer', ({ table, seat }) => success(tableSummary(this.parts.store.viewFor(table, seat), table.lastChangeAt)));
  }

  /** Applies one action of the caller's seat; answers its new view as JSON text (`from`: the socket it came over). */
  act(tokenHash: string, request: ActionRequest, from?: WebSocket): Outcome<string> {
    const accepted = this.actAs(tokenHash, request, from);
    return accepted.ok ? success(accepted.value.view) : accepted;
  }

  private actAs(tokenHash: string, request: ActionRequest, from?: WebSocket): ReturnType<TableParts['actions']['act']> {
    const playing = (seat: 'a spectator link' | 'a bot') =>
      failure(403, 'forbidden', `${seat === 'a bot' ? 'a bot plays this seat: its link' : seat} can watch but not play`);
    const caller = this.parts.store.caller(tokenHash, 'viewer');
    if (!caller.ok) return caller;
    const { table, seat } = caller.value;
    if (seat === null) return playing('a spectator link');
    if (table.settings.seats[seat]!.bot) return playing('a bot');
    return this.parts.actions.act(table, seat, request, { from });
  }

  /**
   * One page of the finished games (games-page.ts): what D1 holds, filled in from the table's
   * own log for games not in D1 yet (outbox) or at all (D1 down): nothing is lost.
   */
  async games(tokenHash: string, page: GamesPageRequest): Promise<Outcome<GamesPage>> {
    return this.as(tokenHash, 'viewer', async ({ table }) => {
      let fromD1: PublishedGame[] = [];
      try {
        fromD1 = (await this.parts.history.games(table.settings.tableId, page)).games;
      } catch (error) {
        console.warn(`table ${table.settings.tableId}: reading the history failed, answering from the table itself: ${reasonOf(error)}`);
      }
      // Games written before the table had series belong to its first.
      const stored = fromD1.map((game) => (game.series === undefined ? { ...game, series: 1 } : game));
      return success(pageOfGames(stored, finishedGames(this.parts.storage, table), finishedCount(table), page));
    });
  }

  /** One command of the table's admin (admin-commands.ts); answers the admin view. `replacement`: the seat's new token should a bot take a person's place. */
  adminCommand(tokenHash: string, command: PlainCommand, replacement?: NewToken): Outcome<AdminView> {
    return this.as(tokenHash, 'admin', ({ table }) => {
      const change = this.parts.admin.changeOf(table, command, replacement);
      if (!change.ok) return change;
      return success(this.parts.admin.view(change.value === null ? table : this.commit(change.value).table));
    });
  }

  /** The admin's view of the table, unchanged (the admin page reads it on load). */
  adminView(tokenHash: string): Outcome<AdminView> {
    return this.as(tokenHash, 'admin', ({ table }) => success(this.parts.admin.view(table)));
  }

  /** Replaces `owner`'s link by `next` (made by the Worker, which knows the key); for a seat, what its holder set up ends (changes/links.ts). */
  rotateLink(tokenHash: string, owner: LinkOwner, next: NewToken): Outcome<null> {
    return this.as(tokenHash, 'admin', ({ table }) => {
      const change = this.parts.admin.rotation(table, owner, next);
      if (!change.ok) return change;
      this.commit(change.value);
      return success(null);
    });
  }

  /** Where the table's links point (null: a table made before that was kept), for the admin's caller only. */
  adminOrigin(tokenHash: string): Outcome<string | null> {
    return this.as(tokenHash, 'admin', ({ table }) => success(table.settings.origin));
  }

  /** Who may frame the table's embed pages (routes/embed.ts); an unknown table answers the default, so that ids do not show. */
  embedPolicy(): EmbedPolicy {
    return this.parts.store.current() === null ? DEFAULT_EMBED_POLICY : this.parts.storage.embedding.policy();
  }

  /** What kind of link `tokenHash` is, for the oEmbed endpoint (routes/embed.ts), which must refuse a seat's or the admin's. */
  linkKind(tokenHash: string): Outcome<{ kind: 'spectator' | 'seat' | 'admin'; name: string; spectatorEmbeds: boolean }> {
    const spectatorEmbeds = this.parts.storage.embedding.policy().spectatorEmbeds;
    const admin = this.parts.store.caller(tokenHash, 'admin');
    if (admin.ok) return success({ kind: 'admin', name: admin.value.table.settings.name, spectatorEmbeds });
    return this.as(tokenHash, 'viewer', ({ table, seat }) =>
      success({ kind: seat === null ? 'spectator' : 'seat', name: table.settings.name, spectatorEmbeds }),
    );
  }

  /** Sets the seat's notifications; an address given is asked to confirm this table unless it did: the answer says what became of that mail. */
  async setNotifications(
    tokenHash: string,
    request: NotificationsRequest,
    newSecret: string,
  ): Promise<Outcome<SeatNotifications & { readonly confirmation?: ConfirmationOutcome }>> {
    return this.as(
      tokenHash,
      'person',
      async ({ seat }) => {
        const { table } = this.commit({ type: 'notifications', seat, request, newSecret });
        const confirmation = typeof request.email === 'string' ? await this.parts.notifications.askConfirmation(table, seat) : null;
        const next = { ...table.notifications[seat]!, pushDevices: this.parts.storage.push.count(seat) };
        return success({ ...next, ...(confirmation === null ? {} : { confirmation }) });
      },
      'notifications',
    );
  }

  /** The seat's own notification settings, and where its links point (for its address's state). */
  notificationsOf(tokenHash: string): Outcome<{ notifications: SeatNotifications; origin: string | null }> {
    return this.as(
      tokenHash,
      'seat',
      ({ table, seat }) =>
        success({
          notifications: { ...table.notifications[seat]!, pushDevices: this.parts.storage.push.count(seat) },
          origin: table.settings.origin,
        }),
      'notifications',
    );
  }

  /** The address with key `addressKey` confirmed this table (routes/mail.ts): its seats that owe a move are mailed it now, their digest entries handed over again. */
  async addressConfirmed(addressKey: string): Promise<void> {
    const table = this.parts.store.current();
    if (table === null) return;
    const keys = await Promise.all(SEATS.map((seat) => seatAddressKey(this.env, table, seat)));
    const now = this.parts.store.current();
    const seats = SEATS.filter((seat, i) => keys[i] === addressKey && now?.notifications[seat]!.email === table.notifications[seat]!.email);
    if (now === null || seats.length === 0) return;
    this.parts.digest.reHand(seats);
    this.commit({ type: 'addressConfirmed', seats });
  }

  /** The seat's delivery log (delivery-log.ts), newest first: for the seat itself only. */
  deliveries(tokenHash: string): Outcome<DeliveryLogEntry[]> {
    return this.as(tokenHash, 'person', ({ seat }) => success(this.parts.deliveryLog.of(seat)), 'delivery log');
  }

  /** Sends a digest written by an address's object to the address of this table's digest seats with its key (digest-seats.ts). */
  async mailDigest(request: DigestToCarry): Promise<DigestCarried> {
    const table = this.parts.store.current();
    return table === null ? 'not_here' : this.parts.digest.carry(table, request, (message) => this.sendEmail(message));
  }

  /** Starts, replaces or ends the caller's vacation (clock/vacations.ts); answers its new view as JSON text. */
  vacation(tokenHash: string, hours: number): Outcome<string> {
    return this.as(
      tokenHash,
      'person',
      ({ table, seat }) => {
        if (table.series.status === 'over') return failure(409, 'conflict', 'the series is over: there is no clock to stop');
        const change = vacationChange(
          table.vacations,
          seat,
          hours,
          Date.now(),
          table.settings.vacationHours,
          seriesFirstDeal(table),
          table.deals.length - 1,
        );
        if (!change.ok) return failure(409, 'conflict', change.message);
        const { end, start } = change;
        const now = end === undefined && start === undefined ? table : this.commit({ type: 'vacation', end, start }).table;
        return success(JSON.stringify(this.parts.store.viewFor(now, seat)));
      },
      'a vacation',
    );
  }

  /** Sets the caller's own preferences at this table: whether its forced cards are played for it. Nobody else is told (moves/auto-moves.ts). */
  setPreferences(tokenHash: string, autoForced: boolean): Outcome<{ autoForced: boolean }> {
    return this.as(
      tokenHash,
      'person',
      ({ seat }) => {
        this.commit({ type: 'preferences', seat, autoForced });
        return success({ autoForced });
      },
      'preferences',
    );
  }

  /** A seat's message to the chat (chat.ts): kept, then pushed to every socket of the table, the writer's own included. */
  postChat(tokenHash: string, text: string): Outcome<ChatMessage> {
    return this.as(tokenHash, 'viewer', ({ table, seat }) => {
      if (!table.settings.chat) return failure(403, 'forbidden', "this table's chat is off");
      if (seat === null) return failure(403, 'forbidden', 'a spectator link can read the chat but not write in it');
      if (table.settings.seats[seat]!.bot) return failure(403, 'forbidden', 'a bot plays this seat: its link can read the chat but not write in it');
      const at = Date.now();
      const checked = this.parts.chat.check(seat, text, at);
      return checked.ok ? success(this.commit({ type: 'chat', seat, text: checked.value, at }).effects.chat!) : checked;
    });
  }

  /** A page of the chat (chat.ts) for a seat or a spectator. */
  readChat(tokenHash: string, after: number | null): Outcome<ChatPage> {
    return this.as(tokenHash, 'viewer', ({ table }) =>
      table.settings.chat ? success(this.parts.chat.page(after)) : failure(403, 'forbidden', "this table's chat is off"),
    );
  }

  /** How many history writes wait in the outbox, dead letters included (for tests and monitoring). */
  pendingHistory(): number {
    return this.parts.outbox.pending();
  }

  /** The history rows given up on (an operator's view: which, since when, why; never a payload). */
  deadLetters(): ReturnType<TableParts['outbox']['deadLetters']> {
    return this.parts.outbox.deadLetters();
  }

  /** Puts the dead letters back in line and writes them now; answers how many (README, "Operations"). */
  replayDeadLetters(): number {
    if (this.parts.store.current() === null) return 0;
    const revived = this.parts.outbox.revive(Date.now());
    if (revived > 0) this.parts.after.kick();
    return revived;
  }

  /** A seat looked at the table (its view, or a socket with its link): its turn mail is read. */
  private visited(seat: 0 | 1 | 2): void {
    if (this.parts.store.current()!.unreadTurnMail.has(seat)) this.commit({ type: 'visited', seat });
  }

  // ------------------------------------------------------------------ WebSockets (hibernation API) and the alarm

  override async fetch(request: Request): Promise<Response> {
    const tokenHash = request.headers.get('x-token-hash') ?? '';
    const opened = this.as(tokenHash, 'viewer', ({ table, seat }) => {
      const socket = this.parts.sockets.open(seat, tokenHash, this.parts.store.viewFor(table, seat), request.headers.get('x-websocket-protocol'));
      // A page opened with the seat's link: the seat is at the table and has read its turn mail.
      if (socket.ok && seat !== null) this.visited(seat);
      return socket;
    });
    if (opened.ok) return opened.value;
    // A full table or spectator link says when to try again, as every 429 of the API does.
    const retry = opened.status === 429 ? { 'Retry-After': String(SOCKET_LIMITS.retryAfterSeconds) } : undefined;
    return Response.json({ error: { code: opened.code, message: opened.message } }, { status: opened.status, headers: retry });
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    await this.parts.sockets.receive(ws, data);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    this.parts.sockets.closed(ws, code);
  }

  /** An action sent over a WebSocket: the checks of POST …/actions, answered on the socket. */
  private async actOver(ws: WebSocket, tokenHash: string, id: string, request: ActionRequest): Promise<ServerMessage> {
    // The same limiter and key as POST …/actions: one budget per link, whichever way it acts.
    const { success: allowed } = await this.env.ACTION_LIMITER.limit({ key: tokenHash });
    if (!allowed)
      return { type: 'answer', id, status: 429, error: { code: 'rate_limited', message: 'too many actions from this link; try again in a minute' } };
    const outcome = this.actAs(tokenHash, request, ws);
    if (!outcome.ok) return { type: 'answer', id, status: outcome.status, error: { code: outcome.code, message: outcome.message } };
    // The view object as built (a retried id's stored answer is read back from its text).
    return { type: 'answer', id, status: 200, view: outcome.value.viewObject ?? (JSON.parse(outcome.value.view) as TableView) };
  }

  /** The one alarm (alarm.ts): reminders, turn mails put off, bots' and automatic moves, retries and retention, whichever is due. */
  override async alarm(): Promise<void> {
    await this.parts.alarm.run();
  }

  /** Hands a mail to the EMAIL binding (a method of the table, so tests can watch it). */
  protected async sendEmail(message: EmailMessageBuilder): Promise<void> {
    await this.env.EMAIL.send(message);
  }
}
