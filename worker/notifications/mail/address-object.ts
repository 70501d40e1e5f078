/**
 * One Durable Object per mail address, named by the address's key (links.ts): which tables
 * the address asked for mail from, whether it unsubscribed from all of them, and how much
 * it got lately. Every table asks it before each mail (`permit`), so the answer holds across
 * all tables at once: a table cannot mail an address that did not confirm that very table,
 * nor one that unsubscribed, nor flood one that did confirm it.
 *
 * A table asks an address to confirm when a seat's address is set there (`askConfirmation`):
 * at most once a day per table, and at most CONFIRMATIONS_PER_DAY times a day over all
 * tables, so that naming a stranger's address at many tables sends it a few neutral mails,
 * not one per table.
 *
 * It also keeps the address's daily digest (digest.ts): the tables where a seat of it in
 * mail mode "digest" owes a move, handed over by the tables it confirmed, and sends it once
 * a day.
 *
 * It never learns the address: it is named by an HMAC of it and is told nothing else
 * (so it can neither keep nor log it). So the digest is written here and handed to one of
 * the tables it lists, which knows the address of its seat and sends it (TableObject.mailDigest).
 */
import { DurableObject } from 'cloudflare:workers';
import { reasonOf } from '../../model/log-reasons.js';
import type { Seat } from '../../../shared/options.js';
import { deriveToken, linkOf, tokenKey } from '../../model/tokens.js';
import { DIGEST_MIN_GAP_MS, digestMail, nextDigestAt, type DigestEntry, type DigestLine } from '../digest/digest.js';
import { unsubscribeLink } from './links.js';
import { earnMails, takeEarnedMail } from './earned-mails.js';
import { type AddressState, type ConfirmationPermit, type ConfirmationRefusal, type DigestAnswer, type Permit, type Refusal } from './address.js';
import { ADDRESS_MAILS_PER_HOUR, CONFIRMATION_INTERVAL_MS, CONFIRMATIONS_PER_DAY, DIGEST_ENTRIES_PER_ADDRESS } from '../../model/limits.js';

export {
  ADDRESS_MAILS_PER_HOUR,
  CONFIRMATION_INTERVAL_MS,
  CONFIRMATIONS_PER_DAY,
  DIGEST_ENTRIES_PER_ADDRESS,
  type AddressState,
  type Permit,
  type Refusal,
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** An address that confirmed no table is forgotten this long after its last confirmation mail (its object's storage deleted). */
export const UNCONFIRMED_RETENTION_MS = 30 * DAY_MS;

const SCHEMA = [
  // One row: the address's standing over all tables (STANDING) and when its last confirmation mail went out (ms, or null).
  `CREATE TABLE IF NOT EXISTS address (
     id INTEGER PRIMARY KEY CHECK (id = 1), state TEXT NOT NULL, confirmation_sent_at INTEGER)`,
  // The tables whose mail the address confirmed, and when. Kept when it unsubscribes (withdrawn, not forgotten): those tables
  // alone are told so (stateAt); every other table sees an address that never confirmed it.
  `CREATE TABLE IF NOT EXISTS confirmed_tables (table_id TEXT PRIMARY KEY, at INTEGER NOT NULL)`,
  // The confirmation mails of the last 24 hours, by table (older rows are deleted as they fall out of it).
  `CREATE TABLE IF NOT EXISTS confirmations (at INTEGER NOT NULL, table_id TEXT NOT NULL)`,
  // The mails of the last hour (older rows are deleted as they fall out of it); kind "earned": one a reply earned, not counted.
  `CREATE TABLE IF NOT EXISTS sends (at INTEGER NOT NULL, table_id TEXT NOT NULL, kind TEXT NOT NULL)`,
  // The mails the address's replies earned and a table still owes it (EARNED_MAILS_PER_REPLY), each for an hour from the reply.
  `CREATE TABLE IF NOT EXISTS earned (at INTEGER NOT NULL, table_id TEXT NOT NULL)`,
  // The digest's entries: one per table and seat that owes a move (entry: DigestEntry as JSON).
  `CREATE TABLE IF NOT EXISTS digest (table_id TEXT NOT NULL, seat INTEGER NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (table_id, seat))`,
  // When the last digest went out (ms).
  `CREATE TABLE IF NOT EXISTS digest_sent (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)`,
];

/**
 * The address's standing over all tables, as its row's `state` keeps it: "unsubscribed"
 * from every table; "confirmed" (legacy): it confirmed before confirmations were per table,
 * which opens no table but lets a table it was set at before ask it once in place of a mail
 * (permit); "unconfirmed": neither.
 */
type Standing = 'unconfirmed' | 'confirmed' | 'unsubscribed';

/** A confirmation mail counted, or why not: what the address's limits say, before askConfirmation decides whether it goes. */
type Taken = { readonly send: 'confirmation'; readonly at: number } | { readonly send: 'none'; readonly reason: ConfirmationRefusal };

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
   * Asked before each mail of a table to this address (not its confirmation: askConfirmation).
   * Synchronous inside the object, so that two tables asking at once are answered one after
   * the other (one count each).
   */
  permit(request: { readonly tableId: string; readonly now: number; readonly earnedOnly?: boolean }): Permit {
    const { tableId, now, earnedOnly = false } = request;
    // Nothing was ever asked of an address without storage: no table is confirmed, and nothing is stored to say so.
    if (!this.hasSchema()) return { send: 'none', reason: 'unconfirmed' };
    this.ensureSchema();
    const { standing } = this.read();
    // A table it never confirmed is refused as any unconfirmed table: it must not learn that the address unsubscribed elsewhere.
    if (standing === 'unsubscribed') return { send: 'none', reason: this.confirmed(tableId) ? 'unsubscribed' : 'unconfirmed' };
    if (!this.confirmed(tableId)) {
      // Confirmed before confirmations were per table: that opens no table, but a table it was
      // set at then is not left silent without a word: its mail becomes its confirmation (within the limits).
      if (standing === 'confirmed') {
        const asked = this.takeConfirmation(tableId, now);
        if (asked.send === 'confirmation') return asked;
      }
      return { send: 'none', reason: 'unconfirmed' };
    }
    if (takeEarnedMail(this.sql, tableId, now)) return { send: 'mail', at: now, earned: true };
    if (earnedOnly || !this.takeSend(tableId, now, 'mail')) return { send: 'none', reason: 'address_limit' };
    return { send: 'mail', at: now };
  }

  /** A reply from this address was taken at `tableId`: it earns the mails it causes (earned-mails.ts). */
  earn(request: { readonly tableId: string; readonly now: number }): void {
    if (!this.hasSchema()) return;
    this.ensureSchema();
    earnMails(this.sql, request.tableId, request.now);
  }

  /**
   * A table asks whether it may send its confirmation mail now (a seat's address was set
   * there): not to an address that already confirmed that table (nor, once it unsubscribed,
   * again to one of the tables it had confirmed), at most once per table in
   * CONFIRMATION_INTERVAL_MS, at most CONFIRMATIONS_PER_DAY over all tables, and within the
   * hourly limit. A permitted one is counted; `release` gives it back.
   *
   * An address that unsubscribed from every table gets no confirmation mail either, but a
   * table it never confirmed must not learn that it unsubscribed elsewhere (API.md "Mail"):
   * that table is answered as any address would answer it, counted alike, with `withheld` in
   * place of `confirmation`: the table then sends nothing and tells its seat what it tells
   * of a mail that went.
   */
  askConfirmation(request: { readonly tableId: string; readonly now: number }): ConfirmationPermit {
    const { tableId, now } = request;
    this.ensureSchema();
    const unsubscribed = this.read().standing === 'unsubscribed';
    if (this.confirmed(tableId)) return { send: 'none', reason: unsubscribed ? 'unsubscribed' : 'confirmed' };
    const asked = this.takeConfirmation(tableId, now);
    return unsubscribed && asked.send === 'confirmation' ? { send: 'withheld', at: asked.at } : asked;
  }

  private takeConfirmation(tableId: string, now: number): Taken {
    this.sql.exec('DELETE FROM confirmations WHERE at <= ?', now - DAY_MS);
    const ofTable = this.sql.exec<Row>('SELECT MAX(at) AS at FROM confirmations WHERE table_id = ?', tableId).one().at as number | null;
    if (ofTable !== null && now - ofTable < CONFIRMATION_INTERVAL_MS) return { send: 'none', reason: 'recently_sent' };
    const today = this.sql.exec<Row>('SELECT COUNT(*) AS n FROM confirmations').one().n as number;
    if (today >= CONFIRMATIONS_PER_DAY) return { send: 'none', reason: 'address_limit' };
    if (!this.takeSend(tableId, now, 'confirmation')) return { send: 'none', reason: 'address_limit' };
    this.sql.exec('INSERT INTO confirmations (at, table_id) VALUES (?, ?)', now, tableId);
    this.write(this.read().standing, now);
    // Forget an address that never answers: checked from the alarm (see alarm()).
    void this.schedule(now);
    return { send: 'confirmation', at: now };
  }

  /** Counts one mail of the hour, or answers false when the address had ADDRESS_MAILS_PER_HOUR. */
  private takeSend(tableId: string, now: number, kind: 'mail' | 'confirmation'): boolean {
    this.sql.exec('DELETE FROM sends WHERE at <= ?', now - HOUR_MS);
    const sent = this.sql.exec<Row>("SELECT COUNT(*) AS n FROM sends WHERE kind != 'earned'").one().n as number;
    if (sent >= ADDRESS_MAILS_PER_HOUR) return false;
    this.sql.exec('INSERT INTO sends (at, table_id, kind) VALUES (?, ?, ?)', now, tableId, kind);
    return true;
  }

  private confirmed(tableId: string): boolean {
    return this.sql.exec('SELECT 1 FROM confirmed_tables WHERE table_id = ?', tableId).toArray().length > 0;
  }

  /** No table confirmed, nor unsubscribed or confirmed before confirmations were per table: nothing worth keeping past its retention. */
  private forgettable(standing: Standing): boolean {
    return standing === 'unconfirmed' && this.sql.exec<Row>('SELECT COUNT(*) AS n FROM confirmed_tables').one().n === 0;
  }

  /**
   * The one alarm: the digest at DIGEST_HOUR_UTC while it has entries; and an address that
   * confirmed no table a month after its last confirmation mail is forgotten (one that
   * confirmed a table, or unsubscribed, is kept).
   */
  override async alarm(): Promise<void> {
    if (!this.hasSchema()) return;
    this.ensureSchema();
    const now = Date.now();
    await this.sendDigest(now);
    const { standing, confirmationSentAt } = this.read();
    if (this.forgettable(standing) && (confirmationSentAt ?? 0) + UNCONFIRMED_RETENTION_MS <= now) {
      await this.ctx.storage.deleteAll();
      return;
    }
    await this.schedule(now);
  }

  /** Sets the alarm for what comes next: the digest while entries wait, the forgetting of an address that confirmed nothing. */
  private async schedule(now: number): Promise<void> {
    const times: number[] = [];
    if (this.entries().length > 0) times.push(nextDigestAt(Math.max(now, (this.lastDigestAt() ?? 0) + DIGEST_MIN_GAP_MS)));
    const { standing, confirmationSentAt } = this.read();
    if (this.forgettable(standing) && confirmationSentAt !== null) times.push(confirmationSentAt + UNCONFIRMED_RETENTION_MS);
    if (times.length === 0) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(Math.min(...times));
  }

  // ---------------------------------------------------------------- the digest

  /**
   * A seat of this address in mail mode "digest" owes a move at a table (or its entry
   * changed: its deadline, its names). Kept only from a table the address confirmed, and
   * only while fewer than DIGEST_ENTRIES_PER_ADDRESS wait: an address nobody confirmed
   * anything for keeps nothing (and stays forgettable), and a confirmed one cannot be grown
   * without end.
   */
  async digestOwed(entry: DigestEntry): Promise<DigestAnswer> {
    if (!this.hasSchema()) return 'unconfirmed';
    this.ensureSchema();
    if (this.read().standing === 'unsubscribed' || !this.confirmed(entry.tableId)) return 'unconfirmed';
    const known = this.sql.exec('SELECT 1 FROM digest WHERE table_id = ? AND seat = ?', entry.tableId, entry.seat).toArray().length > 0;
    if (!known && (this.sql.exec<Row>('SELECT COUNT(*) AS n FROM digest').one().n as number) >= DIGEST_ENTRIES_PER_ADDRESS) return 'full';
    this.sql.exec(
      `INSERT INTO digest (table_id, seat, entry) VALUES (?, ?, ?) ON CONFLICT (table_id, seat) DO UPDATE SET entry = excluded.entry`,
      entry.tableId,
      entry.seat,
      JSON.stringify(entry),
    );
    await this.schedule(Date.now());
    return 'accepted';
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
   * Sends the digest if entries wait and none went out in the last DIGEST_MIN_GAP_MS, within
   * the address's hourly limit: writes it and hands it to a table it lists (that table knows
   * the address). A table whose seats no longer have this address in mode digest has its
   * entries dropped and the next is asked. Entries of tables not confirmed (kept from before
   * confirmations were per table) are dropped first: they are never listed.
   */
  private async sendDigest(now: number): Promise<void> {
    this.sql.exec('DELETE FROM digest WHERE table_id NOT IN (SELECT table_id FROM confirmed_tables)');
    let entries = this.entries();
    const last = this.lastDigestAt();
    if (entries.length === 0 || (last !== null && now - last < DIGEST_MIN_GAP_MS)) return;
    if (!this.takeSend('digest', now, 'mail')) {
      console.warn('digest of an address not sent: the address had its limit of mails this hour');
      return;
    }
    while (entries.length > 0) {
      const carrier = entries[0]!;
      const key = tokenKey(this.env, carrier.origin);
      let carried: DigestCarried = 'not_here';
      if (key.ok) {
        const unsubscribe = await unsubscribeLink(key.secret, carrier.origin, carrier.addressKey);
        const mail = digestMail(await this.lines(entries), unsubscribe);
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
    this.release({ tableId: 'digest', at: now });
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
   * counted, and a confirmation that did not go out may be asked for again at once, so that
   * a passing failure does not keep the address waiting a day for it.
   */
  release(request: { readonly tableId: string; readonly at: number }): void {
    if (!this.hasSchema()) return;
    this.ensureSchema();
    const row = this.sql
      .exec<Row>('SELECT rowid AS id, kind FROM sends WHERE at = ? AND table_id = ? LIMIT 1', request.at, request.tableId)
      .toArray()[0];
    if (row === undefined) return;
    this.sql.exec('DELETE FROM sends WHERE rowid = ?', row.id as number);
    // An earned mail that did not go is owed still.
    if (row.kind === 'earned') this.sql.exec('INSERT INTO earned (at, table_id) VALUES (?, ?)', request.at, request.tableId);
    if (row.kind === 'confirmation')
      this.sql.exec(
        'DELETE FROM confirmations WHERE rowid = (SELECT rowid FROM confirmations WHERE at = ? AND table_id = ? LIMIT 1)',
        request.at,
        request.tableId,
      );
  }

  /**
   * The address holder pressed the button of a table's confirmation link: that table may
   * mail it from now on. Also after unsubscribing: they asked again, for this table (the
   * unsubscription withdrew every other table's confirmation, which is now forgotten).
   */
  confirm(request: { readonly tableId: string }): AddressState {
    this.ensureSchema();
    this.sql.exec('INSERT INTO confirmed_tables (table_id, at) VALUES (?, ?) ON CONFLICT (table_id) DO NOTHING', request.tableId, Date.now());
    const { standing, confirmationSentAt } = this.read();
    if (standing === 'unsubscribed') {
      this.sql.exec('DELETE FROM confirmed_tables WHERE table_id != ?', request.tableId);
      this.write('unconfirmed', confirmationSentAt);
    }
    return 'confirmed';
  }

  /**
   * No more mail of any table, confirmations included: every table's confirmation is
   * withdrawn (the tables stay listed, so that they alone say "unsubscribed"), the digest emptied.
   */
  unsubscribe(): AddressState {
    this.ensureSchema();
    this.write('unsubscribed', this.read().confirmationSentAt);
    this.sql.exec('DELETE FROM digest');
    return 'unsubscribed';
  }

  /**
   * The address as table `tableId` sees it (emailState): confirmed there, not, or
   * unsubscribed after it had confirmed there. A table it never confirmed sees "unconfirmed",
   * whatever it did elsewhere (API.md "Mail"). Stores nothing.
   */
  stateAt(request: { readonly tableId: string }): AddressState {
    if (!this.hasSchema()) return 'unconfirmed';
    this.ensureSchema();
    if (!this.confirmed(request.tableId)) return 'unconfirmed';
    return this.read().standing === 'unsubscribed' ? 'unsubscribed' : 'confirmed';
  }

  private read(): { standing: Standing; confirmationSentAt: number | null } {
    if (!this.hasSchema()) return { standing: 'unconfirmed', confirmationSentAt: null };
    const row = this.sql.exec<Row>('SELECT state, confirmation_sent_at FROM address WHERE id = 1').toArray()[0];
    return {
      standing: (row?.state as Standing | undefined) ?? 'unconfirmed',
      confirmationSentAt: (row?.confirmation_sent_at as number | null | undefined) ?? null,
    };
  }

  private write(standing: Standing, confirmationSentAt: number | null): void {
    this.sql.exec(
      `INSERT INTO address (id, state, confirmation_sent_at) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET state = excluded.state, confirmation_sent_at = excluded.confirmation_sent_at`,
      standing,
      confirmationSentAt,
    );
  }
}
