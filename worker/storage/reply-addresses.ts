/**
 * The `Reply-To` address of each turn mail (API.md "Mail", Moves by reply): one of its own,
 * made of the table's id and a random id of 130 bits, after the setting MAIL_REPLY_TO
 * (wrangler.toml, e.g. `moves+{id}@wallachen.example`). Never the seat's token, which would
 * then sit in every mail program's address book, nor anything derived from it.
 *
 * The table keeps, per address, the SHA-256 of its random id (a copy of the storage gives no
 * address), the seat, the version the mail was written at, the key of the address it went to
 * (links.ts: an HMAC, never the address) and whether a reply used it. At most
 * REPLY_ADDRESSES_PER_SEAT per seat and none older than REPLY_ADDRESS_DAYS are kept: an
 * older mail's move is long past (its version is refused anyway), and storage stays bounded
 * however many mails a long table sends. Every statement binds its parameters.
 */
import type { Seat } from '../../shared/options.js';
import { hashToken } from '../model/tokens.js';

/** A seat's newest reply addresses kept; an older one is forgotten (a reply to it: "no such address"). */
export const REPLY_ADDRESSES_PER_SEAT = 10;
/** A reply address is forgotten this many days after its mail. */
export const REPLY_ADDRESS_DAYS = 30;

const ID_LENGTH = 26;
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** What `{id}` stands for in MAIL_REPLY_TO: the table's id (tokens.ts TABLE_ID_PATTERN), a dash, the random id; lower case, as mail systems may fold it. */
const ID_PART = `([a-z2-9]{16})-([a-z2-9]{${ID_LENGTH}})`;

export interface ReplyTarget {
  readonly tableId: string;
  /** The random id: the table finds the address by its hash. */
  readonly id: string;
}

/** Whether MAIL_REPLY_TO is a pattern replies can come back by: one `{id}` in the local part of an address. */
export function replyPattern(env: { readonly MAIL_REPLY_TO?: string | undefined }): string | null {
  const pattern = env.MAIL_REPLY_TO?.trim() ?? '';
  const at = pattern.lastIndexOf('@');
  const id = pattern.indexOf('{id}');
  return id >= 0 && id === pattern.lastIndexOf('{id}') && id < at && !/[\s<>"]/.test(pattern) ? pattern : null;
}

/** The reply address of a new mail of `tableId`: its random id and the address. */
export function newReplyAddress(pattern: string, tableId: string): { readonly id: string; readonly address: string } {
  const id = Array.from(crypto.getRandomValues(new Uint8Array(ID_LENGTH)), (b) => ALPHABET[b & 31]).join('');
  return { id, address: pattern.replace('{id}', `${tableId}-${id}`) };
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The table and random id an address of `pattern` names, or null: not one of ours. Case does not matter. */
export function replyTargetOf(pattern: string, address: string): ReplyTarget | null {
  const [before, after] = pattern.split('{id}') as [string, string];
  const match = new RegExp(`^${escaped(before)}${ID_PART}${escaped(after)}$`, 'i').exec(address.trim());
  return match === null ? null : { tableId: match[1]!.toLowerCase(), id: match[2]!.toLowerCase() };
}

/** The hash a reply address is stored and found by. */
export const replyIdHash = (id: string): Promise<string> => hashToken(id);

export interface ReplyAddressRow {
  readonly seat: Seat;
  /** The table's version when the mail was written: the reply's move is sent with it. */
  readonly version: number;
  /** The key (links.ts addressKey) of the address the mail went to. */
  readonly addressKey: string;
  /** When a reply used it (ms), or null. */
  readonly usedAt: number | null;
  /** How many answers went for it: one for the reply that used it, one more for a reply after that. */
  readonly answers: number;
}

type Row = Record<string, SqlStorageValue>;

const DAY_MS = 86_400_000;

export class ReplyAddresses {
  constructor(private readonly sql: SqlStorage) {}

  /** Keeps a new mail's reply address; forgets what is past REPLY_ADDRESS_DAYS and the seat's beyond REPLY_ADDRESSES_PER_SEAT. */
  /**
   * A new reply address of a mail that asks seat `seat` for the move owed at `version`, kept
   * with the key of the address the mail goes to; null when MAIL_REPLY_TO is not set.
   */
  async issue(
    env: { readonly MAIL_REPLY_TO?: string | undefined },
    tableId: string,
    seat: Seat,
    version: number,
    addressKey: string,
  ): Promise<{ readonly address: string; readonly hash: string } | null> {
    const pattern = replyPattern(env);
    if (pattern === null) return null;
    const { id, address } = newReplyAddress(pattern, tableId);
    const hash = await replyIdHash(id);
    this.add(hash, { seat, version, addressKey }, Date.now());
    return { address, hash };
  }

  add(hash: string, row: Pick<ReplyAddressRow, 'seat' | 'version' | 'addressKey'>, now: number): void {
    this.sql.exec(
      'INSERT INTO reply_addresses (hash, seat, version, address_key, created_at) VALUES (?, ?, ?, ?, ?)',
      hash,
      row.seat,
      row.version,
      row.addressKey,
      now,
    );
    this.sql.exec('DELETE FROM reply_addresses WHERE created_at < ?', now - REPLY_ADDRESS_DAYS * DAY_MS);
    this.sql.exec(
      `DELETE FROM reply_addresses WHERE seat = ? AND hash IN (
         SELECT hash FROM reply_addresses WHERE seat = ? ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ?)`,
      row.seat,
      row.seat,
      REPLY_ADDRESSES_PER_SEAT,
    );
  }

  /** A mail that was not handed over after all: its address is no one's. */
  remove(hash: string): void {
    this.sql.exec('DELETE FROM reply_addresses WHERE hash = ?', hash);
  }

  find(hash: string, now: number): ReplyAddressRow | undefined {
    const row = this.sql
      .exec<Row>(
        'SELECT seat, version, address_key, used_at, answers FROM reply_addresses WHERE hash = ? AND created_at >= ?',
        hash,
        now - REPLY_ADDRESS_DAYS * DAY_MS,
      )
      .toArray()[0];
    return row === undefined
      ? undefined
      : {
          seat: row.seat as Seat,
          version: row.version as number,
          addressKey: row.address_key as string,
          usedAt: row.used_at as number | null,
          answers: row.answers as number,
        };
  }

  /** A reply used the address: it acts no more. */
  use(hash: string, now: number): void {
    this.sql.exec('UPDATE reply_addresses SET used_at = ? WHERE hash = ? AND used_at IS NULL', now, hash);
  }

  /** An answer went (or was tried) for a reply to it. */
  answered(hash: string): void {
    this.sql.exec('UPDATE reply_addresses SET answers = answers + 1 WHERE hash = ?', hash);
  }

  /** How many the table keeps (tests: storage stays bounded). */
  count(): number {
    return this.sql.exec<Row>('SELECT COUNT(*) AS n FROM reply_addresses').one().n as number;
  }
}
