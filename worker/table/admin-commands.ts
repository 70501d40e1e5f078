/**
 * The table admin's commands (API.md "Table admin"), inside the table's Durable Object:
 * pause and resume, replace a link (a seat's, the spectators', its own), change a seat (name, bot or person), change the
 * clock and the chat, start a new series once one is over, end the table. Each runs in one
 * storage transaction; the object pushes the new views and sets the alarm afterwards.
 *
 * The admin view answered to every command holds the table's settings, the seats' names,
 * bots and whether a seat is notified, and from the spectators' view only what is public:
 * never a card, a hand, or a seat's address or webhook URL (R10.2).
 */
import { stopsReadFrom } from '../../shared/deadline.js';
import type { AdminCommand, AdminView } from '../contract.js';

export type { AdminView };
import { startSeries } from '../../shared/series.js';
import { clockStartOf } from './clock/clock.js';
import { eventsOf } from '../notifications/events.js';
import type { TableNotifications } from '../notifications/table-notifications.js';
import { failure, success, type Outcome } from './outcome.js';
import { isEnded, isPaused } from './clock/pause.js';
import { botLevelOf, webhookStateOf, type SeatSettings, type TableStorage } from './storage/table-storage.js';
import { currentStart, must, SEATS, type LoadedTable, type TableState } from './table-state.js';
import { replaceLink, type LinkOwner, type NewToken } from './changes/links.js';

export type { LinkOwner, NewToken };

/** The most series one table plays (README, "Security"). */
export const MAX_SERIES = 100;

/**
 * The most pauses a table keeps while one move is owed (README, "Security"): the next is
 * refused until a move is made. Enough to pause every night of the longest clock (720 h).
 */
export const MAX_PAUSES_PER_MOVE = 50;

export type { AdminCommand };

/** The commands `run` takes: all but the rotations, which need a new token. */
export type PlainCommand = Exclude<AdminCommand, { type: 'rotate' } | { type: 'rotateAdmin' }>;

/** What a command changed, for the object to follow up: push views, close a link's sockets, set the alarm. */
export interface AdminEffect {
  /** The hash of a seat token that no longer opens anything: its sockets are closed. */
  readonly revokedHash?: string;
}

export class TableAdmin {
  constructor(
    private readonly state: TableState,
    private readonly storage: TableStorage,
    private readonly notifications: TableNotifications,
  ) {}

  view(table: LoadedTable): AdminView {
    const publicView = this.state.viewFor(table, null);
    const { settings } = table;
    return {
      tableId: settings.tableId,
      name: settings.name,
      options: settings.options,
      moveDeadlineHours: settings.moveDeadlineHours,
      onTimeout: settings.onTimeout,
      vacationHours: settings.vacationHours,
      chat: settings.chat,
      series: currentStart(table).series,
      paused: isPaused(table),
      ended: isEnded(table),
      phase: publicView.phase,
      gameNumber: publicView.gameNumber,
      games: publicView.games,
      seriesOver: publicView.seriesOver,
      turn: publicView.turn,
      version: table.version,
      seats: SEATS.map((seat) => {
        const own = settings.seats[seat]!;
        const notified = table.notifications[seat]!;
        return {
          seat,
          name: own.name,
          bot: own.bot,
          botLevel: botLevelOf(own),
          mail: !own.bot && notified.email !== null,
          webhook: own.bot ? null : webhookStateOf(notified),
        };
      }),
      ...this.storage.embedding.policy(),
    };
  }

  /**
   * Runs one command (rotations have their own method). `replacement`: a new token for the
   * seat of a `seat` command that puts a bot in a person's place (its link is replaced).
   */
  run(table: LoadedTable, command: PlainCommand, replacement?: NewToken): Outcome<AdminEffect> {
    if (isEnded(table) && command.type !== 'end') return failure(409, 'table_ended', 'the table has ended: only its links can still be rotated');
    const now = new Date();
    switch (command.type) {
      case 'pause':
        return isPaused(table) ? success({}) : this.pause(table, now.getTime());
      case 'resume':
        if (isPaused(table)) this.state.transaction(() => this.resume(table, now.getTime()));
        return success({});
      case 'seat':
        return this.changeSeat(table, command, replacement);
      case 'options':
        this.state.transaction(() => this.changeOptions(table, command));
        return success({});
      case 'newSeries':
        return this.newSeries(table, now.toISOString());
      case 'end':
        if (!isEnded(table))
          this.state.transaction(() => {
            const at = now.toISOString();
            this.storage.admin.end(at);
            table.endedAt = at;
          });
        return success({});
    }
  }

  /** A new link for `owner` (a seat, the spectators, the admin): the old token is refused from now on (401), and remembered as replaced. */
  rotate(table: LoadedTable, owner: LinkOwner, next: NewToken): Outcome<AdminEffect> {
    const replaced = this.state.transaction(() => replaceLink(this.storage, table, owner, next));
    this.state.invalidateViews();
    return replaced;
  }

  /**
   * Pauses the table. Only the pauses the owed move's clock reads are kept: the earlier ones
   * go, so that deadlines stay exactly as they were and the rows stay bounded.
   */
  private pause(table: LoadedTable, at: number): Outcome<AdminEffect> {
    const clockStart = clockStartOf(table);
    const read = stopsReadFrom(clockStart, table.pauses);
    if (read.length >= MAX_PAUSES_PER_MOVE)
      return failure(409, 'conflict', `at most ${MAX_PAUSES_PER_MOVE} pauses while one move is owed; the next move allows pausing again`);
    this.state.transaction(() => {
      this.storage.admin.pause(at, clockStart);
      table.pauses.splice(0, table.pauses.length, ...read, { from: at, until: null });
    });
    return success({});
  }

  private resume(table: LoadedTable, at: number): void {
    this.storage.admin.resume(at);
    table.pauses.at(-1)!.until = at;
  }

  private changeSeat(
    table: LoadedTable,
    { seat, name, bot }: Extract<AdminCommand, { type: 'seat' }>,
    replacement: NewToken | undefined,
  ): Outcome<AdminEffect> {
    const current = table.settings.seats[seat]!;
    let next: SeatSettings = name === undefined ? current : { ...current, name };
    if (bot !== undefined) {
      const { botLevel: _level, ...person } = next;
      next = bot === false ? { ...person, bot: false } : { ...person, bot: true, botLevel: bot };
    }
    // The person a bot replaces keeps no way in: the seat's link is replaced, and with it what its holder set up (link-holders.ts).
    const becameBot = next.bot && !current.bot;
    if (becameBot && replacement === undefined) throw new Error("a bot put in a person's seat needs the seat's new token");
    const seats = table.settings.seats.map((s, i) => (i === seat ? next : s));
    const effect = this.state.transaction(() => {
      this.storage.admin.saveSeats(seats);
      table.settings = { ...table.settings, seats };
      return becameBot ? replaceLink(this.storage, table, seat, replacement!) : success({});
    });
    this.state.invalidateViews();
    return effect;
  }

  private changeOptions(table: LoadedTable, command: Extract<AdminCommand, { type: 'options' }>): void {
    const { settings } = table;
    const moveDeadlineHours = command.moveDeadlineHours === undefined ? settings.moveDeadlineHours : command.moveDeadlineHours;
    const onTimeout = command.onTimeout ?? settings.onTimeout;
    const vacationHours = command.vacationHours ?? settings.vacationHours;
    const chat = command.chat ?? settings.chat;
    this.storage.updateClock(moveDeadlineHours, onTimeout);
    this.storage.admin.saveVacationHours(vacationHours);
    this.storage.admin.saveChat(chat);
    table.settings = { ...settings, moveDeadlineHours, onTimeout, vacationHours, chat };
    // Who may frame the table: the Worker asks for it on every embed page it serves (embedPolicy), so it is not kept in memory.
    if (command.frameOrigins !== undefined || command.spectatorEmbeds !== undefined) {
      const policy = this.storage.embedding.policy();
      this.storage.embedding.save({
        frameOrigins: command.frameOrigins ?? policy.frameOrigins,
        spectatorEmbeds: command.spectatorEmbeds ?? policy.spectatorEmbeds,
      });
    }
  }

  /** The next series at the same table: same links and options, its games numbered from 1 again, the earlier ones kept. */
  private newSeries(table: LoadedTable, now: string): Outcome<AdminEffect> {
    if (table.series.status !== 'over') return failure(409, 'conflict', 'a new series can start once this one is over');
    const number = currentStart(table).series + 1;
    if (number > MAX_SERIES) return failure(409, 'conflict', `a table plays at most ${MAX_SERIES} series; create a new table`);
    this.state.transaction(() => {
      const start = { series: number, firstDeal: table.deals.length, firstVersion: table.version, startedAt: now };
      this.storage.admin.saveSeriesStart(start);
      table.seriesStarts.push(start);
      table.series = must(startSeries(table.settings.options));
      table.lastChangeAt = now;
      // The version stays where the last series left it: its first move must not count as reminded already.
      table.remindedVersion = -1;
      this.storage.saveRemindedVersion(-1);
      this.state.dealNext(table, now);
      // The first deal of the series: every seat owing a move is told, as at creation.
      this.notifications.notify(table, eventsOf(null, table.series, start.firstDeal));
    });
    return success({});
  }
}
