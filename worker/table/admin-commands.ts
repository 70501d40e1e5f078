/**
 * The table admin's commands (API.md "Table admin"), inside the table's Durable Object:
 * pause and resume, replace a link (a seat's, the spectators', its own), change a seat (name, bot or person), change the
 * clock and the chat, start a new series once one is over, end the table. Each command is
 * checked here and becomes a change (changes/change.ts), which the table commits.
 *
 * The admin view answered to every command holds the table's settings, the seats' names,
 * bots and whether a seat is notified, and from the spectators' view only what is public:
 * never a card, a hand, or a seat's address or webhook URL (R10.2).
 */
import { stopsReadFrom } from '../../shared/deadline.js';
import type { AdminCommand, AdminView } from '../model/contract.js';

export type { AdminView };
import { clockStartOf, isEnded, isPaused } from '../published/clock.js';
import type { Change, NewToken } from './changes/change.js';
import { linkOf } from './changes/links.js';
import { botLevelOf, SEATS, webhookStateOf, type LinkOwner, type SeatSettings, type Table, currentStart } from '../model/table.js';
import { failure, success, type Outcome } from '../published/outcome.js';
import type { TableStorage } from '../storage/table-storage.js';
import type { TableStore } from './table-store.js';
import { MAX_PAUSES_PER_MOVE, MAX_SERIES } from '../model/limits.js';

export type { LinkOwner, NewToken };

export type { AdminCommand };

/** The commands `changeOf` takes: all but the rotations, which need a new token. */
export type PlainCommand = Exclude<AdminCommand, { type: 'rotate' } | { type: 'rotateAdmin' }>;

export class TableAdmin {
  constructor(
    private readonly store: TableStore,
    private readonly storage: TableStorage,
  ) {}

  view(table: Table): AdminView {
    const publicView = this.store.viewFor(table, null);
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
   * The change one command makes (rotations: `rotation`), null when it changes nothing
   * (pausing a paused table), or why it is refused. `replacement`: a new token for the seat
   * of a `seat` command that puts a bot in a person's place (its link is replaced).
   */
  changeOf(table: Table, command: PlainCommand, replacement?: NewToken): Outcome<Change | null> {
    if (isEnded(table) && command.type !== 'end') return failure(409, 'table_ended', 'the table has ended: only its links can still be rotated');
    const now = new Date();
    switch (command.type) {
      case 'pause':
        return isPaused(table) ? success(null) : this.pause(table, now.getTime());
      case 'resume':
        return success(isPaused(table) ? { type: 'resume', at: now.getTime() } : null);
      case 'seat':
        return success(this.seats(table, command, replacement));
      case 'options':
        return success(this.options(table, command));
      case 'newSeries':
        if (table.series.status !== 'over') return failure(409, 'conflict', 'a new series can start once this one is over');
        if (currentStart(table).series + 1 > MAX_SERIES)
          return failure(409, 'conflict', `a table plays at most ${MAX_SERIES} series; create a new table`);
        return success({ type: 'newSeries', at: now.toISOString() });
      case 'end':
        return success(isEnded(table) ? null : { type: 'end', at: now.toISOString() });
    }
  }

  /** A new link for `owner` (a seat, the spectators, the admin): the old token is refused from now on (401), and remembered as replaced. */
  rotation(table: Table, owner: LinkOwner, next: NewToken): Outcome<Change> {
    if (linkOf(table, owner) === undefined)
      return failure(
        409,
        'conflict',
        `${owner === 'admin' ? 'the admin' : owner === 'spectator' ? 'the spectators' : `seat ${owner + 1}`} has no link to replace`,
      );
    return success({ type: 'replaceLink', owner, next });
  }

  /** A pause, unless the owed move already has MAX_PAUSES_PER_MOVE: the clock reads only the pauses since it started (changes/admin.ts). */
  private pause(table: Table, at: number): Outcome<Change> {
    const clockStart = clockStartOf(table);
    if (stopsReadFrom(clockStart, table.pauses).length >= MAX_PAUSES_PER_MOVE)
      return failure(409, 'conflict', `at most ${MAX_PAUSES_PER_MOVE} pauses while one move is owed; the next move allows pausing again`);
    return success({ type: 'pause', at, clockStart });
  }

  private seats(table: Table, { seat, name, bot }: Extract<AdminCommand, { type: 'seat' }>, replacement: NewToken | undefined): Change {
    const current = table.settings.seats[seat]!;
    let next: SeatSettings = name === undefined ? current : { ...current, name };
    if (bot !== undefined) {
      const { botLevel: _level, ...person } = next;
      next = bot === false ? { ...person, bot: false } : { ...person, bot: true, botLevel: bot };
    }
    const seats = table.settings.seats.map((s, i) => (i === seat ? next : s));
    // The person a bot replaces keeps no way in: the seat's link is replaced (changes/links.ts).
    if (!next.bot || current.bot) return { type: 'seats', seats };
    if (replacement === undefined) throw new Error("a bot put in a person's seat needs the seat's new token");
    return { type: 'seats', seats, replaced: { seat, next: replacement } };
  }

  private options(table: Table, command: Extract<AdminCommand, { type: 'options' }>): Change {
    const { settings } = table;
    const policy = this.storage.embedding.policy();
    const framing = command.frameOrigins !== undefined || command.spectatorEmbeds !== undefined;
    return {
      type: 'options',
      moveDeadlineHours: command.moveDeadlineHours === undefined ? settings.moveDeadlineHours : command.moveDeadlineHours,
      onTimeout: command.onTimeout ?? settings.onTimeout,
      vacationHours: command.vacationHours ?? settings.vacationHours,
      chat: command.chat ?? settings.chat,
      ...(framing
        ? {
            embedding: {
              frameOrigins: command.frameOrigins ?? policy.frameOrigins,
              spectatorEmbeds: command.spectatorEmbeds ?? policy.spectatorEmbeds,
            },
          }
        : {}),
    };
  }
}
