/**
 * The table's side of the daily digest (mail/digest.ts): which of its seats in mail mode
 * "digest" owe a move, handed over to their address's object (mail/address-object.ts) as
 * they start owing one and taken back as they stop (they moved, left the digest, the table
 * ended or was deleted). What was handed over is kept here, so that each change is told
 * once, and told again after a failure (the table's alarm tries again a minute later).
 *
 * It also carries a digest when the address's object asks (`carry`): only the table knows
 * the address of its seat, so it is the table that hands the mail to the EMAIL binding.
 */
import type { Seat } from '../../../shared/options.js';
import { reasonOf } from '../../model/log-reasons.js';
import { addressStub, type DigestAnswer } from '../mail/address.js';
import { DIGEST_ENTRIES_PER_ADDRESS } from '../../model/limits.js';
import type { DigestCarried } from '../mail/address-object.js';
import type { DigestEntry } from './digest.js';
import type { DeliveryLog } from '../../storage/delivery-log.js';
import { pendingSeats } from '../who-is-told.js';
import { mailModeOf, type Table } from '../../model/table.js';
import { mailHeaders, senderOf } from '../mail/texts.js';
import { seatAddressKey } from '../mail/gate.js';
import { mailLanguage } from '../mail/mail-language.js';

/** After a failed hand-over, the table's alarm tries again this much later. */
export const DIGEST_RETRY_MS = 60_000;

/** Why the address's object refused an entry, as the seat's log says it. */
const DIGEST_REFUSED: Record<Exclude<DigestAnswer, 'accepted'>, string> = {
  unconfirmed: 'the address has not confirmed this table',
  full: `the address's digest lists ${DIGEST_ENTRIES_PER_ADDRESS} tables already`,
};

/** What the address's object asks a table to send: the mail as written there. */
export interface DigestToCarry {
  readonly addressKey: string;
  readonly subject: string;
  readonly text: string;
  readonly unsubscribe: string;
}

/** An entry without its address's key: what decides whether the address's object must be told again. */
type Facts = Omit<DigestEntry, 'addressKey'>;

type Row = Record<string, SqlStorageValue>;
const SEATS: readonly Seat[] = [0, 1, 2];

export class DigestSeats {
  /** When a hand-over last failed (ms), or null: the alarm comes back for it. */
  private failedAt: number | null = null;
  /** Hand-overs run one after the other, so that a change is told (and logged) once. */
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly sql: SqlStorage,
    private readonly env: Env,
    private readonly log: DeliveryLog,
    /** The seat's deadline as its view shows it (ISO or null). */
    private readonly deadlineOf: (table: Table, seat: Seat) => string | null,
  ) {}

  private handed(): Map<Seat, DigestEntry> {
    return new Map(
      this.sql
        .exec<Row>('SELECT seat, entry FROM digest_handed')
        .toArray()
        .map((r) => [r.seat as Seat, JSON.parse(r.entry as string) as DigestEntry]),
    );
  }

  /** What the digest should list of `seat` now, or null: it owes no move, or wants no digest. */
  private wanted(table: Table, seat: Seat, before: DigestEntry | undefined): Facts | null {
    const own = table.notifications[seat]!;
    const { settings } = table;
    if (own.email === null || mailModeOf(own) !== 'digest' || settings.seats[seat]!.bot || settings.origin === null) return null;
    if (table.endedAt !== null || table.series.status === 'over' || !pendingSeats(table.series).includes(seat)) return null;
    return {
      tableId: settings.tableId,
      seat,
      tableName: settings.name,
      seatName: settings.seats[seat]!.name,
      since: before?.since ?? Date.parse(table.lastChangeAt),
      deadline: this.deadlineOf(table, seat),
      lang: mailLanguage(table, seat) ?? null,
      origin: settings.origin,
      nonce: table.tokens.find((t) => t.seat === seat)?.nonce ?? null,
    };
  }

  /** Whether the address's objects have been told less than is so now (cheap: no key is computed). */
  behind(table: Table): boolean {
    const handed = this.handed();
    return this.failedAt !== null || SEATS.some((seat) => !sameFacts(handed.get(seat), this.wanted(table, seat, handed.get(seat))));
  }

  /** When the alarm is needed again: a minute after a failed hand-over. */
  nextDueAt(): number | null {
    return this.failedAt === null ? null : this.failedAt + DIGEST_RETRY_MS;
  }

  /** Tells the address's objects what changed since the last time. */
  sync(table: () => Table | null): Promise<void> {
    this.running = this.running.then(() => {
      const now = table();
      return now === null ? undefined : this.syncNow(now);
    });
    return this.running;
  }

  private async syncNow(table: Table): Promise<void> {
    const handed = this.handed();
    this.failedAt = null;
    for (const seat of SEATS) {
      const before = handed.get(seat);
      const facts = this.wanted(table, seat, before);
      try {
        const key = facts === null ? null : await seatAddressKey(this.env, table, seat);
        if (facts === null || key === null) {
          if (before !== undefined) await this.settle(before, seat);
          continue;
        }
        if (before !== undefined && before.addressKey === key && sameFacts(before, facts)) continue;
        if (before !== undefined && before.addressKey !== key) await this.settle(before, seat);
        const entry: DigestEntry = { addressKey: key, ...facts };
        const answer = await addressStub(this.env, key).digestOwed(entry);
        // Kept as told even when refused: it is told again when it changes, or when the address confirms this table (reHand).
        this.sql.exec(
          'INSERT INTO digest_handed (seat, entry) VALUES (?, ?) ON CONFLICT (seat) DO UPDATE SET entry = excluded.entry',
          seat,
          JSON.stringify(entry),
        );
        if (before === undefined || before.addressKey !== key) {
          if (answer === 'accepted') this.log.record(seat, 'digest', 'turn', 'queued', undefined, Date.now());
          else this.log.record(seat, 'digest', 'turn', 'dropped', DIGEST_REFUSED[answer], Date.now());
        }
      } catch (error) {
        this.failedAt = Date.now();
        console.warn(`table ${table.settings.tableId}: seat ${seat}'s digest entry could not be handed over: ${reasonOf(error)}`);
      }
    }
  }

  private async settle(before: DigestEntry, seat: Seat): Promise<void> {
    await addressStub(this.env, before.addressKey).digestSettled({ tableId: before.tableId, seat });
    this.sql.exec('DELETE FROM digest_handed WHERE seat = ?', seat);
  }

  /** The address of `seats` confirmed this table: their entries are handed over again (one refused before is kept now). */
  reHand(seats: readonly Seat[]): void {
    this.handed();
    for (const seat of seats) this.sql.exec('DELETE FROM digest_handed WHERE seat = ?', seat);
  }

  /** The table is being deleted: every entry it handed over is taken back (best effort: its storage goes either way). */
  async retire(table: Table): Promise<void> {
    for (const [seat, before] of this.handed()) {
      await this.settle(before, seat).catch((error: unknown) =>
        console.warn(`table ${table.settings.tableId}: seat ${seat}'s digest entry could not be taken back: ${reasonOf(error)}`),
      );
    }
  }

  /**
   * Sends a digest the address's object wrote, to the address of this table's digest seats
   * with that key; each such seat's log shows it. "not_here": no seat here has it any more.
   */
  async carry(table: Table, request: DigestToCarry, sendEmail: (message: EmailMessageBuilder) => Promise<void>): Promise<DigestCarried> {
    const seats: Seat[] = [];
    let to: string | null = null;
    for (const seat of SEATS) {
      const own = table.notifications[seat]!;
      if (own.email === null || mailModeOf(own) !== 'digest') continue;
      if ((await seatAddressKey(this.env, table, seat)) !== request.addressKey) continue;
      seats.push(seat);
      to = own.email;
    }
    if (to === null) return 'not_here';
    const now = Date.now();
    try {
      await sendEmail({
        from: senderOf((this.env.MAIL_FROM as string | undefined) ?? 'Wallachen <noreply@wallachen.example>'),
        to,
        subject: request.subject,
        text: request.text,
        headers: mailHeaders(request.unsubscribe, 'auto-generated'),
      });
    } catch (error) {
      for (const seat of seats) this.log.record(seat, 'digest', 'digest', 'failed', 'the mail could not be handed over', now);
      console.warn(`table ${table.settings.tableId}: a digest could not be sent: ${reasonOf(error)}`);
      return 'failed';
    }
    for (const seat of seats) this.log.record(seat, 'digest', 'digest', 'sent', undefined, now);
    return 'sent';
  }
}

function sameFacts(before: DigestEntry | undefined, facts: Facts | null): boolean {
  if (before === undefined || facts === null) return before === undefined && facts === null;
  const { addressKey: _key, ...was } = before;
  return JSON.stringify(was) === JSON.stringify(facts);
}
