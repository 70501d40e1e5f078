/**
 * The path of one action, the same whether it came by POST or over a socket: authorize the
 * token, answer a retried client id from what was stored, check the expected version, let
 * the engine parse and apply it, and commit the change with all it causes (the next deal,
 * finished games for the history, notifications) in one storage transaction.
 */
import { parseAction, type Action } from '../../shared/actions.js';
import { actionsOf } from '../../shared/game.js';
import type { Seat } from '../../shared/options.js';
import { applySeriesAction } from '../../shared/series.js';
import { sameAction } from './action-ids.js';
import { eventsOf } from '../notifications/events.js';
import type { TableNotifications } from '../notifications/table-notifications.js';
import type { HistoryOutbox } from '../history/outbox.js';
import { failure, success, type ErrorStatus, type Outcome } from './outcome.js';
import { autoKey, publishedGame, type TableView } from './published.js';
import type { AutoKind, TableStorage } from './storage/table-storage.js';
import { isEnded, isPaused } from './clock/pause.js';
import { currentStart, type LoadedTable, type TableState } from './table-state.js';

export interface ActionRequest {
  /** The action as the client sent it: the engine parses it (shared/actions.ts parseAction). */
  readonly action: unknown;
  readonly id?: string;
  readonly version?: number;
}

/** An accepted action: the caller's new view as JSON text, and what the table must start. */
export interface Accepted {
  readonly view: string;
  /** The same view as built, for an action applied now (not for a retried id's stored answer). */
  readonly viewObject?: TableView;
  /** False for a retried id answered again: nothing changed, nobody needs a new view. */
  readonly changed: boolean;
  /** Whether history, deliveries or a clock wait: the scheduler must look. */
  readonly followUp: boolean;
}

/** What a kept answer is found by: the seat and its client id (ids are per seat). */
const answerKey = (seat: Seat, id: string): string => `${seat} ${id}`;

const STATUS_OF_REFUSAL: Record<string, ErrorStatus> = { bad_request: 400, illegal_action: 422, not_your_turn: 422 };

export class ActionPath {
  /**
   * The answers given to actions with a client id in the running game, by seat and id: a
   * retry gets the same text without a replay. Kept in memory only (the table's storage
   * never holds a view): lost on eviction, cleared when a game ends; a retry then is answered
   * with the same view replayed from the log (TableState.viewAt).
   */
  private readonly answers = new Map<string, string>();

  constructor(
    private readonly state: TableState,
    private readonly storage: TableStorage,
    private readonly outbox: HistoryOutbox,
    private readonly notifications: TableNotifications,
  ) {}

  act(tokenHash: string, request: ActionRequest): Outcome<Accepted> {
    const found = this.state.authorize(tokenHash);
    if (!found.ok) return found;
    const { table, caller } = found.value;
    if (caller.seat === null) return failure(403, 'forbidden', 'a spectator link can watch but not play');
    const seat = caller.seat;
    if (table.settings.seats[seat]!.bot) return failure(403, 'forbidden', 'a bot plays this seat: its link can watch but not play');
    return this.perform(table, seat, request);
  }

  /**
   * A bot seat's move (bot-seats.ts), or with `auto` a move the table makes for a person's
   * seat (auto-moves.ts: its deadline passed, or its forced card): the same path as a
   * person's, without a token; an automatic move is marked so in the log and records, and in
   * the views that may know it (published.ts).
   */
  actForBot(seat: Seat, action: Action, auto: AutoKind | null = null): Outcome<Accepted> {
    const table = this.state.current();
    if (table === null) return failure(404, 'not_found', 'no such table');
    return this.perform(table, seat, { action }, auto);
  }

  private perform(table: LoadedTable, seat: Seat, request: ActionRequest, auto: AutoKind | null = null): Outcome<Accepted> {
    if (request.id !== undefined) {
      // API.md: the same id (this seat's own: ids are per seat) is applied once, and only for the same action.
      const earlier = this.storage.actionWithId(seat, request.id);
      if (earlier !== undefined) {
        if (!sameAction(earlier.action, request.action)) {
          return failure(
            409,
            'id_reused',
            `the action id ${JSON.stringify(request.id)} was already used by this seat for a different action; send a new action with a new id`,
          );
        }
        // The answer kept for the running game, else (a finished game's, or after an eviction) the same view replayed from the log.
        return success({
          view: this.answers.get(answerKey(seat, request.id)) ?? earlier.response ?? JSON.stringify(this.state.viewAt(table, seat, earlier.version)),
          changed: false,
          followUp: false,
        });
      }
    }
    // After a retried id (answered as before): nothing new is taken while paused or after the end.
    if (isEnded(table)) return failure(409, 'table_ended', "the table's admin ended this table: it can be read, not played");
    if (isPaused(table)) return failure(409, 'paused', 'the table is paused by its admin; play goes on when the admin resumes it');
    if (request.version !== undefined && request.version !== table.version) {
      return failure(409, 'stale_version', `the table is at version ${table.version}, not ${request.version}; reload and try again`);
    }
    const parsed = parseAction(request.action);
    const result = parsed.ok ? applySeriesAction(table.series, seat, parsed.value) : parsed;
    if (!parsed.ok || !result.ok) {
      const error = parsed.ok ? (result.ok ? null : result.error) : parsed.error;
      return failure(STATUS_OF_REFUSAL[error!.code] ?? 400, error!.code, error!.message);
    }
    const now = new Date().toISOString();
    const before = table.series;
    const finishedBefore = before.records.length;
    // Where the move lands: the current deal, after the game's actions so far.
    const autoAt = auto === null ? null : ([autoKey(table.deals.length - 1, actionsOf(before.game!).length), auto] as const);
    const view = this.state.transaction(() => {
      table.series = result.value;
      table.version += 1;
      if (autoAt !== null) table.autoMoves.set(...autoAt);
      table.lastChangeAt = now;
      this.notifications.presence.acted(table, seat, Date.parse(now));
      for (const record of table.series.records.slice(finishedBefore)) {
        const game = publishedGame(record, table.deals.at(-1)!, now, currentStart(table).series, table.autoMoves);
        this.outbox.queueGame({ tableId: table.settings.tableId, game, settlement: record.settlement }, Date.now());
      }
      const gameEnded = table.series.records.length > finishedBefore;
      if (table.series.status === 'awaitingDeal') this.state.dealNext(table, now); // API.md: the next game starts by itself
      const viewObject = this.state.viewFor(table, seat);
      const answer = JSON.stringify(viewObject);
      this.storage.saveAction(table.version, seat, parsed.value, request.id ?? null, now, auto);
      const notified = this.notifications.notify(table, eventsOf(before, table.series, currentStart(table).firstDeal));
      return { answer, viewObject, gameEnded, followUp: gameEnded || notified > 0 || table.settings.moveDeadlineHours !== null };
    });
    // Committed: the answer is kept for a retry while its game runs; a finished game's are let go.
    if (view.gameEnded) this.answers.clear();
    if (request.id !== undefined) this.answers.set(answerKey(seat, request.id), view.answer);
    return success({ view: view.answer, viewObject: view.viewObject, changed: true, followUp: view.followUp });
  }
}
