/**
 * The table in the object's memory: its settings, token hashes, deals and the series
 * replayed from the action log, read from storage once per instance. Every change to it
 * goes through `transaction`, which resets the memory from storage when the storage
 * transaction throws: memory never runs ahead of what was stored.
 */
import { commitmentOf, dealFromSeed, newSeed, type Deal } from '../../shared/deal.js';
import type { Seat } from '../../shared/options.js';
import type { Result } from '../../shared/result.js';
import { dealNextGame, startSeries, type SeriesState } from '../../shared/series.js';
import { actionsOf } from '../../shared/game.js';
import { viewOf, type SeriesView } from '../../shared/view.js';
import type { SeriesStart } from './storage/admin-rows.js';
import { replayLog, upgradedOptions } from './legacy-log.js';
import { failure, success, type Outcome } from './outcome.js';
import { isEnded, isPaused } from './clock/pause.js';
import { autoKey, publishedGame, tableView, type PublishedGame, type TableStatus, type TableView, type ViewExtras } from './published.js';
import {
  webhookStateOf,
  type ActionRow,
  type AutoKind,
  type DealRow,
  type Notifications,
  type Settings,
  type TableStorage,
  type TokenRow,
  type VacationRow,
} from './storage/table-storage.js';
import { sameHash } from './tokens.js';

export const SEATS: readonly Seat[] = [0, 1, 2];

/** Who a token belongs to: a seat, or the spectators (null). */
export interface Caller {
  readonly seat: Seat | null;
}

export interface LoadedTable {
  /** Changed by the admin's commands only (admin-commands.ts). */
  settings: Settings;
  readonly tokens: TokenRow[];
  series: SeriesState;
  /** The moves made for a seat, by `autoKey` (published.ts): why (a timeout, or its forced card). */
  readonly autoMoves: Map<string, AutoKind>;
  /** Every vacation taken at this table, oldest first (vacations.ts). */
  readonly vacations: VacationRow[];
  /** The seats that opted in to have their forced cards played for them (auto-moves.ts). */
  readonly autoForced: Set<Seat>;
  /** The last version each seat was reminded of by itself (-1: none), besides `remindedVersion`. */
  readonly seatRemindedVersions: number[];
  readonly deals: DealRow[];
  version: number;
  /** When the last action was accepted or the last game dealt (for deadlines and retention). */
  lastChangeAt: string;
  /** Each seat's mail address and webhook. */
  readonly notifications: Notifications[];
  /** The last version whose owed moves were reminded of (-1: none). */
  remindedVersion: number;
  /** The seats with a turn mail they have not read yet (presence.ts). */
  readonly unreadTurnMail: Set<Seat>;
  /** Where each series starts in the deals and the log, oldest first; the last is the one played now (admin's newSeries). */
  readonly seriesStarts: SeriesStart[];
  /** The table's pauses, oldest first (ms); `until` null: paused now (admin). Clocks stop while paused. */
  readonly pauses: { from: number; until: number | null }[];
  /** When the admin ended the table (ISO), or null. */
  endedAt: string | null;
}

/** The series being played now. */
export const currentStart = (table: LoadedTable): SeriesStart => table.seriesStarts.at(-1)!;

/** The last series start that `holds` (the first series holds everything). */
function lastStart(table: LoadedTable, holds: (start: SeriesStart) => boolean): SeriesStart {
  for (let i = table.seriesStarts.length - 1; i > 0; i--) if (holds(table.seriesStarts[i]!)) return table.seriesStarts[i]!;
  return table.seriesStarts[0]!;
}

/** The series that dealt `dealIndex`. */
const startOfDeal = (table: LoadedTable, dealIndex: number): SeriesStart => lastStart(table, (s) => s.firstDeal <= dealIndex);

/** The series whose log holds `version` (≥ 1). */
const startOfVersion = (table: LoadedTable, version: number): SeriesStart => lastStart(table, (s) => s.firstVersion < version);

/** The deals of a series, and the versions of its log: (after, upTo]. */
function boundsOf(table: LoadedTable, start: SeriesStart): { deals: DealRow[]; after: number; upTo: number } {
  const next = table.seriesStarts.find((s) => s.series === start.series + 1);
  return {
    deals: table.deals.slice(start.firstDeal, next?.firstDeal ?? table.deals.length),
    after: start.firstVersion,
    upTo: next?.firstVersion ?? Number.MAX_SAFE_INTEGER,
  };
}

/** The first series, which every table has: from the first deal and the log's start. */
export const firstSeries = (createdAt: string): SeriesStart => ({ series: 1, firstDeal: 0, firstVersion: 0, startedAt: createdAt });

/** A stored table that today's engine cannot replay is a bug, not a refusal: it throws. */
export function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`table storage is inconsistent: ${result.error.message}`);
  return result.value;
}

export const dealOf = (row: DealRow): Deal => row.fixed ?? must(dealFromSeed(row.seed!));

/**
 * Replays `rows` of the log from the start of the series, dealing each game as it was
 * dealt; `deals` begin at the table's deal `firstDeal` (the series' first: autoKey's index). `settings.options` as stored may be older than the engine (legacy-log.ts).
 */
export function replaySeries(
  storedOptions: unknown,
  deals: readonly DealRow[],
  rows: readonly ActionRow[],
  firstDeal = 0,
): { series: SeriesState; options: SeriesState['options']; dealt: number; autoMoves: Map<string, AutoKind> } {
  const start = must(startSeries(upgradedOptions(storedOptions)));
  let dealt = 0;
  const autoMoves = new Map<string, AutoKind>();
  const dealIfWaiting = (series: SeriesState): SeriesState =>
    series.status === 'awaitingDeal' && dealt < deals.length ? must(dealNextGame(series, dealOf(deals[dealt++]!))) : series;
  const beforeRow = (waiting: SeriesState, row: number): SeriesState => {
    const series = dealIfWaiting(waiting);
    // Where a move made for a seat lands: its deal and its place among that game's actions.
    const auto = rows[row]!.auto;
    if (auto !== undefined) autoMoves.set(autoKey(firstDeal + dealt - 1, actionsOf(series.game!).length), auto);
    return series;
  };
  const series = dealIfWaiting(must(replayLog(start, rows, beforeRow)));
  return { series, options: start.options, dealt, autoMoves };
}

/**
 * The first deal of the running series, from which vacation hours are counted
 * (vacations.ts): each series started by the admin gives every seat its hours anew.
 */
export const seriesFirstDeal = (table: LoadedTable): number => currentStart(table).firstDeal;

/** What every view says of the admin's doings: paused, ended, which series. */
const statusOf = (table: LoadedTable, series: number): TableStatus => ({ paused: isPaused(table), ended: isEnded(table), series });

/** What a seat's own view says of its webhook (a spectator has none). */
const webhookState = (table: LoadedTable, seat: Seat | null): TableView['webhook'] =>
  seat === null ? null : webhookStateOf(table.notifications[seat]!);

/** A link the admin replaced (API.md "Table admin"): told so, unlike a stranger's (403). */
const REPLACED = failure(401, 'unauthorized', "this link was replaced by the table's admin; ask the admin for the new one");

export class TableState {
  /** undefined: not read from storage yet; null: no table was created here. */
  private table: LoadedTable | null | undefined;
  /** Views of the current version, by seat (see viewFor). */
  private views: { series: SeriesState; version: number; validUntil: number; bySeat: Map<Seat | null, TableView> } | undefined;

  constructor(
    private readonly storage: TableStorage,
    private readonly durable: DurableObjectStorage,
  ) {}

  /** The table, read from storage once per instance (or after a reset); null when none was created here. */
  current(): LoadedTable | null {
    if (this.table !== undefined) return this.table;
    if (!this.storage.exists()) return (this.table = null);
    this.storage.upgrade();
    const stored = this.storage.settings();
    if (stored === null) return (this.table = null);
    const deals = this.storage.deals();
    // Each new series replays from its own first deal and action (the admin's newSeries).
    const seriesStarts = [firstSeries(stored.createdAt), ...this.storage.admin.seriesStarts()];
    const start = seriesStarts.at(-1)!;
    const rows = this.storage.actions(start.firstVersion);
    const { series, options, autoMoves } = replaySeries(stored.options, deals.slice(start.firstDeal), rows, start.firstDeal);
    const lastRow = rows.at(-1);
    let lastChangeAt = lastRow?.at ?? stored.createdAt;
    const lastDeal = deals.at(-1);
    if (lastDeal !== undefined && lastDeal.dealtAt > lastChangeAt) lastChangeAt = lastDeal.dealtAt;
    return (this.table = {
      settings: { ...stored, options },
      tokens: this.storage.tokens(),
      series,
      autoMoves,
      vacations: this.storage.vacations(),
      autoForced: this.storage.autoForcedSeats(),
      seatRemindedVersions: this.storage.seatRemindedVersions(),
      deals,
      version: lastRow?.version ?? start.firstVersion,
      lastChangeAt,
      notifications: SEATS.map((seat) => this.storage.notifications(seat)),
      remindedVersion: this.storage.remindedVersion(),
      unreadTurnMail: this.storage.unreadTurnMails(),
      seriesStarts,
      pauses: this.storage.admin.pauses(),
      endedAt: this.storage.admin.endedAt(),
    });
  }

  /** A table created in this instance: kept as it was built (it is what was stored). */
  adopt(table: LoadedTable): void {
    this.table = table;
    this.views = undefined;
  }

  /** Views are built again (something they show changed without a new version: a seat's webhook state). */
  invalidateViews(): void {
    this.views = undefined;
  }

  /** Forget the memory: the next `current()` reads the table from storage again. */
  reset(): void {
    this.table = undefined;
    this.views = undefined;
  }

  /**
   * Runs `change` in one storage transaction. Should it throw, the storage rolls back and so
   * does the memory (read again from storage on next use); the error goes on to the caller.
   */
  transaction<T>(change: () => T): T {
    try {
      return this.durable.transactionSync(change);
    } catch (error) {
      this.reset();
      throw error;
    }
  }

  /**
   * The table and who `tokenHash` belongs to, or why not: the admin's token opens no seat or
   * spectator endpoint (403), and a seat's token replaced by the admin is told so (401).
   */
  authorize(tokenHash: string): Outcome<{ table: LoadedTable; caller: Caller }> {
    const found = this.tokenOwner(tokenHash);
    if (!found.ok) return found;
    const { table, owner } = found.value;
    if (owner === 'admin') return failure(403, 'forbidden', "this is the table admin's link: it opens the admin page, not a seat");
    if (owner !== null) return success({ table, caller: owner });
    const replaced = this.storage.admin.replacedOwner(tokenHash);
    if (replaced !== null && replaced !== 'admin') return REPLACED;
    return failure(403, 'forbidden', 'this link does not belong to this table');
  }

  /** The table, when `tokenHash` is its admin's token; a seat's or the spectators' gets 403 (API.md "Table admin"). */
  authorizeAdmin(tokenHash: string): Outcome<LoadedTable> {
    const found = this.tokenOwner(tokenHash);
    if (!found.ok) return found;
    const { table, owner } = found.value;
    if (owner === 'admin') return success(table);
    if (owner !== null) return failure(403, 'forbidden', "a seat's or the spectators' link cannot administer the table: use the admin link");
    if (this.storage.admin.replacedOwner(tokenHash) === 'admin') return REPLACED;
    return failure(403, 'forbidden', 'this link is not the admin link of this table');
  }

  private tokenOwner(tokenHash: string): Outcome<{ table: LoadedTable; owner: Caller | 'admin' | null }> {
    const table = this.current();
    if (table === null) {
      const retired = this.storage.retiredAt();
      if (retired !== null)
        return failure(
          404,
          'not_found',
          `this table was deleted on ${retired.slice(0, 10)} after a long time without a move; its finished games are kept`,
        );
      return failure(404, 'not_found', 'no such table');
    }
    // Compare with every stored hash, always, in constant time: no early exit to time.
    let owner: Caller | 'admin' | null = null;
    for (const { hash, seat, role } of table.tokens) if (sameHash(hash, tokenHash)) owner = role === 'admin' ? 'admin' : { seat };
    return success({ table, owner });
  }

  /** Deals the next game: a fixed test deal if one was given for it, else a fresh secret seed. Inside a transaction. */
  dealNext(table: LoadedTable, now: string): void {
    const dealIndex = table.deals.length;
    const fixed = this.storage.fixedDeal(dealIndex);
    const seed = fixed === null ? newSeed() : null;
    const row: DealRow = { dealIndex, seed, commitment: seed === null ? null : commitmentOf(seed), fixed, dealtAt: now };
    this.storage.saveDeal(row);
    table.deals.push(row);
    table.series = must(dealNextGame(table.series, dealOf(row)));
  }

  /** When the game `dealIndex` ended: when the next was dealt, or the last change. */
  finishedAt(table: LoadedTable, dealIndex: number): string {
    return table.deals[dealIndex + 1]?.dealtAt ?? table.lastChangeAt;
  }

  /**
   * The view of `seat` at the table's current version, built once per version: the answer,
   * the pushes and the notifications of one action all need it.
   */
  viewFor(table: LoadedTable, seat: Seat | null): TableView {
    const now = Date.now();
    if (this.views?.series !== table.series || this.views.version !== table.version || now >= this.views.validUntil) {
      // A running vacation shows in the views until it ends: then they are built again.
      const ends = table.vacations.filter((v) => v.from <= now && now < v.until).map((v) => v.until);
      this.views = { series: table.series, version: table.version, validUntil: Math.min(Infinity, ...ends), bySeat: new Map() };
    }
    let view = this.views.bySeat.get(seat);
    if (view === undefined) {
      view = tableView(
        table.settings,
        table.series,
        seat,
        table.version,
        table.deals.at(-1)!,
        table.lastChangeAt,
        webhookState(table, seat),
        this.extras(table, now),
      );
      this.views.bySeat.set(seat, view);
    }
    return view;
  }

  /** What the views show besides the series (published.ts). */
  extras(table: LoadedTable, now: number = Date.now(), status: TableStatus = statusOf(table, currentStart(table).series)): ViewExtras {
    return {
      status,
      pauses: table.pauses,
      vacations: table.vacations,
      autoForced: table.autoForced,
      autoMoves: table.autoMoves,
      seriesFirstDeal: seriesFirstDeal(table),
      now,
    };
  }

  /**
   * What `seat` has seen of the current game: its view after the deal and after every action
   * since, oldest first, replayed from the log (a bot's memory, bot-seats.ts). Views only:
   * whoever gets them learns nothing its seat did not see.
   */
  seatViewsOfCurrentGame(table: LoadedTable, seat: Seat): SeriesView[] {
    const { deals, after } = boundsOf(table, currentStart(table));
    const current = deals.length;
    const views: SeriesView[] = [];
    let dealt = 0;
    const seen = (series: SeriesState): SeriesState => {
      if (series.status === 'awaitingDeal' && dealt < current) series = must(dealNextGame(series, dealOf(deals[dealt++]!)));
      if (dealt === current) views.push(viewOf(series, seat)!);
      return series;
    };
    seen(must(replayLog(must(startSeries(table.settings.options)), this.storage.actions(after), seen)));
    return views;
  }

  /**
   * The view `seat` had right after `version` (an action of a finished game, whose stored
   * answer was pruned), replayed from the log: the same view as answered then.
   */
  viewAt(table: LoadedTable, seat: Seat, version: number): TableView {
    const start = startOfVersion(table, version);
    const { deals, after } = boundsOf(table, start);
    const rows = this.storage.actions(after, version);
    // The replay deals as the table did: a game ending at `version` dealt the next with it.
    const { series, dealt, autoMoves } = replaySeries(table.settings.options, deals, rows, start.firstDeal);
    const deal = deals[dealt - 1]!;
    const at = rows.at(-1)?.at ?? table.settings.createdAt;
    return tableView(table.settings, series, seat, version, deal, deal.dealtAt > at ? deal.dealtAt : at, webhookState(table, seat), {
      ...this.extras(table, Date.now(), statusOf(table, start.series)),
      autoMoves,
    });
  }

  /** How many games the table finished, in every series. */
  finishedCount(table: LoadedTable): number {
    return currentStart(table).firstDeal + table.series.records.length;
  }

  /**
   * The finished games from the table's own log, by deal index (for those D1 lacks): the
   * running series from memory, an earlier one replayed once per use of the answer.
   */
  finishedGames(table: LoadedTable): (dealIndex: number) => PublishedGame | undefined {
    const replayed = new Map<number, { series: SeriesState; lastAt: string; autoMoves: ReadonlyMap<string, AutoKind> }>();
    return (dealIndex) => {
      if (dealIndex < 0 || dealIndex >= this.finishedCount(table)) return undefined;
      const start = startOfDeal(table, dealIndex);
      if (start === currentStart(table)) {
        const record = table.series.records[dealIndex - start.firstDeal];
        return record && publishedGame(record, table.deals[dealIndex]!, this.finishedAt(table, dealIndex), start.series, table.autoMoves);
      }
      let earlier = replayed.get(start.series);
      if (earlier === undefined) {
        const { deals, after, upTo } = boundsOf(table, start);
        const rows = this.storage.actions(after, upTo);
        const { series, autoMoves } = replaySeries(table.settings.options, deals, rows, start.firstDeal);
        earlier = { series, lastAt: rows.at(-1)?.at ?? start.startedAt, autoMoves };
        replayed.set(start.series, earlier);
      }
      const index = dealIndex - start.firstDeal;
      const record = earlier.series.records[index];
      // The series' last game ended with its last action, not when the next series was dealt.
      const finishedAt = index === earlier.series.records.length - 1 ? earlier.lastAt : this.finishedAt(table, dealIndex);
      return record && publishedGame(record, table.deals[dealIndex]!, finishedAt, start.series, earlier.autoMoves);
    };
  }
}
