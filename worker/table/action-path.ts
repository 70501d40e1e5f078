/**
 * The path of one action, the same whether it came by POST or over a socket, from a person's
 * seat, a bot's or the table's alarm: answer a retried client id from what was stored,
 * check the expected version, let the engine parse and apply it, and commit the change
 * (table-store.ts), which writes it and what follows from it in one transaction.
 *
 * One action is committed and still refused: a claim the engine judges not sure (R7.12). It
 * is recorded (every seat sees it, and its seat claims again only from the next trick), so
 * the table's version goes up, and its seat is answered 422 illegal_action with the refusal,
 * as API.md answers every refused action (and as a refused claim always was). A retry of its id
 * is answered the same, and its socket is pushed the new view like every other. A version
 * that only refused claims followed is not stale: nothing a move depends on changed (a turn
 * mail's reply is not refused because a defender claimed meanwhile).
 */
import type { Action } from '../../shared/actions.js';
import { parseAction } from '../../shared/parse-action.js';
import { actionsOf, isIndependentDecision } from '../../shared/game.js';
import { refusedClaim } from '../../shared/claims.js';
import { applySeriesAction } from '../../shared/series.js';
import { sameAction } from './action-ids.js';
import { isEnded, isPaused } from '../published/clock.js';
import { clientIdKey, currentStart, type ActionRequest, type AutoKind, type Seat, type Table } from '../model/table.js';

export type { ActionRequest };
import { failure, success, type ErrorStatus, type Outcome } from '../published/outcome.js';
import type { TableView } from '../published/published.js';
import { answerAt } from './replay.js';
import type { TableStorage } from '../storage/table-storage.js';
import type { AfterCommit, Origin } from './after-commit.js';
import type { TableStore } from './table-store.js';

/** An accepted action: the caller's new view as JSON text. */
export interface Accepted {
  readonly view: string;
  /** The same view as built, for an action applied now (not for a retried id's stored answer). */
  readonly viewObject?: TableView;
}

/** What a kept answer is found by: the seat and its client id (ids are per seat). */
const answerKey = (seat: Seat, id: string): string => `${seat} ${id}`;

/** R7.12: the answer to a claim judged not sure, which was recorded all the same (above). */
const claimRefused = (refusal: string): Outcome<Accepted> => failure(422, 'illegal_action', refusal);

/** Whether every action since `version` is a refused claim (R7.12): that version is as good as the current one. */
function onlyRefusedClaimsSince(table: Table, version: number): boolean {
  const game = table.series.game;
  const since = table.version - version;
  if (game === null || since <= 0) return false;
  let entry = game.log;
  for (let i = 0; i < since; i++, entry = entry.previous) if (entry === null || entry.refused !== true) return false;
  return true;
}

/**
 * API.md "version": in the doubling window a seat's first decision is taken whatever the
 * others decided meanwhile (R3.1), so a version of this window is not stale for it: any from
 * the window's opening (the deal) on. One from before the deal, or ahead of the table, is.
 */
function windowDecision(table: Table, seat: Seat, parsed: ReturnType<typeof parseAction>, version: number): boolean {
  const game = table.series.game;
  if (!parsed.ok || game === null || !isIndependentDecision(game, seat, parsed.value)) return false;
  const opened = table.version - actionsOf(game).length;
  return version >= opened && version <= table.version;
}

/** `origin` but for the socket the change came over. */
function withoutSender({ from: _from, ...rest }: Origin): Origin {
  return rest;
}

const STATUS_OF_REFUSAL: Record<string, ErrorStatus> = { bad_request: 400, illegal_action: 422, not_your_turn: 422 };

export class ActionPath {
  /**
   * The answers given to actions with a client id in the running game, by seat and id: a
   * retry gets the same answer without a replay (the view's text, or a recorded claim's
   * refusal). Kept in memory only (the table's storage never holds a view): lost on eviction,
   * cleared when a game ends; a retry then is answered the same from the log (replay.ts answerAt).
   */
  private readonly answers = new Map<string, Outcome<Accepted>>();

  constructor(
    private readonly store: TableStore,
    private readonly storage: TableStorage,
    private readonly changes: AfterCommit,
  ) {}

  /**
   * `seat`'s action: a person's (by its link), a bot seat's (bot-seats.ts), or with `auto`
   * one the table makes for a person's seat (auto-moves.ts: its deadline passed, or its
   * forced card), marked so in the log and records, and in the views that may know it.
   * `byReply`: sent by a reply to a turn mail (requests/reply-requests.ts). `origin`: where it
   * came from (after-commit.ts).
   */
  act(
    table: Table,
    seat: Seat,
    request: ActionRequest,
    { auto = null, byReply = false, ...origin }: Origin & { auto?: AutoKind | null; byReply?: boolean } = {},
  ): Outcome<Accepted> {
    if (request.id !== undefined) {
      // API.md: the same id (this seat's own: ids are per seat) is applied once, and only for the same action.
      const earlier = this.storage.actionWithId(
        seat,
        request.id,
        table.clientIds.get(clientIdKey(seat, request.id)),
        currentStart(table).firstVersion,
      );
      if (earlier !== undefined) {
        if (!sameAction(earlier.action, request.action)) {
          return failure(
            409,
            'id_reused',
            `the action id ${JSON.stringify(request.id)} was already used by this seat for a different action; send a new action with a new id`,
          );
        }
        // The answer kept for the running game, else (a finished game's, or after an eviction) the same answer replayed from the log.
        const kept = this.answers.get(answerKey(seat, request.id));
        if (kept !== undefined) return kept;
        if (earlier.response !== null) return success({ view: earlier.response }); // stored by tables made before answers were kept in memory
        const { view, refusal } = answerAt(this.storage, table, seat, earlier.version);
        return refusal !== null ? claimRefused(refusal) : success({ view: JSON.stringify(view) });
      }
    }
    // After a retried id (answered as before): nothing new is taken while paused or after the end.
    if (isEnded(table)) return failure(409, 'table_ended', "the table's admin ended this table: it can be read, not played");
    if (isPaused(table)) return failure(409, 'paused', 'the table is paused by its admin; play goes on when the admin resumes it');
    const parsed = parseAction(request.action);
    if (
      request.version !== undefined &&
      request.version !== table.version &&
      !windowDecision(table, seat, parsed, request.version) &&
      !onlyRefusedClaimsSince(table, request.version)
    ) {
      return failure(409, 'stale_version', `the table is at version ${table.version}, not ${request.version}; reload and try again`);
    }
    const result = parsed.ok ? applySeriesAction(table.series, seat, parsed.value) : parsed;
    if (!parsed.ok || !result.ok) {
      const error = parsed.ok ? (result.ok ? null : result.error) : parsed.error;
      return failure(STATUS_OF_REFUSAL[error!.code] ?? 400, error!.code, error!.message);
    }
    const action: Action = parsed.value;
    const gamesBefore = table.series.records.length;
    // R7.12: a claim judged not sure is recorded all the same (every seat sees it), and its claimer refused.
    const refusal = action.type === 'claim' ? refusedClaim(result.value.game) : null;
    const committed = this.changes.commit(
      {
        type: 'action',
        seat,
        action,
        series: result.value,
        id: request.id ?? null,
        auto,
        byReply,
        at: new Date().toISOString(),
      },
      // A refused claim's socket gets no view in its answer: it is pushed the new one like the others.
      refusal === null ? origin : withoutSender(origin),
    );
    const answer = refusal !== null ? claimRefused(refusal) : this.accepted(committed.table, seat);
    // Committed: the answer is kept for a retry while its game runs; a finished game's are let go.
    if (committed.table.series.records.length !== gamesBefore) this.answers.clear();
    if (request.id !== undefined) this.answers.set(answerKey(seat, request.id), answer.ok ? success({ view: answer.value.view }) : answer);
    return answer;
  }

  /** `seat`'s view of `table` as the answer to its accepted action. */
  private accepted(table: Table, seat: Seat): Outcome<Accepted> {
    const viewObject = this.store.viewFor(table, seat);
    return success({ view: JSON.stringify(viewObject), viewObject });
  }
}
