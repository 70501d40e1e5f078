/**
 * R7.12 claims, and the one entry point for a seat's action that knows them (`applyTurn`).
 * A claim is judged from all the claiming seat has seen (`claimerView`, built by view.ts, R10.2):
 * its verdict, and the words of a refusal, cannot depend on a card that seat has not seen.
 */
import type { Level } from './actions.js';
import { parseAction } from './parse-action.js';
import { cardFromCode, type CardSet } from './cards.js';
import { judgeClaim, type ClaimAnswer, type ClaimPosition } from './claim-search.js';
import { applyParsedAction, claimGoalOf, endByClaim, hasWinDuty, isSeat, refuseClaim, type GameState } from './game.js';
import type { Seat } from './options.js';
import { badRequest, illegal, ok, type Result } from './result.js';
import { knowledgeOf } from './bots/worlds.js';
import { levelIndex, maskOfCodes, trumpIndex, type BotMemory } from './bots/memory.js';
import { viewOf, type SeriesView } from './view.js';

export const CLAIM_REFUSALS = {
  off: 'R7.12: claims are off at this table',
  notPlaying: 'R7.12: a claim is possible only while the cards are played',
  spectator: 'R7.12: only a seat can claim',
  awaitingRe: 'R7.12: the declarer decides on re first (R8.2)',
  notSure: 'R7.12: the claim is not sure from all you have seen',
  again: 'R7.12: your claim was refused in this trick; you may claim again from the next trick',
} as const;

/**
 * The search's answer for the claim the seat of `memory` (its views of this game, the newest
 * last) would make now, or the refusal that comes before any search. The server passes the one
 * view that holds all the seat has seen (claimerView); a bot passes the views it was given.
 */
export function claimAnswer(memory: BotMemory): { answer: ClaimAnswer; nodes: number } | { refusal: string } {
  const view = memory.views.at(-1)!;
  const seat = view.seat;
  if (seat === null) return { refusal: CLAIM_REFUSALS.spectator };
  if (!view.options.claims) return { refusal: CLAIM_REFUSALS.off };
  if (view.phase !== 'play' || view.declarer === null || view.contract === null) return { refusal: CLAIM_REFUSALS.notPlaying };
  if (view.awaitingRe) return { refusal: CLAIM_REFUSALS.awaitingRe };
  if (!view.mayClaim) return { refusal: CLAIM_REFUSALS.again };
  return judgeClaim(claimPositionOf(memory, seat, view.declarer, view.contract));
}

/** What the claim search is given: all `memory` tells its seat of the rest of the game (claim-search.ts). */
export function claimPositionOf(memory: BotMemory, seat: Seat, declarer: Seat, level: Level): ClaimPosition {
  const view = memory.views.at(-1)!;
  const k = knowledgeOf(memory)!;
  const contract = levelIndex(level);
  const mine = maskOfCodes(view.hand);
  let unknown: CardSet = k.pool;
  const trick = view.trick.map((t) => cardFromCode(t.card)!);
  for (const card of trick) unknown &= ~(1 << card);
  const sizes = view.seats.map((s) => s.cards) as [number, number, number];
  return {
    claimer: seat,
    declarer,
    goal: claimGoalOf(contract, declarer, seat),
    mine,
    unknown,
    sizes,
    forbidden: [k.hidden[0].forbidden, k.hidden[1].forbidden, k.hidden[2].forbidden],
    trick,
    leader: view.trick[0]?.seat ?? view.turn!,
    trump: trumpIndex(view.trump),
    trumpOpen: view.nextCardFixesTrump,
    trumpNamed: view.options.trump === 'named',
    winDuty: hasWinDuty(contract, view.options),
  };
}

/** R7.12: why the claim of `memory`'s seat would be refused now, from its views alone; null when it would be accepted. */
export function claimRefusal(memory: BotMemory): string | null {
  const judged = claimAnswer(memory);
  if ('refusal' in judged) return judged.refusal;
  return judged.answer === 'sure' ? null : CLAIM_REFUSALS.notSure;
}

/**
 * All the claiming seat has seen of the game, as a view: R7.12 judges from every card played
 * to every trick, whether or not R7.10 still lets the seat look at that trick (players count
 * cards), so the view is built as if every trick stayed visible. Nothing else is added: what the
 * seat never saw stays out (R10.2).
 */
export const claimerView = (game: GameState, seat: Seat): SeriesView => {
  const remembered = { ...game, options: { ...game.options, trickHistory: 'all' as const } };
  return viewOf({ options: game.options, status: 'playing', balances: [0, 0, 0], pot: game.potBefore, potPaidBack: 0, game: remembered }, seat)!;
};

/**
 * The game after `seat` takes `action` (both untrusted input), claims included, or a refusal
 * naming the rule. Never throws and never changes `game`. The series and a record's replay
 * apply every action through here.
 */
export function applyTurn(game: GameState, seat: unknown, action: unknown): Result<GameState> {
  if (!isSeat(seat)) return badRequest('seat must be 0, 1 or 2');
  const parsed = parseAction(action);
  if (!parsed.ok) return parsed;
  if (parsed.value.type !== 'claim') return applyParsedAction(game, seat, parsed.value);
  const view = claimerView(game, seat);
  const judged = claimAnswer({ views: [view] });
  if ('refusal' in judged) return illegal(judged.refusal);
  return ok(judged.answer === 'sure' ? endByClaim(game, seat) : refuseClaim(game, seat));
}

/**
 * R7.12: the refusal of the claim `game` ends with, when its last action is a claim judged not
 * sure. applyTurn records such a claim (every seat sees it, the record holds it), so a server
 * answers the claimer with this refusal although the table changed.
 */
export function refusedClaim(game: GameState | null): string | null {
  return game?.log?.refused === true ? CLAIM_REFUSALS.notSure : null;
}
