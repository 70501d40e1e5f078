/**
 * The parts of a table's Durable Object, each doing one job, wired together once per
 * instance (table-object.ts answers the Worker's calls with them):
 *
 * - store: the table in memory and the one way it changes, commit (table-store.ts, changes/);
 * - after: what follows a commit outside it: sockets, the work, the alarm (after-commit.ts);
 * - actions, admin: what an action or an admin's command becomes (a change), or why not;
 * - notifications: who is told what, and how (worker/notifications/);
 * - outbox: finished games on their way to D1 (history/outbox.ts);
 * - sockets: live views and actions over hibernatable WebSockets (sockets/);
 * - bots, auto, alarm: the moves of bot seats and those made for a person's seat, by the one alarm.
 */
import { History } from '../history/writer.js';
import { HistoryOutbox } from '../history/outbox.js';
import { historyDatabase } from '../history/shards.js';
import { Deliveries } from '../notifications/deliver.js';
import { DeliveryLog } from '../storage/delivery-log.js';
import { opsMetrics, type OpsMetrics } from '../ops/metrics.js';
import { DigestSeats } from '../notifications/digest/digest-seats.js';
import { SeatPresence } from '../notifications/presence.js';
import { TableNotifications } from '../notifications/notify.js';
import { ActionPath, type ActionRequest } from './action-path.js';
import { TableAdmin } from './admin-commands.js';
import { AfterCommit } from './after-commit.js';
import { TableAlarm } from './alarm.js';
import { TableChat } from '../published/chat.js';
import { retentionDays } from '../published/clock.js';
import type { Seat } from '../model/table.js';
import { AutoMoves } from './moves/auto-moves.js';
import { botDelayBase, BotSeats } from './moves/bot-seats.js';
import { seatViewsOfCurrentGame } from './replay.js';
import type { ServerMessage } from '../model/contract.js';
import { TableSockets } from './sockets/sockets.js';
import { TableStorage } from '../storage/table-storage.js';
import { RowMeter } from '../storage/row-meter.js';
import { TableStore } from './table-store.js';

export interface TableParts {
  readonly storage: TableStorage;
  readonly store: TableStore;
  readonly after: AfterCommit;
  readonly actions: ActionPath;
  readonly admin: TableAdmin;
  readonly notifications: TableNotifications;
  /** The notifications' way out (deliver.ts): also the answers to moves by reply. */
  readonly deliveries: Deliveries;
  readonly deliveryLog: DeliveryLog;
  readonly digest: DigestSeats;
  readonly outbox: HistoryOutbox;
  readonly history: History;
  readonly chat: TableChat;
  readonly sockets: TableSockets;
  readonly alarm: TableAlarm;
  readonly metrics: OpsMetrics;
  /** The rows the table's storage read and wrote, counted from the runtime (storage/row-meter.ts). */
  readonly meter: RowMeter;
}

/** What the parts need of the object itself: sending a mail (a method tests watch), and an action over a socket. */
export interface ObjectHooks {
  sendEmail(message: EmailMessageBuilder): Promise<void>;
  actOver(ws: WebSocket, tokenHash: string, id: string, request: ActionRequest): Promise<ServerMessage>;
}

export function wireTable(ctx: DurableObjectState, env: Env, hooks: ObjectHooks): TableParts {
  // Every statement of the table's parts goes through the meter: what the runtime bills is counted where it happens.
  const meter = new RowMeter(ctx.storage.sql);
  const storage = new TableStorage(meter.sql);
  const chat = new TableChat(meter.sql);
  // The table's own shard, known once it is made (its table row is the first history written).
  const history = new History(() => historyDatabase(env, store.current()?.settings.historyShard ?? 0), env.RECORDS);
  const metrics = opsMetrics(env);
  const deliveryLog = new DeliveryLog(meter.sql, (channel, outcome) => metrics.count(['delivery', channel, outcome]));
  // Closures over parts made below: none of them is called before the wiring is done.
  const sockets: TableSockets = new TableSockets(ctx, {
    view: (seat) => {
      const table = store.current();
      return table === null ? null : store.viewFor(table, seat);
    },
    act: (ws, tokenHash, id, request) => hooks.actOver(ws, tokenHash, id, request),
    refused: (code) => metrics.count(['refusal', code, 'socket']),
  });
  const deliveries = new Deliveries(
    storage,
    env,
    (message) => hooks.sendEmail(message),
    (seat: Seat) => void after.commit({ type: 'webhookGone', seat, at: new Date().toISOString() }),
    (seat: Seat) => void after.commit({ type: 'turnMailSent', seat, at: Date.now() }),
    deliveryLog,
    (work) => ctx.waitUntil(work),
  );
  const presence = new SeatPresence(storage, (seat) => sockets.watching(seat));
  const notifications = new TableNotifications((table, seat) => store.viewFor(table, seat), storage, deliveries, presence, chat);
  const outbox = new HistoryOutbox(meter.sql, history, () => store.current()?.settings.tableId ?? '?', metrics);
  const store: TableStore = new TableStore(storage, ctx.storage, meter, metrics, { storage, chat, notifications, outbox });
  const digest = new DigestSeats(meter.sql, env, deliveryLog, (table, seat) => store.viewFor(table, seat).deadline);
  const views = { viewFor: store.viewFor.bind(store), seatViewsOfCurrentGame: seatViewsOfCurrentGame.bind(null, storage) };
  const bots = new BotSeats(views, botDelayBase(env.BOT_DELAY_MS));
  const auto = new AutoMoves(views, storage, bots);
  const days = retentionDays(env.RETENTION_DAYS);
  const after: AfterCommit = new AfterCommit({ ctx, meter, store, sockets, outbox, notifications, digest, bots, auto, retentionDays: days, metrics });
  const actions = new ActionPath(store, storage, after);
  const alarm = new TableAlarm({ ctx, storage, store, actions, after, notifications, bots, auto, outbox, digest, sockets, retentionDays: days });
  const admin = new TableAdmin(store, storage);
  return {
    meter,
    storage,
    store,
    after,
    actions,
    admin,
    notifications,
    deliveries,
    deliveryLog,
    digest,
    outbox,
    history,
    chat,
    sockets,
    alarm,
    metrics,
  };
}
