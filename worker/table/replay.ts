/**
 * What the table's storage tells beyond the table in memory (model.ts `Table`): where each
 * series starts in the deals and the log, the series replayed from the log (to load a table,
 * for a bot's memory, an earlier view, the finished games of an earlier series), and what a
 * view shows besides the series. Reads only: changes go through a commit (table-store.ts).
 */
import { dealFromSeed, type Deal } from '../../shared/deal.js';
import { refusedClaim } from '../../shared/claims.js';
import { actionsOf } from '../../shared/game.js';
import type { Seat } from '../../shared/options.js';
import type { Result } from '../../shared/result.js';
import { dealNextGame, startSeries, type SeriesState } from '../../shared/series.js';
import { viewOf, type SeriesView } from '../../shared/view.js';
import { replayLog, upgradedOptions } from './legacy-log.js';
import { currentStart, type ActionRow, type AutoKind, type DealRow, type SeriesStart, type Table } from '../model/table.js';
import { autoKey, extras, publishedGame, statusOf, tableView, webhookState, type PublishedGame, type TableView } from '../published/published.js';
import type { TableStorage } from '../storage/table-storage.js';

/** The last series start that `holds` (the first series holds everything). */
function lastStart(table: Table, holds: (start: SeriesStart) => boolean): SeriesStart {
  for (let i = table.seriesStarts.length - 1; i > 0; i--) if (holds(table.seriesStarts[i]!)) return table.seriesStarts[i]!;
  return table.seriesStarts[0]!;
}

/** The series that dealt `dealIndex`. */
const startOfDeal = (table: Table, dealIndex: number): SeriesStart => lastStart(table, (s) => s.firstDeal <= dealIndex);

/** The series whose log holds `version` (≥ 1). */
const startOfVersion = (table: Table, version: number): SeriesStart => lastStart(table, (s) => s.firstVersion < version);

/** The deals of a series, and the versions of its log: (after, upTo]. */
function boundsOf(table: Table, start: SeriesStart): { deals: DealRow[]; after: number; upTo: number } {
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

/** When the game `dealIndex` ended: when the next was dealt, or the last change. */
export function finishedAt(table: Table, dealIndex: number): string {
  return table.deals[dealIndex + 1]?.dealtAt ?? table.lastChangeAt;
}

/**
 * What `seat` has seen of the current game: its view after the deal and after every action
 * since, oldest first, replayed from the log (a bot's memory, bot-seats.ts). Views only:
 * whoever gets them learns nothing its seat did not see.
 */
export function seatViewsOfCurrentGame(storage: TableStorage, table: Table, seat: Seat): SeriesView[] {
  const { deals, after } = boundsOf(table, currentStart(table));
  const current = deals.length;
  const views: SeriesView[] = [];
  let dealt = 0;
  const seen = (series: SeriesState): SeriesState => {
    if (series.status === 'awaitingDeal' && dealt < current) series = must(dealNextGame(series, dealOf(deals[dealt++]!)));
    if (dealt === current) views.push(viewOf(series, seat)!);
    return series;
  };
  seen(must(replayLog(must(startSeries(table.settings.options)), storage.actions(after), seen)));
  return views;
}

/**
 * What `seat` was answered for its action of `version` (one of a finished game, or of the
 * running one after an eviction: answers are kept in memory only, action-path.ts), replayed
 * from the log: the view it had right after it, and, when that action was a claim judged not
 * sure (R7.12: recorded, and its claimer refused), the refusal it was answered instead.
 */
export function answerAt(storage: TableStorage, table: Table, seat: Seat, version: number): { view: TableView; refusal: string | null } {
  const start = startOfVersion(table, version);
  const { deals, after } = boundsOf(table, start);
  const rows = storage.actions(after, version);
  // The replay deals as the table did: a game ending at `version` dealt the next with it.
  const { series, dealt, autoMoves } = replaySeries(table.settings.options, deals, rows, start.firstDeal);
  const deal = deals[dealt - 1]!;
  const at = rows.at(-1)?.at ?? table.settings.createdAt;
  const view = tableView(table.settings, series, seat, version, deal, deal.dealtAt > at ? deal.dealtAt : at, webhookState(table, seat), {
    ...extras(table, Date.now(), statusOf(table, start.series)),
    autoMoves,
  });
  // A refused claim changes nothing but the log, so its game is still the one under way, ending with it.
  return { view, refusal: rows.at(-1)?.action.type === 'claim' ? refusedClaim(series.game) : null };
}

/** How many games the table finished, in every series. */
export function finishedCount(table: Table): number {
  return currentStart(table).firstDeal + table.series.records.length;
}

/**
 * The finished games from the table's own log, by deal index (for those D1 lacks): the
 * running series from memory, an earlier one replayed once per use of the answer.
 */
export function finishedGames(storage: TableStorage, table: Table): (dealIndex: number) => PublishedGame | undefined {
  const replayed = new Map<number, { series: SeriesState; lastAt: string; autoMoves: ReadonlyMap<string, AutoKind> }>();
  return (dealIndex) => {
    if (dealIndex < 0 || dealIndex >= finishedCount(table)) return undefined;
    const start = startOfDeal(table, dealIndex);
    if (start === currentStart(table)) {
      const record = table.series.records[dealIndex - start.firstDeal];
      return record && publishedGame(record, table.deals[dealIndex]!, finishedAt(table, dealIndex), start.series, table.autoMoves);
    }
    let earlier = replayed.get(start.series);
    if (earlier === undefined) {
      const { deals, after, upTo } = boundsOf(table, start);
      const rows = storage.actions(after, upTo);
      const { series, autoMoves } = replaySeries(table.settings.options, deals, rows, start.firstDeal);
      earlier = { series, lastAt: rows.at(-1)?.at ?? start.startedAt, autoMoves };
      replayed.set(start.series, earlier);
    }
    const index = dealIndex - start.firstDeal;
    const record = earlier.series.records[index];
    // The series' last game ended with its last action, not when the next series was dealt.
    const endedAt = index === earlier.series.records.length - 1 ? earlier.lastAt : finishedAt(table, dealIndex);
    return record && publishedGame(record, table.deals[dealIndex]!, endedAt, start.series, earlier.autoMoves);
  };
}
