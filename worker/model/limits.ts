/**
 * The limits with a number that the API documents (API.md, docs/security.md) and more than one
 * layer reads: the schemas that describe them and the storage and notifications that hold
 * to them. A leaf: imports nothing of the Worker.
 */
import { TEXT_LIMITS } from '../../shared/limits.js';

/** The chat's numbers (README, "Table chat"), each tested in test/worker/chat.test.ts. */
export const CHAT_LIMITS = {
  /** Characters of a message after trimming, counted in code points (an emoji is one, a flag two). */
  maxChars: TEXT_LIMITS.chatChars,
  /** Messages one seat may write per minute, counted by the table (however they arrive). */
  perSeatPerMinute: 10,
  /** Messages the table keeps: each new one beyond deletes the oldest. */
  kept: 1000,
  /** Messages one GET …/chat answers at most. */
  page: 100,
} as const;

/** How many games a page holds when `limit` is not given. */
export const DEFAULT_GAMES_LIMIT = 20;

/** The largest `limit` accepted. */
export const MAX_GAMES_LIMIT = 100;

/** At most this many mails to one address per hour, from all tables together, confirmations included. */
export const ADDRESS_MAILS_PER_HOUR = 10;

/**
 * At most this many confirmation mails to one address in any 24 hours, from all tables
 * together: a stranger who names one address at 50 new tables sends it this many mails a
 * day, not 50. A player rarely joins more new tables than this in a day; one who does
 * saves the address at the others the next day.
 */
export const CONFIRMATIONS_PER_DAY = 3;

/** One table asks one address to confirm at most once in this time (a seat saving its address again, say). */
export const CONFIRMATION_INTERVAL_MS = 24 * 3_600_000;

/**
 * At most this many entries wait in one address's daily digest (a table and seat where it
 * owes a move each); a table's entry beyond them is refused, and its seat's log says so.
 */
export const DIGEST_ENTRIES_PER_ADDRESS = 50;

/** At most this many mails per table per hour, confirmations included (mails a reply earned not counted: EARNED_MAILS_PER_REPLY). */
export const TABLE_MAILS_PER_HOUR = 30;

/**
 * A reply from a seat's confirmed address earns the mails it causes, outside the hourly
 * limits (ADDRESS_MAILS_PER_HOUR, TABLE_MAILS_PER_HOUR): its answer and the seat's next turn
 * mail, so that a game played briskly by mail is not stopped half way. At most this many are
 * owed to one address by one table at a time (a second reply before they went earns none
 * more), each for an hour; only the confirmed address's own replies earn any, so nothing a
 * stranger can send does.
 */
export const EARNED_MAILS_PER_REPLY = 2;

/** However many replies earn them, at most this many earned mails go to one address in an hour, from all tables together. */
export const EARNED_MAILS_PER_HOUR = 60;

/** At most this many webhook attempts per table per minute (retries included); more wait for the next minute. */
export const TABLE_WEBHOOKS_PER_MINUTE = 60;

/** Entries kept per seat: older ones are deleted as new ones come. */
export const DELIVERY_LOG_SIZE = 50;

/** Push subscriptions per seat: a phone, a tablet, a laptop or two; a sixth drops the oldest. */
export const MAX_PUSH_DEVICES = 5;

/** The most series one table plays (README, "Security"). */
export const MAX_SERIES = 100;

/**
 * The most pauses a table keeps while one move is owed (README, "Security"): the next is
 * refused until a move is made. Enough to pause every night of the longest clock (720 h).
 */
export const MAX_PAUSES_PER_MOVE = 50;
