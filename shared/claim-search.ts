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
 * The search is complete and deterministic: the same position always gets the same answer
 * (R10.1: replaying a record reproduces the verdict).
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

export type ClaimAnswer = 'sure' | 'notSure';

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
  /** Whether the side that breaks the claim is the declarer's (it must take a trick, or every trick). */
  readonly declarerBreaks: boolean;
  /** Positions at the start of a trick, and how many tricks from there are known to hold no counterexample. */
  readonly safe: Map<string, number>;
  /** Tricks from the current one that this pass looks into. */
  horizon: number;
  nodes: number;
}

const next = (seat: Seat, steps = 1): Seat => ((seat + steps) % 3) as Seat;

/** Goals broken by a single trick (the breaking side takes one); the others are broken only by a whole play-out. */
const brokenByOneTrick = (goal: ClaimGoal): boolean => goal === 'declarerTakesAll' || goal === 'declarerTakesNone';

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

/**
 * A cheap proof that the bettel declarer (claiming) takes no more trick: each of its cards lies
 * under every unknown card of its suit. A defender's lead is then above whatever the declarer
 * plays to it (no trumps in bettel), so a defender keeps the lead; and a card the declarer leads
 * itself is headed, since the unknown cards are all in the defenders' hands (the declarer has
 * seen the stock), one of them holds a higher card of that suit, and must follow (R7.3).
 */
function declarerHoldsAllLows(s: Search): boolean {
  if (s.p.goal !== 'declarerTakesNone' || s.p.claimer !== s.p.declarer || s.trump !== NO_TRUMP || s.unshown !== 0) return false;
  const onLead = s.leader === s.p.claimer;
  for (let suit = 0; suit < 4; suit++) {
    const mine = s.mine & SUIT_MASKS[suit]!;
    if (mine === 0) continue;
    const unknown = s.unknown & SUIT_MASKS[suit]!;
    if (unknown === 0) {
      if (onLead) return false;
      continue;
    }
    if (31 - Math.clz32(mine) > 31 - Math.clz32(unknown & -unknown)) return false;
  }
  return true;
}

/**
 * The seat's candidate cards now, one of each set of equivalent cards, in the order most likely
 * to break the claim first: the breaking side tries to take the trick, the other side to leave it.
 */
function candidates(s: Search, seat: Seat): Card[] {
  let cards: CardSet;
  let live = s.mine | s.unknown;
  for (const card of s.trick) live |= 1 << card;
  const hidden = seat !== s.p.claimer;
  const other = seat === s.hiddenA ? s.forbidden[s.hiddenB] : s.forbidden[s.hiddenA];
  if (!hidden) cards = legalCards(s.mine, s.trick, s.trump, s.p.winDuty);
  else cards = s.unknown & ~s.forbidden[seat];
  const list: Card[] = [];
  for (let rest = cards; rest !== 0; rest &= rest - 1) {
    const card = 31 - Math.clz32(rest & -rest);
    const above = live & ABOVE[card]!;
    const up = above & -above;
    // The next card up still in play is the seat's candidate too: the same play (the higher one
    // stands for both), when the one not played stays with this seat or where nobody shows it.
    // (Were it with the other hidden seat, which of the two that seat holds would matter.)
    if ((up & cards) !== 0 && (!hidden || (other & (up | (1 << card))) === (up | (1 << card)))) continue;
    list.push(card);
  }
  const breaker = (seat === s.p.declarer) === s.declarerBreaks;
  if (s.trick.length === 0) return breaker ? list.reverse() : list;
  // Which cards leave the trick to the breaking side (as trump stands now).
  const holding: Card[] = [];
  const leaving: Card[] = [];
  for (const card of list) {
    s.trick.push(card);
    const winner = next(s.leader, trickWinnerIndex(s.trick, s.trump));
    s.trick.pop();
    ((winner === s.p.declarer) === s.declarerBreaks ? holding : leaving).push(card);
  }
  // The breaking side takes the trick with its highest card, else plays its lowest; the other
  // side plays its highest card that leaves the trick to the breaking side, else its lowest.
  return [...holding.reverse(), ...leaving];
}

/**
 * A trick's start as the rest of the game sees it: per suit, the cards still in play in rank
 * order, each as whose it may be (the claimer's, or unknown and which hidden seats may hold it).
 * Cards played are gone and do not count, so positions reached by different plays whose
 * remaining cards rank alike share one entry.
 */
function positionKey(s: Search): string {
  const forbiddenA = s.forbidden[s.hiddenA];
  const forbiddenB = s.forbidden[s.hiddenB];
  let key = `${s.leader}${s.trumpOpen ? 'o' : s.trump}`;
  for (let suit = 0; suit < 4; suit++) {
    key += '|';
    for (let card = suit * 8; card < suit * 8 + 8; card++) {
      const bit = 1 << card;
      if ((s.mine & bit) !== 0) key += 'm';
      else if ((s.unknown & bit) !== 0)
        key += (forbiddenA & bit) === 0 ? ((forbiddenB & bit) === 0 ? 'u' : 'a') : (forbiddenB & bit) === 0 ? 'b' : 'x';
    }
  }
  return key;
}

/** Whether a counterexample exists from the current position, within the pass's horizon. */
function counterexample(s: Search): boolean {
  s.nodes++;
  const start = s.trick.length === 0;
  let key = '';
  if (start) {
    if (s.counts[s.leader] === 0) return s.p.goal === 'defendersTakeOne' || s.p.goal === 'declarerTakesOne';
    if (s.horizon === 0) return false;
    if (declarerHoldsAllTops(s) || declarerHoldsAllLows(s)) return false;
    key = positionKey(s);
    if ((s.safe.get(key) ?? 0) >= Math.min(s.horizon, s.counts[s.leader])) return false;
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
      } else s.mine &= ~(1 << card);
      s.counts[seat]--;
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
  if (start) s.safe.set(key, Math.max(s.safe.get(key) ?? 0, Math.min(s.horizon, s.counts[s.leader])));
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
      s.horizon--;
      found = counterexample(s);
      s.horizon++;
      s.leader = leader;
    }
    s.trick.push(...played);
  }
  s.trick.pop();
  return found;
}

/**
 * Whether the claim of `p` holds however every seat plays and however the unknown cards lie.
 * Always decided: the search visits every position it must (each once at a trick's start), and
 * looks first for a counterexample within the current trick, then within two, before it looks
 * to the end, since a claim broken by one trick is most often broken soon.
 */
export function judgeClaim(p: ClaimPosition): { answer: ClaimAnswer; nodes: number } {
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
    declarerBreaks: p.goal === 'declarerTakesNone' || p.goal === 'defendersTakeOne',
    safe: new Map(),
    horizon: 0,
    nodes: 0,
  };
  const tricksLeft = Math.max(...p.sizes);
  const horizons = brokenByOneTrick(p.goal) ? [1, 2, tricksLeft].filter((h, i, all) => h <= tricksLeft && all.indexOf(h) === i) : [tricksLeft];
  for (const horizon of horizons) {
    s.horizon = horizon;
    if (counterexample(s)) return { answer: 'notSure', nodes: s.nodes };
  }
  return { answer: 'sure', nodes: s.nodes };
}
