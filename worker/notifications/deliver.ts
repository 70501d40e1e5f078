/**
 * A table's notifications on their way to the seats: queued in the table's storage with the
 * change that caused them, attempted at once and again after failures (notify.ts's
 * schedule), each on its own so that one slow or failing receiver holds up no other. The
 * table's Durable Object decides what to tell whom (who-is-told.ts) and keeps the alarm.
 */
import type { Seat } from '../../shared/options.js';
import { isAllowedWebhookUrl } from './webhook-urls.js';
import { mailsEachTurn, type Channel, type Notifications, type Settings, type TokenRow } from '../model/table.js';
import { type Delivery, type DeliveryType, MAX_WAITING, retryDelay } from '../storage/delivery-queue.js';
import { reasonOf } from '../model/log-reasons.js';
import { confirmationMail } from './mail/confirmation-mail.js';
import { mailLanguage } from './mail/mail-language.js';
import type { ConfirmationOutcome } from '../model/contract.js';
import { askConfirmationGate, askMailGate, NoMailLinks, REFUSED, writtenOrReleased, type Gate, type Permitted } from './mail/gate.js';
import { seatLinkFor } from './mail/seat-link.js';
import type { AutoSubmitted } from './mail/auto-submitted.js';
import { mailHeaders, senderOf, type Mail, type MailFacts } from './mail/texts.js';
import type { ReplyAnswer } from './mail/reply-texts.js';
import type { WrittenMail } from './mail/mail-writer.js';
import type { TablePicture } from './mail/table-picture.js';
import { ATTEMPT_TIMEOUT_MS, DeliveryFailed, ReceiverGone, newMessageId, postWebhook } from './webhook.js';
import type { DeliveryLog, DeliveryOutcome } from '../storage/delivery-log.js';
import type { TableStorage } from '../storage/table-storage.js';
import { PushRefused, sendPush, SubscriptionGone } from './push/send.js';
import { vapidKeys } from './push/vapid.js';
import { pushOptions, pushUrlOf, type PushPayload, type QueuedPush } from './push/notices.js';

/** The answer to a move played by reply waits this long for a turn mail to say it instead (holdAnswer). */
export const ANSWER_HOLD_MS = 120_000;

/** An attempt holds its delivery back this long, so that a crash mid-attempt retries it later. */
const ATTEMPT_LEASE_MS = ATTEMPT_TIMEOUT_MS + 5_000;

/** What of the table a delivery needs: where each seat is told now, and its link's makings. */
export interface Recipients {
  readonly settings: Settings;
  readonly tokens: readonly TokenRow[];
  readonly notifications: readonly Notifications[];
}

/** A delivery that can no longer be made (the seat removed its address): dropped, not retried. */
/** How a mail is handed over: `sameHolder` still holds the seat's link, its own `Reply-To`, and what it answers (auto-submitted.ts). */
interface HandOver {
  readonly sameHolder?: () => boolean;
  readonly replyTo?: string | undefined;
  readonly autoSubmitted?: AutoSubmitted;
}

class Undeliverable extends Error {
  override readonly name = 'Undeliverable';
}

/**
 * Checked right before a message leaves: the admin replaced the seat's link while the
 * attempt waited, so its address was the old holder's (table/changes/links.ts). Nothing more goes there.
 */
function stillHeld(sameHolder: () => boolean): void {
  if (!sameHolder()) throw new Undeliverable("the seat's link was replaced");
}

/** What the seat's log says of a failure: the reason of our own errors ("HTTP 500"), never the text of another's. */
const shortReason = (error: unknown): string =>
  error instanceof DeliveryFailed || error instanceof Undeliverable ? error.message : 'the attempt failed';

export class Deliveries {
  /** Deliveries being attempted by this instance. */
  private readonly sending = new Set<number>();

  constructor(
    private readonly storage: TableStorage,
    private readonly env: Env,
    /** Hands a mail to the EMAIL binding (the table's, so that tests can watch it). */
    private readonly sendEmail: (message: EmailMessageBuilder) => Promise<void>,
    /** A seat's webhook receiver answered 410 Gone: the table turns that webhook off. */
    private readonly webhookGone: (seat: Seat) => void,
    /** A turn mail itself (not a confirmation in its place) was handed over for a seat: it is unread (presence.ts). */
    private readonly turnMailSent: (seat: Seat) => void,
    /** Each seat's last attempts, whatever the channel (delivery-log.ts). */
    private readonly log: DeliveryLog,
    /** Lets work go on after the answer (the object's waitUntil): a confirmation mail's hand-over. */
    private readonly background: (work: Promise<void>) => void,
  ) {}

  /**
   * The one place where an attempt's outcome is known, for every channel: it goes to the
   * seat's delivery log, if the seat's link is still the one it was made for (`logged`), and
   * is counted for the operator either way. `detail` is a short reason ("HTTP 500"), never a
   * body or an address.
   */
  private attempted(row: Delivery, logged: boolean, outcome: DeliveryOutcome, detail?: string): void {
    if (logged) this.log.record(row.seat, row.channel, row.type, outcome, detail, Date.now());
    else this.log.count(row.channel, outcome);
  }

  /** Queues one message for a seat's channel, inside the caller's transaction; drops the oldest beyond MAX_WAITING. */
  queue(tableId: string, seat: Seat, channel: Channel, type: DeliveryType, payload: string, now: number): void {
    this.storage.deliveries.add({ messageId: newMessageId(), seat, channel, type, payload }, now);
    const dropped = this.storage.deliveries.trim(seat, channel, MAX_WAITING);
    if (dropped > 0) console.warn(`table ${tableId}: seat ${seat}'s ${channel} fails; dropped its ${dropped} oldest waiting deliveries`);
  }

  /**
   * Attempts every due delivery at once. `guard` runs once the attempts are under way and
   * leased (the table sets its alarm: should the object die mid-attempt, the alarm makes
   * them again); answers when all have ended.
   */
  async deliver(recipients: () => Recipients, guard: () => Promise<void>): Promise<void> {
    const now = Date.now();
    const due = this.storage.deliveries.queue.due(now, 20).filter((row) => !this.sending.has(row.id) && this.withinBudget(row, now));
    if (due.length === 0) return;
    for (const row of due) {
      this.sending.add(row.id);
      this.storage.deliveries.queue.lease(row.id, now + ATTEMPT_LEASE_MS);
    }
    const attempts = Promise.all(due.map((row) => this.attempt(recipients, row)));
    await guard();
    await attempts;
  }

  /**
   * Webhook and push attempts take from the table's budget per minute (send-budget.ts):
   * beyond it a delivery waits for the next free moment, its attempts not counted, so that a
   * table cannot be made to flood a receiver or a push service however fast its seats act.
   */
  private withinBudget(row: Delivery, now: number): boolean {
    if (row.channel === 'email' || this.storage.webhookBudget.take(now)) return true;
    this.storage.deliveries.queue.hold(row.id, this.storage.webhookBudget.nextFreeAt(now));
    return false;
  }

  /** One attempt; `current`: the table as it is at each moment of it (a change may come while the attempt waits). */
  private async attempt(current: () => Recipients, row: Delivery): Promise<void> {
    const attempt = row.attempts + 1;
    const recipients = current();
    const what = `table ${recipients.settings.tableId}: ${row.channel} ${row.type} #${row.id} to seat ${row.seat}`;
    const addressOf = () =>
      row.channel === 'webhook'
        ? current().notifications[row.seat]!.webhookUrl
        : row.channel === 'email'
          ? current().notifications[row.seat]!.email
          : (JSON.parse(row.payload) as QueuedPush).endpoint; // one device per delivery: its address never changes
    const address = addressOf();
    // The seat's link as it is now, when the address is read: should the admin replace it
    // while this attempt waits (for the gate, the push service), the old holder's address
    // must not get the new link, nor the new holder's log and presence the old one's mail.
    const holderOf = () => current().tokens.find((t) => t.seat === row.seat && t.role !== 'admin');
    const holder = holderOf();
    const sameHolder = () => holderOf() === holder;
    try {
      let detail: string | undefined;
      if (row.channel === 'webhook') await this.sendWebhook(recipients, row, sameHolder);
      else if (row.channel === 'email' && row.type === 'answer') {
        // Held back (holdAnswer) and no turn mail came meanwhile to say it: the answer goes alone, once, never retried.
        if (!(await this.answerReply(recipients, row.seat, JSON.parse(row.payload) as ReplyAnswer, null)))
          throw new Undeliverable('the answer to a reply could not be sent');
      } else if (row.channel === 'email') {
        const sent = await this.sendMail(recipients, row, holder, sameHolder);
        if (sent === 'confirmation') detail = 'a confirmation mail went in its place';
        else if (row.type === 'turn' && sameHolder()) this.turnMailSent(row.seat);
      } else await this.sendPushTo(recipients, row, sameHolder);
      this.storage.deliveries.queue.done(row.id);
      this.attempted(row, sameHolder(), 'sent', detail);
    } catch (error) {
      // Logs name the failure only: never the body (the seat's cards), the address or a link.
      const reason = reasonOf(error);
      if (error instanceof SubscriptionGone) {
        // The push service forgot the device (unsubscribed, or the browser's data cleared): so do we, with what waits for it.
        this.storage.deliveries.queue.done(row.id);
        this.attempted(row, sameHolder(), 'gone', error.message);
        this.storage.push.remove(row.seat, address!);
        this.storage.deliveries.dropForDevice(row.seat, address!);
        console.warn(`${what}: the push service answered ${reason}; that device's subscription is removed`);
        return;
      }
      if (error instanceof ReceiverGone) {
        // The receiver said it is gone for good: no retries, and nothing more to it until the seat sets a webhook again.
        this.storage.deliveries.queue.done(row.id);
        const held = sameHolder();
        this.attempted(row, held, 'gone', error.message);
        if (!held) return; // the webhook that answered is no longer the seat's
        this.webhookGone(row.seat);
        console.warn(`${what}: the receiver answered 410 Gone; the seat's webhook is turned off`);
        return;
      }
      const delay = error instanceof Undeliverable || error instanceof PushRefused ? null : retryDelay(attempt);
      this.attempted(row, sameHolder(), delay === null ? 'dropped' : 'failed', shortReason(error));
      if (delay === null) {
        this.storage.deliveries.queue.done(row.id);
        console.warn(`${what} dropped after attempt ${attempt}: ${reason}`);
      } else if (addressOf() !== address) {
        // The seat changed its address meanwhile: on to the new one at once (the count of attempts goes on).
        this.storage.deliveries.queue.retry(row.id, Date.now(), reason, false);
        console.warn(`${what} failed (attempt ${attempt}): ${reason}; the seat has a new address, trying that now`);
      } else {
        this.storage.deliveries.queue.retry(row.id, Date.now() + delay, reason, false);
        console.warn(`${what} failed (attempt ${attempt}): ${reason}; next attempt in ${delay / 1000} s`);
      }
    } finally {
      this.sending.delete(row.id);
    }
  }

  /** To the seat's webhook as it is now (it may have changed since the event), signed with its secret. */
  private async sendWebhook(recipients: Recipients, row: Delivery, sameHolder: () => boolean): Promise<void> {
    const { webhookUrl, webhookSecret } = recipients.notifications[row.seat]!;
    if (webhookUrl === null || webhookSecret === null) throw new Undeliverable('the seat has no webhook any more');
    if (!isAllowedWebhookUrl(webhookUrl, this.env.ALLOW_LOCAL_WEBHOOKS === 'on')) throw new Undeliverable('the webhook address is not allowed');
    stillHeld(sameHolder);
    await postWebhook(webhookUrl, webhookSecret, row.messageId, row.payload);
  }

  /**
   * To one device of the seat, if it is still subscribed (with its keys as they are now),
   * encrypted for it and signed with the server's VAPID key (push/). The url is the table page
   * with the seat, never its link (push/notices.ts pushUrlOf): the token stays off the device's
   * notifications.
   */
  private async sendPushTo(recipients: Recipients, row: Delivery, sameHolder: () => boolean): Promise<void> {
    const { endpoint, version } = JSON.parse(row.payload) as QueuedPush;
    const subscription = this.storage.push.find(row.seat, endpoint);
    if (subscription === undefined) throw new Undeliverable('the device is no longer subscribed');
    if (!isAllowedWebhookUrl(endpoint, this.env.ALLOW_LOCAL_WEBHOOKS === 'on')) throw new Undeliverable('the push endpoint is not allowed');
    const { tableId, origin } = recipients.settings;
    if (origin === null) throw new Undeliverable('the table does not know its address, so no link can be sent');
    const vapid = vapidKeys(this.env, origin);
    if (!vapid.ok) throw new Undeliverable(vapid.message);
    if (row.type === 'answer') throw new Undeliverable('answers go by mail only');
    const payload: PushPayload = { type: row.type, tableId, seat: row.seat, version, url: pushUrlOf(origin, tableId, row.seat) };
    stillHeld(sameHolder);
    await sendPush(subscription, JSON.stringify(payload), vapid.keys, pushOptions(row.type, tableId, row.seat));
  }

  /**
   * To the seat's address as it is now, if the gate lets it through (mail/gate.ts): the mail
   * itself once the address confirmed this table, else nothing (dropped, never retried: the
   * mail is not kept for later). Only an address confirmed before confirmations were per
   * table gets this table's confirmation in its place (AddressObject.permit). Every mail
   * carries the address's one-click unsubscribe link, in its headers and its text.
   */
  private async sendMail(
    recipients: Recipients,
    row: Delivery,
    holder: TokenRow | undefined,
    sameHolder: () => boolean,
  ): Promise<'mail' | 'confirmation'> {
    const own = recipients.notifications[row.seat]!;
    const { email } = own;
    if (email === null) throw new Undeliverable('the seat has no mail address any more');
    if (!mailsEachTurn(own)) throw new Undeliverable('the seat chose the daily digest or no mail since');
    const { tableId, origin } = recipients.settings;
    const lang = mailLanguage(recipients, row.seat);
    let gate: Gate;
    try {
      gate = await askMailGate(this.env, this.storage.mailBudget, tableId, origin, email);
    } catch (error) {
      if (error instanceof NoMailLinks) throw new Undeliverable(error.message);
      throw new DeliveryFailed(`the address could not be asked: ${reasonOf(error)}`);
    }
    if (gate.send === 'none') throw new Undeliverable(REFUSED[gate.reason]);
    const { unsubscribe } = gate.links;
    if (gate.send === 'confirmation') {
      await this.handOver(gate, email, confirmationMail(gate.origin, gate.links, lang), { sameHolder });
      return 'confirmation';
    }
    const facts = JSON.parse(row.payload) as MailFacts;
    const asksMove = (facts.type === 'turn' || facts.type === 'reminder') && facts.version !== undefined;
    const reply = asksMove ? await this.storage.replyAddresses.issue(this.env, tableId, row.seat, facts.version!, gate.links.key) : null;
    const link = await seatLinkFor(this.env, recipients.settings, row.seat, holder);
    try {
      const mail = await writtenOrReleased(gate, () =>
        this.env.MAIL_PARSER.writeMail(facts, link, { lang, unsubscribe, replyTo: reply?.address ?? null }),
      );
      await this.handOver(gate, email, mail, { sameHolder, replyTo: reply?.address });
    } catch (error) {
      if (reply !== null) this.storage.replyAddresses.remove(reply.hash); // never sent: nobody can reply to it
      throw error;
    }
    return 'mail';
  }

  /**
   * The answer to a move seat `seat` played by reply, when it owes no move at once: held back
   * ANSWER_HOLD_MS in the queue, so that the turn mail that often follows within seconds (the
   * bots', or a quick player's, moves) says it instead (notify.ts takes it out then). Inside
   * the caller's storage; the caller sets the alarm.
   */
  holdAnswer(tableId: string, seat: Seat, answer: ReplyAnswer, now: number): void {
    this.queue(tableId, seat, 'email', 'answer', JSON.stringify(answer), now + ANSWER_HOLD_MS);
  }

  /**
   * The answer to seat `seat`'s move by reply (mail/reply-texts.ts), at once and once: to
   * the seat's own address as it is now, never to a reply's sender, through the gate of every
   * mail (the table's and the address's limits; an address that unsubscribed or no longer
   * confirms the table gets nothing). Not queued nor retried: a lost answer leaves the move
   * as it is, and the table shows it. `owed`: the table's version when the seat owes a
   * move now (its own move may give it the next, which no turn mail tells): the answer then
   * asks for it, shows the table as a turn mail does (`owed.picture`) and has a reply address
   * of its own. Answers whether it went.
   */
  async answerReply(
    recipients: Recipients,
    seat: Seat,
    answer: ReplyAnswer,
    owed: { readonly version: number; readonly picture: TablePicture } | null,
  ): Promise<boolean> {
    const { settings } = recipients;
    const own = recipients.notifications[seat]!;
    if (own.email === null) return false;
    const what = `table ${settings.tableId}: the answer to seat ${seat}'s reply by mail`;
    let gate: Gate;
    try {
      gate = await askMailGate(this.env, this.storage.mailBudget, settings.tableId, settings.origin, own.email);
    } catch (error) {
      console.warn(`${what} could not be asked for: ${reasonOf(error)}`);
      return false;
    }
    if (gate.send !== 'mail') {
      if (gate.send === 'confirmation') await gate.release().catch(() => {});
      console.warn(`${what} was not sent: ${gate.send === 'none' ? REFUSED[gate.reason] : 'the address has not confirmed this table'}`);
      return false;
    }
    const holder = recipients.tokens.find((t) => t.seat === seat && t.role !== 'admin');
    const lang = mailLanguage(recipients, seat);
    const facts = { tableName: settings.name, seatName: settings.seats[seat]!.name };
    const reply = owed === null ? null : await this.storage.replyAddresses.issue(this.env, settings.tableId, seat, owed.version, gate.links.key);
    const link = await seatLinkFor(this.env, settings, seat, holder);
    try {
      const options = { lang, unsubscribe: gate.links.unsubscribe, replyTo: reply?.address ?? null };
      const mail = await writtenOrReleased(gate, () =>
        this.env.MAIL_PARSER.writeAnswer(answer, { ...facts, picture: owed?.picture ?? null }, link, options),
      );
      await this.handOver(gate, own.email, mail, { replyTo: reply?.address, autoSubmitted: 'auto-replied' });
    } catch (error) {
      if (reply !== null) this.storage.replyAddresses.remove(reply.hash);
      console.warn(`${what} failed: ${reasonOf(error)}`);
      return false;
    }
    return true;
  }

  /**
   * Asks `address`, just set as seat `seat`'s, to confirm this table: the confirmation mail
   * goes at once if the gate lets it (mail/gate.ts: the table's budget, the address's limits).
   * Not queued: the seat is answered what happened (PUT …/notifications), and one that failed
   * is asked for again by saving the address again, not retried. Its log says it too. The answer does not wait
   * for the binding (a refusal is logged after), so a withheld mail (AddressObject.askConfirmation) is answered alike.
   */
  async askConfirmation(recipients: Recipients, seat: Seat, address: string): Promise<ConfirmationOutcome> {
    const { tableId, origin } = recipients.settings;
    const lang = mailLanguage(recipients, seat);
    const dropped = (why: string, error?: unknown) => {
      this.log.record(seat, 'email', 'confirmation', 'dropped', why, Date.now());
      console.warn(`table ${tableId}: the confirmation mail to seat ${seat} was not sent: ${why}`, error === undefined ? '' : reasonOf(error));
    };
    let gate: Awaited<ReturnType<typeof askConfirmationGate>>;
    try {
      gate = await askConfirmationGate(this.env, this.storage.mailBudget, tableId, origin, address);
    } catch (error) {
      dropped('the mail could not be asked for', error);
      return 'failed';
    }
    if (gate.send === 'none' && gate.reason !== 'confirmed') dropped(REFUSED[gate.reason]);
    if (gate.send === 'none') return gate.reason;
    // Written either way: nothing the table does before it answers depends on whether the mail goes.
    const mail = confirmationMail(gate.origin, gate.links, lang);
    this.log.record(seat, 'email', 'confirmation', 'sent', undefined, Date.now());
    if (gate.send === 'confirmation')
      this.background(this.handOver(gate, address, mail).catch((error: unknown) => dropped('the mail could not be handed over', error)));
    return 'sent';
  }

  /**
   * Hands a permitted mail to the EMAIL binding with the headers of every mail (the address's
   * one-click unsubscribe, `Auto-Submitted`); one that fails, or whose seat's link was
   * replaced meanwhile (`sameHolder`), gives its permit back.
   */
  private async handOver(gate: Permitted, to: string, mail: Mail | WrittenMail, how: HandOver = {}): Promise<void> {
    const { sameHolder = () => true, replyTo, autoSubmitted = 'auto-generated' } = how;
    try {
      stillHeld(sameHolder);
      await this.sendEmail({
        from: senderOf((this.env.MAIL_FROM as string | undefined) ?? 'Wallachen <noreply@wallachen.example>'),
        to,
        ...(replyTo === undefined ? {} : { replyTo }),
        subject: mail.subject,
        text: mail.text,
        // With an HTML part the binding makes the message multipart/alternative, the text part first.
        ...('html' in mail && mail.html !== undefined ? { html: mail.html } : {}),
        headers: mailHeaders(gate.links.unsubscribe, autoSubmitted),
      });
    } catch (error) {
      await gate.release().catch(() => {}); // not sent: not counted (a lost release only counts one mail too many)
      throw error instanceof Undeliverable ? error : new DeliveryFailed(reasonOf(error));
    }
  }
}
