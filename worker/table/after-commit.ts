/**
 * What follows a commit outside its transaction, decided here, once, from what the commit
 * says changed (changes/apply.ts `Effects`), never by its callers: the sockets of replaced
 * links are closed, a chat message goes to every socket, each socket whose own view changed
 * is pushed it; and the work that waits (history rows, deliveries, the digest) is started,
 * and the one alarm set for what is due later.
 *
 * The alarm: each part says when it next needs the table (the history outbox, the
 * deliveries, the reminder of the current move, turn mails put off, bots, moves made for a
 * seat, a vacation's end, retention) without reading a payload; the alarm is set to the
 * earliest, and written only when that time moved. Retention's time is rounded up to a
 * whole day (clock.ts), so a table where nothing else waits writes its alarm at most once a
 * day, not on every move.
 */
import type { HistoryOutbox } from '../history/outbox.js';
import { eventsOfChange } from './changes/change-events.js';
import type { OpsMetrics } from '../ops/metrics.js';
import type { DigestSeats } from '../notifications/digest/digest-seats.js';
import type { TableNotifications } from '../notifications/notify.js';
import { retentionDueAt, nextVacationEnd } from '../published/clock.js';
import type { Change } from './changes/change.js';
import { SEATS, type Table } from '../model/table.js';
import type { AutoMoves } from './moves/auto-moves.js';
import type { BotSeats } from './moves/bot-seats.js';
import { CLOSE_LINK_REPLACED, type TableSockets } from './sockets/sockets.js';
import type { Committed, TableStore } from './table-store.js';
import type { RowMeter } from '../storage/row-meter.js';

/** What the after-commit step works with. */
export interface Followers {
  readonly ctx: DurableObjectState;
  /** Counts the alarm's writes with the storage's rows (storage/row-meter.ts). */
  readonly meter: RowMeter;
  readonly store: TableStore;
  readonly sockets: TableSockets;
  readonly outbox: HistoryOutbox;
  readonly notifications: TableNotifications;
  readonly digest: DigestSeats;
  readonly bots: BotSeats;
  readonly auto: AutoMoves;
  readonly retentionDays: number;
  readonly metrics: OpsMetrics;
}

/** Where the change came from, for what follows it. */
export interface Origin {
  /** The socket the change came over: it gets its view in its answer instead of a push. */
  readonly from?: WebSocket;
  /** Committed by the alarm, which does the work when it has made its changes. */
  readonly inAlarm?: boolean;
}

/** Times closer than this are the same time: no write to move the alarm by less. */
const SLACK_MS = 1_000;

export class AfterCommit {
  constructor(private readonly parts: Followers) {}

  /** Commits `change` (table-store.ts) and does what follows it: the one way a table changes. */
  commit(change: Change, origin: Origin = {}): Committed {
    const committed = this.parts.store.commit(change);
    this.run(change, committed, origin);
    return committed;
  }

  /**
   * Makes a table. Each seat given an address is asked to confirm it first, before the
   * answer: the confirmation is the table's first mail to that address, so the first deal's
   * turn mail and everything else that waits start only once the asking is done (were they
   * started by the commit, a turn mail would race the confirmation it depends on).
   */
  async create(change: Extract<Change, { type: 'create' }>): Promise<void> {
    const committed = this.parts.store.commit(change);
    await Promise.all(SEATS.map((seat) => this.parts.notifications.askConfirmation(committed.table, seat)));
    this.run(change, committed, {});
  }

  /** Does what follows `change`, `committed`; counts it for the operator once it holds. */
  private run(change: Change, { before, table, effects, rows }: Committed, { from, inAlarm = false }: Origin): void {
    const { sockets, store, metrics } = this.parts;
    // An action's point carries what its commit wrote and read: the operator's rows per action kind.
    for (const event of eventsOfChange(change, before, table)) metrics.count(event, event[0] === 'action' ? rows : undefined);
    for (const hash of effects.revoked) sockets.closeLink(hash, CLOSE_LINK_REPLACED, "this link was replaced by the table's admin");
    if (effects.chat !== undefined) sockets.sendAll({ type: 'chat', message: effects.chat });
    if (effects.views) sockets.broadcast((seat) => store.viewFor(table, seat), from);
    if (inAlarm) return;
    if (effects.queued || this.dueLater(table)) this.kick();
  }

  /** Whether the table will need its alarm after this change: a clock runs, a bot or a move for a seat is owed, a digest entry changed. */
  private dueLater(table: Table): boolean {
    const { bots, auto, digest } = this.parts;
    return table.settings.moveDeadlineHours !== null || bots.nextDueAt(table) !== null || auto.nextDueAt(table) !== null || digest.behind(table);
  }

  /** Time passed without a change (a vacation ended): each socket whose own view changed is pushed it. */
  timePassed(): void {
    const { sockets, store } = this.parts;
    const table = store.current();
    if (table !== null) sockets.broadcast((seat) => store.viewFor(table, seat));
  }

  /** Starts what is due now in the background (history, deliveries, the digest) and sets the alarm for what is due later. */
  kick(): void {
    this.parts.ctx.waitUntil(this.work(false));
  }

  /**
   * The work that waits, each part on its own and setting the alarm for its retries as soon
   * as it is done: a slow D1 never holds up a webhook, nor a slow receiver the history or
   * another seat. `inAlarm`: run by the alarm itself.
   */
  async work(inAlarm: boolean): Promise<void> {
    const { store, outbox, notifications, digest } = this.parts;
    const table = store.current();
    if (table === null) return;
    const rearm = () => this.rearm(inAlarm);
    const current = () => store.current() ?? table;
    await Promise.all([
      outbox.flush().then(rearm),
      notifications.deliver(current, rearm).then(rearm),
      digest.sync(() => store.current()).then(rearm),
    ]);
  }

  /**
   * Sets the one alarm to the earliest of what each part needs the table for, or removes it
   * when nothing waits. `inAlarm`: run by the alarm itself, whose own alarm is spent.
   */
  async rearm(inAlarm: boolean): Promise<void> {
    const table = this.parts.store.current();
    if (table === null) return;
    const storage = this.parts.ctx.storage;
    const due = this.dueTimes(table).filter((t): t is number => t !== null);
    const current = inAlarm ? null : await storage.getAlarm();
    if (due.length === 0) {
      if (current !== null || inAlarm) await storage.deleteAlarm();
      return;
    }
    const at = Math.max(Math.min(...due), Date.now() + 100);
    if (current === null || Math.abs(current - at) > SLACK_MS) {
      this.parts.meter.alarmSet();
      await storage.setAlarm(at);
    }
  }

  private dueTimes(table: Table): (number | null)[] {
    const { outbox, notifications, digest, bots, auto, retentionDays } = this.parts;
    return [
      outbox.nextDueAt(),
      notifications.nextDueAt(table),
      digest.nextDueAt(),
      bots.nextDueAt(table),
      auto.nextDueAt(table),
      nextVacationEnd(table.vacations, Date.now()), // every page is to show the seat back
      retentionDueAt(table.lastChangeAt, retentionDays),
    ];
  }
}
