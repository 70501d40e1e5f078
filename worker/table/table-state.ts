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
import { replayLog, upgradedOptions } from './legacy-log.js';
import { failure, success, type Outcome } from './outcome.js';
import { autoKey, tableView, type TableView, type ViewExtras } from './published.js';
import {
  webhookStateOf,
  type ActionRow,
  type DealRow,
  type Notifications,
  type Settings,
  type TableStorage,
  type TokenRow,
  type VacationRow,
} from './storage.js';
import { sameHash } from './tokens.js';

export const SEATS: readonly Seat[] = [0, 1, 2];

/** Who a token belongs to: a seat, or the spectators (null). */
export interface Caller {
  readonly seat: Seat | null;
}

export interface LoadedTable {
  readonly settings: Settings;
  readonly tokens: TokenRow[];
  series: SeriesState;
  /** The moves made for a seat (timeout or forced card), as `autoKey`s (published.ts). */
  readonly autoMoves: Set<string>;
  /** Every vacation taken at this table, oldest first (vacations.ts). */
  readonly vacations: VacationRow[];
  /** The seats that opted in to have their forced cards played at once. */
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
  /** The table's pauses, oldest first (ms); `until` null: paused now (admin). Clocks stop while paused. */
  readonly pauses: { from: number; until: number | null }[];
}

/** A stored table that today's engine cannot replay is a bug, not a refusal: it throws. */
export function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`table storage is inconsistent: ${result.error.message}`);
  return result.value;
}

export const dealOf = (row: DealRow): Deal => row.fixed ?? must(dealFromSeed(row.seed!));

/**
 * Replays `rows` of the log from the start of the series, dealing each game as it was
 * dealt. `settings.options` as stored may be older than the engine (legacy-log.ts).
 */
export function replaySeries(
  storedOptions: unknown,
  deals: readonly DealRow[],
  rows: readonly ActionRow[],
): { series: SeriesState; options: SeriesState['options']; dealt: number; autoMoves: Set<string> } {
  const start = must(startSeries(upgradedOptions(storedOptions)));
  let dealt = 0;
  const autoMoves = new Set<string>();
  const dealIfWaiting = (series: SeriesState): SeriesState =>
    series.status === 'awaitingDeal' && dealt < deals.length ? must(dealNextGame(series, dealOf(deals[dealt++]!))) : series;
  const beforeRow = (waiting: SeriesState, row: number): SeriesState => {
    const series = dealIfWaiting(waiting);
    // Where a move made for a seat lands: its deal and its place among that game's actions.
    if (rows[row]!.auto) autoMoves.add(autoKey(dealt - 1, actionsOf(series.game!).length));
    return series;
  };
  const series = dealIfWaiting(must(replayLog(start, rows, beforeRow)));
  return { series, options: start.options, dealt, autoMoves };
}

/**
 * The first deal of the running series, from which vacation hours are counted
 * (vacations.ts). A table plays one series for now; once its admin can start another at the
 * same table, this is where that series' first deal is answered.
 */
export const seriesFirstDeal = (_table: LoadedTable): number => 0;

/** What a seat's own view says of its webhook (a spectator has none). */
const webhookState = (table: LoadedTable, seat: Seat | null): TableView['webhook'] =>
  seat === null ? null : webhookStateOf(table.notifications[seat]!);

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
    const rows = this.storage.actions();
    const { series, options, autoMoves } = replaySeries(stored.options, deals, rows);
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
      version: lastRow?.version ?? 0,
      lastChangeAt,
      notifications: SEATS.map((seat) => this.storage.notifications(seat)),
      remindedVersion: this.storage.remindedVersion(),
      unreadTurnMail: this.storage.unreadTurnMails(),
      pauses: [],
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

  /** The table and who `tokenHash` belongs to, or why not. */
  authorize(tokenHash: string): Outcome<{ table: LoadedTable; caller: Caller }> {
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
    let caller: Caller | null = null;
    for (const { hash, seat } of table.tokens) if (sameHash(hash, tokenHash)) caller = { seat };
    if (caller === null) return failure(403, 'forbidden', 'this link does not belong to this table');
    return success({ table, caller });
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
  extras(table: LoadedTable, now: number = Date.now()): ViewExtras {
    return {
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
    const current = table.deals.length;
    const views: SeriesView[] = [];
    let dealt = 0;
    const seen = (series: SeriesState): SeriesState => {
      if (series.status === 'awaitingDeal' && dealt < current) series = must(dealNextGame(series, dealOf(table.deals[dealt++]!)));
      if (dealt === current) views.push(viewOf(series, seat)!);
      return series;
    };
    seen(must(replayLog(must(startSeries(table.settings.options)), this.storage.actions(), seen)));
    return views;
  }

  /**
   * The view `seat` had right after `version` (an action of a finished game, whose stored
   * answer was pruned), replayed from the log: the same view as answered then.
   */
  viewAt(table: LoadedTable, seat: Seat, version: number): TableView {
    const rows = this.storage.actions().filter((row) => row.version <= version);
    // The replay deals as the table did: a game ending at `version` dealt the next with it.
    const { series, dealt } = replaySeries(table.settings.options, table.deals, rows);
    const deal = table.deals[dealt - 1]!;
    const at = rows.at(-1)?.at ?? table.settings.createdAt;
    return tableView(
      table.settings,
      series,
      seat,
      version,
      deal,
      deal.dealtAt > at ? deal.dealtAt : at,
      webhookState(table, seat),
      this.extras(table),
    );
  }
}
