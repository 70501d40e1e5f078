/**
 * The table's chat (API.md, "Chat"; README, "Table chat"): short plain-text messages of the
 * seats, kept in the table's own SQLite storage with the table, read by seats and
 * spectators, a page at a time. What a message may hold, how often a seat may write and how
 * many are kept are decided here; the table's object pushes each new message to its sockets.
 *
 * A message is text the pages show as text (never HTML) and the mails as one line of text:
 * nothing in it can become markup. Refused are the characters that would let it change how
 * the rest of a page or a mail reads: control characters (a line break is the one kept), and
 * the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which reorder
 * the text that follows them. The marks (LRM, RLM, ALM) stay: they reorder nothing beyond
 * their own message, and right-to-left writers need them; the page isolates every message
 * (`unicode-bidi: isolate`), and the mails drop them (notifications/mail/texts.ts oneLine).
 * Refused too, as in a name: a message that shows nothing (blanks, Hangul fillers, invisible
 * characters, marks alone), and more combining marks in a row than any script needs, which
 * pile up over the messages above and below. Unlike a name, a message may hold invisible
 * characters among others (the joiner of an emoji sequence) and a braille blank at either
 * end (braille art): a message names nobody, so looking like another is no harm.
 */
import type { Seat } from '../../shared/options.js';
import type { ChatMessage } from '../model/contract.js';
import { CONTROL, LONE_SURROGATE, markPileRefusal, REORDERING, showsSomething } from '../schemas/plain-text.js';
import { failure, success, type Outcome } from './outcome.js';
import { CHAT_LIMITS } from '../model/limits.js';

export type { ChatMessage };

const MINUTE_MS = 60_000;

/** Every way of breaking a line becomes "\n": CR LF, a lone CR, NEL, and the Unicode line and paragraph separators. */
const LINE_BREAKS = /\r\n?|[\u0085\u2028\u2029]/g;

/** A message's text as kept (line breaks as "\n", trimmed), or why it is refused. */
export function chatText(given: string): { readonly text: string } | { readonly refusal: string } {
  const text = given.replace(LINE_BREAKS, '\n').trim();
  const length = Array.from(text).length;
  if (length === 0) return { refusal: 'text: write something (only spaces and line breaks is nothing)' };
  if (length > CHAT_LIMITS.maxChars) return { refusal: `text: at most ${CHAT_LIMITS.maxChars} characters (this has ${length})` };
  // The line feed is the one control character a message keeps.
  if (CONTROL.test(text.replaceAll('\n', ''))) return { refusal: 'text: plain text only; control characters other than line breaks are refused' };
  if (REORDERING.test(text)) return { refusal: 'text: bidi embedding, override and isolate characters (U+202A–U+202E, U+2066–U+2069) are refused' };
  if (LONE_SURROGATE.test(text)) return { refusal: 'text: contains half a character (a lone surrogate)' };
  // As a name's (plain-text.ts): a message of blanks, Hangul fillers, invisible characters or marks alone is nothing, and marks pile up over the messages around it.
  if (!showsSomething(text))
    return { refusal: 'text: write something (blanks, Hangul fillers, invisible characters and combining marks alone show nothing)' };
  const pile = markPileRefusal(text);
  if (pile !== null) return { refusal: `text: ${pile}` };
  return { text };
}

/** One page of the chat: oldest first; `next` (pass it as `after`) while newer messages remain. */
export interface ChatPage {
  readonly messages: ChatMessage[];
  readonly next?: number;
}

type Row = Record<string, SqlStorageValue>;

const messageOf = (r: Row): ChatMessage => ({ id: r.id as number, seat: r.seat as Seat, text: r.text as string, at: r.at as string });

export class TableChat {
  constructor(private readonly sql: SqlStorage) {}

  /**
   * The text of `seat`'s message as it will be kept, or why it is refused: its text, or the
   * seat's messages of the last minute.
   */
  check(seat: Seat, given: string, now: number): Outcome<string> {
    const checked = chatText(given);
    if ('refusal' in checked) return failure(400, 'bad_request', checked.refusal);
    const since = new Date(now - MINUTE_MS).toISOString();
    const recent = this.sql.exec<Row>('SELECT COUNT(*) AS n FROM chat_messages WHERE seat = ? AND at > ?', seat, since).one().n as number;
    if (recent >= CHAT_LIMITS.perSeatPerMinute) {
      return failure(429, 'rate_limited', `at most ${CHAT_LIMITS.perSeatPerMinute} messages per seat and minute; try again in a minute`);
    }
    return success(checked.text);
  }

  /** Keeps a message `check` let through (inside the commit: changes/seat.ts); beyond CHAT_LIMITS.kept the oldest are deleted. */
  insert(seat: Seat, text: string, now: number): ChatMessage {
    const at = new Date(now).toISOString();
    const id = this.sql.exec<Row>('INSERT INTO chat_messages (seat, text, at) VALUES (?, ?, ?) RETURNING id', seat, text, at).one().id as number;
    this.sql.exec('DELETE FROM chat_messages WHERE id <= ?', id - CHAT_LIMITS.kept);
    return { id, seat, text, at };
  }

  /**
   * A page of messages, oldest first: those after the message `after` (0: from the oldest
   * kept), or without it the newest page (what a page shows when it opens).
   */
  page(after: number | null): ChatPage {
    const limit = CHAT_LIMITS.page;
    if (after === null) {
      const newest = this.sql.exec<Row>('SELECT * FROM chat_messages ORDER BY id DESC LIMIT ?', limit).toArray().map(messageOf);
      return { messages: newest.reverse() };
    }
    const rows = this.sql
      .exec<Row>('SELECT * FROM chat_messages WHERE id > ? ORDER BY id LIMIT ?', after, limit + 1)
      .toArray()
      .map(messageOf);
    const messages = rows.slice(0, limit);
    return rows.length > limit ? { messages, next: messages.at(-1)!.id } : { messages };
  }

  /**
   * What a turn or reminder mail to `seat` tells of the chat: the messages of the other
   * seats since the seat's own last action (from the same millisecond on; every one kept when it has not acted yet), the last
   * `most` of them, and how many more there were.
   */
  sinceLastMove(seat: Seat, most: number): { readonly messages: ChatMessage[]; readonly more: number } {
    // A move made for the seat (auto: its deadline passed, or a forced card) is not one it made: the seat has not read the chat then.
    const after = "at >= COALESCE((SELECT MAX(at) FROM actions WHERE seat = ? AND auto IS NULL), '')";
    const count = this.sql.exec<Row>(`SELECT COUNT(*) AS n FROM chat_messages WHERE seat <> ? AND ${after}`, seat, seat).one().n as number;
    if (count === 0) return { messages: [], more: 0 };
    const last = this.sql
      .exec<Row>(`SELECT * FROM chat_messages WHERE seat <> ? AND ${after} ORDER BY id DESC LIMIT ?`, seat, seat, most)
      .toArray()
      .map(messageOf);
    return { messages: last.reverse(), more: count - last.length };
  }
}
