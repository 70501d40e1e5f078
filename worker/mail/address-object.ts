/**
 * One Durable Object per mail address, named by the address's key (links.ts): whether the
 * address asked for our mail, and how much it got lately. Every table asks it before each
 * mail (`permit`), so the answer holds across all tables at once: a table cannot mail an
 * address that never confirmed, nor one that unsubscribed, nor flood one that did.
 *
 * It also keeps the address's daily digest (digest.ts): the tables where a seat of it in
 * mail mode "digest" owes a move, handed over by the tables, and sends it once a day.
 *
 * It never learns the address: it is named by an HMAC of it and is told nothing else
 * (so it can neither keep nor log it). So the digest is written here and handed to one of
 * the tables it lists, which knows the address of its seat and sends it (TableObject.mailDigest).
 */
import { DurableObject } from 'cloudflare:workers';
import { reasonOf } from '../log-reasons.js';
import type { Seat } from '../../shared/options.js';
import { deriveToken, linkOf, tokenKey } from '../table/tokens.js';
import { confirmationMail } from './confirmation-mail.js';
import { DIGEST_MIN_GAP_MS, digestLanguage, digestMail, nextDigestAt, type DigestEntry, type DigestLine } from './digest.js';
import { mailLink } from './links.js';
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
  // The digest's entries: one per table and seat that owes a move (entry: DigestEntry as JSON).
  `CREATE TABLE IF NOT EXISTS digest (table_id TEXT NOT NULL, seat INTEGER NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (table_id, seat))`,
  // When the last digest went out (ms).
  `CREATE TABLE IF NOT EXISTS digest_sent (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)`,
];

/** What a table answers when asked to send a digest: sent, the address is none of its digest seats' any more, or it failed. */
export type DigestCarried = 'sent' | 'not_here' | 'failed';

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
      void this.schedule(now);
    }
    return { send, at: now };
  }

  /**
   * The one alarm: the digest at DIGEST_HOUR_UTC while it has entries; and an address still
   * unconfirmed a month after its last confirmation mail is forgotten (confirmed and
   * unsubscribed ones are kept).
   */
  override async alarm(): Promise<void> {
    if (!this.hasSchema()) return;
    const now = Date.now();
    await this.sendDigest(now);
    const { state, confirmationSentAt } = this.read();
    if (state === 'unconfirmed' && this.entries().length === 0 && (confirmationSentAt ?? 0) + UNCONFIRMED_RETENTION_MS <= now) {
      await this.ctx.storage.deleteAll();
      return;
    }
    await this.schedule(now);
  }

  /** Sets the alarm for what comes next: the digest while entries wait, the forgetting of an unconfirmed address. */
  private async schedule(now: number): Promise<void> {
    const times: number[] = [];
    if (this.entries().length > 0) times.push(nextDigestAt(Math.max(now, (this.lastDigestAt() ?? 0) + DIGEST_MIN_GAP_MS)));
    const { state, confirmationSentAt } = this.read();
    if (state === 'unconfirmed' && confirmationSentAt !== null) times.push(confirmationSentAt + UNCONFIRMED_RETENTION_MS);
    if (times.length === 0) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(Math.min(...times));
  }

  // ---------------------------------------------------------------- the digest

  /** A seat of this address in mail mode "digest" owes a move at a table (or its entry changed: its deadline, its names). */
  async digestOwed(entry: DigestEntry): Promise<void> {
    this.ensureSchema();
    this.sql.exec(
      `INSERT INTO digest (table_id, seat, entry) VALUES (?, ?, ?) ON CONFLICT (table_id, seat) DO UPDATE SET entry = excluded.entry`,
      entry.tableId,
      entry.seat,
      JSON.stringify(entry),
    );
    await this.schedule(Date.now());
  }

  /** The seat no longer owes a move there (it moved, left the digest, the table ended or was deleted); without a seat: none of the table's. */
  digestSettled(request: { readonly tableId: string; readonly seat?: Seat }): void {
    if (!this.hasSchema()) return;
    if (request.seat === undefined) this.sql.exec('DELETE FROM digest WHERE table_id = ?', request.tableId);
    else this.sql.exec('DELETE FROM digest WHERE table_id = ? AND seat = ?', request.tableId, request.seat);
  }

  /** The tables listed now, for tests and the table's own checks. */
  digestEntries(): DigestEntry[] {
    return this.hasSchema() ? this.entries() : [];
  }

  private entries(): DigestEntry[] {
    if (!this.hasSchema()) return [];
    return this.sql
      .exec<Row>('SELECT entry FROM digest')
      .toArray()
      .map((r) => JSON.parse(r.entry as string) as DigestEntry);
  }

  private lastDigestAt(): number | null {
    return (this.sql.exec<Row>('SELECT at FROM digest_sent WHERE id = 1').toArray()[0]?.at as number | undefined) ?? null;
  }

  /**
   * Sends the digest if entries wait and none went out in the last DIGEST_MIN_GAP_MS: asks
   * its own limits as a table's mail would (a confirmation in its place while the address
   * has not confirmed), writes it, and hands it to a table it lists (that table knows the
   * address). A table whose seats no longer have this address in mode digest has its
   * entries dropped and the next is asked.
   */
  private async sendDigest(now: number): Promise<void> {
    let entries = this.entries();
    const last = this.lastDigestAt();
    if (entries.length === 0 || (last !== null && now - last < DIGEST_MIN_GAP_MS)) return;
    const permit = this.permit({ tableId: 'digest', now });
    if (permit.send === 'none') {
      console.warn(`digest of an address not sent: ${permit.reason}`);
      return;
    }
    while (entries.length > 0) {
      const carrier = entries[0]!;
      const key = tokenKey(this.env, carrier.origin);
      let carried: DigestCarried = 'not_here';
      if (key.ok) {
        const unsubscribe = await mailLink(key.secret, carrier.origin, 'unsubscribe', carrier.addressKey);
        const mail =
          permit.send === 'confirmation'
            ? confirmationMail(
                carrier.origin,
                { key: carrier.addressKey, confirm: await mailLink(key.secret, carrier.origin, 'confirm', carrier.addressKey), unsubscribe },
                digestLanguage(entries),
              )
            : digestMail(await this.lines(entries), unsubscribe);
        try {
          const stub = this.env.TABLES.get(this.env.TABLES.idFromName(carrier.tableId));
          carried = await stub.mailDigest({ addressKey: carrier.addressKey, subject: mail.subject, text: mail.text, unsubscribe });
        } catch (error) {
          console.warn(`digest of an address: table ${carrier.tableId} could not carry it: ${reasonOf(error)}`);
          carried = 'failed';
        }
      }
      if (carried === 'sent') {
        this.sql.exec('INSERT INTO digest_sent (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at', now);
        return;
      }
      if (carried === 'failed') break;
      this.digestSettled({ tableId: carrier.tableId });
      entries = entries.filter((e) => e.tableId !== carrier.tableId);
    }
    this.release({ tableId: 'digest', at: permit.at });
  }

  /** Each entry with its seat's link, derived from the token key and the nonce (never stored). */
  private async lines(entries: readonly DigestEntry[]): Promise<DigestLine[]> {
    return Promise.all(
      entries.map(async (entry) => {
        const key = tokenKey(this.env, entry.origin);
        if (!key.ok || entry.nonce === null) return { entry, link: null };
        return { entry, link: linkOf(entry.origin, entry.tableId, await deriveToken(key.secret, entry.tableId, entry.seat, entry.nonce)) };
      }),
    );
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
