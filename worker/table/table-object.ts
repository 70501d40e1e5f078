/**
 * One Durable Object per table: the one place where its actions are serialized. It wires
 * the parts that each do one job and answers the Worker's calls:
 *
 * - table-state.ts: the table in memory, read from storage and replayed through the engine;
 * - action-path.ts: one action from token to commit;
 * - outbox.ts: finished games on their way to D1;
 * - notifications.ts (with events.ts, notifier.ts, deliveries.ts): who is told what, and how;
 * - sockets.ts (with socket-protocol.ts): live views and actions over hibernatable WebSockets;
 * - bot-seats.ts: the moves of the seats a bot plays;
 * - auto-moves.ts (with clock.ts, vacations.ts): moves made for a person's seat, at its deadline or its forced card;
 * - scheduler.ts: the one alarm, for the outbox, the deliveries, reminders, turn mails put off, bots' moves and retention.
 */
import { DurableObject } from 'cloudflare:workers';
import type { ConfirmationOutcome, ServerMessage } from '../contract.js';
import type { Deal } from '../../shared/deal.js';
import type { Seat } from '../../shared/options.js';
import { startSeries } from '../../shared/series.js';
import { History } from '../history/writer.js';
import { reasonOf } from '../log-reasons.js';
import { ActionPath, type ActionRequest } from './action-path.js';
import { AutoMoves } from './moves/auto-moves.js';
import type { EmbedPolicy } from '../contract.js';
import { DEFAULT_EMBED_POLICY } from './storage/embed-rows.js';
import { TableAdmin, type AdminEffect, type AdminView, type LinkOwner, type NewToken, type PlainCommand } from './admin-commands.js';
import { botDelayBase, BotSeats } from './moves/bot-seats.js';
import { TableChat, type ChatMessage, type ChatPage } from './chat.js';
import { Deliveries } from '../notifications/deliveries.js';
import { DeliveryLog, type DeliveryLogEntry } from '../notifications/delivery-log.js';
import { DigestSeats, type DigestToCarry } from '../notifications/digest/digest-seats.js';
import type { DigestCarried } from '../notifications/mail/address-object.js';
import { eventsOf } from '../notifications/events.js';
import { seatAddressKey } from '../notifications/mail/gate.js';
import { TableNotifications, type NotificationsRequest } from '../notifications/table-notifications.js';
import { pageOfGames, type GamesPage, type GamesPageRequest } from './games-page.js';
import { HistoryOutbox } from '../history/outbox.js';
import { SeatPresence } from '../notifications/presence.js';
import { failure, success, type Outcome } from './outcome.js';
import { tableSummary, type PublishedGame, type TableSummary, type TableView } from './published.js';
import { retentionDays, retentionDueAt } from './clock/retention.js';
import { Scheduler } from './scheduler.js';
import { CLOSE_LINK_REPLACED, PONG, SOCKET_LIMITS, TableSockets } from './sockets/sockets.js';
import { TableStorage, type Notifications, type Settings, type TokenRow } from './storage/table-storage.js';
import { firstSeries, must, SEATS, seriesFirstDeal, TableState, type LoadedTable } from './table-state.js';
import { nextVacationEnd, vacationChange } from './clock/vacations.js';

export type { ActionRequest } from './action-path.js';
export type { NotificationsRequest } from '../notifications/table-notifications.js';

/** A seat's notification settings as its link reads them: the stored ones, and how many devices get pushes. */
export type SeatNotifications = Notifications & { readonly pushDevices: number };
export type { AdminCommand, AdminView } from './admin-commands.js';

export interface CreateTable {
  readonly settings: Settings;
  /** The three seat tokens', the spectator token's and the admin token's SHA-256 hashes and nonces (tokens.ts). */
  readonly tokens: readonly TokenRow[];
  /** Turn notifications by mail, per seat (from the seats' `email`). */
  readonly emails: readonly (string | null)[];
  readonly fixedDeals: readonly Deal[];
}

export class TableObject extends DurableObject<Env> {
  private readonly storage: TableStorage;
  private readonly state: TableState;
  private readonly outbox: HistoryOutbox;
  private readonly notifications: TableNotifications;
  private readonly actions: ActionPath;
  private readonly sockets: TableSockets;
  private readonly scheduler: Scheduler;
  private readonly history: History;
  private readonly bots: BotSeats;
  private readonly auto: AutoMoves;
  /** When `autoMoves` last looked for vacations that ended (ms; 0 after an eviction: one push too many at worst). */
  private vacationsLookedAt = 0;
  private readonly admin: TableAdmin;
  private readonly chat: TableChat;
  private readonly deliveryLog: DeliveryLog;
  private readonly digest: DigestSeats;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.storage = new TableStorage(ctx.storage.sql);
    this.chat = new TableChat(ctx.storage.sql);
    this.state = new TableState(this.storage, ctx.storage);
    this.history = new History(env.DB);
    this.outbox = new HistoryOutbox(this.storage, this.history, () => this.state.current()?.settings.tableId ?? '?');
    this.deliveryLog = new DeliveryLog(ctx.storage.sql);
    this.digest = new DigestSeats(ctx.storage.sql, env, this.deliveryLog, (table, seat) => this.state.viewFor(table, seat).deadline);
    const deliveries = new Deliveries(
      this.storage,
      env,
      (message) => this.sendEmail(message),
      (seat) => this.webhookGone(seat),
      (seat) => this.turnMailSent(seat),
      this.deliveryLog,
    );
    const presence = new SeatPresence(this.state, this.storage, (seat) => this.sockets.watching(seat));
    this.notifications = new TableNotifications(this.state, this.storage, deliveries, presence, this.chat);
    this.actions = new ActionPath(this.state, this.storage, this.outbox, this.notifications);
    this.sockets = new TableSockets(ctx, {
      view: (seat) => {
        const table = this.state.current();
        return table === null ? null : this.state.viewFor(table, seat);
      },
      act: (ws, tokenHash, id, request) => this.actOver(ws, tokenHash, id, request),
    });
    this.scheduler = new Scheduler(ctx.storage);
    this.bots = new BotSeats(this.state, botDelayBase(env.BOT_DELAY_MS));
    this.auto = new AutoMoves(this.state, this.storage, this.bots);
    this.admin = new TableAdmin(this.state, this.storage, this.notifications);
    // The web app's heartbeat is answered by the runtime itself: an open page never wakes a hibernating table.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(JSON.stringify({ type: 'ping' }), PONG));
  }

  // ------------------------------------------------------------------ RPC

  /** Makes the table; each seat given an address is asked to confirm it (the table's first mail to it) before the answer. */
  async create(init: CreateTable): Promise<Outcome<null>> {
    if (this.state.current() !== null) return failure(409, 'conflict', 'a table with this id already exists');
    const series = must(startSeries(init.settings.options));
    const now = init.settings.createdAt;
    this.state.transaction(() => {
      this.storage.initialize();
      this.storage.saveSettings(init.settings);
      for (const token of init.tokens) this.storage.saveToken(token);
      this.storage.saveFixedDeals(init.fixedDeals);
      init.emails.forEach((email, seat) => {
        if (email !== null) this.storage.saveNotifications(seat as Seat, { email, webhookUrl: null, webhookSecret: null });
      });
      const table: LoadedTable = {
        settings: init.settings,
        tokens: this.storage.tokens(),
        series,
        autoMoves: new Map(),
        vacations: [],
        autoForced: new Set(),
        seatRemindedVersions: [-1, -1, -1],
        deals: [],
        version: 0,
        lastChangeAt: now,
        notifications: SEATS.map((seat) => this.storage.notifications(seat)),
        remindedVersion: -1,
        unreadTurnMail: new Set(),
        seriesStarts: [firstSeries(init.settings.createdAt)],
        pauses: [],
        endedAt: null,
      };
      this.state.adopt(table);
      this.state.dealNext(table, now);
      const { tableId, name, options, createdAt, seats } = init.settings;
      this.outbox.queueTable({ id: tableId, name, options, createdAt, seats: seats.map((s, seat) => ({ seat, ...s })) }, Date.now());
      this.notifications.notify(table, eventsOf(null, table.series)); // the first deal: every seat with an address is told
    });
    const table = this.state.current()!;
    await Promise.all(SEATS.map((seat) => this.notifications.askConfirmation(table, seat)));
    this.kick();
    return success(null);
  }

  /** The caller's view, as JSON text: the Worker passes it on without parsing it again. A seat reading it has read its turn mail. */
  view(tokenHash: string): Outcome<string> {
    const found = this.state.authorize(tokenHash);
    if (!found.ok) return found;
    const { table, caller } = found.value;
    if (caller.seat !== null) this.notifications.presence.visited(table, caller.seat);
    return success(JSON.stringify(this.state.viewFor(table, caller.seat)));
  }

  /** What the overview lists of this table for the caller (published.ts), from the caller's own view. */
  summary(tokenHash: string): Outcome<TableSummary> {
    const found = this.state.authorize(tokenHash);
    if (!found.ok) return found;
    const { table, caller } = found.value;
    return success(tableSummary(this.state.viewFor(table, caller.seat), table.lastChangeAt));
  }

  /**
   * Applies one action; answers the caller's new view as JSON text. Every connected socket
   * is pushed its view, except `from`, the socket the action came over (its answer has it).
   */
  act(tokenHash: string, request: ActionRequest, from?: WebSocket): Outcome<string> {
    const accepted = this.apply(tokenHash, request, from);
    return accepted.ok ? success(accepted.value.view) : accepted;
  }

  /** The action path, then the pushes to the other sockets and the follow-up work. */
  private apply(tokenHash: string, request: ActionRequest, from?: WebSocket): ReturnType<ActionPath['act']> {
    const accepted = this.actions.act(tokenHash, request);
    if (!accepted.ok) return accepted;
    if (accepted.value.changed) {
      const table = this.state.current()!;
      this.sockets.broadcast((seat) => this.state.viewFor(table, seat), from);
    }
    // A bot that owes a move now, or a forced card, is played by the alarm: it must be set.
    const table = this.state.current()!;
    // So is a digest seat that started or stopped owing a move: its address's object is told (digest-seats.ts).
    if (accepted.value.followUp || this.bots.nextDueAt(table) !== null || this.auto.nextDueAt(table) !== null || this.digest.behind(table))
      this.kick();
    return accepted;
  }

  /**
   * One page of the finished games (games-page.ts): what D1 holds, filled in from the table's
   * own log for games not in D1 yet (outbox) or at all (D1 down): nothing is lost.
   */
  async games(tokenHash: string, page: GamesPageRequest): Promise<Outcome<GamesPage>> {
    const found = this.state.authorize(tokenHash);
    if (!found.ok) return found;
    const { table } = found.value;
    let fromD1: PublishedGame[] = [];
    try {
      fromD1 = (await this.history.games(table.settings.tableId, page)).games;
    } catch (error) {
      console.warn(`table ${table.settings.tableId}: reading the history failed, answering from the table itself: ${reasonOf(error)}`);
    }
    // Games written before the table had series belong to its first.
    const stored = fromD1.map((game) => (game.series === undefined ? { ...game, series: 1 } : game));
    return success(pageOfGames(stored, this.state.finishedGames(table), this.state.finishedCount(table), page));
  }

  /**
   * One command of the table's admin (admin-commands.ts); answers the admin view.
   * `replacement`: the seat's new token should the command put a bot in a person's place.
   */
  adminCommand(tokenHash: string, command: PlainCommand, replacement?: NewToken): Outcome<AdminView> {
    const found = this.state.authorizeAdmin(tokenHash);
    if (!found.ok) return found;
    const done = this.admin.run(found.value, command, replacement);
    if (!done.ok) return done;
    this.afterAdmin(done.value);
    return success(this.admin.view(this.state.current()!));
  }

  /** The admin's view of the table, unchanged (the admin page reads it on load). */
  adminView(tokenHash: string): Outcome<AdminView> {
    const found = this.state.authorizeAdmin(tokenHash);
    return found.ok ? success(this.admin.view(found.value)) : found;
  }

  /**
   * Who may frame the table's embed pages, for the Worker serving one (routes/embed.ts). An
   * unknown table answers the default, as a table that never changed it does: the answer
   * must not tell who asks whether a table id exists.
   */
  embedPolicy(): EmbedPolicy {
    return this.state.current() === null ? DEFAULT_EMBED_POLICY : this.storage.embedding.policy();
  }

  /** What kind of link `tokenHash` is, for the oEmbed endpoint (routes/embed.ts), which must refuse a seat's or the admin's. */
  linkKind(tokenHash: string): Outcome<{ kind: 'spectator' | 'seat' | 'admin'; name: string; spectatorEmbeds: boolean }> {
    const spectatorEmbeds = this.storage.embedding.policy().spectatorEmbeds;
    const admin = this.state.authorizeAdmin(tokenHash);
    if (admin.ok) return success({ kind: 'admin', name: admin.value.settings.name, spectatorEmbeds });
    const found = this.state.authorize(tokenHash);
    if (!found.ok) return found;
    const { table, caller } = found.value;
    return success({ kind: caller.seat === null ? 'spectator' : 'seat', name: table.settings.name, spectatorEmbeds });
  }

  /** Where the table's links point (null: a table made before that was kept), for the admin's caller only. */
  adminOrigin(tokenHash: string): Outcome<string | null> {
    const found = this.state.authorizeAdmin(tokenHash);
    return found.ok ? success(found.value.settings.origin) : found;
  }

  /**
   * Replaces `owner`'s link by `next` (made by the Worker, which knows the key): the old
   * link's sockets are closed and, for a seat, what its holder set up ends (link-holders.ts).
   */
  rotateLink(tokenHash: string, owner: LinkOwner, next: NewToken): Outcome<null> {
    const found = this.state.authorizeAdmin(tokenHash);
    if (!found.ok) return found;
    const done = this.admin.rotate(found.value, owner, next);
    if (!done.ok) return done;
    this.afterAdmin(done.value);
    return success(null);
  }

  /** Every page sees what the admin changed at once; a bot or a mail that is now due gets the alarm. */
  private afterAdmin(effect: AdminEffect): void {
    if (effect.revokedHash !== undefined)
      this.sockets.closeLink(effect.revokedHash, CLOSE_LINK_REPLACED, "this link was replaced by the table's admin");
    this.state.invalidateViews();
    const table = this.state.current()!;
    this.sockets.broadcast((seat) => this.state.viewFor(table, seat));
    this.kick();
  }

  /**
   * Sets the seat's notifications. An address given (new, or the same again) is asked to
   * confirm this table unless it did: the answer says what became of that mail.
   */
  async setNotifications(
    tokenHash: string,
    request: NotificationsRequest,
    newSecret: string,
  ): Promise<Outcome<SeatNotifications & { readonly confirmation?: ConfirmationOutcome }>> {
    const found = this.state.authorize(tokenHash);
    if (!found.ok) return found;
    const seat = found.value.caller.seat;
    if (seat === null) return failure(403, 'forbidden', 'a spectator link has no notifications');
    if (found.value.table.settings.seats[seat]!.bot) return failure(403, 'forbidden', 'a bot plays this seat: its link has no notifications');
    const next = this.notifications.change(found.value.table, seat, request, newSecret);
    this.kick();
    const confirmation = typeof request.email === 'string' ? await this.notifications.askConfirmation(found.value.table, seat) : null;
    return success({ ...next, pushDevices: this.storage.push.count(seat), ...(confirmation === null ? {} : { confirmation }) });
  }

  /**
   * The address with key `addressKey` confirmed this table (routes/mail.ts): its seats that
   * owe a move are mailed it now, and their digest entries are handed over again.
   */
  async addressConfirmed(addressKey: string): Promise<void> {
    const table = this.state.current();
    if (table === null) return;
    const keys = await Promise.all(SEATS.map((seat) => seatAddressKey(this.env, table, seat)));
    const now = this.state.current();
    const seats = SEATS.filter((seat, i) => keys[i] === addressKey && now?.notifications[seat]!.email === table.notifications[seat]!.email);
    if (now === null || seats.length === 0) return;
    this.notifications.mailOwedTurns(now, seats);
    this.digest.reHand(seats);
    this.kick();
  }

  /** The seat's delivery log (delivery-log.ts), newest first: for the seat itself only. */
  deliveries(tokenHash: string): Outcome<DeliveryLogEntry[]> {
    const found = this.ownSeat(tokenHash, 'delivery log');
    return found.ok ? success(this.deliveryLog.of(found.value.seat)) : found;
  }

  /** Sends a digest written by an address's object to the address of this table's digest seats with its key (digest-seats.ts). */
  async mailDigest(request: DigestToCarry): Promise<DigestCarried> {
    const table = this.state.current();
    return table === null ? 'not_here' : this.digest.carry(table, request, (message) => this.sendEmail(message));
  }

  /** The seat's own notification settings, and where its links point (for its address's state). */
  notificationsOf(tokenHash: string): Outcome<{ notifications: SeatNotifications; origin: string | null }> {
    const found = this.state.authorize(tokenHash);
    if (!found.ok) return found;
    const seat = found.value.caller.seat;
    if (seat === null) return failure(403, 'forbidden', 'a spectator link has no notifications');
    const notifications = { ...found.value.table.notifications[seat]!, pushDevices: this.storage.push.count(seat) };
    return success({ notifications, origin: found.value.table.settings.origin });
  }

  /**
   * Starts, replaces or ends the caller's vacation (vacations.ts); answers its new view as
   * JSON text, and pushes every socket its view: a vacation is shown to all.
   */
  vacation(tokenHash: string, hours: number): Outcome<string> {
    const found = this.ownSeat(tokenHash, 'a vacation');
    if (!found.ok) return found;
    const { table, seat } = found.value;
    if (table.series.status === 'over') return failure(409, 'conflict', 'the series is over: there is no clock to stop');
    const now = Date.now();
    const change = vacationChange(table.vacations, seat, hours, now, table.settings.vacationHours, seriesFirstDeal(table), table.deals.length - 1);
    if (!change.ok) return failure(409, 'conflict', change.message);
    if (change.end !== undefined || change.start !== undefined) {
      this.state.transaction(() => {
        if (change.end !== undefined) {
          const { id, until, hours: charged } = change.end;
          this.storage.endVacation(id, until, charged);
          const index = table.vacations.findIndex((v) => v.id === id);
          table.vacations[index] = { ...table.vacations[index]!, until, hours: charged };
        }
        if (change.start !== undefined) table.vacations.push(this.storage.addVacation(change.start));
      });
      this.state.invalidateViews();
      this.sockets.broadcast((viewer) => this.state.viewFor(table, viewer));
      this.kick(); // the reminder and the timeout moved
    }
    return success(JSON.stringify(this.state.viewFor(table, seat)));
  }

  /** Sets the caller's own preferences at this table: whether its forced cards are played for it. Nobody else is told (auto-moves.ts). */
  setPreferences(tokenHash: string, autoForced: boolean): Outcome<{ autoForced: boolean }> {
    const found = this.ownSeat(tokenHash, 'preferences');
    if (!found.ok) return found;
    const { table, seat } = found.value;
    this.state.transaction(() => {
      this.storage.saveAutoForced(seat, autoForced);
      if (autoForced) table.autoForced.add(seat);
      else table.autoForced.delete(seat);
    });
    this.state.invalidateViews();
    this.kick(); // a forced card owed now is played by the alarm, after its delay
    return success({ autoForced });
  }

  /** The table and the caller's seat, for what only a person's seat may do (`what`, for the refusal). */
  private ownSeat(tokenHash: string, what: string): Outcome<{ table: LoadedTable; seat: Seat }> {
    const found = this.state.authorize(tokenHash);
    if (!found.ok) return found;
    const seat = found.value.caller.seat;
    if (seat === null) return failure(403, 'forbidden', `a spectator link has no ${what}`);
    if (found.value.table.settings.seats[seat]!.bot) return failure(403, 'forbidden', `a bot plays this seat: its link has no ${what}`);
    return success({ table: found.value.table, seat });
  }

  /**
   * A seat's message to the chat (chat.ts): kept, then pushed to every socket of the table,
   * the writer's own included (its other pages). A seat writing is at the table: its turn mail is read.
   */
  postChat(tokenHash: string, text: string): Outcome<ChatMessage> {
    const found = this.state.authorize(tokenHash);
    if (!found.ok) return found;
    const { table, caller } = found.value;
    if (!table.settings.chat) return failure(403, 'forbidden', "this table's chat is off");
    if (caller.seat === null) return failure(403, 'forbidden', 'a spectator link can read the chat but not write in it');
    if (table.settings.seats[caller.seat]!.bot)
      return failure(403, 'forbidden', 'a bot plays this seat: its link can read the chat but not write in it');
    const seat = caller.seat;
    const posted = this.state.transaction(() => this.chat.post(seat, text, Date.now()));
    if (!posted.ok) return posted;
    this.notifications.presence.visited(table, seat);
    this.sockets.sendAll({ type: 'chat', message: posted.value });
    return posted;
  }

  /** A page of the chat (chat.ts) for a seat or a spectator. */
  readChat(tokenHash: string, after: number | null): Outcome<ChatPage> {
    const found = this.state.authorize(tokenHash);
    if (!found.ok) return found;
    if (!found.value.table.settings.chat) return failure(403, 'forbidden', "this table's chat is off");
    return success(this.chat.page(after));
  }

  /** How many history writes wait in the outbox, dead letters included (for tests and monitoring). */
  pendingHistory(): number {
    return this.outbox.pending();
  }

  /** The history rows given up on (an operator's view: which, since when, why; never a payload). */
  deadLetters(): ReturnType<HistoryOutbox['deadLetters']> {
    return this.outbox.deadLetters();
  }

  /** Puts the dead letters back in line and writes them now; answers how many (README, "Operations"). */
  replayDeadLetters(): number {
    if (this.state.current() === null) return 0;
    const revived = this.outbox.revive(Date.now());
    if (revived > 0) this.kick();
    return revived;
  }

  // ------------------------------------------------------------------ WebSockets (hibernation API)

  override async fetch(request: Request): Promise<Response> {
    const tokenHash = request.headers.get('x-token-hash') ?? '';
    const found = this.state.authorize(tokenHash);
    const opened = found.ok
      ? this.sockets.open(
          found.value.caller.seat,
          tokenHash,
          this.state.viewFor(found.value.table, found.value.caller.seat),
          request.headers.get('x-websocket-protocol'),
        )
      : found;
    if (opened.ok) {
      // A page opened with the seat's link: the seat is at the table and has read its turn mail.
      if (found.ok && found.value.caller.seat !== null) this.notifications.presence.visited(found.value.table, found.value.caller.seat);
      return opened.value;
    }
    // A full table or spectator link says when to try again, as every 429 of the API does.
    const retry = opened.status === 429 ? { 'Retry-After': String(SOCKET_LIMITS.retryAfterSeconds) } : undefined;
    return Response.json({ error: { code: opened.code, message: opened.message } }, { status: opened.status, headers: retry });
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    await this.sockets.receive(ws, data);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    this.sockets.closed(ws, code);
  }

  /** An action sent over a WebSocket: the checks of POST …/actions, answered on the socket. */
  private async actOver(ws: WebSocket, tokenHash: string, id: string, request: ActionRequest): Promise<ServerMessage> {
    // The same limiter and key as POST …/actions: one budget per link, whichever way it acts.
    const { success: allowed } = await this.env.ACTION_LIMITER.limit({ key: tokenHash });
    if (!allowed)
      return { type: 'answer', id, status: 429, error: { code: 'rate_limited', message: 'too many actions from this link; try again in a minute' } };
    const outcome = this.apply(tokenHash, request, ws);
    if (!outcome.ok) return { type: 'answer', id, status: outcome.status, error: { code: outcome.code, message: outcome.message } };
    // The view object as built (a retried id's stored answer is read back from its text).
    return { type: 'answer', id, status: 200, view: outcome.value.viewObject ?? (JSON.parse(outcome.value.view) as TableView) };
  }

  // ------------------------------------------------------------------ the alarm

  /** The one alarm: reminders, turn mails put off, retention, history retries and delivery retries, whichever is due. */
  override async alarm(): Promise<void> {
    const table = this.state.current();
    if (table === null) return;
    if (retentionDueAt(table.lastChangeAt, this.retentionDays()) <= Date.now()) {
      if (await this.retire(table)) return;
    }
    this.notifications.remindIfDue(table);
    this.notifications.mailDeferredIfDue(table);
    this.moveBot(table);
    this.autoMoves(table);
    await this.work(true);
  }

  /**
   * A move the table makes for a person's seat, when one is due (auto-moves.ts: its deadline
   * passed, or its forced card): through the action path, marked automatic, then pushed to
   * every socket. One per alarm run, as for bots: the next is set by `work`. A vacation that
   * ended meanwhile is pushed too.
   */
  private autoMoves(table: LoadedTable): void {
    const now = Date.now();
    const move = this.auto.decide(table, now);
    const accepted = move === null ? null : this.actions.actForBot(move.seat, move.action, move.kind);
    if (move !== null && accepted !== null && !accepted.ok) {
      console.error(`table ${table.settings.tableId}: the automatic move (${move.kind}) of seat ${move.seat} was refused: ${accepted.message}`);
    }
    // A move is pushed; so is a vacation that ended since the last look: every page shows the seat back.
    const vacationEnded = table.vacations.some((v) => v.until <= now && v.until > this.vacationsLookedAt);
    this.vacationsLookedAt = now;
    if (accepted?.ok || vacationEnded) this.sockets.broadcast((seat) => this.state.viewFor(this.state.current()!, seat));
  }

  /** When the alarm is next needed for `autoMoves`: an automatic move, or a vacation's end. */
  private autoMovesDueAt(table: LoadedTable): number | null {
    const times = [this.auto.nextDueAt(table), nextVacationEnd(table.vacations, Date.now())].filter((t): t is number => t !== null);
    return times.length === 0 ? null : Math.min(...times);
  }

  /**
   * One bot's move, when one is due (bot-seats.ts): through the same action path as a
   * person's, then pushed to every socket. One move per alarm: the next is set by `work`.
   */
  private moveBot(table: LoadedTable): void {
    const move = this.bots.decide(table, Date.now());
    if (move === null) return;
    const accepted = this.actions.actForBot(move.seat, move.action);
    if (!accepted.ok) {
      console.error(`table ${table.settings.tableId}: the bot of seat ${move.seat} was refused ${JSON.stringify(move.action)}: ${accepted.message}`);
      return;
    }
    this.sockets.broadcast((seat) => this.state.viewFor(this.state.current()!, seat));
  }

  /** Starts what is due now in the background (history, deliveries) and sets the alarm for what is due later. */
  private kick(): void {
    this.ctx.waitUntil(this.work(false));
  }

  private async work(inAlarm: boolean): Promise<void> {
    // Independent of each other, each setting the alarm for its own retries as soon as it is
    // done: a slow D1 never holds up a webhook, nor a slow receiver the history or another seat.
    const table = this.state.current();
    if (table === null) return;
    await Promise.all([
      this.outbox.flush().then(() => this.rearm(inAlarm)),
      this.notifications.deliver(table, () => this.rearm(inAlarm)).then(() => this.rearm(inAlarm)),
      this.digest.sync(() => this.state.current()).then(() => this.rearm(inAlarm)),
    ]);
  }

  private async rearm(inAlarm: boolean): Promise<void> {
    const table = this.state.current();
    if (table === null) return;
    await this.scheduler.rearm(
      [
        this.outbox.nextDueAt(),
        this.notifications.nextDueAt(table),
        this.digest.nextDueAt(),
        this.bots.nextDueAt(table),
        this.autoMovesDueAt(table),
        retentionDueAt(table.lastChangeAt, this.retentionDays()),
      ],
      inAlarm,
    );
  }

  private retentionDays(): number {
    return retentionDays(this.env.RETENTION_DAYS);
  }

  /**
   * Deletes the table's storage after RETENTION_DAYS without a move, once its history is in
   * D1; answers whether it did. History still waiting (or dead letters) keeps the table: it
   * is tried again, and an operator sees why in the log.
   */
  private async retire(table: LoadedTable): Promise<boolean> {
    await this.outbox.flush();
    if (this.outbox.pending() > 0) {
      console.warn(`table ${table.settings.tableId}: idle past retention, kept while ${this.outbox.pending()} history rows wait for D1`);
      return false;
    }
    await this.digest.retire(table);
    this.sockets.closeAll(1001, 'this table was deleted after a long time without a move');
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.storage.markRetired(new Date().toISOString());
    this.state.reset();
    console.log(`table ${table.settings.tableId}: deleted after ${this.retentionDays()} days without a move; its history stays in D1`);
    return true;
  }

  /** A seat's receiver answered 410 Gone: its webhook is off, and its open pages see so at once. */
  private webhookGone(seat: Seat): void {
    const table = this.state.current();
    if (table === null) return;
    this.notifications.disableWebhook(table, seat);
    this.sockets.broadcast((viewer) => this.state.viewFor(table, viewer));
  }

  /** A turn mail reached a seat's address: it stays unread until the seat visits (presence.ts). */
  private turnMailSent(seat: Seat): void {
    const table = this.state.current();
    if (table !== null) this.notifications.presence.turnMailSent(table, seat, Date.now());
  }

  /** Hands a mail to the EMAIL binding (a method of the table, so tests can watch it). */
  protected async sendEmail(message: EmailMessageBuilder): Promise<void> {
    await this.env.EMAIL.send(message);
  }
}
