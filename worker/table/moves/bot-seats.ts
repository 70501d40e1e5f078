/**
 * Bot seats (API.md: `seats[i].bot`): a bot plays its seat inside the table, one move per
 * run of the table's one alarm, a short natural delay after it may act, so that people
 * watching see the moves arrive one by one. Nothing of this is kept in storage: when a bot
 * moves and with what follows from the table (its last change, its version) and the log, so
 * an eviction between the alarm being set and the move only means the move is worked out again.
 *
 * A bot is given what its own seat has seen of the current game, its views (R10.2), never the
 * state: it cannot know more than a person in its place (shared/bots).
 */
import { isMoveOwed, type Action } from '../../../shared/actions.js';
import { seededRng } from '../../../shared/bots.js';
import { claimRefusal } from '../../../shared/claims.js';
import { chooseAction, type BotLevel, type BotMemory, type Rng } from '../../../shared/bots/index.js';
import type { Seat } from '../../../shared/options.js';
import type { SeriesView } from '../../../shared/view.js';
import { sameAction } from '../action-ids.js';
import { isHalted } from '../../published/clock.js';
import { botLevelOf, SEATS, type Table } from '../../model/table.js';

/** What a bot may be shown of the table: its own seat's views (table-store.ts, replay.ts). */
export interface SeatViews {
  /** The seat's view of the table now. */
  viewFor(table: Table, seat: Seat): SeriesView;
  /** What the seat has seen of the current game: its view after the deal and after every action since, oldest first. */
  seatViewsOfCurrentGame(table: Table, seat: Seat): SeriesView[];
}

/** How long a bot seems to think, by default: 1.5 to 3 s (the jitter keeps three bots from moving like a clock). */
export const BOT_DELAY_MS = 2_000;

/** A decision: the bots' `chooseAction`, or a test's stand-in for it (its signature admits views only). */
export type Chooser = (level: BotLevel, memory: BotMemory, rng: Rng) => Action | null;

/** The delay's base from the variable BOT_DELAY_MS (a number of ms, "0" in tests), else the default. */
export function botDelayBase(value: string | undefined): number {
  const ms = value === undefined || value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(ms) && ms >= 0 ? ms : BOT_DELAY_MS;
}

/** A seed from what names this decision (FNV-1a): the same table, version and seat decide the same after an eviction. */
function seedOf(table: Table, seat: Seat, salt: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${table.settings.tableId}/${table.version}/${seat}/${salt}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash >>> 0;
}

/** A bot's first owed action: what it does when its decision fails, so that a table never stalls on a bot. */
function fallback(view: SeriesView): Action | null {
  const first = view.legalActions.find(isMoveOwed);
  if (first === undefined) return null;
  return first.type === 'discard' ? { type: 'discard', cards: [view.hand![0]!, view.hand![1]!] } : (first as Action);
}

export class BotSeats {
  constructor(
    private readonly views: SeatViews,
    private readonly delayBase: number,
    private readonly choose: Chooser = chooseAction,
  ) {}

  /**
   * The bot seats that owe a move now, each with when it makes it. A chance to say kontra is
   * not owed: a bot weighs it when it is on turn anyway, during the first trick (R8.1).
   */
  due(table: Table): { seat: Seat; level: BotLevel; at: number }[] {
    if (isHalted(table)) return []; // paused or ended by the admin: no bot moves (resumed, an owed move is due at once)
    const since = Date.parse(table.lastChangeAt);
    const due: { seat: Seat; level: BotLevel; at: number }[] = [];
    for (const seat of SEATS) {
      const level = botLevelOf(table.settings.seats[seat]!);
      if (level === null || !this.views.viewFor(table, seat).legalActions.some(isMoveOwed)) continue;
      const jitter = this.delayBase === 0 ? 0 : seededRng(seedOf(table, seat, 'delay'))(Math.round(this.delayBase * 0.75));
      due.push({ seat, level, at: since + Math.round(this.delayBase * 0.75) + jitter });
    }
    return due;
  }

  /** When the next bot moves (for the alarm), or null when no bot owes a move. */
  nextDueAt(table: Table): number | null {
    const times = this.due(table).map((d) => d.at);
    return times.length === 0 ? null : Math.min(...times);
  }

  /**
   * The move of the bot whose time has come first, decided from its seat's views; null when
   * none is due yet.
   */
  decide(table: Table, now: number): { seat: Seat; action: Action } | null {
    const next = this.due(table)
      .filter((d) => d.at <= now)
      .sort((a, b) => a.at - b.at)[0];
    if (next === undefined) return null;
    const action = this.decideFor(table, next.seat, next.level);
    return action === null ? null : { seat: next.seat, action };
  }

  /**
   * What the `level` bot does in `seat`'s place now, from that seat's views only: for a bot
   * seat, and for a person's seat whose deadline passed (auto-moves.ts). A decision that
   * throws or is not among the offered actions is logged and replaced by the seat's first
   * owed action; null when the seat owes nothing.
   */
  decideFor(table: Table, seat: Seat, level: BotLevel): Action | null {
    const views = this.views.seatViewsOfCurrentGame(table, seat);
    const view = views.at(-1)!;
    let action: Action | null = null;
    try {
      action = this.choose(level, { views }, seededRng(seedOf(table, seat, 'choice')));
    } catch (error) {
      console.error(`table ${table.settings.tableId}: the ${level} bot of seat ${seat} failed to decide: ${String(error)}`);
    }
    if (action === null || !offers(views, action)) {
      if (action !== null)
        console.error(`table ${table.settings.tableId}: the ${level} bot of seat ${seat} chose ${JSON.stringify(action)}, not offered`);
      action = fallback(view);
    }
    return action;
  }
}

/** Whether `action` is one the newest view offers (discarding: two cards of the hand; a claim, never listed, when the engine would accept it: R7.12). */
function offers(views: SeriesView[], action: Action): boolean {
  const view = views.at(-1)!;
  if (action.type === 'claim') return claimRefusal({ views }) === null;
  if (action.type === 'discard') {
    const hand = view.hand ?? [];
    return view.legalActions.some((a) => a.type === 'discard') && action.cards[0] !== action.cards[1] && action.cards.every((c) => hand.includes(c));
  }
  return view.legalActions.some((a) => sameAction(a, action));
}
