/**
 * Telling the seats, in three steps: decide (who-is-told.ts: who is told what after a change,
 * and the reminders the clock owes), build (the webhook body with the seat's own view, what
 * a mail says, or which device a push goes to: push/notices.ts), deliver (delivery-queue.ts, deliver.ts:
 * queued with the change, sent, retried). Also
 * where a seat has asked to be told, and what a change of address does to what waits.
 */
import type { Seat } from '../../shared/options.js';
import type { TableChat } from '../published/chat.js';
import type { ConfirmationOutcome } from '../model/contract.js';
import type { Deliveries } from './deliver.js';
import { seatReminderAt, isHalted, runningVacation } from '../published/clock.js';
import { pendingSeats } from './who-is-told.js';
import {
  type SeatEvent,
  type MailLanguage,
  webhookStateOf,
  type Channel,
  type Notifications,
  type Table,
  mailsEachTurn,
  type MailMode,
} from '../model/table.js';
import type { SeatPresence, TurnMailDecision } from './presence.js';
import { CHAT_IN_MAIL, MAILED, type MailFacts } from './mail/texts.js';
import { pictureOf } from './mail/table-picture.js';
import type { ReplyAnswer } from './mail/reply-texts.js';
import { type WebhookBody } from './webhook.js';
import { type TableStorage } from '../storage/table-storage.js';
import type { TableView } from '../published/published.js';
import type { PushSubscriptionRow } from '../storage/push-subscriptions.js';
import { PUSHED, type QueuedPush } from './push/notices.js';

export interface NotificationsRequest {
  readonly email?: string | null;
  readonly webhookUrl?: string | null;
  /** This device's push subscription (added or refreshed), or null: every device of the seat removed. */
  readonly push?: PushSubscriptionRow | null;
  /** One device's endpoint, removed. */
  readonly pushRemove?: string;
  /** The language of the seat's mails (mail/texts.ts); left out: kept. */
  readonly lang?: MailLanguage;
  /** What goes to the address (model/table.ts mailModeOf); left out: kept. */
  readonly mail?: MailMode;
}

export class TableNotifications {
  constructor(
    /** The seat's view of the table as it is (the commit's draft, inside a commit): table-store.ts viewFor. */
    private readonly viewFor: (table: Table, seat: Seat) => TableView,
    private readonly storage: TableStorage,
    private readonly deliveries: Deliveries,
    readonly presence: SeatPresence,
    private readonly chat: TableChat,
  ) {}

  /**
   * Queues what `events` tell each seat, by webhook and (for MAILED events) by mail, for the
   * seats that have them; inside the caller's transaction. Answers how many it queued or put
   * off (presence.ts): either way the scheduler has something to look at.
   */
  notify(table: Table, events: readonly SeatEvent[]): number {
    const now = Date.now();
    let queued = 0;
    for (const event of events) {
      const { seat, type } = event;
      if (table.settings.seats[seat]!.bot) continue; // a bot plays inside the table (bot-seats.ts): nobody to tell
      const own = table.notifications[seat]!;
      if (webhookStateOf(own) === 'active') {
        const body: WebhookBody = {
          type,
          tableId: table.settings.tableId,
          seat,
          version: table.version,
          gameNumber: event.gameNumber,
          ...(event.dealIndex === undefined ? {} : { dealIndex: event.dealIndex }),
          view: this.viewFor(table, seat),
        };
        this.deliveries.queue(table.settings.tableId, seat, 'webhook', type, JSON.stringify(body), now);
        queued++;
      }
      // A digest seat's owed moves reach its address through the digest (digest-seats.ts); "off" gets no mail.
      if (mailsEachTurn(own) && MAILED.has(type)) {
        const mail = this.mailDecision(table, event, now);
        if (mail === 'now') this.queueMail(table, event, now);
        if (mail !== 'never') queued++;
      }
      if (PUSHED.has(type) && this.storage.push.count(seat) > 0) {
        const push = this.pushDecision(table, event, now);
        if (push === 'now') this.queuePush(table, seat, type, now);
        if (push !== 'never') queued++;
      }
    }
    return queued;
  }

  /** Whether a push of this event is sent: the presence rule of mails (presence.ts turnPush), without their unread rule. */
  private pushDecision(table: Table, { type, seat, gameNumber }: SeatEvent, now: number): TurnMailDecision {
    if (type === 'turn') return this.presence.turnPush(table, seat, gameNumber, now);
    if (type === 'reminder') return this.presence.atTable(table, seat, now) ? 'never' : 'now';
    return 'now';
  }

  /** One delivery per device, so that each is retried (or found gone) on its own. */
  private queuePush(table: Table, seat: Seat, type: SeatEvent['type'], now: number): void {
    for (const { endpoint } of this.storage.push.subscriptions(seat)) {
      const queued: QueuedPush = { endpoint, version: table.version };
      this.deliveries.queue(table.settings.tableId, seat, 'push', type, JSON.stringify(queued), now);
    }
  }

  /**
   * Whether a mail of this event is sent (presence.ts): no turn mail or reminder while the
   * player is at the table (a turn mail is put off instead), no turn mail while the last is unread.
   */
  private mailDecision(table: Table, { type, seat, gameNumber }: SeatEvent, now: number): TurnMailDecision {
    if (type === 'turn') return this.presence.turnMail(table, seat, gameNumber, now);
    if (type === 'reminder') return this.presence.atTable(table, seat, now) ? 'never' : 'now';
    return 'now';
  }

  private queueMail(table: Table, event: SeatEvent, now: number): void {
    const facts = this.mailFacts(table, event);
    // The answers to moves played by reply still held back (deliver.ts holdAnswer): this mail says them instead.
    const played = event.type === 'turn' || event.type === 'reminder' ? this.storage.deliveries.takeAnswers(event.seat) : [];
    const moves = played.map((payload) => JSON.parse(payload) as ReplyAnswer).flatMap((a) => (a.kind === 'played' ? [a.move] : []));
    const told = moves.length === 0 ? facts : { ...facts, playedByReply: moves };
    this.deliveries.queue(table.settings.tableId, event.seat, 'email', event.type, JSON.stringify(told), now);
  }

  /**
   * Queues the turn mails put off while their players were at the table that are due and
   * still tell the player something (presence.ts), inside the caller's commit. Their
   * webhooks were posted with the turn itself: only the mail waited.
   */
  queueTurnMailsPutOff(table: Table, now: number): void {
    for (const { seat, gameNumber, mail } of this.presence.dueTurnMails(table, now)) {
      if (mail && mailsEachTurn(table.notifications[seat]!)) this.queueMail(table, { type: 'turn', seat, gameNumber }, now);
      if (this.storage.push.count(seat) > 0) this.queuePush(table, seat, 'turn', now);
    }
  }

  /** Whether a turn mail put off is due to be looked at (the alarm makes a change of it then). */
  turnMailsPutOffDue(now: number): boolean {
    const at = this.presence.nextCheckAt();
    return at !== null && at <= now;
  }

  private mailFacts(table: Table, { type, seat, gameNumber }: SeatEvent): MailFacts {
    const view = this.viewFor(table, seat);
    return {
      type,
      version: table.version,
      tableName: table.settings.name,
      seatName: table.settings.seats[seat]!.name,
      gameNumber,
      games: view.games,
      deadline: view.deadline,
      ...(type === 'reminder' ? { reminderHours: table.settings.moveDeadlineHours } : {}),
      ...(table.settings.moveDeadlineHours === null ? {} : { onTimeout: table.settings.onTimeout }),
      ...(type === 'table_over' ? { standings: view.seats.map((s) => ({ name: s.name, balance: s.balance })) } : {}),
      ...((type === 'turn' || type === 'reminder') && table.settings.chat ? { chat: this.chatFacts(table, seat) } : {}),
      ...(type === 'turn' || type === 'reminder' ? { picture: pictureOf(view) } : {}),
    };
  }

  /** The chat since the seat's last move, as the mail will say it (names as they are now); text only, never a card. */
  private chatFacts(table: Table, seat: Seat): NonNullable<MailFacts['chat']> {
    const { messages, more } = this.chat.sinceLastMove(seat, CHAT_IN_MAIL);
    return { messages: messages.map((m) => ({ name: table.settings.seats[m.seat]!.name, text: m.text })), more };
  }

  /**
   * Asks the address just set for `seat` to confirm this table (deliveries.ts): the first
   * mail from a table to an address, and nothing else goes from it until the address did.
   */
  askConfirmation(table: Table, seat: Seat): Promise<ConfirmationOutcome | null> {
    const email = table.notifications[seat]!.email;
    return email === null ? Promise.resolve(null) : this.deliveries.askConfirmation(table, seat, email);
  }

  /**
   * The address of `seats` confirmed this table: a seat in mail mode "turn" that owes a move
   * now and is away from the table is mailed its turn at once (the turn mails before were
   * dropped, unconfirmed), under the unread rule of any turn mail; inside the caller's commit.
   */
  queueOwedTurns(table: Table, seats: readonly Seat[]): void {
    const game = table.series.game;
    if (game === null || table.series.status === 'over') return;
    const now = Date.now();
    const owing = pendingSeats(table.series);
    for (const seat of seats) {
      if (!owing.includes(seat) || !mailsEachTurn(table.notifications[seat]!) || this.presence.atTable(table, seat, now)) continue;
      const event: SeatEvent = { type: 'turn', seat, gameNumber: game.gameNumber };
      if (this.presence.turnMail(table, seat, game.gameNumber, now) === 'now') this.queueMail(table, event, now);
    }
  }

  /** Attempts every due delivery (deliveries.ts), to the table as it is at each moment; `guard` sets the alarm once they are leased. */
  async deliver(current: () => Table, guard: () => Promise<void>): Promise<void> {
    await this.deliveries.deliver(current, guard);
  }

  /** When something is next due: a delivery, the reminder of the current move, or a look at a turn mail put off. */
  nextDueAt(table: Table): number | null {
    const times = [this.storage.deliveries.queue.nextDueAt(), this.nextReminderAt(table), this.presence.nextCheckAt()].filter(
      (t): t is number => t !== null,
    );
    return times.length === 0 ? null : Math.min(...times);
  }

  /**
   * The seats owing the current move that are still to be reminded of it, each with when
   * (clock.ts: its own clock, stopped by pauses and its vacations); none without deadlines,
   * for a seat already reminded, one with nobody to tell, or one whose clock is held.
   */
  private reminders(table: Table): { seat: Seat; at: number }[] {
    if (table.settings.moveDeadlineHours === null || isHalted(table)) return [];
    const clock = { ...table.settings, lastChangeAt: table.lastChangeAt, pauses: table.pauses, vacations: table.vacations };
    const due: { seat: Seat; at: number }[] = [];
    for (const seat of pendingSeats(table.series)) {
      if (Math.max(table.remindedVersion, table.seatRemindedVersions[seat]!) >= table.version) continue;
      const own = table.notifications[seat]!;
      if (webhookStateOf(own) !== 'active' && !mailsEachTurn(own) && this.storage.push.count(seat) === 0) continue;
      const at = seatReminderAt(clock, seat);
      if (at !== null) due.push({ seat, at });
    }
    return due;
  }

  /** When the next seat is to be reminded of the current move, or null. */
  private nextReminderAt(table: Table): number | null {
    const times = this.reminders(table).map((r) => r.at);
    return times.length === 0 ? null : Math.min(...times);
  }

  /** The seats whose reminder of the current move is due now: once per move and seat, never to a seat on vacation (the alarm makes a change of them). */
  dueReminders(table: Table, now: number): Seat[] {
    return this.reminders(table)
      .filter((r) => r.at <= now && runningVacation(table.vacations, r.seat, now) === undefined)
      .map((r) => r.seat);
  }

  /**
   * A device subscribed (or sent its subscription again: its keys may be new), a device or
   * every device removed; inside the caller's transaction. What waited for a removed device
   * is dropped; what waits for a refreshed one goes with its new keys (read when sent).
   */
  private changePush(seat: Seat, { push, pushRemove }: NotificationsRequest): void {
    const removed: string[] = [];
    if (push === null) removed.push(...this.storage.push.subscriptions(seat).map((s) => s.endpoint));
    else if (push !== undefined) removed.push(...this.storage.push.save(seat, push, Date.now()));
    if (pushRemove !== undefined && pushRemove !== push?.endpoint) removed.push(pushRemove);
    for (const endpoint of removed) this.removePushDevice(seat, endpoint);
  }

  /** A device's subscription and what waits for it, gone (also when its push service answered 404 or 410). */
  removePushDevice(seat: Seat, endpoint: string): void {
    this.storage.push.remove(seat, endpoint);
    this.storage.deliveries.dropForDevice(seat, endpoint);
  }

  /**
   * Where `seat` is told after `request`. The secret stays while a webhook is set, so a
   * receiver keeps verifying; a webhook set again (the same URL too) is on again.
   */
  settingsAfter(current: Notifications, request: NotificationsRequest, newSecret: string): Notifications {
    const webhookUrl = request.webhookUrl === undefined ? current.webhookUrl : request.webhookUrl;
    return {
      email: request.email === undefined ? current.email : request.email,
      webhookUrl,
      webhookSecret: webhookUrl === null ? null : (current.webhookSecret ?? newSecret),
      lang: request.lang ?? current.lang ?? null,
      webhookDisabledAt: request.webhookUrl === undefined ? (current.webhookDisabledAt ?? null) : null,
      mail: request.mail ?? current.mail ?? 'turn',
    };
  }

  /**
   * What a change of `seat`'s settings does to what waits for it, inside the caller's commit.
   * Of what waits for a changed address, only the newest message goes on to the new one (what
   * a seat needs is its latest state, and a changed URL must not become a way to have the
   * whole queue sent again); with an address removed, what waits is dropped.
   */
  settingsChanged(seat: Seat, current: Notifications, next: Notifications, request: NotificationsRequest): void {
    const changes: [Channel, string | null, string | null][] = [
      ['webhook', current.webhookUrl, next.webhookUrl],
      ['email', current.email, next.email],
    ];
    for (const [channel, was, now] of changes) {
      if (now === null) this.storage.deliveries.drop(seat, channel);
      else if (now !== was) this.storage.deliveries.keepNewest(seat, channel, Date.now());
    }
    // Mails of the old mode that wait are not sent in the new one.
    if (!mailsEachTurn(next)) this.storage.deliveries.drop(seat, 'email');
    this.changePush(seat, request);
  }
}
