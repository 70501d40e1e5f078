/** What the API publishes of a table: a seat's view (R10.2) and finished games' records (R10.3). */
import { isMoveOwed } from '../../shared/actions.js';
import { vacationHoursAvailable, type ClockStop } from '../../shared/deadline.js';
import type { GameRecord } from '../../shared/record.js';
import type { PublishedGame, TableSummary, TableView } from '../model/contract.js';
import type { Seat } from '../../shared/options.js';
import type { SeriesState } from '../../shared/series.js';
import { viewOf } from '../../shared/view.js';
import { isEnded, isPaused, runningVacation, vacationHoursLeft, viewDeadlineAt } from './clock.js';
import {
  botLevelOf,
  currentStart,
  seriesFirstDeal,
  webhookStateOf,
  type AutoKind,
  type DealRow,
  type Settings,
  type Table,
  type VacationRow,
} from '../model/table.js';

export type { PublishedGame, TableSummary, TableView };

/** What the table admin made of the table (API.md "Table admin"), as every view shows it. */
export interface TableStatus {
  readonly paused: boolean;
  readonly ended: boolean;
  /** Which series is played, 1 for the first. */
  readonly series: number;
}

const FIRST_SERIES: TableStatus = { paused: false, ended: false, series: 1 };

/** What a view shows besides the series: the admin's doings, the clock's stops, who plays forced cards automatically, which moves were made for a seat. */
export interface ViewExtras {
  readonly status: TableStatus;
  readonly pauses: readonly ClockStop[];
  readonly vacations: readonly VacationRow[];
  /** The seats that opted in to have their forced cards played for them (auto-moves.ts). */
  readonly autoForced: ReadonlySet<Seat>;
  /** The moves made for a seat, by `autoKey`: why. */
  readonly autoMoves: ReadonlyMap<string, AutoKind>;
  /** The first deal of the running series (clock.ts). */
  readonly seriesFirstDeal: number;
  /** When the view is built (ms): whether a vacation runs. */
  readonly now: number;
}

export const NO_EXTRAS: ViewExtras = {
  status: FIRST_SERIES,
  pauses: [],
  vacations: [],
  autoForced: new Set(),
  autoMoves: new Map(),
  seriesFirstDeal: 0,
  now: 0,
};

/** Names an action made for a seat: the deal and its place among the game's actions (what the view's `moves` and a record's `actions` are indexed by). */
export const autoKey = (dealIndex: number, actionIndex: number): string => `${dealIndex}/${actionIndex}`;

/** `entries` with `auto: true` on those made for their seat, where `shown` lets the reader know it. */
function markedAuto<T extends { readonly seat: Seat }>(
  entries: readonly T[],
  dealIndex: number,
  autoMoves: ReadonlyMap<string, AutoKind>,
  shown: (entry: T, kind: AutoKind) => boolean = () => true,
): T[] {
  if (autoMoves.size === 0) return [...entries];
  return entries.map((entry, i) => {
    const kind = autoMoves.get(autoKey(dealIndex, i));
    return kind !== undefined && shown(entry, kind) ? { ...entry, auto: true as const } : entry;
  });
}

/**
 * Whom a view tells that a move was made for its seat: everyone of a timeout (all saw the
 * deadline pass); of a forced card, the seat itself, and everyone once the game is over and
 * its record published. Before that, the mark would tell the others that the seat had one
 * legal card and that it opted in (auto-moves.ts).
 */
const autoShownTo =
  (viewer: Seat | null, finished: boolean) =>
  (move: { readonly seat: Seat }, kind: AutoKind): boolean =>
    kind === 'timeout' || finished || move.seat === viewer;

export function tableView(
  settings: Settings,
  series: SeriesState,
  seat: Seat | null,
  version: number,
  deal: DealRow,
  lastChangeAt: string,
  webhook: TableView['webhook'] = null,
  extras: ViewExtras = NO_EXTRAS,
): TableView {
  const view = viewOf(series, seat)!;
  // No clock runs after the end; while paused, the clock's open stop leaves the deadline unknown (clock.ts).
  const running = view.phase !== 'finished' && !extras.status.ended;
  const clock = { moveDeadlineHours: settings.moveDeadlineHours, lastChangeAt, pauses: extras.pauses, vacations: extras.vacations };
  const deadlineMs = running ? viewDeadlineAt(clock, series, view.turn) : null;
  const vacationOf = (i: number) => {
    const running = runningVacation(extras.vacations, i as Seat, extras.now);
    return {
      vacationUntil: running === undefined ? null : new Date(running.until).toISOString(),
      vacationHoursLeft: vacationHoursLeft(extras.vacations, i as Seat, settings.vacationHours, extras.seriesFirstDeal),
    };
  };
  return {
    tableId: settings.tableId,
    name: settings.name,
    version,
    ...view,
    moves: markedAuto(view.moves, deal.dealIndex, extras.autoMoves, autoShownTo(seat, view.phase === 'finished')),
    seats: view.seats.map((s, i) => ({
      ...s,
      name: settings.seats[i]!.name,
      bot: settings.seats[i]!.bot,
      botLevel: botLevelOf(settings.seats[i]!),
      ...vacationOf(i),
    })),
    commitment: deal.commitment,
    deadline: deadlineMs === null ? null : new Date(deadlineMs).toISOString(),
    moveDeadlineHours: settings.moveDeadlineHours,
    onTimeout: settings.onTimeout,
    vacationHours: settings.vacationHours,
    autoForced: seat === null || settings.seats[seat]!.bot ? null : extras.autoForced.has(seat),
    webhook: seat === null ? null : webhook,
    paused: extras.status.paused,
    ended: extras.status.ended,
    series: extras.status.series,
    chat: settings.chat,
  };
}

/**
 * A table as the overview lists it for one link: picked from that link's own view (so never
 * more than it shows, R10.2), without a card, a hand or a trick.
 */
export function tableSummary(view: TableView, lastChangeAt: string, now: number): TableSummary {
  return {
    tableId: view.tableId,
    ok: true,
    name: view.name,
    seat: view.seat,
    seats: view.seats.map(({ name }) => ({ name })),
    phase: view.phase,
    gameNumber: view.gameNumber,
    games: view.games,
    seriesOver: view.seriesOver,
    turn: view.turn,
    // Paused or ended by the admin, nobody owes a move now (the view keeps its actions, shown disabled).
    owesMove: !view.paused && !view.ended && view.legalActions.some(isMoveOwed),
    version: view.version,
    deadline: view.deadline,
    lastChangeAt,
    moveDeadlineHours: view.moveDeadlineHours,
    ended: view.ended,
    vacation: summaryVacation(view, now),
  };
}

/** The link's own seat's vacation, from its view: none for a spectator or a bot's seat, which take none. */
function summaryVacation(view: TableView, now: number): TableSummary['vacation'] {
  const own = view.seat === null ? undefined : view.seats[view.seat];
  if (own === undefined || own.bot) return null;
  const until = own.vacationUntil;
  const hoursAvailable = view.seriesOver ? 0 : vacationHoursAvailable(own.vacationHoursLeft, until === null ? null : Date.parse(until), now);
  return { until, hoursLeft: own.vacationHoursLeft, hoursAvailable };
}

/** A finished game as published; `autoMoves`: the moves made for a seat (marked `auto: true` in its actions, whatever the kind). */
export function publishedGame(
  record: GameRecord,
  deal: DealRow,
  finishedAt: string,
  series: number,
  autoMoves: ReadonlyMap<string, AutoKind> = new Map(),
): PublishedGame {
  const actions = markedAuto(record.actions, deal.dealIndex, autoMoves);
  return { ...record, actions, dealIndex: deal.dealIndex, series, seed: deal.seed, commitment: deal.commitment, finishedAt };
}

/** What every view says of the admin's doings: paused, ended, which series. */
export const statusOf = (table: Table, series: number): TableStatus => ({ paused: isPaused(table), ended: isEnded(table), series });

/** What a seat's own view says of its webhook (a spectator has none). */
export const webhookState = (table: Table, seat: Seat | null): TableView['webhook'] =>
  seat === null ? null : webhookStateOf(table.notifications[seat]!);

/** What the views show besides the series (published.ts). */
export function extras(table: Table, now: number = Date.now(), status: TableStatus = statusOf(table, currentStart(table).series)): ViewExtras {
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
