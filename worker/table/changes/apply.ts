/**
 * The reducer: how each change (change.ts) is written to the table's storage and to its
 * memory, together, inside the commit's transaction (table-store.ts). The only code that
 * changes a `Table`: it gets a draft, a copy of the table whose fields it replaces (never
 * changes in place), and answers what the after-commit step must do (`Effects`).
 *
 * And what follows from every change inside the same transaction (`follow`), decided here,
 * once, from the table before and after it: the history outbox gets the table when it is
 * made and each game the change finished, and the seats are told what the change of the
 * series means for them (who-is-told.ts: whose turn it now is, the game or the table over).
 */
import { type Draft, type Table, currentStart } from '../../model/table.js';
import type { TableNotifications } from '../../notifications/notify.js';
import type { Change, ChangeContext, Effects } from './change.js';

export type { ChangeContext, Effects };
import { applyAdmin } from './admin.js';
import { applyGame } from './game.js';
import { replaceLink } from './links.js';
import { applyNotices } from './notices.js';
import { applySeat } from './seat.js';
import { eventsOf } from '../../notifications/who-is-told.js';
import type { HistoryOutbox } from '../../history/outbox.js';
import { publishedGame } from '../../published/published.js';

export const noEffects = (): Effects => ({ views: false, revoked: [], queued: false });

/** Writes `change` to storage and to `draft`; `before`: the table as it was (null while it is created). */
export function applyChange(ctx: ChangeContext, draft: Draft, before: Table | null, change: Change): Effects {
  const effects = noEffects();
  switch (change.type) {
    case 'create':
    case 'action':
    case 'newSeries':
      applyGame(ctx, draft, before, change, effects);
      break;
    case 'pause':
    case 'resume':
    case 'end':
    case 'seats':
    case 'options':
      applyAdmin(ctx, draft, change, effects);
      break;
    case 'replaceLink':
      effects.revoked.push(replaceLink(ctx.storage, draft, change.owner, change.next));
      effects.views = true;
      effects.queued = true; // the digest takes back a replaced holder's entries (digest-seats.ts)
      break;
    case 'notifications':
    case 'webhookGone':
    case 'vacation':
    case 'preferences':
    case 'visited':
    case 'turnMailSent':
    case 'chat':
      applySeat(ctx, draft, change, effects);
      break;
    case 'remind':
    case 'lookAtTurnMailsPutOff':
    case 'addressConfirmed':
      applyNotices(ctx, draft, change, effects);
      break;
  }
  return effects;
}

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
