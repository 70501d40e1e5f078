/** What the API publishes of a table: a seat's view (R10.2) and finished games' records (R10.3). */
import { isMoveOwed } from '../../shared/actions.js';
import { deadlineAt } from '../../shared/deadline.js';
import type { GameRecord } from '../../shared/record.js';
import type { PublishedGame, TableSummary, TableView } from '../contract.js';
import type { Seat } from '../../shared/options.js';
import type { SeriesState } from '../../shared/series.js';
import { viewOf } from '../../shared/view.js';
import { botLevelOf, type DealRow, type Settings } from './storage.js';

export type { PublishedGame, TableSummary, TableView };

export function tableView(
  settings: Settings,
  series: SeriesState,
  seat: Seat | null,
  version: number,
  deal: DealRow,
  lastChangeAt: string,
  webhook: TableView['webhook'] = null,
): TableView {
  const view = viewOf(series, seat)!;
  const running = view.phase !== 'finished';
  const deadline =
    running && settings.moveDeadlineHours !== null ? new Date(deadlineAt(Date.parse(lastChangeAt), settings.moveDeadlineHours)).toISOString() : null;
  return {
    tableId: settings.tableId,
    name: settings.name,
    version,
    ...view,
    seats: view.seats.map((s, i) => ({ ...s, name: settings.seats[i]!.name, bot: settings.seats[i]!.bot, botLevel: botLevelOf(settings.seats[i]!) })),
    commitment: deal.commitment,
    deadline,
    moveDeadlineHours: settings.moveDeadlineHours,
    webhook: seat === null ? null : webhook,
    chat: settings.chat,
  };
}

/**
 * A table as the overview lists it for one link: picked from that link's own view (so never
 * more than it shows, R10.2), without a card, a hand or a trick.
 */
export function tableSummary(view: TableView, lastChangeAt: string): TableSummary {
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
    owesMove: view.legalActions.some(isMoveOwed),
    version: view.version,
    deadline: view.deadline,
    lastChangeAt,
  };
}

export function publishedGame(record: GameRecord, deal: DealRow, finishedAt: string): PublishedGame {
  return { ...record, dealIndex: deal.dealIndex, seed: deal.seed, commitment: deal.commitment, finishedAt };
}
