/**
 * One Durable Object per mail address, named by the address's key (links.ts): whether the
 * address asked for our mail, and how much it got lately. Every table asks it before each
 * mail (`permit`), so the answer holds across all tables at once: a table cannot mail an
 * address that never confirmed, nor one that unsubscribed, nor flood one that did.
 *
 * It never learns the address: it is named by an HMAC of it and is told nothing else
 * (so it can neither keep nor log it).
 */
import { DurableObject } from 'cloudflare:workers';
import { ADDRESS_MAILS_PER_HOUR, CONFIRMATION_INTERVAL_MS, type AddressState, type Permit, type Refusal } from './address.js';

export { ADDRESS_MAILS_PER_HOUR, CONFIRMATION_INTERVAL_MS, type AddressState, type Permit, type Refusal };

const HOUR_MS = 3_600_000;

/** An address that never confirmed is forgotten this long after its last confirmation mail (its object's storage deleted). */
export const UNCONFIRMED_RETENTION_MS = 30 * 24 * HOUR_MS;

const SCHEMA = [
  // One row: the address's state and when its last confirmation mail went out (ms, or null).
  `CREATE TABLE IF NOT EXISTS address (
     id INTEGER PRIMARY KEY CHECK (id = 1), state TEXT NOT NULL, confirmation_sent_at INTEGER)`,
  // The mails of the last hour (older rows are deleted as they fall out of it).
  `CREATE TABLE IF NOT EXISTS sends (at INTEGER NOT NULL, table_id TEXT NOT NULL, kind TEXT NOT NULL)`,
];

type Row = Record<string, SqlStorageValue>;

export class AddressObject extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
  }

  /** The tables, made on the first write only: asking about an address nobody mailed stores nothing. */
  private ensureSchema(): void {
    for (const statement of SCHEMA) this.sql.exec(statement);
  }

  private hasSchema(): boolean {
    return this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'address'").toArray().length > 0;
  }

  /**
   * Asked before each mail to this address. Synchronous inside the object, so that two
   * tables asking at once are answered one after the other (one confirmation, one count).
   */
  permit(request: { readonly tableId: string; readonly now: number }): Permit {
    const { tableId, now } = request;
    this.ensureSchema();
    const { state, confirmationSentAt } = this.read();
    if (state === 'unsubscribed') return { send: 'none', reason: 'unsubscribed' };
    if (state === 'unconfirmed' && confirmationSentAt !== null && now - confirmationSentAt < CONFIRMATION_INTERVAL_MS) {
      return { send: 'none', reason: 'awaiting_confirmation' };
    }
    this.sql.exec('DELETE FROM sends WHERE at <= ?', now - HOUR_MS);
    const sent = this.sql.exec<Row>('SELECT COUNT(*) AS n FROM sends').one().n as number;
    if (sent >= ADDRESS_MAILS_PER_HOUR) return { send: 'none', reason: 'address_limit' };
    const send = state === 'confirmed' ? 'mail' : 'confirmation';
    this.sql.exec('INSERT INTO sends (at, table_id, kind) VALUES (?, ?, ?)', now, tableId, send);
    if (send === 'confirmation') {
      this.write(state, now);
      // Forget an address that never answers: checked from the alarm (see alarm()).
      void this.ctx.storage.setAlarm(now + UNCONFIRMED_RETENTION_MS);
    }
    return { send, at: now };
  }

  /** An address still unconfirmed a month after its last confirmation mail is forgotten; confirmed and unsubscribed ones are kept. */
  override async alarm(): Promise<void> {
    if (!this.hasSchema()) return;
    const { state, confirmationSentAt } = this.read();
    if (state !== 'unconfirmed') return;
    const due = (confirmationSentAt ?? 0) + UNCONFIRMED_RETENTION_MS;
    if (due > Date.now()) await this.ctx.storage.setAlarm(due);
    else await this.ctx.storage.deleteAll();
  }

  /**
   * A permitted mail that could not be handed over (the binding failed): it is not
   * counted, and a confirmation that did not go out may be sent again at once, so that a
   * passing failure does not keep the address waiting a day for it.
   */
  release(request: { readonly tableId: string; readonly at: number }): void {
    if (!this.hasSchema()) return;
    const row = this.sql
      .exec<Row>('SELECT rowid AS id, kind FROM sends WHERE at = ? AND table_id = ? LIMIT 1', request.at, request.tableId)
      .toArray()[0];
    if (row === undefined) return;
    this.sql.exec('DELETE FROM sends WHERE rowid = ?', row.id as number);
    const { state, confirmationSentAt } = this.read();
    if (row.kind === 'confirmation' && confirmationSentAt === request.at) this.write(state, null);
  }

  /** The address holder pressed the button of the confirmation link (also after unsubscribing: they asked again). */
  confirm(): AddressState {
    this.ensureSchema();
    this.write('confirmed', this.read().confirmationSentAt);
    return 'confirmed';
  }

  /** No more mail of any table, confirmations included. */
  unsubscribe(): AddressState {
    this.ensureSchema();
    this.write('unsubscribed', this.read().confirmationSentAt);
    return 'unsubscribed';
  }

  state(): AddressState {
    return this.read().state;
  }

  private read(): { state: AddressState; confirmationSentAt: number | null } {
    if (!this.hasSchema()) return { state: 'unconfirmed', confirmationSentAt: null };
    const row = this.sql.exec<Row>('SELECT state, confirmation_sent_at FROM address WHERE id = 1').toArray()[0];
    return {
      state: (row?.state as AddressState | undefined) ?? 'unconfirmed',
      confirmationSentAt: (row?.confirmation_sent_at as number | null | undefined) ?? null,
    };
  }

  private write(state: AddressState, confirmationSentAt: number | null): void {
    this.sql.exec(
      `INSERT INTO address (id, state, confirmation_sent_at) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET state = excluded.state, confirmation_sent_at = excluded.confirmation_sent_at`,
      state,
      confirmationSentAt,
    );
  }
}
