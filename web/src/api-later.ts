/**
 * The API calls of the pages and parts loaded after a table page's first cards (api.ts has
 * the table's own): a seat's moves, creating a table, "Your tables", the chat, a seat's settings,
 * the admin.
 */
import type {
  AdminCommand as ContractAdminCommand,
  AdminLink,
  AdminView,
  ChatMessage,
  ConfirmationOutcome,
  OverviewEntry,
  RotatedLink,
  TableView,
} from '../../worker/model/contract.js';
import type { Action } from '../../shared/actions.js';
import { ApiError, call } from './api.js';

export type { AdminLink, AdminView, ConfirmationOutcome, OverviewEntry, RotatedLink };

export interface CreatedTable {
  readonly tableId: string;
  readonly seats: readonly { readonly seat: number; readonly token: string; readonly url: string }[];
  readonly spectator: { readonly token: string; readonly url: string };
  /** The table admin's link (API.md "Table admin"). */
  readonly admin: { readonly token: string; readonly url: string };
}

export interface CreateTableBody {
  readonly name?: string;
  readonly seats?: readonly { readonly name?: string; readonly email?: string; readonly bot?: false | 'easy' | 'strong' }[];
  readonly options?: Record<string, unknown>;
}

export const createTable = (body: CreateTableBody): Promise<CreatedTable> => call('/api/tables', { method: 'POST', body: JSON.stringify(body) });

export interface NotificationSettings {
  readonly email: string | null;
  readonly webhookUrl: string | null;
  /** Given whenever a webhook is set, to check the signatures (Standard Webhooks). */
  readonly webhookSecret?: string;
  /** disabled: the receiver answered 410 Gone; saving a webhook again turns it on. */
  readonly webhookState?: 'active' | 'disabled' | null;
  /**
   * At this table: unconfirmed, only this table's confirmation mail goes there until its link is followed (also for an address
   * that unsubscribed elsewhere: a table is told nothing of it); unsubscribed: it confirmed this table, then unsubscribed from every table.
   */
  readonly emailState?: 'unconfirmed' | 'confirmed' | 'unsubscribed' | null;
  /** PUT with an address only: what became of this table's confirmation mail to it. */
  readonly confirmation?: ConfirmationOutcome;
  /** What goes to the address: each turn, a daily digest, or nothing (absent from servers before modes: each turn). */
  readonly mail?: MailMode;
  /** How many devices of the seat get pushes (never which: the page knows its own). */
  readonly push?: { readonly devices: number };
}

/** What goes to a seat's mail address (API.md, `mail`). */
export type MailMode = 'turn' | 'digest' | 'off';

/** A change of a seat's notifications: a field left out keeps its value, null removes it (API.md). */
export interface NotificationsChange {
  readonly email?: string | null;
  readonly webhookUrl?: string | null;
  /** The language of the seat's mails. */
  readonly lang?: 'de' | 'en';
  readonly mail?: MailMode;
  /** This device's push subscription (added or refreshed), or null: every device of the seat removed. */
  readonly push?: PushSubscriptionFields | null;
  /** One device's endpoint, removed. */
  readonly pushRemove?: string;
}

/** A push subscription as the server takes it (PushSubscription.toJSON()'s endpoint and keys). */
export interface PushSubscriptionFields {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

/** The server's VAPID public key (base64url), for PushManager.subscribe. */
export const fetchPushKey = (): Promise<{ publicKey: string }> => call('/api/push/key', {});

export const saveNotifications = (tableId: string, token: string, change: NotificationsChange): Promise<NotificationSettings> =>
  call(`/api/tables/${encodeURIComponent(tableId)}/notifications`, { method: 'PUT', token, body: JSON.stringify(change) });

export const fetchNotifications = (tableId: string, token: string): Promise<NotificationSettings> =>
  call(`/api/tables/${encodeURIComponent(tableId)}/notifications`, { token });

/** One attempt to tell the seat something (API.md, GET …/deliveries): channel names and outcomes only. */
export interface DeliveryAttempt {
  readonly at: string;
  readonly channel: 'webhook' | 'email' | 'push' | 'digest';
  readonly event: string;
  readonly outcome: 'sent' | 'failed' | 'gone' | 'dropped' | 'queued';
  readonly detail?: string;
}

export const fetchDeliveries = (tableId: string, token: string): Promise<{ deliveries: DeliveryAttempt[] }> =>
  call(`/api/tables/${encodeURIComponent(tableId)}/deliveries`, { token });

/** One command of the table admin (API.md "Table admin"); the rotations have their own calls. */
export type AdminCommand = Exclude<ContractAdminCommand, { readonly type: 'rotate' } | { readonly type: 'rotateAdmin' }>;

const adminPath = (tableId: string) => `/api/tables/${encodeURIComponent(tableId)}/admin`;

export const fetchAdminView = (tableId: string, token: string): Promise<AdminView> => call(adminPath(tableId), { token });

export const adminCommand = (tableId: string, token: string, command: AdminCommand): Promise<AdminView> =>
  call(adminPath(tableId), { method: 'POST', token, body: JSON.stringify(command) });

/** A new link for a seat or the spectators: the old one stops working at once; the answer is the only time the new one is shown. */
export const rotateLink = (tableId: string, token: string, seat: RotatedLink['seat']): Promise<RotatedLink> =>
  call(adminPath(tableId), { method: 'POST', token, body: JSON.stringify({ type: 'rotate', seat }) });

/** A new admin link: `token` stops working at once. */
export const rotateAdminLink = (tableId: string, token: string): Promise<AdminLink> =>
  call(adminPath(tableId), { method: 'POST', token, body: JSON.stringify({ type: 'rotateAdmin' }) });

/** Many links' tables in one request (API.md, POST /api/tables/overview): the tokens in the body, one entry per link in order. */
export const fetchOverview = (links: readonly { readonly tableId: string; readonly token: string }[]): Promise<{ tables: OverviewEntry[] }> =>
  call('/api/tables/overview', { method: 'POST', body: JSON.stringify({ links }) });

/** POST …/vacation: the seat stops its clock for `hours` from now (0: ends its vacation); answers its new view. */
export const takeVacation = (tableId: string, token: string, hours: number): Promise<TableView> =>
  call(`/api/tables/${encodeURIComponent(tableId)}/vacation`, { method: 'POST', token, body: JSON.stringify({ hours }) });

/** A page of the table's chat (API.md, "Chat"): after the message `after`, or without it the newest; oldest first. */
export const fetchChat = (tableId: string, token: string, after?: number): Promise<{ messages: ChatMessage[]; next?: number }> =>
  call(`/api/tables/${encodeURIComponent(tableId)}/chat${after === undefined ? '' : `?after=${after}`}`, { token });

/** Writes to the table's chat: the message as the table kept it. */
export const postChat = (tableId: string, token: string, text: string): Promise<{ message: ChatMessage }> =>
  call(`/api/tables/${encodeURIComponent(tableId)}/chat`, { method: 'POST', token, body: JSON.stringify({ text }) });

/** The seat's choice at this table in the ☰ menu (forced cards played for it). */
export const savePreferences = (tableId: string, token: string, autoForced: boolean): Promise<{ autoForced: boolean }> =>
  call(`/api/tables/${encodeURIComponent(tableId)}/preferences`, { method: 'PUT', token, body: JSON.stringify({ autoForced }) });

/** An action as sent: `id` makes a retry safe (applied once), `version` refuses a move made on an outdated view. */
export type SentAction = Action & { readonly id: string; readonly version: number };

export async function sendAction(tableId: string, token: string, action: SentAction): Promise<TableView> {
  const send = () => call<TableView>(`/api/tables/${encodeURIComponent(tableId)}/actions`, { method: 'POST', token, body: JSON.stringify(action) });
  // A lost connection may have lost the answer, not the action: the same id is applied once,
  // so retrying is safe and a move is not lost to a flaky network.
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'network' || attempt >= 2) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
  }
}

export function newActionId(): string {
  return crypto.randomUUID();
}
