/**
 * One Durable Object per table. It owns the table's storage, rebuilds the series from
 * its action log after eviction or restart, runs every action through the engine one at
 * a time, pushes each connected seat its own view over hibernatable WebSockets, and
 * writes finished games to D1 through an outbox that survives D1 failures.
 */
import { DurableObject } from 'cloudflare:workers';
import type { Action } from '../../shared/actions.js';
import { commitmentOf, dealFromSeed, newSeed, type Deal } from '../../shared/deal.js';
import type { Seat } from '../../shared/options.js';
import type { Result } from '../../shared/result.js';
import { applySeriesAction, dealNextGame, startSeries, type SeriesState } from '../../shared/series.js';
import { History } from '../history/writer.js';
import { failure, success, type Outcome } from './outcome.js';
import { publishedGame, tableView, type PublishedGame, type TableView } from './published.js';
import { TableStorage, type DealRow, type Notifications, type Settings } from './storage.js';
import { sameHash } from './tokens.js';

export interface CreateTable {
  readonly settings: Settings;
  /** SHA-256 hashes of the three seat tokens and the spectator token. */
  readonly seatTokenHashes: readonly [string, string, string];
  readonly spectatorTokenHash: string;
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

interface LoadedTable {
  readonly settings: Settings;
  readonly tokens: { hash: string; seat: Seat | null }[];
  series: SeriesState;
  readonly deals: DealRow[];
  version: number;
  /** When the last action was accepted or the last game dealt (for deadlines). */
  lastChangeAt: string;
}

/** First retry within 5 s, then doubling up to 10 minutes. */
const retryDelayMs = (attempts: number): number => Math.min(5_000 * 2 ** attempts, 600_000);

/**
 * What went wrong with a history query, for logs: the database's own message. Drizzle's
 * error message also lists the query's parameters, which hold a finished game's cards.
 */
function failureReason(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) return `${cause.name}: ${cause.message}`;
  return error instanceof Error ? `${error.name}: ${error.message.split('\nparams:')[0]!}` : 'unknown error';
}

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

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.storage = new TableStorage(ctx.storage.sql);
    this.history = new History(env.DB);
  }

  // ------------------------------------------------------------------ RPC

  create(init: CreateTable): Outcome<null> {
    if (this.load() !== null) return failure(409, 'conflict', 'a table with this id already exists');
    const series = must(startSeries(init.settings.options));
    const now = init.settings.createdAt;
    this.ctx.storage.transactionSync(() => {
      this.storage.initialize();
      this.storage.saveSettings(init.settings);
      init.seatTokenHashes.forEach((hash, seat) => this.storage.saveTokenHash(hash, seat as Seat));
      this.storage.saveTokenHash(init.spectatorTokenHash, null);
      this.storage.saveFixedDeals(init.fixedDeals);
      init.emails.forEach((email, seat) => {
        if (email !== null) this.storage.saveNotifications(seat as Seat, { email, webhookUrl: null, webhookSecret: null });
      });
      this.table = {
        settings: init.settings,
        tokens: this.storage.tokenHashes(),
        series,
        deals: [],
        version: 0,
        lastChangeAt: now,
      };
      this.dealNext(this.table, now);
      const { tableId, name, options, createdAt, seats } = init.settings;
      this.storage.enqueue('table', { id: tableId, name, options, createdAt, seats: seats.map((s, seat) => ({ seat, ...s })) }, Date.now());
    });
    this.flushSoon();
    return success(null);
  }

  /** The caller's view, as JSON text: the Worker passes it on without parsing it again. */
  view(tokenHash: string): Outcome<string> {
    const found = this.authorize(tokenHash);
    if (!found.ok) return found;
    return success(JSON.stringify(this.viewFor(found.value.table, found.value.caller.seat)));
  }

  /** Applies one action; answers the caller's new view as JSON text. */
  act(tokenHash: string, request: ActionRequest): Outcome<string> {
    const found = this.authorize(tokenHash);
    if (!found.ok) return found;
    const { table, caller } = found.value;
    if (caller.seat === null) return failure(403, 'forbidden', 'a spectator link can watch but not play');
    const seat = caller.seat;
    if (request.id !== undefined) {
      const earlier = this.storage.responseTo(seat, request.id);
      if (earlier !== undefined) return success(earlier); // API.md: the same action id is applied once
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
    const finishedBefore = table.series.records.length;
    let view!: string;
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
    });
    this.broadcast(table);
    if (table.series.records.length > finishedBefore) this.flushSoon();
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
      console.warn(`table ${table.settings.tableId}: reading the history failed, answering from the table itself: ${failureReason(error)}`);
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
    const current = this.storage.notifications(seat);
    const webhookUrl = request.webhookUrl === undefined ? current.webhookUrl : request.webhookUrl;
    const next: Notifications = {
      email: request.email === undefined ? current.email : request.email,
      webhookUrl,
      // The secret stays the same while a webhook is set, so a receiver keeps verifying.
      webhookSecret: webhookUrl === null ? null : (current.webhookSecret ?? newSecret),
    };
    this.storage.saveNotifications(seat, next);
    return success(next);
  }

  // ------------------------------------------------------------------ WebSockets (hibernation API)

  override async fetch(request: Request): Promise<Response> {
    const found = this.authorize(request.headers.get('x-token-hash') ?? '');
    if (!found.ok) return Response.json({ error: { code: found.code, message: found.message } }, { status: found.status });
    const { table, caller } = found.value;
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(caller);
    server.send(JSON.stringify({ type: 'view', view: this.viewFor(table, caller.seat) }));
    const protocol = request.headers.get('x-websocket-protocol');
    return new Response(null, { status: 101, webSocket: client, headers: protocol === null ? {} : { 'Sec-WebSocket-Protocol': protocol } });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const table = this.load();
    let type: unknown;
    try {
      type = (JSON.parse(typeof message === 'string' ? message : new TextDecoder().decode(message)) as { type?: unknown }).type;
    } catch {
      type = undefined;
    }
    if (type === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
    else if (type === 'view' && table) ws.send(JSON.stringify({ type: 'view', view: this.viewFor(table, (ws.deserializeAttachment() as Caller).seat) }));
    else ws.send(JSON.stringify({ type: 'error', error: { code: 'bad_request', message: 'send {"type": "ping"} or {"type": "view"}; actions go to POST …/actions' } }));
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    ws.close(code === 1005 || code === 1006 ? 1000 : code, 'bye');
  }

  // ------------------------------------------------------------------ history outbox

  override async alarm(): Promise<void> {
    await this.flushOutbox();
  }

  private flushSoon(): void {
    this.ctx.waitUntil(this.flushOutbox());
  }

  /** Writes pending history to D1 in order; on failure keeps it and retries from an alarm. */
  async flushOutbox(): Promise<void> {
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
          const reason = failureReason(error);
          console.warn(`history write ${row.kind} #${row.id} failed (attempt ${row.attempts + 1}): ${reason}`);
          this.storage.postpone(row.id, Date.now() + retryDelayMs(row.attempts), reason);
          break;
        }
      }
    } finally {
      this.flushing = false;
    }
    const pending = this.storage.outbox()[0];
    if (pending !== undefined) await this.ctx.storage.setAlarm(Math.max(pending.nextAttemptAt, Date.now() + 100));
  }

  /** How many history writes wait in the outbox (for tests and monitoring). */
  pendingHistory(): number {
    return this.storage.outbox().length;
  }

  // ------------------------------------------------------------------ internals

  /** Reads the table from storage once per instance and replays its log through the engine. */
  private load(): LoadedTable | null {
    if (this.table !== undefined) return this.table;
    const settings = this.storage.settings();
    if (settings === null) return (this.table = null);
    const deals = this.storage.deals();
    let series = must(startSeries(settings.options));
    let dealt = 0;
    const dealIfWaiting = () => {
      if (series.status === 'awaitingDeal' && dealt < deals.length) series = must(dealNextGame(series, this.dealOf(deals[dealt++]!)));
    };
    let lastChangeAt = settings.createdAt;
    let version = 0;
    for (const row of this.storage.actions()) {
      dealIfWaiting();
      series = must(applySeriesAction(series, row.seat, row.action));
      version = row.version;
      lastChangeAt = row.at;
    }
    dealIfWaiting();
    const lastDeal = deals[deals.length - 1];
    if (lastDeal !== undefined && lastDeal.dealtAt > lastChangeAt) lastChangeAt = lastDeal.dealtAt;
    this.table = { settings, tokens: this.storage.tokenHashes(), series, deals, version, lastChangeAt };
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

  private viewFor(table: LoadedTable, seat: Seat | null): TableView {
    return tableView(table.settings, table.series, seat, table.version, table.deals[table.deals.length - 1]!, table.lastChangeAt);
  }

  /** Pushes every connected seat and spectator its own view (R10.2). */
  private broadcast(table: LoadedTable): void {
    const views = new Map<Seat | null, string>();
    for (const ws of this.ctx.getWebSockets()) {
      const { seat } = ws.deserializeAttachment() as Caller;
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
