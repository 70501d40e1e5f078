/**
 * The strong bot: perfect-information Monte Carlo. It draws worlds consistent with all its
 * seat has seen (worlds.ts), solves each with every seat seeing everything, and takes the
 * action with the best average payment for its side.
 */
import { DOUBLE_NO, DOUBLE_YES, KONTRA, LEVEL_BETTEL, LEVEL_MORD, NO_RE, RE, type Action } from '../actions.js';
import { cardsOf, codeOf, rankOf, SUITS, type Card, type CardSet } from '../cards.js';
import { legalPlayCards, type GameState } from '../game.js';
import type { Seat } from '../options.js';
import { NO_TRUMP } from '../play.js';
import type { SeriesView } from '../view.js';
import { easyAction, easyDiscard, namedTrump } from './easy.js';
import { bestTrump, bettelClear, bettelDanger, mordClear } from './hand.js';
import { currentView, handOf, levelIndex, playActionFor, type BotMemory, type Rng } from './memory.js';
import { cardsLeft, evaluatePlaysExact } from './minimax.js';
import { declarerGain, easyPlayout, withCard } from './playout.js';
import { drawWorlds, knowledgeOf } from './worlds.js';

/** Worlds per card decision, and the most cards left for an exact search in each. */
export const PLAY_WORLDS = 24;
export const EXACT_CARDS = 21;
const CONTRACT_WORLDS = 16;

/** Each legal card's final declarer tricks in one world: exact in endgames, by playout earlier. */
function evaluate(world: GameState, trump: number): { card: Card; declarerTricks: number }[] {
  if (cardsLeft(world) + world.trick.length <= EXACT_CARDS) return evaluatePlaysExact(world, trump);
  const plays = [] as { card: Card; declarerTricks: number }[];
  const game = trump !== world.trump ? { ...world, trump } : world;
  for (const card of cardsOf(legalPlayCards(game))) plays.push({ card, declarerTricks: easyPlayout(withCard(game, card)) });
  return plays;
}

/** The seat's gain from the declarer's final tricks: the declarer's own, or its opposite for a defender. */
const sideGain = (world: GameState, me: Seat, tricks: number): number => {
  const gain = declarerGain(world, world.contract, tricks);
  return me === world.declarer ? gain : -gain;
};

function chooseCard(memory: BotMemory, view: SeriesView, rng: Rng): Action | null {
  const k = knowledgeOf(memory);
  if (k === null) return null;
  const me = k.me;
  const hand = handOf(view);
  const naming = view.legalActions.some((a) => a.type === 'play' && a.trump !== undefined);
  const trump = naming
    ? namedTrump(hand)
    : levelIndex(view.contract) >= LEVEL_BETTEL
      ? NO_TRUMP
      : k.view.trump === null
        ? NO_TRUMP
        : SUITS.indexOf(k.view.trump);
  const worlds = drawWorlds(k, PLAY_WORLDS, rng);
  const totals = new Map<Card, number>();
  for (const world of worlds) {
    if (world.phase !== 'play' || world.turn !== me) continue;
    for (const { card, declarerTricks } of evaluate(world, trump)) {
      // Tricks break ties between equal payments: more for the declarer's side, fewer against it.
      const tieBreak = (me === world.declarer ? declarerTricks : -declarerTricks) / 100;
      totals.set(card, (totals.get(card) ?? 0) + sideGain(world, me, declarerTricks) + tieBreak);
    }
  }
  let best: Card = -1;
  for (const [card, total] of totals) if (best < 0 || total > totals.get(best)! || (total === totals.get(best)! && card < best)) best = card;
  if (best < 0) return easyAction(memory);
  return playActionFor(view, best, naming ? trump : undefined);
}

/** The declarer's success chance in the current contract, over worlds drawn from this seat's knowledge. */
function successChance(memory: BotMemory, rng: Rng): number {
  const k = knowledgeOf(memory);
  if (k === null) return 0.5;
  const worlds = drawWorlds(k, CONTRACT_WORLDS, rng);
  let won = 0;
  for (const world of worlds) {
    const tricks = easyPlayout(world);
    if (declarerGain(world, world.contract, tricks) > 0) won++;
  }
  return worlds.length === 0 ? 0.5 : won / worlds.length;
}

/** Numbers, bettel and mord for a 10-card declarer hand: the one with the best expected gain, by its counted tricks. */
function bestContract(hand: CardSet, bidLevel: number, tenTrickBid: boolean): { contract: number; value: number } {
  const tricks = bestTrump(hand).tricks;
  const options: { contract: number; value: number }[] = [];
  if (mordClear(hand)) options.push({ contract: LEVEL_MORD, value: 20 });
  if (bettelClear(hand)) options.push({ contract: LEVEL_BETTEL, value: 20 });
  const top = tenTrickBid ? 4 : 3;
  for (let level = Math.max(bidLevel, 0); level <= top && level < LEVEL_BETTEL; level++) {
    if (level === 4 && !tenTrickBid) continue;
    const needed = level + 6;
    options.push({ contract: level, value: tricks >= needed ? 2 * Math.floor(tricks) : -2 * needed * (1 + needed - tricks) });
  }
  options.push({ contract: Math.max(bidLevel, LEVEL_BETTEL), value: bidLevel >= LEVEL_BETTEL ? -20 : -100 });
  return options.reduce((a, b) => (b.value > a.value ? b : a));
}

/**
 * The auction: the highest level the hand is worth on average over the stock cards it may
 * find, each world's twelve cards discarded and counted as the easy judgement does.
 */
function biddingLimit(memory: BotMemory, rng: Rng): number {
  const k = knowledgeOf(memory);
  if (k === null) return -1;
  const worlds = drawWorlds(k, CONTRACT_WORLDS, rng);
  const view = k.view;
  const counts = new Map<number, number>();
  for (const world of worlds) {
    const twelve = world.hands[k.me] | world.stock;
    const { cards } = easyDiscard(twelve, 0);
    const ten = twelve & ~(1 << cards[0]) & ~(1 << cards[1]);
    const { contract, value } = bestContract(ten, 0, view.options.tenTrickBid);
    if (value > 0) for (let level = 0; level <= contract; level++) counts.set(level, (counts.get(level) ?? 0) + 1);
  }
  let limit = -1;
  for (const [level, count] of counts) if (count >= worlds.length * 0.55 && level > limit) limit = level;
  return limit;
}

function bid(view: SeriesView, limit: number): Action {
  const actions = view.legalActions;
  const pass = actions.find((a) => a.type === 'pass')!;
  const hold = actions.find((a) => a.type === 'hold');
  if (hold !== undefined) return levelIndex(view.bid) <= limit ? hold : pass;
  const bids = actions.filter((a): a is Extract<Action, { type: 'bid' }> => a.type === 'bid');
  return bids.find((a) => levelIndex(a.bid) <= limit) ?? pass;
}

/** Discard candidates: the easy choice, the bettel choice, and the lowest cards of the two shortest suits. */
function discardCandidates(hand: CardSet, bidLevel: number): [Card, Card][] {
  const cards = cardsOf(hand);
  const byDanger = cards
    .slice()
    .sort((a, b) => bettelDanger(hand, b) - bettelDanger(hand, a))
    .slice(0, 2) as [Card, Card];
  const lowest = cards
    .slice()
    .sort((a, b) => rankOf(a) - rankOf(b))
    .slice(0, 2) as [Card, Card];
  return [easyDiscard(hand, bidLevel).cards, byDanger, lowest];
}

function discard(view: SeriesView, memory: BotMemory, rng: Rng): Action {
  const hand = handOf(view);
  const bidLevel = levelIndex(view.bid);
  const k = knowledgeOf(memory);
  let best: { cards: [Card, Card]; value: number } | null = null;
  const worlds = k === null ? [] : drawWorlds(k, 8, rng);
  for (const cards of discardCandidates(hand, bidLevel)) {
    const ten = hand & ~(1 << cards[0]) & ~(1 << cards[1]);
    let value = bestContract(ten, bidLevel, view.options.tenTrickBid).value * 4;
    // Playouts with the defenders' cards drawn: does the contract the hand counts stand?
    const { contract } = bestContract(ten, bidLevel, view.options.tenTrickBid);
    for (const world of worlds) {
      const game = asDeclarer(world, ten, cards, contract);
      if (game !== null) value += declarerGain(game, contract, easyPlayout(game)) / worlds.length;
    }
    if (best === null || value > best.value) best = { cards, value };
  }
  return { type: 'discard', cards: [codeOf(best!.cards[0]), codeOf(best!.cards[1])] };
}

/** A discard-phase world turned into the start of play with this discard and contract. */
function asDeclarer(world: GameState, ten: CardSet, cards: [Card, Card], contract: number): GameState | null {
  if (world.phase !== 'discard') return null;
  const hands = world.hands.slice() as [number, number, number];
  hands[world.declarer as Seat] = ten;
  return {
    ...world,
    phase: 'play',
    hands,
    discards: (1 << cards[0]) | (1 << cards[1]),
    contract,
    winDuty: contract !== LEVEL_BETTEL || world.options.winDutyInBettel,
    turn: world.declarer,
    trickLeader: world.declarer,
  };
}

function declare(view: SeriesView): Action {
  const hand = handOf(view);
  const { contract } = bestContract(hand, levelIndex(view.bid), view.options.tenTrickBid);
  const allowed = view.legalActions.filter((a): a is Extract<Action, { type: 'declare' }> => a.type === 'declare');
  return allowed.find((a) => levelIndex(a.contract) === contract) ?? allowed[0]!;
}

function double(view: SeriesView): Action {
  // A packet with two aces, or an ace with a king beside: the counted tricks say the game is likely ours.
  const packet = handOf(view);
  const high = cardsOf(packet).filter((c) => rankOf(c) >= 6).length;
  const aces = cardsOf(packet).filter((c) => rankOf(c) === 7).length;
  return aces >= 2 || (aces >= 1 && high >= 3) ? DOUBLE_YES : DOUBLE_NO;
}

export function strongAction(memory: BotMemory, rng: Rng): Action | null {
  const view = currentView(memory);
  if (view === undefined || view.seat === null || view.legalActions.length === 0) return null;
  switch (view.phase) {
    case 'doubling':
      return double(view);
    case 'auction':
      return bid(view, biddingLimit(memory, rng));
    case 'discard':
      return discard(view, memory, rng);
    case 'declare':
      return declare(view);
    case 'play': {
      if (view.awaitingRe) return successChance(memory, rng) >= 0.7 ? RE : NO_RE;
      if (view.legalActions.some((a) => a.type === 'kontra') && successChance(memory, rng) <= 0.3) return KONTRA;
      if (view.turn !== view.seat) return null;
      return chooseCard(memory, view, rng);
    }
    default:
      return null;
  }
}
