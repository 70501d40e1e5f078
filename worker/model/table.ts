/**
 * The table's domain as the worker keeps it: its settings, links, deals, log and clocks, each
 * seat's notification settings, and `Table`, the table in memory. Types and constants only,
 * importing nothing but the engine's types (shared/): every module may depend on it, and it
 * on none of them.
 *
 * `Table` is read-only: only a commit changes it (table-store.ts, changes/), which writes
 * storage and memory together and hands out a new `Table`.
 */
import type { Action } from '../../shared/actions.js';
import type { BotLevel } from '../../shared/bots/index.js';
import type { Deal } from '../../shared/deal.js';
import type { Seat, TableOptions } from '../../shared/options.js';
import type { SeriesState } from '../../shared/series.js';

export type { Seat };

export const SEATS: readonly Seat[] = [0, 1, 2];

/** The language of a seat's mails. */
export type MailLanguage = 'de' | 'en';

export const MAIL_MODES = ['turn', 'digest', 'off'] as const;
/** What goes to a seat's address (mailModeOf below). */
export type MailMode = (typeof MAIL_MODES)[number];

/** The level of the bot playing a seat, or null for a person. */
export const botLevelOf = (seat: SeatSettings): BotLevel | null => (seat.bot ? (seat.botLevel ?? 'strong') : null);

export interface SeatSettings {
  readonly name: string;
  readonly bot: boolean;
  /** Who plays a bot seat: the easy or the strong bot; absent for a person, and for bot seats stored before levels (strong, API.md). */
  readonly botLevel?: BotLevel;
  /** The language of the seat's mails; absent: German and English both. */
  readonly lang?: MailLanguage;
}

export interface Settings {
  readonly tableId: string;
  readonly name: string;
  readonly options: TableOptions;
  readonly seats: readonly SeatSettings[];
  readonly moveDeadlineHours: number | null;
  /** What happens when a seat's move deadline passes: the strong bot makes that move ("bot"), or only reminders ("wait"). */
  readonly onTimeout: 'bot' | 'wait';
  /** Hours of vacation each seat may take per series (API.md, "Deadlines"). */
  readonly vacationHours: number;
  readonly createdAt: string;
  /** Where the links point to, e.g. "https://wallachen.example"; null for tables made before it was kept. */
  readonly origin: string | null;
  /** Whether the table has a chat (option `chat`). */
  readonly chat: boolean;
  /** Which history database holds its games (history/shards.ts): chosen when it is made, never moved; 0 for tables made before shards. */
  readonly historyShard: number;
}

export interface TokenRow {
  readonly hash: string;
  /** null: the spectator token (or, with role "admin", the admin token). */
  readonly seat: Seat | null;
  /** null for tables made before tokens were derived (their links cannot be mailed). */
  readonly nonce: string | null;
  /** "admin": the table admin's token (API.md "Table admin"), which opens no seat or spectator endpoint. */
  readonly role?: 'admin' | null;
}

export interface DealRow {
  readonly dealIndex: number;
  /** The secret seed (hex), revealed in the record once the game is over; null for a fixed deal. */
  readonly seed: string | null;
  readonly commitment: string | null;
  readonly fixed: Deal | null;
  readonly dealtAt: string;
}

/**
 * Why the table made a move for a person's seat (auto-moves.ts): its deadline passed, which
 * everyone sees happen, or its forced card, which only the seat may know of until the game's
 * record is published (published.ts).
 */
export type AutoKind = 'timeout' | 'forced';

export interface ActionRow {
  readonly version: number;
  readonly seat: Seat;
  readonly action: Action;
  readonly at: string;
  /** Made for the seat (its deadline passed, or its forced card), not by it. */
  readonly auto?: AutoKind;
  /** The client id it was sent with (ids are per seat). */
  readonly actionId?: string;
  /** Sent by a reply to a turn mail: made from the mailbox, not at the table. */
  readonly byReply?: true;
}

/** A seat's vacation (ms), as stored (clock.ts). */
export interface VacationRow {
  readonly id: number;
  readonly seat: Seat;
  readonly from: number;
  readonly until: number;
  /** The hours it is charged. */
  readonly hours: number;
  /** The deal it was taken in. */
  readonly dealIndex: number;
}

export type Channel = 'webhook' | 'email' | 'push';

export interface Notifications {
  readonly email: string | null;
  readonly webhookUrl: string | null;
  readonly webhookSecret: string | null;
  /** The language the seat last gave: with PUT …/notifications, or by the page it plays on (`?lang=`); else the settings' (notifications/mail/mail-language.ts). */
  readonly lang?: MailLanguage | null;
  /** When the webhook's receiver answered 410 Gone (ISO): nothing is posted to it until the seat sets a webhook again. */
  readonly webhookDisabledAt?: string | null;
  /** What goes to the address (mailModeOf below); absent: "turn". */
  readonly mail?: MailMode;
}

/**
 * The seat's mail mode (API.md, "Web push": `mail`): every turn and reminder ("turn"; tables
 * made before modes existed), one mail a day listing every table where the address owes a
 * move ("digest", notifications/digest/), or nothing ("off": the address stays stored).
 */
export const mailModeOf = (n: Notifications): MailMode => n.mail ?? 'turn';

/** Whether the table itself mails this seat (turn, reminder and end mails): only with an address, in mode "turn". */
export const mailsEachTurn = (n: Notifications): boolean => n.email !== null && mailModeOf(n) === 'turn';

/** A seat's webhook: active, disabled (its receiver answered 410 Gone), or null (none set). */
export function webhookStateOf(n: Notifications): 'active' | 'disabled' | null {
  if (n.webhookUrl === null) return null;
  return n.webhookDisabledAt ? 'disabled' : 'active';
}

/** A turn mail put off while its seat was at the table (presence.ts). */
export interface DeferredTurnMail {
  readonly seat: Seat;
  /** The game of the move it is about. */
  readonly gameNumber: number;
  /** When to look again whether it is to be sent (ms). */
  readonly checkAt: number;
}

/** Whose link: a seat's, the spectators' or the table admin's. */
export type LinkOwner = Seat | 'spectator' | 'admin';

/** Where a series starts: its first deal's index, and the log's version before its first action. */
export interface SeriesStart {
  readonly series: number;
  readonly firstDeal: number;
  readonly firstVersion: number;
  readonly startedAt: string;
}

export interface Pause {
  readonly from: number;
  readonly until: number | null;
}

export type EventType = 'turn' | 'reminder' | 'game_over' | 'table_over';

export interface SeatEvent {
  readonly type: EventType;
  readonly seat: Seat;
  /** The game the event is about: the game that ended for game_over, the current game otherwise. */
  readonly gameNumber: number;
  /** game_over only: which dealt game ended (0, 1, 2, … in the order of …/games, redeals included). */
  readonly dealIndex?: number;
}

/** Who a token belongs to: a seat, or the spectators (null). */
export interface Caller {
  readonly seat: Seat | null;
}

/** The table in memory: what its storage holds, with the series replayed through the engine. Changed only by a commit. */
export interface Table {
  readonly settings: Settings;
  readonly tokens: readonly TokenRow[];
  readonly series: SeriesState;
  /** The moves made for a seat, by `autoKey` (published.ts): why (a timeout, or its forced card). */
  readonly autoMoves: ReadonlyMap<string, AutoKind>;
  /** Every vacation taken at this table, oldest first (clock.ts). */
  readonly vacations: readonly VacationRow[];
  /** The seats that opted in to have their forced cards played for them (moves/auto-moves.ts). */
  readonly autoForced: ReadonlySet<Seat>;
  /** The last version each seat was reminded of by itself (-1: none), besides `remindedVersion`. */
  readonly seatRemindedVersions: readonly number[];
  readonly deals: readonly DealRow[];
  readonly version: number;
  /** When the last action was accepted or the last game dealt (for deadlines and retention). */
  readonly lastChangeAt: string;
  /** Each seat's mail address and webhook. */
  readonly notifications: readonly Notifications[];
  /** The last version whose owed moves were reminded of (-1: none). */
  readonly remindedVersion: number;
  /** The seats with a turn mail they have not read yet (notifications/presence.ts). */
  readonly unreadTurnMail: ReadonlySet<Seat>;
  /** Where each series starts in the deals and the log, oldest first; the last is the one played now (admin's newSeries). */
  readonly seriesStarts: readonly SeriesStart[];
  /** The table's pauses, oldest first (ms); `until` null: paused now (admin). Clocks stop while paused. */
  readonly pauses: readonly Pause[];
  /** When the admin ended the table (ISO), or null. */
  readonly endedAt: string | null;
  /**
   * When each seat last acted with its link (ms; null: not in the log the table read), which
   * counts as being at the table (notifications/presence.ts): read from the log, never written
   * apart from it.
   */
  readonly actedAt: readonly (number | null)[];
  /** The client ids of the log the table read (the running series) and since, by `clientIdKey`: the version each came with. */
  readonly clientIds: ReadonlyMap<string, number>;
}

/** What a client id is found by: ids are per seat. */
export const clientIdKey = (seat: Seat, id: string): string => `${seat} ${id}`;

/** Whether an action counts as its seat's player at the table: made with its link, not for it (`auto`) and not by reply. */
export const actedAtTable = (auto: AutoKind | null | undefined, byReply: boolean | undefined): boolean => auto == null && byReply !== true;

/** When each seat last acted at the table in `rows` (ms; null: not in them). */
export function actedAtOf(rows: readonly ActionRow[]): (number | null)[] {
  const acted: (number | null)[] = [null, null, null];
  for (const row of rows) if (actedAtTable(row.auto, row.byReply)) acted[row.seat] = Date.parse(row.at);
  return acted;
}

/** The table while a commit changes it (changes/): a field is replaced by a new value, never changed in place. */
export type Draft = { -readonly [K in keyof Table]: Table[K] };

/** The series being played now. */
/** The series being played now. */
export const currentStart = (table: Table): SeriesStart => table.seriesStarts.at(-1)!;

/**
 * The first deal of the running series, from which vacation hours are counted
 * (clock.ts): each series started by the admin gives every seat its hours anew.
 */
export const seriesFirstDeal = (table: Table): number => currentStart(table).firstDeal;

/** An action as a seat sent it (POST …/actions, a socket's message): the engine parses `action` (shared/actions.ts). */
export interface ActionRequest {
  readonly action: unknown;
  readonly id?: string;
  readonly version?: number;
}
