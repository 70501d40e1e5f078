/**
 * R7.12: the search that decides whether a claim is sure. It looks for a counterexample: one
 * way the cards the claiming seat cannot see could lie, and one legal play of every remaining
 * card by every seat (the claimer's own included), that goes against the claim. The hidden
 * cards are not dealt up front: a seat the claimer cannot see plays any unknown card it may
 * still hold, and each card it plays tells what it cannot hold (R7.3–R7.5: a seat that did not
 * follow is void in the led suit, and so on); a play is tried only while the unknown cards can
 * still be shared out among the hidden hands and the cards nobody shows (old tricks' cards the
 * view no longer shows, a declarer's discards) with every such inference kept. So every
 * world counted is one the claimer cannot rule out, and the answer depends on nothing else.
 *
 * The search is bounded by a number of positions, never by time: the same position always
 * gets the same answer (R10.1: replaying a record reproduces the verdict).
 */
import { ABOVE, popcount, SUIT_MASKS, suitOf, type Card, type CardSet } from './cards.js';
import type { ClaimGoal } from './game.js';
import type { Seat } from './options.js';
import { highestOfSuit, legalCards, NO_TRUMP, trickWinnerIndex } from './play.js';

/** What the claiming seat knows of the rest of the game (built from its view alone: claims.ts). */
export interface ClaimPosition {
  readonly claimer: Seat;
  readonly declarer: Seat;
  readonly goal: ClaimGoal;
  /** The claimer's own cards. */
  readonly mine: CardSet;
  /** The cards the claimer cannot place: in the other hands, or among those nobody shows. */
  readonly unknown: CardSet;
  /** How many cards each seat holds now (public, R10.2). */
  readonly sizes: readonly [number, number, number];
  /** Per seat, the cards it cannot hold as far as the claimer can tell (its own entry unused). */
  readonly forbidden: readonly [CardSet, CardSet, CardSet];
  /** The current trick's cards in the order played, led by `leader`. */
  readonly trick: readonly Card[];
  readonly leader: Seat;
  /** The trump suit, or NO_TRUMP (bettel, mord, or before the declarer's first card fixes it). */
  readonly trump: number;
  /** R7.2: the next card is the declarer's first of a number contract and fixes trump. */
  readonly trumpOpen: boolean;
  /** Option trump "named": that first card may name any suit. */
  readonly trumpNamed: boolean;
  /** R7.4 in this contract (R7.8). */
  readonly winDuty: boolean;
}

export type ClaimAnswer = 'sure' | 'notSure' | 'undecided';

/** The state of one search; plays are made and taken back in place. */
interface Search {
  readonly p: ClaimPosition;
  mine: CardSet;
  unknown: CardSet;
  readonly counts: [number, number, number];
  readonly forbidden: [CardSet, CardSet, CardSet];
  readonly trick: Card[];
  leader: Seat;
  trump: number;
  trumpOpen: boolean;
  /** The two seats the claimer cannot see, and how many unknown cards lie where nobody shows them. */
  readonly hiddenA: Seat;
  readonly hiddenB: Seat;
  readonly unshown: number;
  /** Positions at the start of a trick from which no counterexample exists. */
  readonly safe: Set<string>;
  nodes: number;
  readonly budget: number;
}

const next = (seat: Seat, steps = 1): Seat => ((seat + steps) % 3) as Seat;

/**
 * R7.3–R7.5: what a seat that plays `card` to the trick shows it cannot hold: the led suit when
 * it does not follow, trump when it does not trump either, the higher trumps when it
 * undertrumps, the higher cards of the led suit when it follows without heading the trick.
 */
function shownVoids(trick: readonly Card[], trump: number, winDuty: boolean, card: Card): CardSet {
  if (trick.length === 0) return 0;
  const led = suitOf(trick[0]!);
  const trumpInTrick = trump !== NO_TRUMP ? highestOfSuit(trick, trump) : -1;
  if (suitOf(card) === led) {
    if (!winDuty || (led !== trump && trumpInTrick >= 0)) return 0;
    const highest = highestOfSuit(trick, led);
    return card > highest ? 0 : ABOVE[highest]!;
  }
  let voids = SUIT_MASKS[led]!;
  if (trump === NO_TRUMP) return voids;
  if (suitOf(card) !== trump) voids |= SUIT_MASKS[trump]!;
  else if (trumpInTrick > card) voids |= ABOVE[trumpInTrick]!;
  return voids;
}

/**
 * Whether the unknown cards can still be shared out: each hidden seat gets its count of cards
 * it may hold, and the rest lie where nobody shows them (those places take any card). Hall's
 * condition for three places, two of them with limits.
 */
function canShare(s: Search): boolean {
  const forbiddenA = s.forbidden[s.hiddenA] & s.unknown;
  const forbiddenB = s.forbidden[s.hiddenB] & s.unknown;
  if (popcount(forbiddenA & forbiddenB) > s.unshown) return false;
  if (popcount(forbiddenB) > s.counts[s.hiddenA] + s.unshown) return false;
  return popcount(forbiddenA) <= s.counts[s.hiddenB] + s.unshown;
}

/** Whether the claim is broken by the trick just completed, won by `winner`; null: the trick decides nothing yet. */
function trickVerdict(s: Search, winner: Seat): boolean | null {
  const declarerWon = winner === s.p.declarer;
  switch (s.p.goal) {
    case 'declarerTakesAll':
      return declarerWon ? null : true;
    case 'declarerTakesNone':
      return declarerWon ? true : null;
    case 'declarerTakesOne':
      return declarerWon ? false : null;
    case 'defendersTakeOne':
      return declarerWon ? null : false;
  }
}

/**
 * A cheap proof that the declarer takes every remaining trick from here, on lead: each of its
 * cards is the highest left of its suit and cannot be trumped (it is trump, or no unknown
 * trump is left), whatever it leads first; then it leads again.
 */
function declarerHoldsAllTops(s: Search): boolean {
  if (s.p.goal !== 'declarerTakesAll' || s.leader !== s.p.claimer || s.trumpOpen) return false;
  const unknownTrumps = s.trump === NO_TRUMP ? 0 : s.unknown & SUIT_MASKS[s.trump]!;
  for (let rest = s.mine; rest !== 0; rest &= rest - 1) {
    const card = 31 - Math.clz32(rest & -rest);
    if ((s.unknown & ABOVE[card]!) !== 0) return false;
    if (unknownTrumps !== 0 && suitOf(card) !== s.trump) return false;
  }
  return true;
}

class OutOfBudget extends Error {}

/** The seat's candidate cards now, best first for the side the counterexample needs. */
function candidates(s: Search, seat: Seat): Card[] {
  let cards: CardSet;
  let live: CardSet;
  if (seat === s.p.claimer) {
    cards = legalCards(s.mine, s.trick, s.trump, s.p.winDuty);
    live = s.mine | s.unknown;
    for (const card of s.trick) live |= 1 << card;
  } else {
    cards = s.unknown & ~s.forbidden[seat];
    live = cards; // unknown cards are alike only when next to each other: nothing else tells them apart
  }
  const list: Card[] = [];
  for (let rest = cards; rest !== 0; rest &= rest - 1) {
    const card = 31 - Math.clz32(rest & -rest);
    const above = live & ABOVE[card]!;
    // The next live card up is the seat's own candidate too: the same play (the higher one stands for both).
    if (seat === s.p.claimer ? (above & -above & cards) !== 0 : (cards & (1 << (card + 1)) & ABOVE[card]!) !== 0) continue;
    list.push(card);
  }
  // The counterexample needs the breaking side to win tricks: its seats try high cards first.
  const declarerBreaks = s.p.goal === 'declarerTakesNone' || s.p.goal === 'defendersTakeOne';
  return (seat === s.p.declarer) === declarerBreaks ? list.reverse() : list;
}

/** Whether a counterexample exists from the current position. */
function counterexample(s: Search): boolean {
  if (++s.nodes > s.budget) throw new OutOfBudget();
  const start = s.trick.length === 0;
  let key = '';
  if (start) {
    // Every card played without the trick the claim waits for: broken; without the one it excludes: it held.
    if (s.counts[s.leader] === 0) return s.p.goal === 'defendersTakeOne' || s.p.goal === 'declarerTakesOne';
    if (declarerHoldsAllTops(s)) return false;
    key = `${s.mine},${s.unknown},${s.forbidden[s.hiddenA] & s.unknown},${s.forbidden[s.hiddenB] & s.unknown},${s.leader},${s.trump}`;
    if (s.safe.has(key)) return false;
  }
  const seat = next(s.leader, s.trick.length);
  const hidden = seat !== s.p.claimer;
  const opening = s.trumpOpen;
  for (const card of candidates(s, seat)) {
    const trumps = !opening ? [s.trump] : s.p.trumpNamed ? [0, 1, 2, 3] : [suitOf(card)];
    for (const trump of trumps) {
      const saved = s.forbidden[seat];
      if (hidden) {
        s.forbidden[seat] = saved | shownVoids(s.trick, s.trump, s.p.winDuty, card);
        s.unknown &= ~(1 << card);
        s.counts[seat]--;
      } else {
        s.mine &= ~(1 << card);
        s.counts[seat]--;
      }
      s.trumpOpen = false;
      s.trump = trump;
      const found = (!hidden || canShare(s)) && afterCard(s, card);
      s.trumpOpen = opening;
      if (opening) s.trump = NO_TRUMP;
      s.counts[seat]++;
      if (hidden) s.unknown |= 1 << card;
      else s.mine |= 1 << card;
      s.forbidden[seat] = saved;
      if (found) return true;
    }
  }
  if (start) s.safe.add(key);
  return false;
}

/** The card lies in the trick; when it is the third, the trick is judged and the next one starts. */
function afterCard(s: Search, card: Card): boolean {
  s.trick.push(card);
  let found: boolean;
  if (s.trick.length < 3) found = counterexample(s);
  else {
    const played = s.trick.splice(0, 3);
    const winner = next(s.leader, trickWinnerIndex(played, s.trump));
    const verdict = trickVerdict(s, winner);
    if (verdict !== null) found = verdict;
    else {
      const leader = s.leader;
      s.leader = winner;
      found = counterexample(s);
      s.leader = leader;
    }
    s.trick.push(...played);
  }
  s.trick.pop();
  return found;
}

/**
 * Whether the claim of `p` holds however every seat plays and however the unknown cards lie;
 * 'undecided' when `budget` positions were not enough to tell.
 */
export function judgeClaim(p: ClaimPosition, budget: number): { answer: ClaimAnswer; nodes: number } {
  const hiddenA = next(p.claimer);
  const hiddenB = next(p.claimer, 2);
  const s: Search = {
    p,
    mine: p.mine,
    unknown: p.unknown,
    counts: [...p.sizes],
    forbidden: [...p.forbidden],
    trick: [...p.trick],
    leader: p.leader,
    trump: p.trump,
    trumpOpen: p.trumpOpen,
    hiddenA,
    hiddenB,
    unshown: popcount(p.unknown) - p.sizes[hiddenA] - p.sizes[hiddenB],
    safe: new Set(),
    nodes: 0,
    budget,
  };
  try {
    return { answer: counterexample(s) ? 'notSure' : 'sure', nodes: s.nodes };
  } catch (error) {
    if (error instanceof OutOfBudget) return { answer: 'undecided', nodes: s.nodes };
    throw error;
  }
}
