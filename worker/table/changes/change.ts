/**
 * Every change a table can undergo, as data. A change is decided elsewhere (the action path,
 * the admin's commands, a seat's settings, the alarm), then committed (table-store.ts): one
 * reducer (apply.ts) writes it to storage and memory together, inside one transaction with
 * what follows from it (apply.ts, follow), and one after-commit step does what follows
 * outside (after-commit.ts). A new feature adds a case here, not a duty for its callers.
 */
import type { Action } from '../../../shared/actions.js';
import type { Deal } from '../../../shared/deal.js';
import type { SeriesState } from '../../../shared/series.js';
import type { NotificationsRequest, TableNotifications } from '../../notifications/notify.js';
import type { ChatMessage, EmbedPolicy } from '../../model/contract.js';
import type { TableChat } from '../../published/chat.js';
import type { TableStorage } from '../../storage/table-storage.js';
import type { AutoKind, LinkOwner, MailLanguage, Seat, SeatSettings, Settings, TokenRow, VacationRow } from '../../model/table.js';

/** A link's new token, as the Worker made it (routes/admin.ts): the table keeps its hash and nonce only. */
export interface NewToken {
  readonly hash: string;
  readonly nonce: string;
}

export type Change =
  /** A new table: its settings, links, test deals and the addresses its seats were given; its first deal. */
  | {
      readonly type: 'create';
      readonly settings: Settings;
      readonly tokens: readonly TokenRow[];
      readonly emails: readonly (string | null)[];
      readonly fixedDeals: readonly Deal[];
    }
  /** An action the engine accepted: `series` is the engine's answer to it. */
  | {
      readonly type: 'action';
      readonly seat: Seat;
      readonly action: Action;
      readonly series: SeriesState;
      readonly id: string | null;
      /** Made for the seat (its deadline, or its forced card), not by it. */
      readonly auto: AutoKind | null;
      /** Made by a reply to one of the table's mails: the player read the mail, but is in the mailbox, not at the table. */
      readonly byReply: boolean;
      readonly at: string;
    }
  | { readonly type: 'pause'; readonly at: number; readonly clockStart: number }
  | { readonly type: 'resume'; readonly at: number }
  | { readonly type: 'end'; readonly at: string }
  /** The seats' names and who plays them; `replaced`: a bot took a person's seat, whose link is replaced with it. */
  | { readonly type: 'seats'; readonly seats: readonly SeatSettings[]; readonly replaced?: { readonly seat: Seat; readonly next: NewToken } }
  | {
      readonly type: 'options';
      readonly moveDeadlineHours: number | null;
      readonly onTimeout: 'bot' | 'wait';
      readonly vacationHours: number;
      readonly chat: boolean;
      readonly embedding?: EmbedPolicy;
    }
  | { readonly type: 'newSeries'; readonly at: string }
  | { readonly type: 'replaceLink'; readonly owner: LinkOwner; readonly next: NewToken }
  /** A seat's own notification settings (PUT …/notifications); `newSecret`: the webhook's secret should it need one. */
  | { readonly type: 'notifications'; readonly seat: Seat; readonly request: NotificationsRequest; readonly newSecret: string }
  /** The seat's webhook receiver answered 410 Gone. */
  | { readonly type: 'webhookGone'; readonly seat: Seat; readonly at: string }
  /** A seat's vacation started, replaced or ended (clock.ts). */
  | { readonly type: 'vacation'; readonly end?: Pick<VacationRow, 'id' | 'until' | 'hours'>; readonly start?: Omit<VacationRow, 'id'> }
  | { readonly type: 'preferences'; readonly seat: Seat; readonly autoForced: boolean }
  /** The seats' reminders of the move they owe are due (the alarm). */
  | { readonly type: 'remind'; readonly seats: readonly Seat[] }
  /** Turn mails put off while their players were at the table are looked at (the alarm). */
  | { readonly type: 'lookAtTurnMailsPutOff'; readonly now: number }
  /** The address of `seats` confirmed this table: what they owe is mailed now. */
  | { readonly type: 'addressConfirmed'; readonly seats: readonly Seat[] }
  /** The seat looked at the table: its turn mail is read; `lang`: its page shows another language than its mails' (mail-language.ts), kept. */
  | { readonly type: 'visited'; readonly seat: Seat; readonly lang?: MailLanguage }
  /** A turn mail reached the seat's address: none more until it visits. */
  | { readonly type: 'turnMailSent'; readonly seat: Seat; readonly at: number }
  /** A message of a seat to the table's chat (chat.ts). */
  | { readonly type: 'chat'; readonly seat: Seat; readonly text: string; readonly at: number };

/** What a commit asks of the after-commit step (after-commit.ts). */
export interface Effects {
  /** What the pages show may have changed: each socket is pushed its view, if its own changed. */
  views: boolean;
  /** Hashes of tokens that open nothing any more: their sockets are closed. */
  revoked: string[];
  /** Deliveries, history rows or digest entries wait: the work is started now. */
  queued: boolean;
  /** A chat message to push to every socket. */
  chat?: ChatMessage;
}

/** What the reducer writes with. */
export interface ChangeContext {
  readonly storage: TableStorage;
  readonly chat: TableChat;
  /** Who is told what: queues deliveries and puts off turn mails (notifications/who-is-told.ts, notify.ts). */
  readonly notifications: TableNotifications;
}
