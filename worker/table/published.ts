/** What the API publishes of a table: a seat's view (R10.2) and finished games' records (R10.3). */
import type { GameRecord } from '../../shared/record.js';
import type { Seat } from '../../shared/options.js';
import type { SeriesState } from '../../shared/series.js';
import { viewOf, type SeriesView } from '../../shared/view.js';
import type { DealRow, Settings } from './storage.js';

/** A finished game as `GET …/games` returns it: the record, with the seed revealed. */
export interface PublishedGame extends GameRecord {
  /** 0, 1, 2, …: the order in which the table dealt its games, redeals included. */
  readonly dealIndex: number;
  /** The seed the deal was derived from, and its commitment shown while the game ran; null for fixed test deals. */
  readonly seed: string | null;
  readonly commitment: string | null;
  readonly finishedAt: string;
}

export interface TableView extends Omit<SeriesView, 'seats'> {
  readonly tableId: string;
  readonly name: string;
  readonly version: number;
  readonly seats: (SeriesView['seats'][number] & { readonly name: string; readonly bot: boolean })[];
  /** SHA-256 of the current deal's secret seed (see README, "Checking a deal"); null for fixed test deals. */
  readonly commitment: string | null;
  /** When the seat to act should have acted (option moveDeadlineHours), or null. */
  readonly deadline: string | null;
}

export function tableView(
  settings: Settings,
  series: SeriesState,
  seat: Seat | null,
  version: number,
  deal: DealRow,
  lastChangeAt: string,
): TableView {
  const view = viewOf(series, seat)!;
  const running = view.phase !== 'finished';
  const deadline =
    running && settings.moveDeadlineHours !== null
      ? new Date(Date.parse(lastChangeAt) + settings.moveDeadlineHours * 3_600_000).toISOString()
      : null;
  return {
    tableId: settings.tableId,
    name: settings.name,
    version,
    ...view,
    seats: view.seats.map((s, i) => ({ ...s, name: settings.seats[i]!.name, bot: settings.seats[i]!.bot })),
    commitment: deal.commitment,
    deadline,
  };
}

export function publishedGame(record: GameRecord, deal: DealRow, finishedAt: string): PublishedGame {
  return { ...record, dealIndex: deal.dealIndex, seed: deal.seed, commitment: deal.commitment, finishedAt };
}
