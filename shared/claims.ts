/**
 * R7.12 claims, and the one entry point for a seat's action that knows them (`applyTurn`).
 * A claim is judged from the claiming seat's view alone (R10.2, built by view.ts): its verdict,
 * and the words of a refusal, cannot depend on a card that seat may not see.
 */
import { parseAction } from './actions.js';
import { cardFromCode, type CardSet } from './cards.js';
import { judgeClaim, type ClaimAnswer } from './claim-search.js';
import { applyParsedAction, claimGoalOf, endByClaim, hasWinDuty, isSeat, refuseClaim, type GameState } from './game.js';
import type { Seat } from './options.js';
import { badRequest, illegal, ok, type Result } from './result.js';
import { knowledgeOf } from './bots/worlds.js';
import { levelIndex, maskOfCodes, trumpIndex } from './bots/memory.js';
import { viewOf, type SeriesView } from './view.js';

/**
 * Positions a claim's search may visit before it gives up as undecided: the same count on every
 * machine, so a record's replay reaches the same verdict (R10.1). Measured (bench: claims.*):
 * ≈2.5 µs a position, so a claim gives up within ≈50 ms; of random positions with 2 to 6 tricks
 * left, 0.33 % were undecided (with 40,000 positions 0.28 %, at twice the worst time).
 */
export const CLAIM_SEARCH_POSITIONS = 20_000;

export const CLAIM_REFUSALS = {
  off: 'R7.12: claims are off at this table',
  notPlaying: 'R7.12: a claim is possible only while the cards are played',
  spectator: 'R7.12: only a seat can claim',
  awaitingRe: 'R7.12: the declarer decides on re first (R8.2)',
  notSure: 'R7.12: the claim is not sure from all you have seen',
  again: 'R7.12: your claim was refused in this trick; you may claim again from the next trick',
  undecided: `R7.12: the claim could not be decided within ${CLAIM_SEARCH_POSITIONS} positions; play on and claim again`,
} as const;

/** The search's answer for the claim `view`'s seat would make now, or the refusal that comes before any search. */
export function claimAnswer(view: SeriesView): { answer: ClaimAnswer; nodes: number } | { refusal: string } {
  const seat = view.seat;
  if (seat === null) return { refusal: CLAIM_REFUSALS.spectator };
  if (!view.options.claims) return { refusal: CLAIM_REFUSALS.off };
  if (view.phase !== 'play' || view.declarer === null || view.contract === null) return { refusal: CLAIM_REFUSALS.notPlaying };
  if (view.awaitingRe) return { refusal: CLAIM_REFUSALS.awaitingRe };
  if (!view.mayClaim) return { refusal: CLAIM_REFUSALS.again };
  const k = knowledgeOf({ views: [view] })!;
  const contract = levelIndex(view.contract);
  const mine = maskOfCodes(view.hand);
  let unknown: CardSet = k.pool;
  const trick = view.trick.map((t) => cardFromCode(t.card)!);
  for (const card of trick) unknown &= ~(1 << card);
  const sizes = view.seats.map((s) => s.cards) as [number, number, number];
  return judgeClaim(
    {
      claimer: seat,
      declarer: view.declarer,
      goal: claimGoalOf(contract, view.declarer, seat),
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
    },
    CLAIM_SEARCH_POSITIONS,
  );
}

/** R7.12: why the claim of `view`'s seat would be refused now, from that view alone; null when it would be accepted. */
export function claimRefusal(view: SeriesView): string | null {
  const judged = claimAnswer(view);
  if ('refusal' in judged) return judged.refusal;
  return judged.answer === 'sure' ? null : judged.answer === 'notSure' ? CLAIM_REFUSALS.notSure : CLAIM_REFUSALS.undecided;
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
  const judged = claimAnswer(view);
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
