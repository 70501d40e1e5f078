/**
 * The easy bot: a sound club player's simple rules. It counts sure tricks to bid, discards
 * from short weak suits, announces what it counted, and plays high or low as the trick asks.
 */
import { DOUBLE_NO, DOUBLE_YES, LEVEL_BETTEL, LEVEL_MORD, NO_RE, KONTRA, type Action } from '../actions.js';
import { cardFromCode, cardsOf, codeOf, popcount, rankOf, type Card, type CardSet } from '../cards.js';
import { legalCards, NO_TRUMP } from '../play.js';
import type { SeriesView } from '../view.js';
import { bestTrump, bettelClear, bettelDanger, countedTricks, mordClear } from './hand.js';
import { currentView, goneCards, handOf, levelIndex, playActionFor, seatOf, trumpIndex, type BotMemory } from './memory.js';
import { easyCard, type PlaySituation } from './policy.js';

/** What the hand is worth as a contract level (index into LEVELS), or -1 for nothing. */
export function easyAmbition(hand: CardSet, withStock: boolean): number {
  if (popcount(hand) >= 10 && mordClear(hand)) return LEVEL_MORD;
  // Before the pickup the stock's two cards are worth about half a trick.
  const tricks = Math.floor(bestTrump(hand).tricks + (withStock ? 0.5 : 0));
  const numbers = Math.min(tricks, 9) - 6;
  if (bettelClear(hand)) return Math.max(numbers, LEVEL_BETTEL);
  return numbers;
}

function double(view: SeriesView): Action {
  // Rarely: a first packet of two aces, or three cards of king and above.
  const packet = handOf(view);
  const aces = cardsOf(packet).filter((c) => rankOf(c) === 7).length;
  const high = cardsOf(packet).filter((c) => rankOf(c) >= 6).length;
  return aces >= 2 || high === 3 ? DOUBLE_YES : DOUBLE_NO;
}

function bid(view: SeriesView, ambition: number): Action {
  const actions = view.legalActions;
  const hold = actions.find((a) => a.type === 'hold');
  if (hold !== undefined) return levelIndex(view.bid) <= ambition ? hold : actions.find((a) => a.type === 'pass')!;
  const bids = actions.filter((a): a is Extract<Action, { type: 'bid' }> => a.type === 'bid');
  // The lowest bid that is enough; a bettel hand jumps to bettel only when numbers are past it.
  const affordable = bids.filter((a) => levelIndex(a.bid) <= ambition);
  return affordable[0] ?? actions.find((a) => a.type === 'pass')!;
}

/** The two cards to put away for the contract the hand is best at, and that contract. */
export function easyDiscard(hand: CardSet, bidLevel: number): { cards: [Card, Card]; contract: number } {
  const cards = cardsOf(hand);
  const bettelDiscard = cards
    .slice()
    .sort((a, b) => bettelDanger(hand, b) - bettelDanger(hand, a) || rankOf(b) - rankOf(a))
    .slice(0, 2) as [Card, Card];
  const afterBettel = hand & ~(1 << bettelDiscard[0]) & ~(1 << bettelDiscard[1]);
  let best: { cards: [Card, Card]; tricks: number } | null = null;
  for (let i = 0; i < cards.length; i++) {
    for (let j = i + 1; j < cards.length; j++) {
      const rest = hand & ~(1 << cards[i]!) & ~(1 << cards[j]!);
      // Ties go to throwing low cards: weak cards of short suits are what a player puts away.
      const tricks = bestTrump(rest).tricks - (rankOf(cards[i]!) + rankOf(cards[j]!)) / 1000;
      if (best === null || tricks > best.tricks) best = { cards: [cards[i]!, cards[j]!], tricks };
    }
  }
  const numbers = Math.min(Math.floor(best!.tricks), 9) - 6;
  const afterNumbers = hand & ~(1 << best!.cards[0]) & ~(1 << best!.cards[1]);
  // Mord keeps the top cards, as numbers do; bettel throws the highest.
  if (mordClear(afterNumbers) || bidLevel === LEVEL_MORD) return { cards: best!.cards, contract: LEVEL_MORD };
  if (bettelClear(afterBettel) && (bidLevel === LEVEL_BETTEL || numbers < bidLevel)) return { cards: bettelDiscard, contract: LEVEL_BETTEL };
  if (bidLevel === LEVEL_BETTEL) return { cards: bettelDiscard, contract: LEVEL_BETTEL };
  return { cards: best!.cards, contract: Math.max(numbers, bidLevel) };
}

function declare(view: SeriesView): Action {
  const hand = handOf(view);
  const bidLevel = levelIndex(view.bid);
  const allowed = view.legalActions.filter((a): a is Extract<Action, { type: 'declare' }> => a.type === 'declare');
  let wanted: number;
  if (mordClear(hand)) wanted = LEVEL_MORD;
  else if (bettelClear(hand) && (bidLevel >= LEVEL_BETTEL || bestTrump(hand).tricks < bidLevel + 6)) wanted = LEVEL_BETTEL;
  else wanted = bidLevel >= LEVEL_BETTEL ? bidLevel : Math.max(bidLevel, Math.min(Math.floor(bestTrump(hand).tricks), 9) - 6);
  return allowed.find((a) => levelIndex(a.contract) === wanted) ?? allowed.find((a) => levelIndex(a.contract) === bidLevel) ?? allowed[0]!;
}

/** Defender's sure tricks against a numbers contract: aces, and with trump known its top trumps. */
function defensiveTricks(hand: CardSet, trump: number): number {
  return trump === NO_TRUMP ? bestTrump(hand).tricks * 0.6 : countedTricks(hand, trump);
}

/** Kontra only when this defender alone counts enough tricks to beat the contract. */
export function easyKontra(view: SeriesView): boolean {
  const contract = levelIndex(view.contract);
  if (contract < 0 || contract >= LEVEL_BETTEL) return false;
  const needed = 10 - (contract + 6) + 1;
  return defensiveTricks(handOf(view), trumpIndex(view.trump)) >= needed + 1;
}

/** The situation of the seat to play, read from its memory. */
export function situationOf(memory: BotMemory): PlaySituation {
  const view = currentView(memory)!;
  const hand = handOf(view);
  const trick = view.trick.map((t) => cardFromCode(t.card)!);
  const trump = trumpIndex(view.trump);
  const contract = levelIndex(view.contract);
  const winDuty = contract !== LEVEL_BETTEL || view.options.winDutyInBettel;
  let gone = goneCards(memory);
  for (const card of trick) gone |= 1 << card;
  return {
    seat: seatOf(view),
    declarer: view.declarer!,
    contract,
    trump,
    trick,
    leader: view.trick[0]?.seat ?? seatOf(view),
    hand,
    legal: legalCards(hand, trick, trump, winDuty),
    gone,
  };
}

/** The suit to name as trump with the first card (R7.2, option trump "named"). */
export const namedTrump = (hand: CardSet): number => bestTrump(hand).suit;

export function easyAction(memory: BotMemory): Action | null {
  const view = currentView(memory);
  if (view === undefined || view.seat === null || view.legalActions.length === 0) return null;
  const actions = view.legalActions;
  switch (view.phase) {
    case 'doubling':
      return double(view);
    case 'auction':
      return bid(view, easyAmbition(handOf(view), true));
    case 'discard': {
      const { cards } = easyDiscard(handOf(view), levelIndex(view.bid));
      return { type: 'discard', cards: [codeOf(cards[0]), codeOf(cards[1])] };
    }
    case 'declare':
      return declare(view);
    case 'play': {
      if (view.awaitingRe) return NO_RE; // re never
      if (view.turn !== view.seat) return null;
      if (actions.some((a) => a.type === 'kontra') && easyKontra(view)) return KONTRA;
      const situation = situationOf(memory);
      const card = easyCard(situation);
      return playActionFor(view, card, namedTrump(situation.hand));
    }
    default:
      return null;
  }
}
