/**
 * The changes of the game itself (change.ts): a new table with its first deal, an accepted
 * action (and the next deal when a game ended), a new series at the same table.
 */
import { commitmentOf, newSeed } from '../../../shared/deal.js';
import { actionsOf } from '../../../shared/game.js';
import { dealNextGame, startSeries } from '../../../shared/series.js';
import { actedAtTable, clientIdKey, SEATS, type DealRow, type Draft, type Seat, type Table, currentStart } from '../../model/table.js';
import { autoKey } from '../../published/published.js';
import { dealOf, firstSeries, must } from '../replay.js';
import type { TableStorage } from '../../storage/table-storage.js';
import type { Change, ChangeContext, Effects } from './change.js';

type GameChange = Extract<Change, { type: 'create' | 'action' | 'newSeries' }>;

export function applyGame(ctx: ChangeContext, draft: Draft, before: Table | null, change: GameChange, effects: Effects): void {
  const { storage } = ctx;
  effects.views = true;
  switch (change.type) {
    case 'create': {
      const { settings } = change;
      storage.migrate();
      storage.saveSettings(settings);
      for (const token of change.tokens) storage.saveToken(token);
      storage.saveFixedDeals(change.fixedDeals);
      change.emails.forEach((email, seat) => {
        if (email !== null) storage.seats.saveNotifications(seat as Seat, { email, webhookUrl: null, webhookSecret: null });
      });
      Object.assign(draft, {
        settings,
        tokens: storage.tokens(),
        series: must(startSeries(settings.options)),
        autoMoves: new Map(),
        vacations: [],
        autoForced: new Set(),
        seatRemindedVersions: [-1, -1, -1],
        deals: [],
        version: 0,
        lastChangeAt: settings.createdAt,
        notifications: SEATS.map((seat) => storage.seats.notifications(seat)),
        remindedVersion: -1,
        unreadTurnMail: new Set(),
        seriesStarts: [firstSeries(settings.createdAt)],
        pauses: [],
        endedAt: null,
        actedAt: [null, null, null],
        clientIds: new Map(),
      } satisfies Draft);
      deal(storage, draft, settings.createdAt);
      return;
    }
    case 'action': {
      const table = before!;
      const { seat, auto, at } = change;
      draft.series = change.series;
      draft.version = table.version + 1;
      draft.lastChangeAt = at;
      // Where the move lands: the current deal, after the game's actions so far.
      if (auto !== null) draft.autoMoves = new Map(table.autoMoves).set(autoKey(table.deals.length - 1, actionsOf(table.series.game!).length), auto);
      // A turn mail put off for the move just made is moot (notifications/presence.ts).
      storage.seats.dropDeferredTurnMail(seat);
      // The player acted: it has seen the table, or the mail it replied to. Only on the page is it
      // at the table: a reply's next turn mail goes at once, and a move made for an absent seat
      // neither holds its mail back nor reads it.
      if (auto === null) readTurnMail(storage, draft, seat);
      // In memory only: the log row says it, and a woken table reads it from there.
      if (actedAtTable(auto, change.byReply)) draft.actedAt = draft.actedAt.map((t, s) => (s === seat ? Date.parse(at) : t));
      if (change.id !== null) draft.clientIds = new Map(table.clientIds).set(clientIdKey(seat, change.id), draft.version);
      if (draft.series.status === 'awaitingDeal') deal(storage, draft, at); // API.md: the next game starts by itself
      storage.saveAction(draft.version, seat, change.action, change.id, at, auto, change.byReply);
      return;
    }
    case 'newSeries': {
      const table = before!;
      const start = { series: currentStart(table).series + 1, firstDeal: table.deals.length, firstVersion: table.version, startedAt: change.at };
      storage.admin.saveSeriesStart(start);
      draft.seriesStarts = [...table.seriesStarts, start];
      draft.series = must(startSeries(table.settings.options));
      draft.lastChangeAt = change.at;
      // The version stays where the last series left it: its first move must not count as reminded already.
      draft.remindedVersion = -1;
      storage.seats.saveRemindedVersion(-1);
      deal(storage, draft, change.at);
      return;
    }
  }
}

/** Deals the next game: a fixed test deal if one was given for it, else a fresh secret seed. */
function deal(storage: TableStorage, draft: Draft, now: string): void {
  const dealIndex = draft.deals.length;
  const fixed = storage.fixedDeal(dealIndex);
  const seed = fixed === null ? newSeed() : null;
  const row: DealRow = { dealIndex, seed, commitment: seed === null ? null : commitmentOf(seed), fixed, dealtAt: now };
  storage.saveDeal(row);
  draft.deals = [...draft.deals, row];
  draft.series = must(dealNextGame(draft.series, dealOf(row)));
}

/** The seat's turn mail is read (it looked at the table, or acted): the next may go. */
export function readTurnMail(storage: TableStorage, draft: Draft, seat: Seat): void {
  if (!draft.unreadTurnMail.has(seat)) return;
  storage.seats.markTurnMailRead(seat);
  draft.unreadTurnMail = new Set([...draft.unreadTurnMail].filter((s) => s !== seat));
}
