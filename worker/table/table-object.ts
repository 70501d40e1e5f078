/**
 * One Durable Object per table. It owns the table's storage, rebuilds the series from
 * its action log after eviction or restart (a log or options stored under older rules as
 * they were played, legacy-log.ts), runs every action through the engine one at
 * a time (sent by RPC from the Worker or over a seat's WebSocket, socket-protocol.ts),
 * pushes each connected seat its own view over hibernatable WebSockets, writes finished
 * games to D1 through an outbox that survives D1 failures, and tells the seats by webhook
 * and mail when it is their move (events.ts decides whom, deliveries.ts sends). One alarm
 * serves the outbox's retries, the deliveries' retries and the reminders (scheduleAlarm).
 */
import { DurableObject } from 'cloudflare:workers';
import type { Action } from '../../shared/actions.js';
import { commitmentOf, dealFromSeed, newSeed, type Deal } from '../../shared/deal.js';
import type { Seat } from '../../shared/options.js';
import type { Result } from '../../shared/result.js';
import { applySeriesAction, dealNextGame, startSeries, type SeriesState } from '../../shared/series.js';
import { History } from '../history/writer.js';
import { reasonOf } from '../log-reasons.js';
import { sameAction } from './action-ids.js';
import { Deliveries } from './deliveries.js';
import { replayLog, upgradedOptions } from './legacy-log.js';
import { eventsOf, pendingSeats, reminderAt, type SeatEvent } from './events.js';
import { MAILED, type MailFacts, type WebhookBody } from './notifier.js';
import { failure, success, type Outcome } from './outcome.js';
import { publishedGame, tableView, type PublishedGame, type TableView } from './published.js';
import { acceptedAnswer, errorMessage, parseClientMessage, refusedAnswer } from './socket-protocol.js';
import { TableStorage, type Channel, type DealRow, type Notifications, type Settings, type TokenRow } from './storage.js';
import { sameHash } from './tokens.js';

export interface CreateTable {
  readonly settings: Settings;
  /** The three seat tokens' and the spectator token's SHA-256 hashes and nonces (tokens.ts). */
  readonly tokens: readonly TokenRow[];
  /** Turn notifications by mail, per seat (from the seats' `email`). */
  readonly emails: readonly (string | null)[];
  readonly fixedDeals: readonly Deal[];
}

export interface ActionRequest {
  readonly action: Action;
  readonly id?: string;
  readonly version?: number;
}

export interface NotificationsRequest {
  readonly email?: string | null;
  readonly webhookUrl?: string | null;
}

/** Who a token belongs to: a seat, or the spectators (null). */
type Caller = { readonly seat: Seat | null };

/** What a WebSocket carries through hibernation: its caller and the hash of the token it came with. */
type SocketAttachment = Caller & { readonly tokenHash?: string };

interface LoadedTable {
  readonly settings: Settings;
  readonly tokens: TokenRow[];
  series: SeriesState;
  readonly deals: DealRow[];
  version: number;
  /** When the last action was accepted or the last game dealt (for deadlines). */
  lastChangeAt: string;
  /** Each seat's mail address and webhook. */
  readonly notifications: Notifications[];
  /** The last version whose owed moves were reminded of (-1: none). */
  remindedVersion: number;
}

const SEATS: readonly Seat[] = [0, 1, 2];

const PING = JSON.stringify({ type: 'ping' });
const PONG = JSON.stringify({ type: 'pong' });

/** First retry within 5 s, then doubling up to 10 minutes. */
const retryDelayMs = (attempts: number): number => Math.min(5_000 * 2 ** attempts, 600_000);

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`table storage is inconsistent: ${result.error.message}`);
  return result.value;
}

export class TableObject extends DurableObject<Env> {
  private readonly storage: TableStorage;
  private readonly history: History;
  /** undefined: not read from storage yet; null: no table was created here. */
  private table: LoadedTable | null | undefined;
  private flushing = false;
  /** Views of the current version, by seat (see viewFor). */
  private views: { series: SeriesState; version: number; bySeat: Map<Seat | null, TableView> } | undefined;
  private readonly deliveries: Deliveries;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.storage = new TableStorage(ctx.storage.sql);
    this.history = new History(env.DB);
    this.deliveries = new Deliveries(this.storage, env, (message) => this.sendEmail(message));
    // The web app's heartbeat is answered by the runtime itself: an open page never wakes a hibernating table.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  // ------------------------------------------------------------------ RPC

  create(init: CreateTable): Outcome<null> {
    if (this.load() !== null) return failure(409, 'conflict', 'a table with this id already exists');
    const series = must(startSeries(init.settings.options));
    const now = init.settings.createdAt;
    this.ctx.storage.transactionSync(() => {
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
        deals: [],
        version: 0,
        lastChangeAt: now,
        notifications: SEATS.map((seat) => this.storage.notifications(seat)),
        remindedVersion: -1,
      };
      this.table = table;
      this.dealNext(table, now);
      const { tableId, name, options, createdAt, seats } = init.settings;
      this.storage.enqueue('table', { id: tableId, name, options, createdAt, seats: seats.map((s, seat) => ({ seat, ...s })) }, Date.now());
      this.notify(table, eventsOf(null, table.series)); // the first deal: a mail with its link to every seat with an address
    });
    this.kick();
    return success(null);
  }

  /** The caller's view, as JSON text: the Worker passes it on without parsing it again. */
  view(tokenHash: string): Outcome<string> {
    const found = this.authorize(tokenHash);
    if (!found.ok) return found;
    return success(JSON.stringify(this.viewFor(found.value.table, found.value.caller.seat)));
  }

  /**
   * Applies one action; answers the caller's new view as JSON text. Every connected socket
   * is pushed its view, except `from`, the socket the action came over (its answer has it).
   */
  act(tokenHash: string, request: ActionRequest, from?: WebSocket): Outcome<string> {
    const found = this.authorize(tokenHash);
    if (!found.ok) return found;
    const { table, caller } = found.value;
    if (caller.seat === null) return failure(403, 'forbidden', 'a spectator link can watch but not play');
    const seat = caller.seat;
    if (request.id !== undefined) {
      // API.md: the same id (this seat's own: ids are per seat) is applied once, and only for the same action.
      const earlier = this.storage.actionWithId(seat, request.id);
      if (earlier !== undefined) {
        if (sameAction(earlier.action, request.action)) return success(earlier.response);
        return failure(
          409,
          'id_reused',
          `the action id ${JSON.stringify(request.id)} was already used by this seat for a different action; send a new action with a new id`,
        );
      }
    }
    if (request.version !== undefined && request.version !== table.version) {
      return failure(409, 'stale_version', `the table is at version ${table.version}, not ${request.version}; reload and try again`);
    }
    const result = applySeriesAction(table.series, seat, request.action);
    if (!result.ok) {
      const status = result.error.code === 'bad_request' ? 400 : 422;
      return failure(status, result.error.code, result.error.message);
    }
    const now = new Date().toISOString();
    const before = table.series;
    const finishedBefore = table.series.records.length;
    let view!: string;
    let notified = 0;
    this.ctx.storage.transactionSync(() => {
      table.series = result.value;
      table.version += 1;
      table.lastChangeAt = now;
      for (const record of table.series.records.slice(finishedBefore)) {
        const deal = table.deals[table.deals.length - 1]!;
        const game = publishedGame(record, deal, now);
        this.storage.enqueue('game', { tableId: table.settings.tableId, game, settlement: record.settlement }, Date.now());
      }
      if (table.series.status === 'awaitingDeal') this.dealNext(table, now); // API.md: the next game starts by itself
      view = JSON.stringify(this.viewFor(table, seat));
      this.storage.saveAction(table.version, seat, request.action, request.id ?? null, view, now);
      notified = this.notify(table, eventsOf(before, table.series));
    });
    this.broadcast(table, from);
    // History to write, notifications to send, or a reminder to schedule for the new move.
    if (table.series.records.length > finishedBefore || notified > 0 || table.settings.moveDeadlineHours !== null) this.kick();
    return success(view);
  }

  async games(tokenHash: string): Promise<Outcome<PublishedGame[]>> {
    const found = this.authorize(tokenHash);
    if (!found.ok) return found;
    const { table } = found.value;
    const games = new Map<number, PublishedGame>();
    try {
      for (const game of await this.history.games(table.settings.tableId)) games.set(game.dealIndex, game);
    } catch (error) {
      console.warn(`table ${table.settings.tableId}: reading the history failed, answering from the table itself: ${reasonOf(error)}`);
    }
    // Games not in D1 yet (outbox) or at all (D1 down) come from the table's own log: nothing is lost.
    table.series.records.forEach((record, index) => {
      if (!games.has(index)) games.set(index, publishedGame(record, table.deals[index]!, this.finishedAt(index)));
    });
    return success([...games.values()].sort((a, b) => a.dealIndex - b.dealIndex));
  }

  setNotifications(tokenHash: string, request: NotificationsRequest, newSecret: string): Outcome<Notifications> {
    const found = this.authorize(tokenHash);
    if (!found.ok) return found;
    const seat = found.value.caller.seat;
    if (seat === null) return failure(403, 'forbidden', 'a spectator link has no notifications');
    const table = found.value.table;
    const current = this.storage.notifications(seat);
    const webhookUrl = request.webhookUrl === undefined ? current.webhookUrl : request.webhookUrl;
    const next: Notifications = {
      email: request.email === undefined ? current.email : request.email,
      webhookUrl,
      // The secret stays the same while a webhook is set, so a receiver keeps verifying.
      webhookSecret: webhookUrl === null ? null : (current.webhookSecret ?? newSecret),
    };
    this.ctx.storage.transactionSync(() => {
      this.storage.saveNotifications(seat, next);
      table.notifications[seat] = next;
      // What waits for a seat goes to its new address at once (signed with the same secret);
      // with the address removed, it is dropped.
      const changes: [Channel, string | null, string | null][] = [
        ['webhook', current.webhookUrl, next.webhookUrl],
        ['email', current.email, next.email],
      ];
      for (const [channel, was, now] of changes) {
        if (now === null) this.storage.dropDeliveries(seat, channel);
        else if (now !== was) this.storage.retryDeliveriesNow(seat, channel, Date.now());
      }
    });
    this.kick();
    return success(next);
  }

  // ------------------------------------------------------------------ WebSockets (hibernation API)

  override async fetch(request: Request): Promise<Response> {
    const found = this.authorize(request.headers.get('x-token-hash') ?? '');
    if (!found.ok) return Response.json({ error: { code: found.code, message: found.message } }, { status: found.status });
    const { table, caller } = found.value;
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ ...caller, tokenHash: request.headers.get('x-token-hash') ?? '' } satisfies SocketAttachment);
    server.send(JSON.stringify({ type: 'view', view: this.viewFor(table, caller.seat) }));
    const protocol = request.headers.get('x-websocket-protocol');
    return new Response(null, { status: 101, webSocket: client, headers: protocol === null ? {} : { 'Sec-WebSocket-Protocol': protocol } });
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const parsed = parseClientMessage(data);
    if (!parsed.ok) {
      const { id, status, code, message } = parsed.refusal;
      ws.send(id === null ? errorMessage(code, message) : refusedAnswer(id, status, code, message));
      return;
    }
    const message = parsed.message;
    const table = this.load();
    if (message.type === 'ping') ws.send(PONG); // a ping written another way than the auto-response's
    else if (message.type === 'view') {
      if (table) ws.send(JSON.stringify({ type: 'view', view: this.viewFor(table, (ws.deserializeAttachment() as SocketAttachment).seat) }));
    } else ws.send(await this.actOver(ws, message.id, message.request));
  }

  /** An action sent over a WebSocket: the checks of POST …/actions, answered on the socket. */
  private async actOver(ws: WebSocket, id: string, request: ActionRequest): Promise<string> {
    const { seat, tokenHash } = ws.deserializeAttachment() as SocketAttachment;
    if (seat === null) return refusedAnswer(id, 403, 'forbidden', 'a spectator link can watch but not play');
    // A socket opened before actions were taken over WebSockets: it has no token to check.
    if (tokenHash === undefined || tokenHash === '') return refusedAnswer(id, 401, 'unauthorized', 'reconnect to act over this connection');
    // The same limiter and key as POST …/actions: one budget per link, whichever way it acts.
    const { success: allowed } = await this.env.ACTION_LIMITER.limit({ key: tokenHash });
    if (!allowed) return refusedAnswer(id, 429, 'rate_limited', 'too many actions from this link; try again in a minute');
    const outcome = this.act(tokenHash, request, ws);
    return outcome.ok ? acceptedAnswer(id, outcome.value) : refusedAnswer(id, outcome.status, outcome.code, outcome.message);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    ws.close(code === 1005 || code === 1006 ? 1000 : code, 'bye');
  }

  // ------------------------------------------------------------------ the alarm

  /** The one alarm: history retries, delivery retries and reminders, whichever is due. */
  override async alarm(): Promise<void> {
    this.remindIfDue();
    await this.work(true);
  }

  /** Starts what is due now in the background (history, deliveries) and sets the alarm for what is due later. */
  private kick(): void {
    this.ctx.waitUntil(this.work(false));
  }

  private async work(inAlarm: boolean): Promise<void> {
    // Independent of each other, each setting the alarm for its own retries as soon as it is
    // done: a slow D1 never holds up a webhook, nor a slow receiver the history or another seat.
    await Promise.all([this.flushOutbox().then(() => this.scheduleAlarm(inAlarm)), this.deliver(inAlarm).then(() => this.scheduleAlarm(inAlarm))]);
  }

  /**
   * Sets the table's one alarm to the earliest of: the history outbox's next retry, the
   * next delivery (a retry, or the guard of an attempt in flight: should the object die
   * mid-attempt, the alarm makes it again), the next reminder; removes it when nothing
   * waits. `inAlarm`: called by the alarm itself, whose own alarm is spent.
   */
  private async scheduleAlarm(inAlarm: boolean): Promise<void> {
    const table = this.load();
    if (table === null) return;
    const times: number[] = [];
    const outbox = this.flushing ? undefined : this.storage.outbox()[0]; // a running flush schedules its own retry when it ends
    if (outbox !== undefined) times.push(outbox.nextAttemptAt);
    const delivery = this.storage.nextDeliveryAt();
    if (delivery !== null) times.push(delivery);
    const reminder = this.nextReminderAt(table);
    if (reminder !== null) times.push(reminder);
    const current = inAlarm ? null : await this.ctx.storage.getAlarm();
    if (times.length === 0) {
      if (current !== null || inAlarm) await this.ctx.storage.deleteAlarm();
      return;
    }
    const at = Math.max(Math.min(...times), Date.now() + 100);
    if (current === null || Math.abs(current - at) > 1_000) await this.ctx.storage.setAlarm(at);
  }

  // ------------------------------------------------------------------ history outbox

  /** Writes pending history to D1 in order; on failure keeps it and retries from the alarm. */
  private async flushOutbox(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      for (const row of this.storage.outbox()) {
        if (row.nextAttemptAt > Date.now()) break;
        try {
          const payload = JSON.parse(row.payload);
          if (row.kind === 'table') await this.history.writeTable(payload);
          else await this.history.writeGame(payload);
          this.storage.removeFromOutbox(row.id);
        } catch (error) {
          // The payload holds a finished game's cards: log only what failed, never the payload.
          const reason = reasonOf(error);
          console.warn(`history write ${row.kind} #${row.id} failed (attempt ${row.attempts + 1}): ${reason}`);
          this.storage.postpone(row.id, Date.now() + retryDelayMs(row.attempts), reason);
          break;
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  /** How many history writes wait in the outbox (for tests and monitoring). */
  pendingHistory(): number {
    return this.storage.outbox().length;
  }

  // ------------------------------------------------------------------ notifications

  /**
   * Queues what `events` tell each seat, by webhook and (for MAILED events) by mail, for
   * the seats that have them; inside the caller's transaction. Answers how many it queued.
   */
  private notify(table: LoadedTable, events: readonly SeatEvent[]): number {
    const now = Date.now();
    let queued = 0;
    const viewOf = (seat: Seat) => this.viewFor(table, seat);
    for (const event of events) {
      const { seat, type } = event;
      const { webhookUrl, email } = table.notifications[seat]!;
      if (webhookUrl !== null) {
        const body: WebhookBody = {
          type,
          tableId: table.settings.tableId,
          seat,
          version: table.version,
          gameNumber: event.gameNumber,
          ...(event.dealIndex === undefined ? {} : { dealIndex: event.dealIndex }),
          view: viewOf(seat),
        };
        this.deliveries.queue(table.settings.tableId, seat, 'webhook', type, JSON.stringify(body), now);
        queued++;
      }
      if (email !== null && MAILED.has(type)) {
        const view = viewOf(seat);
        const facts: MailFacts = {
          type,
          tableName: table.settings.name,
          seatName: table.settings.seats[seat]!.name,
          gameNumber: event.gameNumber,
          games: view.games,
          deadline: view.deadline,
          ...(type === 'table_over' ? { standings: view.seats.map((s) => ({ name: s.name, balance: s.balance })) } : {}),
        };
        this.deliveries.queue(table.settings.tableId, seat, 'email', type, JSON.stringify(facts), now);
        queued++;
      }
    }
    return queued;
  }

  /** Attempts every due delivery (deliveries.ts), the alarm set as their guard. */
  private async deliver(inAlarm: boolean): Promise<void> {
    const table = this.load();
    if (table !== null) await this.deliveries.deliver(table, () => this.scheduleAlarm(inAlarm));
  }

  /** Hands a mail to the EMAIL binding (a method of the table, so tests can watch it). */
  protected async sendEmail(message: EmailMessageBuilder): Promise<void> {
    await this.env.EMAIL.send(message);
  }

  /** When the seats owing the current move are to be reminded, or null (no deadlines, reminded already, nobody to tell). */
  private nextReminderAt(table: LoadedTable): number | null {
    const hours = table.settings.moveDeadlineHours;
    if (hours === null || table.remindedVersion >= table.version) return null;
    const reachable = pendingSeats(table.series).some((seat) => table.notifications[seat]!.webhookUrl !== null || table.notifications[seat]!.email !== null);
    return reachable ? reminderAt(Date.parse(table.lastChangeAt), hours) : null;
  }

  /** Queues the reminders of the current move when they are due: once per move. */
  private remindIfDue(): void {
    const table = this.load();
    if (table === null) return;
    const at = this.nextReminderAt(table);
    if (at === null || at > Date.now()) return;
    this.ctx.storage.transactionSync(() => {
      this.notify(
        table,
        pendingSeats(table.series).map((seat) => ({ type: 'reminder', seat, gameNumber: table.series.game!.gameNumber })),
      );
      table.remindedVersion = table.version;
      this.storage.saveRemindedVersion(table.version);
    });
  }

  // ------------------------------------------------------------------ internals

  /** Reads the table from storage once per instance and replays its log through the engine. */
  private load(): LoadedTable | null {
    if (this.table !== undefined) return this.table;
    if (!this.storage.exists()) return (this.table = null);
    this.storage.upgrade();
    const stored = this.storage.settings();
    if (stored === null) return (this.table = null);
    const deals = this.storage.deals();
    // Options and logs stored under older rules replay as they were played (legacy-log.ts).
    const start = must(startSeries(upgradedOptions(stored.options)));
    const settings: Settings = { ...stored, options: start.options };
    let dealt = 0;
    const dealIfWaiting = (series: SeriesState): SeriesState =>
      series.status === 'awaitingDeal' && dealt < deals.length ? must(dealNextGame(series, this.dealOf(deals[dealt++]!))) : series;
    const rows = this.storage.actions();
    const series = dealIfWaiting(must(replayLog(start, rows, dealIfWaiting)));
    const lastRow = rows.at(-1);
    const version = lastRow?.version ?? 0;
    let lastChangeAt = lastRow?.at ?? settings.createdAt;
    const lastDeal = deals[deals.length - 1];
    if (lastDeal !== undefined && lastDeal.dealtAt > lastChangeAt) lastChangeAt = lastDeal.dealtAt;
    this.table = {
      settings,
      tokens: this.storage.tokens(),
      series,
      deals,
      version,
      lastChangeAt,
      notifications: SEATS.map((seat) => this.storage.notifications(seat)),
      remindedVersion: this.storage.remindedVersion(),
    };
    return this.table;
  }

  private dealOf(row: DealRow): Deal {
    return row.fixed ?? must(dealFromSeed(row.seed!));
  }

  /** Deals the next game: a fixed test deal if one was given for it, else a fresh secret seed. */
  private dealNext(table: LoadedTable, now: string): void {
    const dealIndex = table.deals.length;
    const fixed = this.storage.fixedDeal(dealIndex);
    const seed = fixed === null ? newSeed() : null;
    const row: DealRow = { dealIndex, seed, commitment: seed === null ? null : commitmentOf(seed), fixed, dealtAt: now };
    this.storage.saveDeal(row);
    table.deals.push(row);
    table.series = must(dealNextGame(table.series, this.dealOf(row)));
  }

  private finishedAt(dealIndex: number): string {
    return this.table?.deals[dealIndex + 1]?.dealtAt ?? this.table?.lastChangeAt ?? new Date().toISOString();
  }

  private authorize(tokenHash: string): Outcome<{ table: LoadedTable; caller: Caller }> {
    const table = this.load();
    if (table === null) return failure(404, 'not_found', 'no such table');
    // Compare with every stored hash, always, in constant time: no early exit to time.
    let caller: Caller | null = null;
    for (const { hash, seat } of table.tokens) if (sameHash(hash, tokenHash)) caller = { seat };
    if (caller === null) return failure(403, 'forbidden', 'this link does not belong to this table');
    return success({ table, caller });
  }

  /**
   * The view of `seat` at the table's current version, built once per version: the answer,
   * the pushes and the notifications of one action all need it.
   */
  private viewFor(table: LoadedTable, seat: Seat | null): TableView {
    if (this.views?.series !== table.series || this.views.version !== table.version) {
      this.views = { series: table.series, version: table.version, bySeat: new Map() };
    }
    let view = this.views.bySeat.get(seat);
    if (view === undefined) {
      view = tableView(table.settings, table.series, seat, table.version, table.deals[table.deals.length - 1]!, table.lastChangeAt);
      this.views.bySeat.set(seat, view);
    }
    return view;
  }


  /** Pushes every connected seat and spectator its own view (R10.2), except the socket `except`. */
  private broadcast(table: LoadedTable, except?: WebSocket): void {
    const views = new Map<Seat | null, string>();
    for (const ws of this.ctx.getWebSockets()) {
      if (ws === except) continue;
      const { seat } = ws.deserializeAttachment() as SocketAttachment;
      let text = views.get(seat);
      if (text === undefined) {
        text = JSON.stringify({ type: 'view', view: this.viewFor(table, seat) });
        views.set(seat, text);
      }
      try {
        ws.send(text);
      } catch {
        // A socket closing right now: its client reconnects and gets the current view.
      }
    }
  }
}
