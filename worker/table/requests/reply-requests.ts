/**
 * A move by reply to a turn mail (API.md "Mail", Moves by reply), as the Worker's `email`
 * handler hands it over (routes/mail-incoming.ts): the reply address's random id,
 * the sender (the envelope's, which the handler checked against the From header) and the
 * move of the reply's first line, as the mail parser Worker read it (worker/mail-parser/). The table finds the mail by the id's hash (reply-addresses.ts), takes
 * the move only from the address that mail went to while it is still the seat's and confirms
 * this table, played once per address, with the mail's version (a table gone past it refuses it:
 * action-path.ts), and answers the seat by mail once per reply, to the seat's address only.
 * A sender who is not the seat gets nothing, and nobody else is told anything.
 */
import { CLAIM_REFUSALS } from '../../../shared/claims.js';
import { namesTrump } from '../../../shared/game.js';
import type { MoveByText } from '../../../shared/move-name.js';
import type { Result } from '../../../shared/result.js';
import { addressStub } from '../../notifications/mail/address.js';
import { seatAddressKey } from '../../notifications/mail/gate.js';
import { addressKey } from '../../notifications/mail/links.js';
import { replyIdHash, type ReplyAddressRow } from '../../storage/reply-addresses.js';
import type { RefusalWhy, ReplyAnswer } from '../../notifications/mail/reply-texts.js';
import { pendingSeats } from '../../notifications/who-is-told.js';
import { pictureOf } from '../../notifications/mail/table-picture.js';
import { isHalted } from '../../published/clock.js';
import { tokenKey } from '../../model/tokens.js';
import { reasonOf } from '../../model/log-reasons.js';
import type { Table } from '../../model/table.js';
import type { Seat } from '../../../shared/options.js';
import type { TableParts } from '../table-parts.js';

export interface IncomingReply {
  /** The random id of the reply address (reply-addresses.ts). */
  readonly id: string;
  /** The sender's address, checked against the From header by the Worker. */
  readonly from: string;
  /** The move of the reply's first own line that reads as one, or why none does (shared/move-text.ts). */
  readonly move: Result<MoveByText>;
  /** The line it was read from (worker/mail-parser/parsed-reply.ts): quoted to the seat when it is no move, never logged. */
  readonly line: string | null;
}

/**
 * What became of a reply, for the Worker's log (never the move, the address or a link):
 * `unknown`: no such reply address here (never made, forgotten, or the table is gone);
 * `not_the_seat`: the sender is not the address the mail went to, or that is no longer the
 * seat's confirmed address; `played`, `refused`; `used`: the address acted before.
 */
export type ReplyOutcome = 'unknown' | 'not_the_seat' | 'played' | 'refused' | 'used';

/**
 * A reply address answers at most this many replies; later ones get nothing. A refused
 * reply leaves the address unused (the player may write the move again), the one played
 * uses it, and a reply after that is told so.
 */
export const ANSWERS_PER_ADDRESS = 3;

export class ReplyRequests {
  constructor(
    private readonly parts: TableParts,
    private readonly env: Env,
  ) {}

  /**
   * Whether a reply to `id` from `from` can act at all, asked before the message is read:
   * the parser spends its time only on replies from the seat the mail went to. reply()
   * asks again, since the table may change while the message is parsed.
   */
  async check(id: string, from: string): Promise<'unknown' | 'not_the_seat' | 'ours'> {
    return (await this.sender(await replyIdHash(id), from)).verdict;
  }

  /** Whether reply address `hash` is kept here and `from` is the seat's confirmed address it went to; with the table asked about. */
  private async sender(
    hash: string,
    from: string,
  ): Promise<{ verdict: 'ours'; table: Table; addressKey: string } | { verdict: 'unknown' | 'not_the_seat' }> {
    const table = this.parts.store.current();
    const row = table === null ? undefined : this.parts.storage.replyAddresses.find(hash, Date.now());
    if (table === null || row === undefined) return { verdict: 'unknown' };
    const addressKey = await this.fromTheSeat(table, row, from);
    return addressKey === null ? { verdict: 'not_the_seat' } : { verdict: 'ours', table, addressKey };
  }

  async reply(reply: IncomingReply): Promise<ReplyOutcome> {
    const hash = await replyIdHash(reply.id);
    const asked = await this.sender(hash, reply.from);
    if (asked.verdict !== 'ours') return asked.verdict;
    const before = asked.table;
    // The seat's own reply earns the mails it causes outside the hourly limits (EARNED_MAILS_PER_REPLY), before it acts.
    const tableId = before.settings.tableId;
    await addressStub(this.env, asked.addressKey)
      .earn({ tableId, now: Date.now() })
      .catch((error: unknown) => console.warn(`table ${tableId}: a reply's mails could not be earned: ${reasonOf(error)}`));
    // The table as it is after the questions above; what follows is synchronous, so one reply of two at once acts.
    const table = this.parts.store.current();
    const now = Date.now();
    const current = this.parts.storage.replyAddresses.find(hash, now);
    if (table === null || current === undefined || table.notifications[current.seat]!.email !== before.notifications[current.seat]!.email)
      return 'unknown';
    const answer: ReplyAnswer = current.usedAt === null ? this.act(table, current, reply) : { kind: 'used' };
    if (answer.kind === 'played') this.parts.storage.replyAddresses.use(hash, now);
    // Whatever comes to one reply address, the seat's mailbox gets ANSWERS_PER_ADDRESS answers at most.
    if (current.answers < ANSWERS_PER_ADDRESS) {
      this.parts.storage.replyAddresses.answered(hash);
      await this.answer(current.seat, answer);
    }
    return current.usedAt !== null ? 'used' : answer.kind === 'played' ? 'played' : 'refused';
  }

  /**
   * Answers the seat's reply: at once when it plays nothing, or when the seat owes the next
   * move at once (the answer is then its turn mail: it shows the table and has a reply
   * address). A move played with no move owed next waits in the queue a while (holdAnswer): a
   * turn mail that comes meanwhile says it, one mail instead of two. A turn mail the move
   * already queued (a new game's) says it now.
   */
  private async answer(seat: Seat, answer: ReplyAnswer): Promise<void> {
    const after = this.parts.store.current()!;
    const owes = !isHalted(after) && pendingSeats(after.series).includes(seat);
    const turnMailQueued = this.parts.storage.deliveries.turnMailWaiting(seat);
    if (answer.kind === 'played' && turnMailQueued) return;
    if (answer.kind === 'played' && !owes) {
      this.parts.deliveries.holdAnswer(after.settings.tableId, seat, answer, Date.now());
      await this.parts.after.rearm(false);
      return;
    }
    const owed = owes ? { version: after.version, picture: pictureOf(this.parts.store.viewFor(after, seat)) } : null;
    await this.parts.deliveries.answerReply(after, seat, answer, owed);
  }

  /**
   * Whether `from` is the address the mail went to, is still the seat's, and still confirms
   * this table (it may have unsubscribed since): compared by their keys (links.ts), so case
   * and spaces do not matter. Its key if so, else null.
   */
  private async fromTheSeat(table: Table, row: ReplyAddressRow, from: string): Promise<string | null> {
    const { origin, tableId } = table.settings;
    const key = origin === null ? null : tokenKey(this.env, origin);
    if (key === null || !key.ok) return null;
    const sender = await addressKey(key.secret, from);
    if (sender !== row.addressKey || sender !== (await seatAddressKey(this.env, table, row.seat))) return null;
    return (await addressStub(this.env, sender).stateAt({ tableId })) === 'confirmed' ? sender : null;
  }

  /** The reply's move, with the mail's version, on the one path of every action (action-path.ts). */
  private act(table: Table, row: ReplyAddressRow, { move: parsed, line }: IncomingReply): ReplyAnswer {
    if (!parsed.ok) return { kind: 'refused', move: null, line, reason: parsed.error.message, why: { kind: 'unreadable' } };
    const move = parsed.value;
    if (table.settings.seats[row.seat]!.bot) return { kind: 'refused', move, line, reason: 'a bot plays this seat now', why: { kind: 'bot' } };
    const outcome = this.parts.actions.act(table, row.seat, { action: parsed.value, version: row.version }, { byReply: true });
    if (outcome.ok) return { kind: 'played', move, line };
    if (outcome.code === 'stale_version')
      return {
        kind: 'refused',
        move,
        line,
        reason:
          'the table has moved on since this mail was sent: nothing was played. Open the table to see where it stands, or reply to its newest mail.',
        why: { kind: 'stale' },
      };
    const naming = namingHint(table, parsed.value, outcome.message);
    const recorded = isRecordedClaim(outcome);
    const why: RefusalWhy = {
      kind: 'rule',
      rule: /^R\d+(?:\.\d+)?/.exec(outcome.message)?.[0] ?? null,
      ...(naming === '' || parsed.value.type !== 'play' ? {} : { naming: parsed.value.card }),
      ...(recorded ? { recordedClaim: true as const } : {}),
    };
    return { kind: 'refused', move, line, reason: outcome.message + naming + (recorded ? RECORDED_CLAIM : ''), why };
  }
}

/**
 * R7.12: a claim judged not sure is recorded all the same (action-path.ts); its other refusals
 * (claims off, not during play, twice in a trick) change nothing.
 */
const isRecordedClaim = (outcome: { readonly code: string; readonly message: string }): boolean =>
  outcome.code === 'illegal_action' && outcome.message === CLAIM_REFUSALS.notSure;

/** What a seat whose claim by reply was refused is told besides the rule: the claim stands in the game's moves. */
const RECORDED_CLAIM = '. Every seat sees that you claimed and were refused; you may claim again from the next trick.';

/**
 * The engine's refusal of a lead without the trump it names (R7.2: refusals start with their
 * rule) speaks of the API's field; a reply names the suit after the card.
 */
function namingHint(table: Table, move: MoveByText, refusal: string): string {
  const game = table.series.game;
  if (move.type !== 'play' || move.trump !== undefined || !refusal.startsWith('R7.2') || game === null || !namesTrump(game)) return '';
  return ` By reply: the card and the suit, e.g. "${move.card} trump H".`;
}
