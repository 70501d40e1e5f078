/**
 * The double-dummy search: zero-window alpha-beta on the declarer's remaining tricks over
 * one mutable position (three hands as card masks, the current trick, trump, contract kind).
 * Nothing is allocated while searching; the position lives in module variables.
 *
 * `search(need)` answers "does the declarer end with at least `need` more tricks?" under
 * perfect play, where the declarer maximises its tricks in numbers and mord and minimises
 * them in bettel (R7.9: bettel is lost with the declarer's first trick, mord with the
 * defenders' first). The exact value is found by a binary search over `need`.
 */
import { ABOVE, popcount, SUIT_MASKS } from '../cards.js';
import { bestOf, lowerOf, newGeneration, probe, store, upperOf } from './table.js';

export const NORMAL = 0;
export const BETTEL = 1;
export const MORD = 2;

/** The seat after `seat` in playing order. */
const next = (seat: number): number => (seat === 2 ? 0 : seat + 1);
const MAX_PLY = 32;
const WIDTH = 12;

const hands = new Int32Array(3);
const trick = new Int32Array(3);
let trickLen = 0;
let leader = 0;
/** The card winning the current trick so far (R7.7), and its position in the trick. */
let winCard = -1;
let winPos = 0;
/** Cards still in a hand or in the current trick: those that separate equivalent cards. */
let live = 0;
let trump = -1;
let kind = NORMAL;
let winDuty = true;
let declarer = 0;
/** Declarer, kind, trump and win duty, shifted to leave two bits for the leader in the table key. */
let context = 0;
/** True while the declarer's first card of a number contract also fixes trump (R7.2). */
let trumpOpen = false;
let trumpNamed = false;
/** The cards the declarer may lead to the first trick: those of the trump suit with trump "led" (R7.2), else all. */
let firstCards = -1;
let nodes = 0;

/**
 * COMPRESS[live << 8 | held]: the cards `held` of one suit renumbered by their order among
 * that suit's `live` cards. The table keys positions by these relative ranks, so positions
 * that differ only in which cards are gone (a 7 played instead of an 8) share an entry.
 */
const COMPRESS = new Uint8Array(1 << 16);
for (let suitLive = 0; suitLive < 256; suitLive++) {
  for (let held = 0; held < 256; held++) {
    let relative = 0;
    let index = 0;
    for (let rank = 0; rank < 8; rank++) {
      if ((suitLive & (1 << rank)) === 0) continue;
      if ((held & (1 << rank)) !== 0) relative |= 1 << index;
      index++;
    }
    COMPRESS[(suitLive << 8) | held] = relative;
  }
}

/** A hand by relative ranks among the live cards (see COMPRESS). */
function relativeHand(hand: number): number {
  return (
    COMPRESS[((live & 0xff) << 8) | (hand & 0xff)]! |
    (COMPRESS[(live & 0xff00) | ((hand >>> 8) & 0xff)]! << 8) |
    (COMPRESS[((live >>> 8) & 0xff00) | ((hand >>> 16) & 0xff)]! << 16) |
    (COMPRESS[((live >>> 24) << 8) | (hand >>> 24)]! << 24)
  );
}

/** A card as its suit and its relative rank among the live cards (for the table), and back. */
const relativeCard = (card: number): number => (card & ~7) | popcount(live & SUIT_MASKS[card >> 3]! & ((1 << card) - 1));
function absoluteCard(relative: number): number {
  let rest = live & SUIT_MASKS[relative >> 3]!;
  for (let i = relative & 7; i > 0; i--) rest &= rest - 1;
  return 31 - Math.clz32(rest & -rest);
}

const moves = new Int32Array(MAX_PLY * WIDTH);
const scores = new Int32Array(MAX_PLY * WIDTH);

export interface SearchPosition {
  readonly hands: readonly [number, number, number];
  readonly trick: readonly number[];
  readonly leader: number;
  /** -1 in bettel and mord, and before the first card of a number contract. */
  readonly trump: number;
  readonly kind: number;
  readonly winDuty: boolean;
  readonly declarer: number;
  /** Option trump "named" (R7.2); read only while trump is still open. */
  readonly trumpNamed: boolean;
}

export const nodeCount = (): number => nodes;
export const resetNodeCount = (): void => {
  nodes = 0;
};

function setContext(): void {
  context = (declarer | (kind << 2) | ((trump + 1) << 4) | ((winDuty ? 1 : 0) << 7)) << 2;
}

export function load(p: SearchPosition): void {
  hands[0] = p.hands[0];
  hands[1] = p.hands[1];
  hands[2] = p.hands[2];
  leader = p.leader;
  trump = p.trump;
  kind = p.kind;
  winDuty = p.winDuty;
  declarer = p.declarer;
  trumpNamed = p.trumpNamed;
  trickLen = 0;
  winCard = -1;
  winPos = 0;
  live = hands[0] | hands[1] | hands[2];
  for (const card of p.trick) {
    trick[trickLen] = card;
    if (trickLen === 0 || beats(card)) {
      winCard = card;
      winPos = trickLen;
    }
    trickLen++;
    live |= 1 << card;
  }
  trumpOpen = kind === NORMAL && trump < 0 && trickLen === 0;
  setContext();
}

/** R7.7: whether `card` takes the lead from the card winning the trick so far. */
const beats = (card: number): boolean => (card >> 3 === winCard >> 3 ? card > winCard : card >> 3 === trump);

/** R7.3–R7.6 for `hand` in the current trick; mirrors shared/play.ts legalCards (a test checks they agree). */
export function legalOf(hand: number): number {
  if (trickLen === 0) return hand;
  const led = trick[0]! >> 3;
  const follow = hand & SUIT_MASKS[led]!;
  if (follow !== 0) {
    // The winning card is of another suit than the led one only when a trump lies in the trick.
    if (!winDuty || winCard >> 3 !== led) return follow;
    const higher = follow & ABOVE[winCard]!;
    return higher !== 0 ? higher : follow;
  }
  if (trump >= 0) {
    const trumps = hand & SUIT_MASKS[trump]!;
    if (trumps !== 0) {
      if (winCard >> 3 !== trump) return trumps;
      const higher = trumps & ABOVE[winCard]!;
      return higher !== 0 ? higher : trumps;
    }
  }
  return hand;
}

/** The cards the seat to play may play in `p` by the solver's own rules, for the test that they are the engine's. */
export function legalInPosition(p: SearchPosition): number {
  load(p);
  return legalOf(hands[(leader + trickLen) % 3]!) & (trumpOpen && !trumpNamed ? 0 : -1);
}

/** How many of the highest live cards of a suit `own` holds in an unbroken run from the top. */
function topRun(own: number, suitLive: number): number {
  let n = 0;
  for (let rest = suitLive; rest !== 0; n++) {
    const top = 1 << (31 - Math.clz32(rest));
    if ((own & top) === 0) break;
    rest ^= top;
  }
  return n;
}

/**
 * Tricks the seat on lead takes in a row for sure in a number contract: its top trumps,
 * then in each side suit its top cards for as many rounds as every other seat still
 * holding trumps has to follow (a seat void in the suit with a trump must ruff, R7.5).
 */
function quickTricks(lead: number): number {
  const own = hands[lead]!;
  const other1 = hands[next(lead)]!;
  const other2 = hands[next(next(lead))]!;
  const trumps = SUIT_MASKS[trump]!;
  const trumpTricks = topRun(own, live & trumps);
  let total = trumpTricks;
  const ruffs1 = popcount(other1 & trumps) > trumpTricks;
  const ruffs2 = popcount(other2 & trumps) > trumpTricks;
  for (let suit = 0; suit < 4; suit++) {
    if (suit === trump) continue;
    const mask = SUIT_MASKS[suit]!;
    let rounds = topRun(own, live & mask);
    if (rounds === 0) continue;
    if (ruffs1) rounds = Math.min(rounds, popcount(other1 & mask));
    if (ruffs2) rounds = Math.min(rounds, popcount(other2 & mask));
    total += rounds;
  }
  return total;
}

/** R7.9 mord: whether the defenders take the trick about to be led (no trumps; win duty lets each play its best). */
function mordTrickLost(): boolean {
  const own = hands[leader]!;
  for (let suit = 0; suit < 4; suit++) {
    const suitLive = live & SUIT_MASKS[suit]!;
    if ((own & suitLive) === 0) continue;
    const declarerTops = (hands[declarer]! & (1 << (31 - Math.clz32(suitLive)))) !== 0;
    if (leader === declarer && declarerTops) return false; // it leads that top card and wins
    if (leader !== declarer && !declarerTops) return true; // the defenders top a suit their leader holds
  }
  return leader === declarer;
}

/** R7.9 bettel with win duty: whether the declarer on lead must take this trick (no card a defender must beat). */
function bettelTrickForced(): boolean {
  const own = hands[declarer]!;
  const defenders = hands[next(declarer)]! | hands[next(next(declarer))]!;
  for (let rest = own; rest !== 0; rest &= rest - 1) {
    const card = 31 - Math.clz32(rest & -rest);
    if ((defenders & ABOVE[card]!) !== 0) return false;
  }
  return true;
}

/**
 * The representatives of `legal` (the highest of each run of cards adjacent among the live
 * cards), written at `base` in the order to try them: likely best for the mover first.
 */
function orderedMoves(legal: number, seat: number, base: number, hint: number): number {
  let count = 0;
  const isDeclarer = seat === declarer;
  const partnerWins = trickLen > 0 && !isDeclarer && (leader + winPos) % 3 !== declarer;
  for (let rest = legal; rest !== 0; rest &= rest - 1) {
    const card = 31 - Math.clz32(rest & -rest);
    const above = live & ABOVE[card]!;
    if ((above & -above & legal) !== 0) continue; // the next live card up is ours and legal: same move
    const rank = card & 7;
    const value = rank + (card >> 3 === trump ? 8 : 0);
    let score: number;
    if (kind !== BETTEL) {
      if (trickLen === 0) score = above === 0 ? 64 + value : 32 - value;
      else if (partnerWins) score = beats(card) ? -value : 32 - value;
      else if (beats(card)) score = trickLen === 2 || above === 0 ? 96 - value : 48 - value;
      else score = 32 - value;
    } else if (trickLen === 0) {
      score = 32 - rank;
    } else if (isDeclarer) {
      score = beats(card) ? 16 - rank : 32 + rank;
    } else {
      const declarerPlayed = (declarer - leader + 3) % 3 < trickLen;
      if (!declarerPlayed) score = 32 - rank;
      else if ((leader + winPos) % 3 === declarer) score = beats(card) ? -rank : 32 - rank;
      else score = 32 + rank;
    }
    if (card === hint) score += 1000;
    // Insertion by score, highest first.
    let i = count++;
    while (i > 0 && scores[base + i - 1]! < score) {
      moves[base + i] = moves[base + i - 1]!;
      scores[base + i] = scores[base + i - 1]!;
      i--;
    }
    moves[base + i] = card;
    scores[base + i] = score;
  }
  return count;
}

/** Whether the declarer ends with at least `need` more tricks from the current position. */
function search(need: number, ply: number): boolean {
  nodes++;
  let hint = -1;
  let key = 0;
  let cardsLeft = 0;
  let relative0 = 0;
  let relative1 = 0;
  let relative2 = 0;
  // The restricted first card of a trump-fixing lead is not the position the table knows by these hands.
  const tabled = trickLen === 0 && (ply > 0 || firstCards === -1);
  if (trickLen === 0) {
    if (need <= 0) return true;
    cardsLeft = popcount(hands[leader]!);
    if (need > (kind === BETTEL ? Math.min(cardsLeft, 1) : cardsLeft)) return false;
    key = context | leader;
    let slot = -1;
    if (tabled) {
      relative0 = relativeHand(hands[0]!);
      relative1 = relativeHand(hands[1]!);
      relative2 = relativeHand(hands[2]!);
      slot = probe(relative0, relative1, relative2, key);
    }
    if (slot >= 0) {
      if (need <= lowerOf(slot)) return true;
      if (need > upperOf(slot)) return false;
      if (bestOf(slot) >= 0) hint = absoluteCard(bestOf(slot));
    }
    // (Untabled, the first card is restricted to the trump suit: the bounds' lines may not be open to the declarer.)
    if (tabled && kind === NORMAL) {
      const quick = quickTricks(leader);
      if (leader === declarer ? need <= quick : need > cardsLeft - quick) return leader === declarer;
    } else if (tabled && kind === MORD) {
      if (mordTrickLost()) return false;
    } else if (tabled && winDuty && leader === declarer && bettelTrickForced()) return true;
  }
  const seat = (leader + trickLen) % 3;
  // The mover wants "true" when it is the side that wants more declarer tricks.
  const wantsTrue = (seat === declarer) !== (kind === BETTEL);
  const base = ply * WIDTH;
  const count = orderedMoves(legalOf(hands[seat]!) & (ply === 0 ? firstCards : -1), seat, base, hint);
  const savedWinCard = winCard;
  const savedWinPos = winPos;
  let result = !wantsTrue;
  let best = -1;
  for (let i = 0; i < count; i++) {
    const card = moves[base + i]!;
    const cardBit = 1 << card;
    hands[seat] = hands[seat]! ^ cardBit;
    trick[trickLen] = card;
    if (trickLen === 0 || beats(card)) {
      winCard = card;
      winPos = trickLen;
    }
    let childResult: boolean;
    if (trickLen < 2) {
      trickLen++;
      childResult = search(need, ply + 1);
      trickLen--;
    } else {
      childResult = afterTrick(need, ply);
    }
    hands[seat] = hands[seat]! ^ cardBit;
    winCard = savedWinCard;
    winPos = savedWinPos;
    if (childResult === wantsTrue) {
      result = wantsTrue;
      best = card;
      break;
    }
  }
  if (tabled) {
    const relativeBest = best < 0 ? -1 : relativeCard(best);
    if (result) store(relative0, relative1, relative2, key, cardsLeft, need, 15, relativeBest);
    else store(relative0, relative1, relative2, key, cardsLeft, 0, need - 1, relativeBest);
  }
  return result;
}

/** The third card lies: the trick goes to its winner (R7.7), the game may end (R7.9), play goes on. */
function afterTrick(need: number, ply: number): boolean {
  const winner = (leader + winPos) % 3;
  const declarerWins = winner === declarer;
  if (kind === MORD && !declarerWins) return need <= 0;
  if (kind === BETTEL && declarerWins) return need <= 1;
  const first = trick[0]!;
  const second = trick[1]!;
  const trickCards = (1 << first) | (1 << second) | (1 << trick[2]!);
  const savedLeader = leader;
  live ^= trickCards;
  trickLen = 0;
  leader = winner;
  const result = search(declarerWins ? need - 1 : need, ply + 1);
  leader = savedLeader;
  trickLen = 2;
  trick[0] = first;
  trick[1] = second;
  live ^= trickCards;
  return result;
}

/** R7.2: the declarer's first card also fixes trump; each (trump, card) pair is a move of its own. */
function searchFirstCard(need: number): boolean {
  nodes++;
  const hand = hands[declarer]!;
  // The longest suits first: they are the likely trumps.
  const order = [0, 1, 2, 3].sort((a, b) => popcount(hand & SUIT_MASKS[b]!) - popcount(hand & SUIT_MASKS[a]!));
  for (const suit of order) {
    if (!trumpNamed && (hand & SUIT_MASKS[suit]!) === 0) continue;
    firstCards = trumpNamed ? -1 : SUIT_MASKS[suit]!;
    trump = suit;
    setContext();
    const found = search(need, 0);
    firstCards = -1;
    trump = -1;
    setContext();
    if (found) return true;
  }
  return false;
}

/** Whether the declarer ends with at least `need` more tricks (see the module comment). */
function test(need: number): boolean {
  return trumpOpen ? searchFirstCard(need) : search(need, 0);
}

/** The declarer's remaining tricks under perfect play from the loaded position. */
export function solveLoaded(): number {
  newGeneration();
  const seat = (leader + trickLen) % 3;
  const tricksLeft = popcount(hands[seat]!);
  let low = 0;
  let high = kind === BETTEL ? Math.min(tricksLeft, 1) : tricksLeft;
  while (low < high) {
    const need = (low + high + 1) >> 1;
    if (test(need)) low = need;
    else high = need - 1;
  }
  return low;
}
