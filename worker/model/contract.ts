/**
 * The shapes the API publishes (API.md): a caller's view and a finished game's record. Kept
 * free of Worker types so that the web app can import them, as types only.
 */
import type { Action } from '../../shared/actions.js';
import type { BotLevel } from '../../shared/bots/index.js';
import type { GameRecord } from '../../shared/record.js';
import type { Seat, TableOptions } from '../../shared/options.js';
import type { SeriesView } from '../../shared/view.js';

/** A finished game as `GET …/games` returns it: the record, with the seed revealed. */
export interface PublishedGame extends GameRecord {
  /** 0, 1, 2, …: the order in which the table dealt its games, redeals included. */
  readonly dealIndex: number;
  /** Which series of the table the game belongs to: 1, 2, … (the admin's newSeries starts another). */
  readonly series: number;
  /** The seed the deal was derived from, and its commitment shown while the game ran; null for fixed test deals. */
  readonly seed: string | null;
  readonly commitment: string | null;
  readonly finishedAt: string;
}

export interface TableView extends Omit<SeriesView, 'seats' | 'moves'> {
  readonly tableId: string;
  readonly name: string;
  readonly version: number;
  readonly seats: (SeriesView['seats'][number] & {
    readonly name: string;
    readonly bot: boolean;
    /** Which bot plays the seat (null: a person); `bot` stays the boolean it always was. */
    readonly botLevel: BotLevel | null;
    /** While the seat is on vacation (its clock stopped, POST …/vacation): until when (ISO); else null. */
    readonly vacationUntil: string | null;
    /** The whole hours of vacation the seat may still take this series. */
    readonly vacationHoursLeft: number;
  })[];
  /** Every accepted action of the current game as in SeriesView; `auto: true` on one made for its seat (timeout or forced card). */
  readonly moves: (SeriesView['moves'][number] & { readonly auto?: true })[];
  /** SHA-256 of the current deal's secret seed (see docs/api.md, "Checking a deal"); null for fixed test deals. */
  readonly commitment: string | null;
  /** When the seat to act must have acted (option moveDeadlineHours; pauses and its vacations stop the clock), or null (none, or paused). */
  readonly deadline: string | null;
  /** The table's option moveDeadlineHours (a reminder after this many hours), or null: the pages say it as the mails do. */
  readonly moveDeadlineHours: number | null;
  /** What happens when the deadline passes: the strong bot makes that one move ("bot"), or only reminders ("wait"). */
  readonly onTimeout: 'bot' | 'wait';
  /** The table's option vacationHours: hours of vacation per seat and series. */
  readonly vacationHours: number;
  /** The caller's own opt-in: its forced cards (only one legal card) are played at once; null for a spectator or a bot seat. */
  readonly autoForced: boolean | null;
  /** The caller's own webhook: active, disabled (its receiver answered 410 Gone), or null (none, or a spectator). */
  readonly webhook: 'active' | 'disabled' | null;
  /** Whether the table's admin paused the table: no action is taken meanwhile (409 paused). */
  readonly paused: boolean;
  /** Whether the table's admin ended the table: it stays readable, takes no action (409 table_ended). */
  readonly ended: boolean;
  /** Which series the table plays, 1 for the first (the admin may start another once one is over). */
  readonly series: number;
  /** Whether the table has a chat (option `chat`): its seats write, seats and spectators read. */
  readonly chat: boolean;
}

/** A message of the table's chat (API.md, "Chat"): plain text, shown as text, never as HTML. */
export interface ChatMessage {
  /** Grows with every message of the table: pass the last one seen as `after` to read what came since. */
  readonly id: number;
  /** The seat that wrote it. */
  readonly seat: Seat;
  /** 1–500 characters (code points), line breaks as "\n". */
  readonly text: string;
  /** When it was written (ISO). */
  readonly at: string;
}

/** An API error as bodies, socket answers and socket errors carry it (API.md, "Errors"). */
export interface ApiErrorBody {
  readonly code: string;
  readonly message: string;
}

/**
 * What the server sends over a table's WebSocket (GET …/ws): the caller's view after every
 * change, the answer to an action sent over the socket (by its id), an error for a message
 * that is not an action with an id, the heartbeat's pong, and each new message of the chat.
 */
export type ServerMessage =
  | { readonly type: 'view'; readonly view: TableView }
  | { readonly type: 'answer'; readonly id: string; readonly status: 200; readonly view: TableView }
  | { readonly type: 'answer'; readonly id: string; readonly status: number; readonly error: ApiErrorBody }
  | { readonly type: 'error'; readonly error: ApiErrorBody }
  | { readonly type: 'pong' }
  | { readonly type: 'chat'; readonly message: ChatMessage };

/** An action as a client sends it: the engine's action with the envelope of API.md ("Actions"). */
export type ActionBody = Action & { readonly id?: string; readonly version?: number };

/** What a client may send over the WebSocket: a ping, a request for the view, or a seat's action (with its id). */
export type ClientMessage =
  { readonly type: 'ping' } | { readonly type: 'view' } | { readonly type: 'action'; readonly action: ActionBody & { readonly id: string } };

/**
 * What became of a table's confirmation mail when `PUT …/notifications` set an address
 * (API.md, "Mail"): sent now (handed over, not waited for; also what a table hears when the
 * address unsubscribed from every table without ever confirming it, and nothing goes); or
 * not, as the address confirmed this table already, unsubscribed after confirming it, was
 * asked by this table less than a day ago, had its limit (confirmations a day, or mails an
 * hour, over all tables), the table had its limit of mails this hour, or it could not be
 * asked for now.
 */
export const CONFIRMATION_OUTCOMES = ['sent', 'confirmed', 'unsubscribed', 'recently_sent', 'address_limit', 'table_limit', 'failed'] as const;
export type ConfirmationOutcome = (typeof CONFIRMATION_OUTCOMES)[number];

/** Most links one `POST /api/tables/overview` may ask about (each is charged to the read limit as one GET). */
export const OVERVIEW_MAX_LINKS = 50;

/** One table as `POST /api/tables/overview` shows it to a link: no more than that link's own view shows, and no cards. */
export interface TableSummary {
  readonly tableId: string;
  readonly ok: true;
  readonly name: string;
  /** The link's seat, or null for a spectator. */
  readonly seat: TableView['seat'];
  readonly seats: readonly { readonly name: string }[];
  readonly phase: TableView['phase'];
  readonly gameNumber: number;
  readonly games: number;
  readonly seriesOver: boolean;
  readonly turn: TableView['turn'];
  /** Whether this link's seat owes a move now (a chance of kontra is not owed). */
  readonly owesMove: boolean;
  readonly version: number;
  readonly deadline: string | null;
  /** When the table last changed (ISO). */
  readonly lastChangeAt: string;
  /** The table's option moveDeadlineHours, or null: no clock runs there, so a vacation would stop none. */
  readonly moveDeadlineHours: number | null;
  /** Whether the table's admin ended the table (it takes no move, and no clock runs). */
  readonly ended: boolean;
  /** The link's seat's own vacation, as its view shows it; null for a spectator's link or a seat a bot plays. */
  readonly vacation: SummaryVacation | null;
}

/** A seat's vacation in the overview (API.md "Deadlines"): what its view shows, and what it may ask for now. */
export interface SummaryVacation {
  /** While the seat is on vacation: until when (ISO); else null. */
  readonly until: string | null;
  /** The whole hours the seat may still take this series (the view's vacationHoursLeft). */
  readonly hoursLeft: number;
  /**
   * The most whole hours POST …/vacation takes now: hoursLeft plus the running vacation's
   * whole hours not yet begun (a new vacation takes its place and gives them back); 0 once
   * the series is over.
   */
  readonly hoursAvailable: number;
}

/** A link the overview cannot open: the error a single `GET /api/tables/{id}` would answer for it. */
export interface TableSummaryRefusal {
  readonly tableId: string;
  readonly ok: false;
  readonly error: ApiErrorBody;
}

export type OverviewEntry = TableSummary | TableSummaryRefusal;

/** What the admin sees of the table: settings and seats, and from the game only what a spectator sees of it. */
export interface AdminView {
  readonly tableId: string;
  readonly name: string;
  readonly options: TableOptions;
  readonly moveDeadlineHours: number | null;
  readonly onTimeout: 'bot' | 'wait';
  readonly vacationHours: number;
  readonly chat: boolean;
  readonly series: number;
  readonly paused: boolean;
  readonly ended: boolean;
  readonly phase: TableView['phase'];
  readonly gameNumber: number;
  readonly games: number;
  readonly seriesOver: boolean;
  readonly turn: Seat | null;
  readonly version: number;
  readonly seats: readonly {
    readonly seat: Seat;
    readonly name: string;
    readonly bot: boolean;
    readonly botLevel: BotLevel | null;
    /** Whether the seat has a mail address for turn mails (never the address). */
    readonly mail: boolean;
    /** The seat's webhook: active, disabled (410 Gone), or null (none); never its URL or secret. */
    readonly webhook: 'active' | 'disabled' | null;
  }[];
  /** The origins that may frame the seats' embed pages (API.md "Embedding"); none by default. */
  readonly frameOrigins: readonly string[];
  /** Whether any site may frame the spectator's embed page (default true). */
  readonly spectatorEmbeds: boolean;
}

/** Who may frame the table's embed pages (API.md "Embedding"), as the Worker asks the table for it. */
export interface EmbedPolicy {
  readonly frameOrigins: readonly string[];
  readonly spectatorEmbeds: boolean;
}

/** A new link after the admin's `rotate` (a seat's, or the spectators'): shown once. */
export interface RotatedLink {
  readonly seat: Seat | 'spectator';
  readonly token: string;
  readonly url: string;
}

/** The admin's own new link after `rotateAdmin`: shown once. */
export interface AdminLink {
  readonly token: string;
  readonly url: string;
}

/** One command of the table admin (API.md "Table admin"), as the admin page sends it and the table runs it. */
export type AdminCommand =
  | { readonly type: 'pause' }
  | { readonly type: 'resume' }
  | { readonly type: 'rotate'; readonly seat: Seat | 'spectator' }
  | { readonly type: 'rotateAdmin' }
  | { readonly type: 'seat'; readonly seat: Seat; readonly name?: string; readonly bot?: false | BotLevel }
  | {
      readonly type: 'options';
      readonly moveDeadlineHours?: number | null;
      readonly onTimeout?: 'bot' | 'wait';
      readonly vacationHours?: number;
      readonly chat?: boolean;
      readonly frameOrigins?: readonly string[];
      readonly spectatorEmbeds?: boolean;
    }
  | { readonly type: 'newSeries' }
  | { readonly type: 'end' };
