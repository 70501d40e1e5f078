/**
 * What a table keeps in its Durable Object's SQLite storage (the schema and its history:
 * migrations.ts), split by what it stores: here the table itself — its settings, the links'
 * token hashes and nonces, every deal (with its secret seed) and the action log; beside it
 * each seat's rows besides its link (seat-rows.ts), the admin's (admin-rows.ts, embed-rows.ts),
 * the push devices and the deliveries waiting (notifications/), the table's send budgets.
 * Every statement binds its parameters; table names come from the code only.
 */
import type { Action } from '../../shared/actions.js';
import type { Deal } from '../../shared/deal.js';
import type { Seat, TableOptions } from '../../shared/options.js';
import { DeliveryQueue } from './delivery-queue.js';
import { PushStorage } from './push-subscriptions.js';
import { DEFAULT_ON_TIMEOUT, DEFAULT_VACATION_HOURS } from '../../shared/deadline.js';
import { SendBudget } from './send-budget.js';
import { TABLE_MAILS_PER_HOUR, TABLE_WEBHOOKS_PER_MINUTE } from '../model/limits.js';
import { type ActionRow, type AutoKind, type DealRow, type SeatSettings, type Settings, type TokenRow } from '../model/table.js';
import { AdminStorage } from './admin-rows.js';
import { EmbedStorage } from './embed-rows.js';
import { migrate } from './migrations.js';
import { SeatRows } from './seat-rows.js';
import { ReplyAddresses } from './reply-addresses.js';
import type { HolderTable } from './seat-tables.js';

/** `actions.auto` per kind; null: the seat's own move. */
const AUTO_CODES: Record<AutoKind, number> = { timeout: 1, forced: 2 };

type Row = Record<string, SqlStorageValue>;

export class TableStorage {
  /** How many mails the table may still send this hour (send-budget.ts). */
  readonly mailBudget: SendBudget;
  /** How many webhook attempts the table may still make this minute (send-budget.ts). */
  readonly webhookBudget: SendBudget;

  /** What the table admin's commands keep (admin-rows.ts). */
  readonly admin: AdminStorage;
  /** The seats' push subscriptions (storage/push-subscriptions.ts). */
  readonly push: PushStorage;
  /** Who may frame the table's embed pages (embed-rows.ts). */
  readonly embedding: EmbedStorage;
  /** The notifications waiting for the seats (storage/delivery-queue.ts). */
  readonly deliveries: DeliveryQueue;
  /** What is kept of each seat besides its link (seat-rows.ts). */
  readonly seats: SeatRows;
  /** The reply addresses of the turn mails (storage/reply-addresses.ts). */
  readonly replyAddresses: ReplyAddresses;

  constructor(private readonly sql: SqlStorage) {
    this.admin = new AdminStorage(sql);
    this.push = new PushStorage(sql);
    this.embedding = new EmbedStorage(sql);
    this.deliveries = new DeliveryQueue(sql);
    this.seats = new SeatRows(sql);
    this.replyAddresses = new ReplyAddresses(sql);
    this.mailBudget = new SendBudget(sql, 'mail_sends', TABLE_MAILS_PER_HOUR, 3_600_000);
    this.webhookBudget = new SendBudget(sql, 'webhook_sends', TABLE_WEBHOOKS_PER_MINUTE, 60_000);
  }

  /**
   * Brings the storage to the schema's version (migrations.ts): when the table is made, and
   * when it is loaded. Until a table is made nothing is written, so a request for an unknown
   * table id leaves no storage behind.
   */
  migrate(): void {
    migrate(this.sql);
  }

  /**
   * Deletes `seat`'s rows of one of the tables a seat link's holder fills (seat-tables.ts).
   * A table name cannot be bound: `name` comes from that module's fixed list only, never
   * from a request.
   */
  deleteSeatRows(name: HolderTable, seat: Seat): void {
    this.sql.exec(`DELETE FROM ${name} WHERE seat = ?`, seat);
  }

  /** Whether a table was ever created in this object. */
  exists(): boolean {
    return this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'settings'").toArray().length > 0;
  }

  settings(): Settings | null {
    if (!this.exists()) return null;
    const row = this.sql.exec<Row>('SELECT * FROM settings WHERE id = 1').toArray()[0];
    if (row === undefined) return null;
    return {
      tableId: row.table_id as string,
      name: row.name as string,
      options: JSON.parse(row.options as string) as TableOptions,
      seats: JSON.parse(row.seats as string) as SeatSettings[],
      moveDeadlineHours: row.move_deadline_hours as number | null,
      onTimeout: (row.on_timeout as 'bot' | 'wait' | null | undefined) ?? DEFAULT_ON_TIMEOUT,
      vacationHours: (row.vacation_hours as number | null | undefined) ?? DEFAULT_VACATION_HOURS,
      createdAt: row.created_at as string,
      origin: (row.origin as string | null | undefined) ?? null,
      chat: row.chat !== 0, // null (a table made before the chat): on
      historyShard: (row.history_shard as number | null) ?? 0,
    };
  }

  saveSettings(s: Settings): void {
    this.sql.exec(
      `INSERT INTO settings (id, table_id, name, options, seats, move_deadline_hours, created_at, origin, on_timeout, vacation_hours, chat, history_shard)
       VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      s.tableId,
      s.name,
      JSON.stringify(s.options),
      JSON.stringify(s.seats),
      s.moveDeadlineHours,
      s.createdAt,
      s.origin,
      s.onTimeout,
      s.vacationHours,
      s.chat ? 1 : 0,
      s.historyShard,
    );
  }

  /** The clock of the admin's `options` command (API.md "Table admin"). */
  updateClock(moveDeadlineHours: number | null, onTimeout: 'bot' | 'wait'): void {
    this.sql.exec('UPDATE settings SET move_deadline_hours = ?, on_timeout = ? WHERE id = 1', moveDeadlineHours, onTimeout);
  }

  tokens(): TokenRow[] {
    return this.sql
      .exec<Row>('SELECT hash, seat, nonce, role FROM tokens ORDER BY seat')
      .toArray()
      .map((r) => ({
        hash: r.hash as string,
        seat: r.seat as Seat | null,
        nonce: r.nonce as string | null,
        role: r.role === 'admin' ? ('admin' as const) : null,
      }));
  }

  saveToken(t: TokenRow): void {
    this.sql.exec('INSERT INTO tokens (hash, seat, nonce, role) VALUES (?, ?, ?, ?)', t.hash, t.seat, t.nonce, t.role ?? null);
  }

  saveFixedDeals(deals: readonly Deal[]): void {
    deals.forEach((deal, index) => this.sql.exec('INSERT INTO fixed_deals (deal_index, deal) VALUES (?, ?)', index, JSON.stringify(deal)));
  }

  fixedDeal(dealIndex: number): Deal | null {
    const row = this.sql.exec<Row>('SELECT deal FROM fixed_deals WHERE deal_index = ?', dealIndex).toArray()[0];
    return row === undefined ? null : (JSON.parse(row.deal as string) as Deal);
  }

  deals(): DealRow[] {
    return this.sql
      .exec<Row>('SELECT * FROM deals ORDER BY deal_index')
      .toArray()
      .map((r) => ({
        dealIndex: r.deal_index as number,
        seed: r.seed as string | null,
        commitment: r.commitment as string | null,
        fixed: r.fixed === null ? null : (JSON.parse(r.fixed as string) as Deal),
        dealtAt: r.dealt_at as string,
      }));
  }

  saveDeal(d: DealRow): void {
    this.sql.exec(
      'INSERT INTO deals (deal_index, seed, commitment, fixed, dealt_at) VALUES (?, ?, ?, ?, ?)',
      d.dealIndex,
      d.seed,
      d.commitment,
      d.fixed === null ? null : JSON.stringify(d.fixed),
      d.dealtAt,
    );
  }

  /** The log's rows with a version above `after` and up to `upTo` (a series, or part of one: admin-rows.ts). */
  actions(after = 0, upTo = Number.MAX_SAFE_INTEGER): ActionRow[] {
    return this.sql
      .exec<Row>(
        'SELECT version, seat, action, at, auto, action_id, by_reply FROM actions WHERE version > ? AND version <= ? ORDER BY version',
        after,
        upTo,
      )
      .toArray()
      .map((r) => ({
        version: r.version as number,
        seat: r.seat as Seat,
        action: JSON.parse(r.action as string) as Action,
        at: r.at as string,
        ...(r.auto === null ? {} : { auto: r.auto === AUTO_CODES.forced ? ('forced' as const) : ('timeout' as const) }),
        ...(r.action_id === null ? {} : { actionId: r.action_id as string }),
        ...(r.by_reply === 1 ? { byReply: true as const } : {}),
      }));
  }

  /**
   * One accepted action. Its answer is not stored (a view per action was the bulk of a
   * table's storage): the table keeps the running game's answers in memory and replays the
   * log for the others (action-path.ts). The column stays, '' (none), for tables made before.
   */
  saveAction(version: number, seat: Seat, action: Action, actionId: string | null, at: string, auto: AutoKind | null = null, byReply = false): void {
    this.sql.exec(
      "INSERT INTO actions (version, seat, action, action_id, response, at, auto, by_reply) VALUES (?, ?, ?, ?, '', ?, ?, ?)",
      version,
      seat,
      JSON.stringify(action),
      actionId,
      at,
      auto === null ? null : AUTO_CODES[auto],
      byReply ? 1 : null,
    );
  }

  /**
   * What `seat` sent with this client id, if it did (ids are per seat): the action as
   * stored (as it was sent, not canonical), and its version. `response` is always null now:
   * answers are not stored (see saveAction). `known`: the version the table's memory has for
   * the id (Table.clientIds: the log it read, and since); else only the log before `after` is
   * looked through (the earlier series', without an index: a row read per action there, no row
   * written per action for an index).
   */
  actionWithId(
    seat: Seat,
    actionId: string,
    known: number | undefined,
    after: number,
  ): { readonly action: unknown; readonly version: number; readonly response: string | null } | undefined {
    const row = (
      known !== undefined
        ? this.sql.exec<Row>('SELECT action, version, response FROM actions WHERE version = ?', known)
        : after > 0
          ? this.sql.exec<Row>(
              'SELECT action, version, response FROM actions WHERE version <= ? AND seat = ? AND action_id = ?',
              after,
              seat,
              actionId,
            )
          : null
    )?.toArray()[0];
    if (row === undefined) return undefined;
    return {
      action: JSON.parse(row.action as string) as unknown,
      version: row.version as number,
      response: row.response === '' ? null : (row.response as string),
    };
  }

  /** When this object's table was deleted for lack of use (retention), or null. */
  retiredAt(): string | null {
    const found = this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'retired'").toArray().length > 0;
    if (!found) return null;
    return (this.sql.exec<Row>('SELECT at FROM retired').toArray()[0]?.at as string | undefined) ?? null;
  }

  /** After the storage was deleted: the one row left, so the link answers why it no longer works. */
  markRetired(at: string): void {
    this.sql.exec('CREATE TABLE IF NOT EXISTS retired (at TEXT NOT NULL)');
    this.sql.exec('INSERT INTO retired (at) VALUES (?)', at);
  }
}
