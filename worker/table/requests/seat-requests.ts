/**
 * What a table answers its seats and spectators (API.md): views, actions, finished games,
 * notifications, vacations, preferences, the chat, a socket. Each finds its caller first
 * (table-store.ts `as`), then decides; a change goes through `after.commit` only.
 */
import type { ConfirmationOutcome, ServerMessage } from '../../model/contract.js';
import { reasonOf } from '../../model/log-reasons.js';
import type { DeliveryLogEntry } from '../../storage/delivery-log.js';
import { seatAddressKey } from '../../notifications/mail/gate.js';
import { mailLanguage } from '../../notifications/mail/mail-language.js';
import type { NotificationsRequest } from '../../notifications/notify.js';
import type { Accepted, ActionRequest } from '../action-path.js';
import type { Change } from '../changes/change.js';
import type { ChatMessage, ChatPage } from '../../published/chat.js';
import { vacationChange } from '../../published/clock.js';
import { pageOfGames, type GamesPage, type GamesPageRequest } from '../../published/games-page.js';
import { SEATS, type MailLanguage, type Notifications, type Seat, seriesFirstDeal, type Table } from '../../model/table.js';
import { failure, success, type Outcome } from '../../published/outcome.js';
import { tableSummary, type PublishedGame, type TableSummary, type TableView } from '../../published/published.js';
import { finishedCount, finishedGames } from '../replay.js';
import { SOCKET_LIMITS } from '../sockets/sockets.js';
import type { TableParts } from '../table-parts.js';
import type { CallerFor } from '../table-store.js';

/** A seat's notification settings as its link reads them: the stored ones, `lang` the language its mails are written in now (mail-language.ts; null: both), and how many devices get pushes. */
export type SeatNotifications = Notifications & { readonly pushDevices: number };

export class SeatRequests {
  constructor(
    private readonly parts: TableParts,
    private readonly env: Env,
  ) {}

  private commit(change: Change, from?: WebSocket) {
    return this.parts.after.commit(change, { from });
  }

  /**
   * The caller's view, as JSON text: the Worker passes it on without parsing it again. A seat
   * reading it has read its turn mail; `lang`: the language its page shows (`?lang=`).
   */
  view(tokenHash: string, lang?: MailLanguage): Outcome<string> {
    return this.parts.store.as(tokenHash, 'viewer', ({ table, seat }) => {
      if (seat !== null) this.visited(seat, lang);
      return success(JSON.stringify(this.parts.store.viewFor(table, seat)));
    });
  }

  /** What the overview lists of this table for the caller (published.ts), from the caller's own view. */
  summary(tokenHash: string): Outcome<TableSummary> {
    return this.parts.store.as(tokenHash, 'viewer', ({ table, seat }) =>
      success(tableSummary(this.parts.store.viewFor(table, seat), table.lastChangeAt, Date.now())),
    );
  }

  /** One action of the caller's seat (action-path.ts); `from`: the socket it came over. */
  act(tokenHash: string, request: ActionRequest, from?: WebSocket): Outcome<Accepted> {
    return this.parts.store.as(tokenHash, 'viewer', ({ table, seat }) => {
      if (seat === null) return failure(403, 'forbidden', 'a spectator link can watch but not play');
      if (table.settings.seats[seat]!.bot) return failure(403, 'forbidden', 'a bot plays this seat: its link can watch but not play');
      return this.parts.actions.act(table, seat, request, { from });
    });
  }

  /** An action sent over a WebSocket: the checks of POST …/actions, answered on the socket. */
  async actOver(ws: WebSocket, tokenHash: string, id: string, request: ActionRequest): Promise<ServerMessage> {
    // The same limiter and key as POST …/actions: one budget per link, whichever way it acts.
    const { success: allowed } = await this.env.ACTION_LIMITER.limit({ key: tokenHash });
    if (!allowed) {
      this.parts.metrics.count(['rate_limited', 'ACTION_LIMITER']);
      return { type: 'answer', id, status: 429, error: { code: 'rate_limited', message: 'too many actions from this link; try again in a minute' } };
    }
    const outcome = this.act(tokenHash, request, ws);
    if (!outcome.ok) return { type: 'answer', id, status: outcome.status, error: { code: outcome.code, message: outcome.message } };
    // The view object as built (a retried id's stored answer is read back from its text).
    return { type: 'answer', id, status: 200, view: outcome.value.viewObject ?? (JSON.parse(outcome.value.view) as TableView) };
  }

  /** A page opened a socket with a seat's or the spectators' link (sockets/sockets.ts). */
  openSocket(request: Request): Response {
    const tokenHash = request.headers.get('x-token-hash') ?? '';
    const opened = this.parts.store.as(tokenHash, 'viewer', ({ table, seat }) => {
      const socket = this.parts.sockets.open(seat, tokenHash, this.parts.store.viewFor(table, seat), request.headers.get('x-websocket-protocol'));
      // A page opened with the seat's link: the seat is at the table and has read its turn mail, on a page in this language.
      if (socket.ok && seat !== null) this.visited(seat, (request.headers.get('x-page-lang') as MailLanguage | null) ?? undefined);
      return socket;
    });
    if (opened.ok) return opened.value;
    // Answered as it is by the Worker, past its onError: counted here.
    this.parts.metrics.count(['refusal', opened.code, 'http']);
    // A full table or spectator link says when to try again, as every 429 of the API does.
    const retry = opened.status === 429 ? { 'Retry-After': String(SOCKET_LIMITS.retryAfterSeconds) } : undefined;
    return Response.json({ error: { code: opened.code, message: opened.message } }, { status: opened.status, headers: retry });
  }

  /**
   * One page of the finished games (games-page.ts): what D1 holds, filled in from the table's
   * own log for games not in D1 yet (outbox) or at all (D1 down): nothing is lost.
   */
  games(tokenHash: string, page: GamesPageRequest): Promise<Outcome<GamesPage>> | Outcome<never> {
    return this.parts.store.as(tokenHash, 'viewer', async ({ table }) => {
      let fromD1: PublishedGame[] = [];
      try {
        fromD1 = (await this.parts.history.games(table.settings.tableId, page)).games;
      } catch (error) {
        console.warn(`table ${table.settings.tableId}: reading the history failed, answering from the table itself: ${reasonOf(error)}`);
      }
      // Games written before the table had series belong to its first.
      const stored = fromD1.map((game) => (game.series === undefined ? { ...game, series: 1 } : game));
      return success(pageOfGames(stored, finishedGames(this.parts.storage, table), finishedCount(table), page));
    });
  }

  /** Sets the seat's notifications; an address given is asked to confirm this table unless it did: the answer says what became of that mail. */
  setNotifications(
    tokenHash: string,
    request: NotificationsRequest,
    newSecret: string,
  ): Promise<Outcome<SeatNotifications & { readonly confirmation?: ConfirmationOutcome }>> | Outcome<never> {
    const set = async (seat: Seat) => {
      const { table } = this.commit({ type: 'notifications', seat, request, newSecret });
      const confirmation = typeof request.email === 'string' ? await this.parts.notifications.askConfirmation(table, seat) : null;
      return success({ ...this.settingsOf(table, seat), ...(confirmation === null ? {} : { confirmation }) });
    };
    return this.parts.store.as(tokenHash, 'person', ({ seat }) => set(seat), 'notifications');
  }

  /** The seat's own notification settings, and where its links point (for its address's state). */
  notificationsOf(tokenHash: string): Outcome<{ notifications: SeatNotifications; origin: string | null }> {
    return this.parts.store.as(
      tokenHash,
      'seat',
      ({ table, seat }) => success({ notifications: this.settingsOf(table, seat), origin: table.settings.origin }),
      'notifications',
    );
  }

  private settingsOf(table: Table, seat: Seat): SeatNotifications {
    return { ...table.notifications[seat]!, lang: mailLanguage(table, seat) ?? null, pushDevices: this.parts.storage.push.count(seat) };
  }

  /** The address with key `addressKey` confirmed this table (routes/mail.ts): its seats that owe a move are mailed it now, their digest entries handed over again. */
  async addressConfirmed(addressKey: string): Promise<void> {
    const table = this.parts.store.current();
    if (table === null) return;
    const keys = await Promise.all(SEATS.map((seat) => seatAddressKey(this.env, table, seat)));
    const now = this.parts.store.current();
    const seats = SEATS.filter((seat, i) => keys[i] === addressKey && now?.notifications[seat]!.email === table.notifications[seat]!.email);
    if (now === null || seats.length === 0) return;
    this.parts.digest.reHand(seats);
    this.commit({ type: 'addressConfirmed', seats });
  }

  /** The seat's delivery log (delivery-log.ts), newest first: for the seat itself only. */
  deliveries(tokenHash: string): Outcome<DeliveryLogEntry[]> {
    return this.parts.store.as(tokenHash, 'person', ({ seat }) => success(this.parts.deliveryLog.of(seat)), 'delivery log');
  }

  /** Starts, replaces or ends the caller's vacation (clock.ts); answers its new view as JSON text. */
  vacation(tokenHash: string, hours: number): Outcome<string> {
    const take = ({ table, seat }: CallerFor<'person'>): Outcome<string> => {
      if (table.series.status === 'over') return failure(409, 'conflict', 'the series is over: there is no clock to stop');
      const change = vacationChange(
        table.vacations,
        seat,
        hours,
        Date.now(),
        table.settings.vacationHours,
        seriesFirstDeal(table),
        table.deals.length - 1,
      );
      if (!change.ok) return failure(409, 'conflict', change.message);
      const { end, start } = change;
      const now = end === undefined && start === undefined ? table : this.commit({ type: 'vacation', end, start }).table;
      return success(JSON.stringify(this.parts.store.viewFor(now, seat)));
    };
    return this.parts.store.as(tokenHash, 'person', take, 'a vacation');
  }

  /** Sets the caller's own preferences at this table: whether its forced cards are played for it. Nobody else is told (moves/auto-moves.ts). */
  setPreferences(tokenHash: string, autoForced: boolean): Outcome<{ autoForced: boolean }> {
    const set = (seat: Seat) => {
      this.commit({ type: 'preferences', seat, autoForced });
      return success({ autoForced });
    };
    return this.parts.store.as(tokenHash, 'person', ({ seat }) => set(seat), 'preferences');
  }

  /** A seat's message to the chat (chat.ts): kept, then pushed to every socket of the table, the writer's own included. */
  postChat(tokenHash: string, text: string): Outcome<ChatMessage> {
    return this.parts.store.as(tokenHash, 'viewer', ({ table, seat }) => {
      if (!table.settings.chat) return failure(403, 'forbidden', "this table's chat is off");
      if (seat === null) return failure(403, 'forbidden', 'a spectator link can read the chat but not write in it');
      if (table.settings.seats[seat]!.bot) return failure(403, 'forbidden', 'a bot plays this seat: its link can read the chat but not write in it');
      const at = Date.now();
      const checked = this.parts.chat.check(seat, text, at);
      return checked.ok ? success(this.commit({ type: 'chat', seat, text: checked.value, at }).effects.chat!) : checked;
    });
  }

  /** A page of the chat (chat.ts) for a seat or a spectator. */
  readChat(tokenHash: string, after: number | null): Outcome<ChatPage> {
    const page = (chat: boolean) => (chat ? success(this.parts.chat.page(after)) : failure(403, 'forbidden', "this table's chat is off"));
    return this.parts.store.as(tokenHash, 'viewer', ({ table }) => page(table.settings.chat));
  }

  /**
   * A seat looked at the table (its view, or a socket with its link): its turn mail is read.
   * Its page's `lang`, when given and not its mails' language now (mail-language.ts), becomes
   * theirs; the same language writes nothing, nor does a bot's seat, which reads no mail.
   */
  private visited(seat: Seat, lang: MailLanguage | undefined): void {
    const table = this.parts.store.current()!;
    const told = lang !== undefined && lang !== mailLanguage(table, seat) && !table.settings.seats[seat]!.bot;
    if (told || table.unreadTurnMail.has(seat)) this.commit({ type: 'visited', seat, lang: told ? lang : undefined });
  }
}
