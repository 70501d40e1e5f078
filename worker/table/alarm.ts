/**
 * The table's one alarm (after-commit.ts sets it): whatever is due runs, each as a change the
 * table commits — a reminder, a turn mail put off, a bot's move, a move made for a person's
 * seat — then the work that waits (after-commit.ts); and a table idle past retention is
 * deleted once its history is safe in D1.
 */
import type { HistoryOutbox } from '../history/outbox.js';
import type { DigestSeats } from '../notifications/digest/digest-seats.js';
import type { TableNotifications } from '../notifications/notify.js';
import type { ActionPath } from './action-path.js';
import type { AfterCommit } from './after-commit.js';
import { retentionDueAt } from '../published/clock.js';
import type { Table } from '../model/table.js';
import type { AutoMoves } from './moves/auto-moves.js';
import type { BotSeats } from './moves/bot-seats.js';
import type { TableSockets } from './sockets/sockets.js';
import type { TableStorage } from '../storage/table-storage.js';
import type { TableStore } from './table-store.js';

export interface AlarmParts {
  readonly ctx: DurableObjectState;
  readonly storage: TableStorage;
  readonly store: TableStore;
  readonly actions: ActionPath;
  readonly after: AfterCommit;
  readonly notifications: TableNotifications;
  readonly bots: BotSeats;
  readonly auto: AutoMoves;
  readonly outbox: HistoryOutbox;
  readonly digest: DigestSeats;
  readonly sockets: TableSockets;
  readonly retentionDays: number;
}

export class TableAlarm {
  /** When the alarm last looked for vacations that ended (ms; 0 after an eviction: one push too many at worst). */
  private vacationsLookedAt = 0;

  constructor(private readonly parts: AlarmParts) {}

  async run(): Promise<void> {
    const { store, notifications, after, retentionDays } = this.parts;
    const table = store.current();
    if (table === null) return;
    if (retentionDueAt(table.lastChangeAt, retentionDays) <= Date.now() && (await this.retire(table))) return;
    const now = Date.now();
    const reminders = notifications.dueReminders(table, now);
    if (reminders.length > 0) after.commit({ type: 'remind', seats: reminders }, { inAlarm: true });
    if (notifications.turnMailsPutOffDue(now)) after.commit({ type: 'lookAtTurnMailsPutOff', now }, { inAlarm: true });
    this.moveBot();
    this.moveForSeat();
    await after.work(true);
  }

  /** One bot's move, when one is due (bot-seats.ts): the same action path as a person's. One per alarm run: the next is set by the work. */
  private moveBot(): void {
    const { store, bots, actions } = this.parts;
    const table = store.current()!;
    const move = bots.decide(table, Date.now());
    if (move === null) return;
    const accepted = actions.act(table, move.seat, { action: move.action }, { inAlarm: true });
    if (!accepted.ok)
      console.error(`table ${table.settings.tableId}: the bot of seat ${move.seat} was refused ${JSON.stringify(move.action)}: ${accepted.message}`);
  }

  /**
   * A move the table makes for a person's seat, when one is due (auto-moves.ts: its deadline
   * passed, or its forced card), marked automatic; one per alarm run, as for bots. A
   * vacation that ended meanwhile shows on every page.
   */
  private moveForSeat(): void {
    const { store, auto, actions, after } = this.parts;
    const table = store.current()!;
    const now = Date.now();
    const move = auto.decide(table, now);
    const accepted = move === null ? null : actions.act(table, move.seat, { action: move.action }, { auto: move.kind, inAlarm: true });
    if (move !== null && accepted !== null && !accepted.ok)
      console.error(`table ${table.settings.tableId}: the automatic move (${move.kind}) of seat ${move.seat} was refused: ${accepted.message}`);
    const vacationEnded = table.vacations.some((v) => v.until <= now && v.until > this.vacationsLookedAt);
    this.vacationsLookedAt = now;
    if (vacationEnded && !accepted?.ok) after.timePassed();
  }

  /**
   * Deletes the table's storage after RETENTION_DAYS without a move, once its history is in
   * D1; answers whether it did. History still waiting (or dead letters) keeps the table: it
   * is tried again, and an operator sees why in the log.
   */
  private async retire(table: Table): Promise<boolean> {
    const { ctx, storage, store, outbox, digest, sockets, retentionDays } = this.parts;
    await outbox.flush();
    if (outbox.pending() > 0) {
      console.warn(`table ${table.settings.tableId}: idle past retention, kept while ${outbox.pending()} history rows wait for D1`);
      return false;
    }
    await digest.retire(table);
    sockets.closeAll(1001, 'this table was deleted after a long time without a move');
    await ctx.storage.deleteAlarm();
    await ctx.storage.deleteAll();
    storage.markRetired(new Date().toISOString());
    store.reset();
    console.log(`table ${table.settings.tableId}: deleted after ${retentionDays} days without a move; its history stays in D1`);
    return true;
  }
}
