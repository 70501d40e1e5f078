/**
 * One Durable Object per table: the one place where its changes are serialized. It answers
 * the Worker's calls (RPC), its sockets and its alarm with the parts wired in
 * table-parts.ts. Each request finds its caller first (table-store.ts `as`), decides
 * (requests/), and changes the table only through `after.commit` (after-commit.ts), which
 * commits the change with what follows inside it (changes/) and does what follows outside.
 */
import { DurableObject } from 'cloudflare:workers';
import type { ConfirmationOutcome, EmbedPolicy } from '../model/contract.js';
import type { Deal } from '../../shared/deal.js';
import type { DeliveryLogEntry } from '../storage/delivery-log.js';
import type { DigestToCarry } from '../notifications/digest/digest-seats.js';
import type { DigestCarried } from '../notifications/mail/address-object.js';
import type { NotificationsRequest } from '../notifications/notify.js';
import type { ActionRequest } from './action-path.js';
import type { AdminView, PlainCommand } from './admin-commands.js';
import type { NewToken } from './changes/change.js';
import type { ChatMessage, ChatPage } from '../published/chat.js';
import type { GamesPage, GamesPageRequest } from '../published/games-page.js';
import type { LinkOwner, MailLanguage, Settings, TokenRow } from '../model/table.js';
import { failure, success, type Outcome } from '../published/outcome.js';
import type { TableSummary } from '../published/published.js';
import { AdminRequests } from './requests/admin-requests.js';
import { ReplyRequests, type IncomingReply, type ReplyOutcome } from './requests/reply-requests.js';
import { SeatRequests, type SeatNotifications } from './requests/seat-requests.js';
import { PONG } from './sockets/sockets.js';
import { wireTable, type TableParts } from './table-parts.js';

export type { ActionRequest } from './action-path.js';
export type { NotificationsRequest } from '../notifications/notify.js';
export type { AdminCommand, AdminView } from './admin-commands.js';
export type { SeatNotifications } from './requests/seat-requests.js';

/** The operator's view of what a table's storage costs (GET /api/ops/tables/{id}/storage). */
export interface StorageMeter {
  readonly since: string;
  readonly rowsWritten: number;
  readonly rowsRead: number;
  readonly alarmsSet: number;
  readonly byKind: { kind: string; count: number; rowsWritten: number; rowsRead: number }[];
  readonly databaseBytes: number;
}

export interface CreateTable {
  readonly settings: Settings;
  /** The three seat tokens', the spectator token's and the admin token's SHA-256 hashes and nonces (tokens.ts). */
  readonly tokens: readonly TokenRow[];
  /** Turn notifications by mail, per seat (from the seats' `email`). */
  readonly emails: readonly (string | null)[];
  readonly fixedDeals: readonly Deal[];
}

export class TableObject extends DurableObject<Env> {
  private readonly parts: TableParts;
  private readonly seats: SeatRequests;
  private readonly admin: AdminRequests;
  private readonly replies: ReplyRequests;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.parts = wireTable(ctx, env, { sendEmail: (message) => this.sendEmail(message), actOver: (...args) => this.seats.actOver(...args) });
    this.seats = new SeatRequests(this.parts, env);
    this.admin = new AdminRequests(this.parts);
    this.replies = new ReplyRequests(this.parts, env);
    // The web app's heartbeat is answered by the runtime itself: an open page never wakes a hibernating table.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(JSON.stringify({ type: 'ping' }), PONG));
  }

  /** Makes the table; each seat given an address is asked to confirm it (the table's first mail to it) before the answer. */
  async create(init: CreateTable): Promise<Outcome<null>> {
    if (this.parts.store.current() !== null) return failure(409, 'conflict', 'a table with this id already exists');
    await this.parts.after.create({ type: 'create', ...init });
    return success(null);
  }

  // ------------------------------------------------------------------ a seat's or the spectators' link (requests/seat-requests.ts)

  /** The caller's view, as JSON text: the Worker passes it on without parsing it again; `lang`: the language of a seat's page. */
  view(tokenHash: string, lang?: MailLanguage): Outcome<string> {
    return this.seats.view(tokenHash, lang);
  }

  /** What the overview lists of this table for the caller, from its own view. */
  summary(tokenHash: string): Outcome<TableSummary> {
    return this.seats.summary(tokenHash);
  }

  /** Applies one action; answers the caller's new view as JSON text. */
  act(tokenHash: string, request: ActionRequest): Outcome<string> {
    const accepted = this.seats.act(tokenHash, request);
    return accepted.ok ? success(accepted.value.view) : accepted;
  }

  /** One page of the finished games: D1's, filled in from the table's own log. */
  async games(tokenHash: string, page: GamesPageRequest): Promise<Outcome<GamesPage>> {
    return this.seats.games(tokenHash, page);
  }

  /** Sets the seat's notifications; says what became of the confirmation mail of an address given. */
  async setNotifications(
    tokenHash: string,
    request: NotificationsRequest,
    newSecret: string,
  ): Promise<Outcome<SeatNotifications & { readonly confirmation?: ConfirmationOutcome }>> {
    return this.seats.setNotifications(tokenHash, request, newSecret);
  }

  /** The seat's own notification settings, and where its links point. */
  notificationsOf(tokenHash: string): Outcome<{ notifications: SeatNotifications; origin: string | null }> {
    return this.seats.notificationsOf(tokenHash);
  }

  /** The seat's delivery log, newest first. */
  deliveries(tokenHash: string): Outcome<DeliveryLogEntry[]> {
    return this.seats.deliveries(tokenHash);
  }

  /** Starts, replaces or ends the caller's vacation; answers its new view as JSON text. */
  vacation(tokenHash: string, hours: number): Outcome<string> {
    return this.seats.vacation(tokenHash, hours);
  }

  /** Whether the caller's forced cards are played for it. */
  setPreferences(tokenHash: string, autoForced: boolean): Outcome<{ autoForced: boolean }> {
    return this.seats.setPreferences(tokenHash, autoForced);
  }

  /** A seat's message to the chat. */
  postChat(tokenHash: string, text: string): Outcome<ChatMessage> {
    return this.seats.postChat(tokenHash, text);
  }

  /** A page of the chat. */
  readChat(tokenHash: string, after: number | null): Outcome<ChatPage> {
    return this.seats.readChat(tokenHash, after);
  }

  // ------------------------------------------------------------------ the admin's link, the embed pages (requests/admin-requests.ts)

  /** One command of the table's admin; answers the admin view. */
  adminCommand(tokenHash: string, command: PlainCommand, replacement?: NewToken): Outcome<AdminView> {
    return this.admin.command(tokenHash, command, replacement);
  }

  /** The admin's view of the table, unchanged. */
  adminView(tokenHash: string): Outcome<AdminView> {
    return this.admin.view(tokenHash);
  }

  /** Replaces `owner`'s link by `next` (made by the Worker, which knows the key). */
  rotateLink(tokenHash: string, owner: LinkOwner, next: NewToken): Outcome<null> {
    return this.admin.rotate(tokenHash, owner, next);
  }

  /** Where the table's links point, for the admin's caller only. */
  adminOrigin(tokenHash: string): Outcome<string | null> {
    return this.admin.origin(tokenHash);
  }

  /** Who may frame the table's embed pages. */
  embedPolicy(): EmbedPolicy {
    return this.admin.embedPolicy();
  }

  /** What kind of link `tokenHash` is, for oEmbed. */
  linkKind(tokenHash: string): Outcome<{ kind: 'spectator' | 'seat' | 'admin'; name: string; spectatorEmbeds: boolean }> {
    return this.admin.linkKind(tokenHash);
  }

  // ------------------------------------------------------------------ mail addresses, the operator

  /** The address with key `addressKey` confirmed this table (routes/mail.ts). */
  async addressConfirmed(addressKey: string): Promise<void> {
    await this.seats.addressConfirmed(addressKey);
  }

  /** Whether a reply to reply address `id` from `from` could act, asked before it is parsed (the Worker's `email` handler). */
  async replyCheck(id: string, from: string): Promise<'unknown' | 'not_the_seat' | 'ours'> {
    return this.replies.check(id, from);
  }

  /** A reply to one of this table's turn mails (the Worker's `email` handler): its move, if it is the seat's. */
  async replyByMail(reply: IncomingReply): Promise<ReplyOutcome> {
    return this.replies.reply(reply);
  }

  /** Sends a digest written by an address's object to this table's digest seats with its key. */
  async mailDigest(request: DigestToCarry): Promise<DigestCarried> {
    const table = this.parts.store.current();
    return table === null ? 'not_here' : this.parts.digest.carry(table, request, (message) => this.sendEmail(message));
  }

  /** How many history writes wait in the outbox, dead letters included (for tests and monitoring); none where no table was made (or it was deleted). */
  pendingHistory(): number {
    return this.parts.store.current() === null ? 0 : this.parts.outbox.pending();
  }

  /** The history rows given up on (an operator's view: which, since when, why; never a payload); 404 where no table was made. */
  deadLetters(): Outcome<ReturnType<TableParts['outbox']['deadLetters']>> {
    const made = this.parts.store.made();
    return made.ok ? success(this.parts.outbox.deadLetters()) : made;
  }

  /** Puts the dead letters back in line and writes them now; answers how many (404 where no table was made). */
  replayDeadLetters(): Outcome<number> {
    const made = this.parts.store.made();
    if (!made.ok) return made;
    const revived = this.parts.outbox.revive(Date.now());
    if (revived > 0) this.parts.after.kick();
    return success(revived);
  }

  /** What the table's storage read and wrote since this instance started (storage/row-meter.ts); 404 where no table was made. */
  storageMeter(): Outcome<StorageMeter> {
    const made = this.parts.store.made();
    if (!made.ok) return made;
    const { since, total, alarmsSet, byKind } = this.parts.meter.report();
    return success({
      since,
      rowsWritten: total.written,
      rowsRead: total.read,
      alarmsSet,
      byKind: Object.entries(byKind).map(([kind, rows]) => ({ kind, count: rows.count, rowsWritten: rows.written, rowsRead: rows.read })),
      databaseBytes: this.ctx.storage.sql.databaseSize,
    });
  }

  // ------------------------------------------------------------------ sockets (hibernation API) and the alarm

  override async fetch(request: Request): Promise<Response> {
    return this.seats.openSocket(request);
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    await this.parts.sockets.receive(ws, data);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    this.parts.sockets.closed(ws, code);
  }

  /** The one alarm (alarm.ts): reminders, turn mails put off, bots' and automatic moves, retries and retention, whichever is due. */
  override async alarm(): Promise<void> {
    await this.parts.alarm.run();
  }

  /** Hands a mail to the EMAIL binding (a method of the table, so tests can watch it). */
  protected async sendEmail(message: EmailMessageBuilder): Promise<void> {
    await this.env.EMAIL.send(message);
  }
}
