/**
 * The table in the object's memory, and the one way it changes: `commit(change)`.
 *
 * The table is read from storage once per instance (the series replayed through the
 * engine, replay.ts). A commit applies a change (changes/) to storage and to a copy of the
 * table together, with what follows from it (changes/apply.ts), in one storage
 * transaction; only when that succeeds does the copy become the table, under a new
 * revision. Should the transaction throw, storage rolls back and the memory never saw the
 * change. Views are built once per revision (and seat): a commit is all it takes for every
 * view to be built again, nobody clears a cache by hand.
 */
import type { Seat } from '../../shared/options.js';
import { applyChange, follow, type ChangeContext, type Effects, type Followers } from './changes/apply.js';
import type { Change } from './changes/change.js';
import { actedAtOf, clientIdKey, SEATS, type Draft, type Table } from '../model/table.js';
import { failure, success, type Outcome } from '../published/outcome.js';
import { tableView, type TableView, extras, webhookState } from '../published/published.js';
import { firstSeries, replaySeries } from './replay.js';
import type { TableStorage } from '../storage/table-storage.js';
import type { RowMeter, Rows } from '../storage/row-meter.js';
import type { OpsMetrics } from '../ops/metrics.js';
import { sameHash } from '../model/tokens.js';

/** Who called, as the table knows it from the token: a seat's holder, a spectator, or the admin. */
export type Caller =
  | { readonly kind: 'seat'; readonly seat: Seat; readonly table: Table }
  | { readonly kind: 'spectator'; readonly seat: null; readonly table: Table }
  | { readonly kind: 'admin'; readonly table: Table };

/** What an RPC method asks of its caller: a seat's link, a person's seat (not a bot's), a seat's or the spectators' link, or the admin's. */
export type Need = 'seat' | 'person' | 'viewer' | 'admin';

/** The caller an RPC method gets for what it needs. */
export type CallerFor<N extends Need> = N extends 'admin'
  ? Extract<Caller, { kind: 'admin' }>
  : N extends 'viewer'
    ? Extract<Caller, { kind: 'seat' | 'spectator' }>
    : Extract<Caller, { kind: 'seat' }>;

/** What a commit did: the table as it was and as it is now, and what the after-commit step must do. */
export interface Committed {
  readonly before: Table | null;
  readonly table: Table;
  readonly effects: Effects;
  /** What the commit's transaction read and wrote, as the runtime counted it. */
  readonly rows: Rows;
}

/** A link the admin replaced (API.md "Table admin"): told so, unlike a stranger's (403). */
const REPLACED = failure(401, 'unauthorized', "this link was replaced by the table's admin; ask the admin for the new one");

export class TableStore {
  /** undefined: not read from storage yet; null: no table was created here. */
  private table: Table | null | undefined;
  /** +1 per commit: the views are built once per revision. */
  private revision = 0;
  private views: { revision: number; table: Table; validUntil: number; bySeat: Map<Seat | null, TableView> } | undefined;

  constructor(
    private readonly storage: TableStorage,
    private readonly durable: DurableObjectStorage,
    private readonly meter: RowMeter,
    private readonly metrics: OpsMetrics,
    private readonly context: ChangeContext & Followers,
  ) {}

  /** The table, read from storage once per instance (or after a reset); null when none was created here. */
  current(): Table | null {
    if (this.table === undefined) {
      const { value, rows } = this.meter.measure(() => this.load());
      this.table = value;
      // A table woken: what reading it cost (none was made here: only the look for it).
      this.meter.attribute('wake', rows);
      if (value !== null) this.metrics.count(['table_woken'], rows);
    }
    return this.table;
  }

  private load(): Table | null {
    if (!this.storage.exists()) return null;
    // An earlier release's storage is brought up to date first (storage/migrations.ts): once per instance.
    this.durable.transactionSync(() => this.storage.migrate());
    const stored = this.storage.settings();
    if (stored === null) return null;
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
    return {
      settings: { ...stored, options },
      tokens: this.storage.tokens(),
      series,
      autoMoves,
      vacations: this.storage.seats.vacations(),
      autoForced: this.storage.seats.autoForcedSeats(),
      seatRemindedVersions: this.storage.seats.seatRemindedVersions(),
      deals,
      version: lastRow?.version ?? start.firstVersion,
      lastChangeAt,
      notifications: SEATS.map((seat) => this.storage.seats.notifications(seat)),
      remindedVersion: this.storage.seats.remindedVersion(),
      unreadTurnMail: this.storage.seats.unreadTurnMails(),
      seriesStarts,
      pauses: this.storage.admin.pauses(),
      endedAt: this.storage.admin.endedAt(),
      actedAt: actedAtOf(rows),
      clientIds: new Map(rows.flatMap((row) => (row.actionId === undefined ? [] : [[clientIdKey(row.seat, row.actionId), row.version] as const]))),
    };
  }

  /**
   * Applies `change` to storage and memory together, with what follows from it, in one
   * transaction (changes/); answers the table as it is now and what the after-commit must do.
   */
  commit(change: Change): Committed {
    const before = change.type === 'create' ? null : this.current();
    if (before === null && change.type !== 'create') throw new Error(`commit ${change.type}: no table here`);
    const draft = (before === null ? {} : { ...before }) as Draft;
    const revision = this.revision + 1;
    let measured: { value: Effects; rows: Rows };
    try {
      measured = this.meter.measure(() =>
        this.durable.transactionSync(() => {
          // Views built inside (the webhooks' bodies) are the new revision's.
          this.views = undefined;
          this.revision = revision;
          const done = applyChange(this.context, draft, before, change);
          follow(this.context, before, draft, done);
          return done;
        }),
      );
    } catch (error) {
      // Storage rolled back; the memory never took the draft, and no view of it is kept.
      this.revision = revision - 1;
      this.views = undefined;
      throw error;
    }
    this.table = Object.freeze(draft);
    this.meter.attribute(change.type === 'action' ? `action:${change.action.type}` : change.type, measured.rows);
    return { before, table: this.table, effects: measured.value, rows: measured.rows };
  }

  /** Forget the memory (the storage was deleted): the next `current()` reads it again. */
  reset(): void {
    this.table = undefined;
    this.views = undefined;
  }

  /**
   * The view of `seat` of `table` (the table, or a commit's draft), built once per revision:
   * the answer, the pushes and the notifications of one change all need it. A running
   * vacation shows in the views until it ends: then they are built again.
   */
  viewFor(table: Table, seat: Seat | null): TableView {
    const now = Date.now();
    if (this.views?.revision !== this.revision || this.views.table !== table || now >= this.views.validUntil) {
      const ends = table.vacations.filter((v) => v.from <= now && now < v.until).map((v) => v.until);
      this.views = { revision: this.revision, table, validUntil: Math.min(Infinity, ...ends), bySeat: new Map() };
    }
    let view = this.views.bySeat.get(seat);
    if (view === undefined) {
      const deal = table.deals.at(-1)!;
      view = tableView(table.settings, table.series, seat, table.version, deal, table.lastChangeAt, webhookState(table, seat), extras(table, now));
      this.views.bySeat.set(seat, view);
    }
    return view;
  }

  /**
   * Who `tokenHash` belongs to, if it may do what `need` says: a seat's link (`seat`), a
   * person's seat (`person`: not one a bot plays), a seat's or the spectators' (`viewer`),
   * the admin's (`admin`); or the refusal. `what` names what was asked, for the refusal.
   */
  caller<N extends Need>(tokenHash: string, need: N, what = 'that'): Outcome<CallerFor<N>> {
    const found = this.owner(tokenHash);
    if (!found.ok) return found;
    const caller = found.value;
    if (need === 'admin') {
      if (caller?.kind === 'admin') return success(caller as CallerFor<N>);
      if (caller !== null) return failure(403, 'forbidden', "a seat's or the spectators' link cannot administer the table: use the admin link");
      return this.storage.admin.replacedOwner(tokenHash) === 'admin'
        ? REPLACED
        : failure(403, 'forbidden', 'this link is not the admin link of this table');
    }
    if (caller?.kind === 'admin') return failure(403, 'forbidden', "this is the table admin's link: it opens the admin page, not a seat");
    if (caller === null) {
      const replaced = this.storage.admin.replacedOwner(tokenHash);
      return replaced !== null && replaced !== 'admin' ? REPLACED : failure(403, 'forbidden', 'this link does not belong to this table');
    }
    if (need === 'viewer') return success(caller as CallerFor<N>);
    if (caller.kind === 'spectator') return failure(403, 'forbidden', `a spectator link has no ${what}`);
    if (need === 'person' && caller.table.settings.seats[caller.seat]!.bot)
      return failure(403, 'forbidden', `a bot plays this seat: its link has no ${what}`);
    return success(caller as CallerFor<N>);
  }

  /** Runs `run` for the caller of `tokenHash` if it is what `need` asks for (`caller`); else answers why not. */
  as<N extends Need, R>(tokenHash: string, need: N, run: (caller: CallerFor<N>) => R, what?: string): R | Outcome<never> {
    const caller = this.caller(tokenHash, need, what);
    return caller.ok ? run(caller.value) : caller;
  }

  /**
   * The table, or the 404 of a table never made here (or deleted after its retention): what
   * every call that reads the table's storage asks first, since a table that is not there
   * has no storage to read (and a read must not make any).
   */
  made(): Outcome<Table> {
    const table = this.current();
    if (table !== null) return success(table);
    const retired = this.storage.retiredAt();
    if (retired !== null)
      return failure(
        404,
        'not_found',
        `this table was deleted on ${retired.slice(0, 10)} after a long time without a move; its finished games are kept`,
      );
    return failure(404, 'not_found', 'no such table');
  }

  /** Whose `tokenHash` is (null: nobody's here), or why there is no table to ask. */
  private owner(tokenHash: string): Outcome<Caller | null> {
    const made = this.made();
    if (!made.ok) return made;
    const table = made.value;
    // Compare with every stored hash, always, in constant time: no early exit to time.
    let caller: Caller | null = null;
    for (const { hash, seat, role } of table.tokens) {
      if (!sameHash(hash, tokenHash)) continue;
      caller = role === 'admin' ? { kind: 'admin', table } : seat === null ? { kind: 'spectator', seat: null, table } : { kind: 'seat', seat, table };
    }
    return success(caller);
  }
}
