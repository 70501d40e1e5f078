/**
 * The shapes the API publishes (API.md): a caller's view and a finished game's record. Kept
 * free of Worker types so that the web app can import them, as types only.
 */
import type { GameRecord } from '../shared/record.js';
import type { SeriesView } from '../shared/view.js';

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
