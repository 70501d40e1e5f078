/**
 * Reading the table: how likely a world is to have produced the public actions the other
 * seats took — their doubles, bids, holds and passes, the contract announced, kontra said or
 * not — so that the strong bot's worlds are drawn in proportion to it (sampling, then
 * resampling by weight) instead of uniformly among the deals its cards allow.
 *
 * The model of another seat is the bots' own policies (as Solinas, Rebstock and Buro model
 * the other players in Skat by a learned policy): with even odds the seat is an easy bot or a
 * strong bot, and whichever it is decided all its actions. The easy bot's rules are known
 * exactly; the strong bot's auction was measured from self-play (300 games, strong and easy
 * seats): it continues in the auction with a probability that rises with its counted tricks
 * (hand.ts) as a logistic curve, even at ≈50 % 2.7 counted tricks below the level it must
 * reach. Every action keeps a floor of probability, so that a person's surprising action
 * lowers a world's weight without ruling it out.
 */
import { LEVEL_BETTEL, LEVEL_MORD, levelOf, type Action } from '../actions.js';
import { applyAuction, startAuction, type AuctionState } from '../auction.js';
import { cardFromCode, cardsOf, rankOf, type CardSet } from '../cards.js';
import type { GameState } from '../game.js';
import type { Seat } from '../options.js';
import { NO_TRUMP } from '../play.js';
import { bettelPlausible, mordPlausible } from './contracts.js';
import { bestTrump, bettelClear, countedTricks, mordClear } from './hand.js';
import { levelIndex, trumpIndex, type Rng } from './memory.js';
import { drawWorlds, type Knowledge } from './worlds.js';

/** The least probability any action keeps under the model (a person may do what no bot would). */
const FLOOR = 0.02;

/** One public action of another seat that says something of its dealt hand. */
export type Clue =
  | { readonly kind: 'double'; readonly seat: Seat; readonly doubled: boolean }
  /** In the auction: whether the seat went on when it had to reach `need` (a level index), and the level it bid. */
  | { readonly kind: 'auction'; readonly seat: Seat; readonly need: number; readonly bid: number | null }
  | { readonly kind: 'contract'; readonly seat: Seat; readonly contract: number }
  /** A defender's turn in the first trick with kontra open: whether it said kontra. */
  | { readonly kind: 'kontra'; readonly seat: Seat; readonly said: boolean; readonly contract: number; readonly trump: number };

/** The clues in what `k`'s seat has seen: the other seats' public actions of this game. */
export function cluesOf(k: Knowledge): Clue[] {
  const view = k.view;
  const clues: Clue[] = [];
  let auction: AuctionState | null = startAuction(view.dealer);
  const contract = levelIndex(view.contract);
  const trump = trumpIndex(view.trump);
  let kontraSaid = false;
  let plays = 0;
  for (const move of view.moves) {
    const other = move.seat !== k.me;
    if (move.type === 'double' && other && move.double !== null) clues.push({ kind: 'double', seat: move.seat, doubled: move.double });
    if ((move.type === 'bid' || move.type === 'hold' || move.type === 'pass') && auction !== null) {
      const need = auction.step === 'open' ? 0 : auction.step === 'raise' ? auction.level + 1 : auction.level;
      const bid = move.type === 'bid' ? levelOf(move.bid) : move.type === 'hold' ? need : null;
      if (other) clues.push({ kind: 'auction', seat: move.seat, need, bid });
      const step = applyAuction(auction, move.seat, move as Action, view.options.tenTrickBid);
      auction = step.ok && !step.value.done ? step.value.auction : null;
    }
    if (move.type === 'declare' && other) clues.push({ kind: 'contract', seat: move.seat, contract: levelOf(move.contract) });
    if (move.type === 'kontra') {
      if (other) clues.push({ kind: 'kontra', seat: move.seat, said: true, contract, trump });
      kontraSaid = true;
    }
    if (move.type === 'play') {
      // A bot weighs kontra with its own card to the first trick: playing it without kontra is a choice too.
      if (plays < 3 && other && !kontraSaid && move.seat !== view.declarer && view.options.kontra && contract < LEVEL_BETTEL)
        clues.push({ kind: 'kontra', seat: move.seat, said: false, contract, trump });
      plays++;
    }
  }
  return clues;
}

const logistic = (x: number): number => 1 / (1 + Math.exp(-x));
const withFloor = (p: number): number => FLOOR + (1 - 2 * FLOOR) * p;

/** How one kind of bot decides, as probabilities from its dealt hand. */
interface SeatModel {
  /** The chance that the first packet of a hand holding these cards made the seat double. */
  double(hand: CardSet): number;
  /** The chance that the seat goes on in the auction at level `need` (index into LEVELS). */
  goesOn(hand: CardSet, need: number): number;
  /** The chance that a defender says kontra against `contract` with `trump`. */
  kontra(hand: CardSet, contract: number, trump: number): number;
}

/** Ways to choose k of n. */
const choose = (n: number, k: number): number =>
  k < 0 || k > n ? 0 : k === 0 ? 1 : k === 1 ? n : k === 2 ? (n * (n - 1)) / 2 : (n * (n - 1) * (n - 2)) / 6;

/** Counted tricks of a hand for numbers, its ambition rising by a logistic curve around `centre` tricks below a level. */
function numbersChance(hand: CardSet, need: number, centre: number, scale: number): number {
  if (need >= LEVEL_BETTEL) return 0;
  return logistic((bestTrump(hand).tricks - (need + 6) - centre) / scale);
}

/** A seat goes on if numbers, bettel (up to its level) or mord carry it there. */
const goesOn = (numbers: number, bettel: number, mord: number, need: number): number =>
  1 - (1 - numbers) * (1 - (need <= LEVEL_BETTEL ? bettel : 0)) * (1 - mord);

const EASY: SeatModel = {
  // easy.ts: two aces, or three cards of king and above, among the packet's three (the packet is any 3 of the 10).
  double(hand) {
    const aces = cardsOf(hand).filter((c) => rankOf(c) === 7).length;
    const high = cardsOf(hand).filter((c) => rankOf(c) >= 6).length;
    const twoAces = choose(aces, 2) * (10 - aces) + choose(aces, 3);
    const threeHighFewAces = choose(high - aces, 3) + aces * choose(high - aces, 2);
    return (twoAces + threeHighFewAces) / choose(10, 3);
  },
  // easy.ts easyAmbition: whole counted tricks plus half a trick for the stock; bettel and mord when clear.
  goesOn: (hand, need) => goesOn(numbersChance(hand, need, -0.75, 0.1), bettelClear(hand) ? 1 : 0, mordClear(hand) ? 1 : 0, need),
  // easy.ts easyKontra: its own counted defensive tricks beat the contract by one.
  kontra: (hand, contract, trump) => (trump === NO_TRUMP ? 0 : countedTricks(hand, trump) >= 10 - (contract + 6) + 2 ? 1 : 0),
};

const STRONG: SeatModel = {
  // strong.ts doublesOnPacket: a king or an ace among the three.
  double(hand) {
    const low = cardsOf(hand).filter((c) => rankOf(c) < 6).length;
    return 1 - choose(low, 3) / choose(10, 3);
  },
  goesOn: (hand, need) => goesOn(numbersChance(hand, need, -2.7, 0.5), bettelPlausible(hand) ? 0.3 : 0, mordPlausible(hand) ? 0.3 : 0, need),
  // Kontra by the strong bot: the declarer's failure in its worlds; by counted tricks, a gentle slope.
  kontra: (hand, contract, trump) => (trump === NO_TRUMP ? 0.2 : logistic((countedTricks(hand, trump) - (10 - (contract + 6))) / 1)),
};

/**
 * The dealt ten of each seat in a world. A declarer that has discarded is dealt the ten it kept
 * (worlds.ts): the ten it plays with stands for the one it bid with, as the stock is unseen.
 */
function dealtHands(world: GameState): CardSet[] {
  return world.deal.hands.map((codes) => {
    let hand = 0;
    for (const code of codes) hand |= 1 << cardFromCode(code)!;
    return hand;
  });
}

/** The chance of one clue under one model, given the seat's dealt hand. */
function clueChance(model: SeatModel, clue: Clue, hand: CardSet): number {
  switch (clue.kind) {
    case 'double': {
      const p = model.double(hand);
      return withFloor(clue.doubled ? p : 1 - p);
    }
    case 'auction': {
      if (clue.bid === null) return withFloor(1 - model.goesOn(hand, clue.need));
      // A jump straight to bettel or mord says the hand is made for it.
      if (clue.bid > clue.need && clue.bid >= LEVEL_BETTEL)
        return withFloor(clue.bid === LEVEL_MORD ? (mordPlausible(hand) ? 1 : 0) : bettelPlausible(hand) ? 1 : 0);
      return withFloor(model.goesOn(hand, clue.need));
    }
    case 'contract':
      return 1; // judged on the ten the declarer kept (see likelihood)
    case 'kontra': {
      const p = model.kontra(hand, clue.contract, clue.trump);
      return withFloor(clue.said ? p : 1 - p);
    }
  }
}

/**
 * The odds that a seat bids like the easy bot, a club player counting its tricks, rather than
 * like the strong bot, which bids on far less (see STRONG): measured on the bench, even odds
 * left the declarer's hand as the defenders imagine it barely stronger than a random one.
 */
const EASY_ODDS = 0.8;

/**
 * The declarer's discards in a world are cards the pool dealt at random; a declarer keeps its
 * aces and kings for numbers and mord (each bot's discard keeps its counted tricks), and puts
 * its high cards away for bettel. Without this, a world's declarer could have bid on aces it
 * then discarded, and seem weaker in play than the auction showed.
 */
function discardFit(world: GameState): number {
  if (world.declarer < 0 || world.contract < 0 || world.discards === 0) return 1;
  let fit = 1;
  for (const card of cardsOf(world.discards)) {
    const rank = rankOf(card);
    if (world.contract === LEVEL_BETTEL) fit *= rank >= 5 ? 1 : 0.3;
    else fit *= rank === 7 ? 0.1 : rank === 6 ? 0.3 : 1;
  }
  return fit;
}

/** How likely `world` is to have produced the clues: per seat, a mixture of the two models over all its clues. */
export function likelihood(clues: readonly Clue[], world: GameState): number {
  if (clues.length === 0) return 1;
  const hands = dealtHands(world);
  const easy = [1, 1, 1];
  const strong = [1, 1, 1];
  let contractFit = 1;
  for (const clue of clues) {
    if (clue.kind === 'contract') {
      // Bettel and mord are announced on tens made for them: the declarer's twelve without its discards.
      const ten = (hands[clue.seat]! | world.stock) & ~world.discards;
      if (clue.contract === LEVEL_BETTEL) contractFit *= withFloor(bettelPlausible(ten) ? 1 : 0);
      if (clue.contract === LEVEL_MORD) contractFit *= withFloor(mordPlausible(ten) ? 1 : 0);
      continue;
    }
    easy[clue.seat]! *= clueChance(EASY, clue, hands[clue.seat]!);
    strong[clue.seat]! *= clueChance(STRONG, clue, hands[clue.seat]!);
  }
  let weight = contractFit * discardFit(world);
  for (let seat = 0; seat < 3; seat++) weight *= EASY_ODDS * easy[seat]! + (1 - EASY_ODDS) * strong[seat]!;
  return weight;
}

/**
 * Candidate worlds drawn per world returned: enough that worlds fitting the clues are found
 * among them; at most MAX_CANDIDATES, which bounds the CPU a decision spends on inference
 * (each candidate is a deal replayed through the engine and weighed: ≈10–20 µs).
 */
const CANDIDATES_PER_WORLD = 12;
export const MAX_CANDIDATES = 240;
export const candidatesFor = (count: number): number => Math.min(MAX_CANDIDATES, Math.max(count * CANDIDATES_PER_WORLD, 60));

/**
 * Up to `count` worlds drawn in proportion to their likelihood: candidates drawn uniformly
 * from the seat's knowledge, then resampled by weight (systematic resampling). Without clues,
 * the uniform draw itself.
 */
export function inferredWorlds(k: Knowledge, count: number, rng: Rng): GameState[] {
  const clues = cluesOf(k);
  if (clues.length === 0) return drawWorlds(k, count, rng);
  const candidates = drawWorlds(k, candidatesFor(count), rng);
  const weights = candidates.map((world) => likelihood(clues, world));
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (candidates.length === 0 || !(total > 0)) return candidates.slice(0, count);
  const worlds: GameState[] = [];
  const step = total / count;
  let target = (rng(1 << 20) / (1 << 20)) * step;
  let cumulative = 0;
  for (let i = 0; i < candidates.length && worlds.length < count; i++) {
    cumulative += weights[i]!;
    while (cumulative > target && worlds.length < count) {
      worlds.push(candidates[i]!);
      target += step;
    }
  }
  return worlds;
}
