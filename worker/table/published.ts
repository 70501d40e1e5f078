/** What the API publishes of a table: a seat's view (R10.2) and finished games' records (R10.3). */
import { deadlineAt } from '../../shared/deadline.js';
import type { GameRecord } from '../../shared/record.js';
import type { PublishedGame, TableView } from '../contract.js';
import type { Seat } from '../../shared/options.js';
import type { SeriesState } from '../../shared/series.js';
import { viewOf } from '../../shared/view.js';
import type { DealRow, Settings } from './storage.js';

export type { PublishedGame, TableView };

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
    seats: view.seats.map((s, i) => ({ ...s, name: settings.seats[i]!.name, bot: settings.seats[i]!.bot })),
    commitment: deal.commitment,
    deadline,
    webhook: seat === null ? null : webhook,
  };
}

export function publishedGame(record: GameRecord, deal: DealRow, finishedAt: string): PublishedGame {
  return { ...record, dealIndex: deal.dealIndex, seed: deal.seed, commitment: deal.commitment, finishedAt };
}
