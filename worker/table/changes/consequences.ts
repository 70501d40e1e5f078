/**
 * What follows from every change inside its own transaction, decided here, once, from the
 * table before and after it: the history outbox gets the table when it is made and each game
 * the change finished, and the seats are told what the change of the series means for them
 * (notifications/events.ts: whose turn it now is, the game or the table over). The reducer
 * (apply.ts) writes the change; a caller only says what changed.
 */
import { eventsOf } from '../../notifications/who-is-told.js';
import type { TableNotifications } from '../../notifications/notify.js';
import type { HistoryOutbox } from '../../history/outbox.js';
import type { Table } from '../model.js';
import { publishedGame } from '../published.js';
import { currentStart } from '../replay.js';
import type { Effects } from './apply.js';

export interface Followers {
  readonly outbox: HistoryOutbox;
  readonly notifications: TableNotifications;
}

export function follow({ outbox, notifications }: Followers, before: Table | null, after: Table, effects: Effects): void {
  const now = Date.now();
  if (before === null) {
    const { tableId, name, options, createdAt, seats } = after.settings;
    outbox.queueTable({ id: tableId, name, options, createdAt, seats: seats.map((s, seat) => ({ seat, ...s })) }, now);
    effects.queued = true;
  }
  if (before !== null && after.series === before.series) return;
  // A new table, or a new series at it: told as a first deal.
  const newSeries = before === null || after.seriesStarts.length > before.seriesStarts.length;
  const start = currentStart(after);
  if (!newSeries) {
    // Game i of the series was dealt as the table's deal firstDeal + i.
    after.series.records.slice(before.series.records.length).forEach((record, i) => {
      const dealIndex = start.firstDeal + before.series.records.length + i;
      const game = publishedGame(record, after.deals[dealIndex]!, after.lastChangeAt, start.series, after.autoMoves);
      outbox.queueGame({ tableId: after.settings.tableId, game, settlement: record.settlement }, now);
      effects.queued = true;
    });
  }
  if (notifications.notify(after, eventsOf(newSeries ? null : before.series, after.series, start.firstDeal)) > 0) effects.queued = true;
}
