/**
 * Worlds a seat cannot tell apart from the real one: everything its views showed (its own
 * cards, every card it saw played and by whom, the public actions) and everything the duties
 * of R7 reveal (a seat that did not follow is void in the led suit; one that did not trump is
 * void in trump; one that followed without heading the trick holds nothing higher; a knock
 * shows the last card of a suit). Each world is a full deal, replayed through the engine.
 */
import { LEVEL_BETTEL, type Action } from '../actions.js';
import { ABOVE, CARD_CODES, cardsOf, lowestCard, nthCard, popcount, SUIT_MASKS, SUITS, suitOf, type Card, type CardSet } from '../cards.js';
import { applyParsedAction, legalPlayCards, newGame, type GameState } from '../game.js';
import type { Seat } from '../options.js';
import { NO_TRUMP } from '../play.js';
import type { SeriesView } from '../view.js';
import { currentView, handOf, levelIndex, maskOfCodes, seenPlays, trumpIndex, type BotMemory, type Rng } from './memory.js';

const ALL_CARDS = -1; // all 32 bits

/** One play of the game as the seat knows it. */
interface KnownPlay {
  readonly seat: Seat;
  readonly card: Card | null;
  readonly knock: boolean;
  readonly trump: number;
}

/** A group of hidden cards to fill: how many, and which cards it cannot hold. */
interface Slot {
  readonly size: number;
  readonly forbidden: CardSet;
}

/** What the seat knows, ready for dealing worlds. */
export interface Knowledge {
  readonly view: SeriesView;
  readonly me: Seat;
  readonly plays: readonly KnownPlay[];
  /** The cards nobody's view has placed: to be dealt among the slots. */
  readonly pool: CardSet;
  /** Per seat: the cards of its hand this seat cannot see (during doubling, its own seven still to come too). */
  readonly hidden: readonly [Slot, Slot, Slot];
  readonly unseenPlays: readonly [number, number, number];
  /** The stock before the pickup, or a defender's view of the declarer's discards (2), else 0. */
  readonly extraSize: number;
  /** The seat's own dealt hand as far as known, its packet, and (declarer) stock and discards. */
  readonly myKnown: CardSet;
  readonly myPacket: CardSet;
  readonly stock: CardSet;
  readonly discards: CardSet;
}

/** The duties' inferences from one trick: cards each later seat cannot have held (R7.3–R7.5, R7.11). */
function dutyInferences(plays: readonly KnownPlay[], trump: number, winDuty: boolean, forbidden: CardSet[]): void {
  for (let start = 0; start < plays.length; start += 3) {
    const trick = plays.slice(start, start + 3);
    const led = trick[0]!.card;
    if (led === null) continue;
    const ledSuit = suitOf(led);
    let highestLed = led;
    let highestTrump = trump !== NO_TRUMP && ledSuit === trump ? led : -1;
    for (let i = 1; i < trick.length; i++) {
      const { seat, card, knock } = trick[i]!;
      if (card === null) break; // the duties after an unseen card depend on it
      const suit = suitOf(card);
      if (knock) forbidden[seat]! |= SUIT_MASKS[suit]!; // R7.11: its last card of that suit
      if (suit !== ledSuit) {
        forbidden[seat]! |= SUIT_MASKS[ledSuit]!; // R7.3
        if (trump !== NO_TRUMP && suit !== trump) forbidden[seat]! |= SUIT_MASKS[trump]!; // R7.5
        if (trump !== NO_TRUMP && suit === trump && highestTrump >= 0 && card < highestTrump) forbidden[seat]! |= ABOVE[highestTrump]!; // R7.5
      } else if (winDuty && card < highestLed && (highestTrump < 0 || ledSuit === trump)) {
        forbidden[seat]! |= ABOVE[highestLed]!; // R7.4
      }
      if (suit === ledSuit && card > highestLed) highestLed = card;
      if (trump !== NO_TRUMP && suit === trump && card > highestTrump) highestTrump = card;
    }
  }
}

/** Reads a seat's memory into what it knows; null when the seat has no game to play. */
export function knowledgeOf(memory: BotMemory): Knowledge | null {
  const view = currentView(memory);
  if (view === undefined || view.seat === null || view.hand === null) return null;
  const me = view.seat;
  const seen = seenPlays(memory);
  const plays: KnownPlay[] = [];
  for (const move of view.moves) {
    if (move.type !== 'play') continue;
    const trumpNamed = 'trump' in move && move.trump !== undefined ? SUITS.indexOf(move.trump) : NO_TRUMP;
    plays.push({ seat: move.seat, card: seen.get(plays.length) ?? null, knock: 'knock' in move && move.knock === true, trump: trumpNamed });
  }
  const doubling = view.phase === 'doubling';
  const hand = handOf(view);
  const declarer = view.declarer;
  const iDeclare = declarer === me;
  const stock = iDeclare ? maskOfCodes(view.stock) : 0;
  const discards = iDeclare ? maskOfCodes(view.discards) : 0;
  let known = hand | stock | discards;
  for (const play of plays) if (play.card !== null) known |= 1 << play.card;
  const unseenPlays: [number, number, number] = [0, 0, 0];
  for (const play of plays) if (play.card === null) unseenPlays[play.seat]++;

  const contract = levelIndex(view.contract);
  const trump = trumpIndex(view.trump);
  const winDuty = contract !== LEVEL_BETTEL || view.options.winDutyInBettel;
  const forbidden: CardSet[] = [0, 0, 0];
  dutyInferences(plays, trump, winDuty, forbidden);

  const discarded = view.moves.some((m) => m.type === 'discard');
  const extraSize = declarer === null ? 2 : !iDeclare && discarded ? 2 : 0;
  const hidden = ([0, 1, 2] as Seat[]).map((seat) => ({
    size: seat === me ? (doubling ? 7 : 0) : view.seats[seat]!.cards + (doubling ? 7 : 0),
    forbidden: seat === me ? 0 : forbidden[seat]!,
  })) as unknown as [Slot, Slot, Slot];

  // My dealt hand: what I hold and played, the discards back in, the stock out (as declarer).
  let myKnown = hand | discards;
  for (const play of plays) if (play.seat === me && play.card !== null) myKnown |= 1 << play.card;
  if (iDeclare) myKnown &= ~stock;
  const packetView = memory.views.find((v) => v.phase === 'doubling' && v.seat === me && v.hand !== null);
  const myPacket = packetView !== undefined ? maskOfCodes(packetView.hand) & myKnown : 0;
  return { view, me, plays, pool: ALL_CARDS & ~known, hidden, unseenPlays, extraSize, myKnown, myPacket, stock, discards };
}

/**
 * Deals the pool into the slots: the most constrained cards first, each to a slot with room
 * chosen in proportion to its room. Returns null on a dead end (the caller retries).
 */
function dealSlots(pool: CardSet, slots: readonly Slot[], rng: Rng): CardSet[] | null {
  const room = slots.map((s) => s.size);
  const filled = slots.map(() => 0);
  const cards = cardsOf(pool);
  // A random order, then stable by how many slots can take the card.
  for (let i = cards.length - 1; i > 0; i--) {
    const j = rng(i + 1);
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  const options = (card: Card) => slots.reduce((n, s) => n + ((s.forbidden & (1 << card)) === 0 && s.size > 0 ? 1 : 0), 0);
  const order = cards.map((card) => ({ card, options: options(card) })).sort((a, b) => a.options - b.options);
  for (const { card } of order) {
    let total = 0;
    for (let s = 0; s < slots.length; s++) if ((slots[s]!.forbidden & (1 << card)) === 0) total += room[s]!;
    if (total === 0) return null;
    let pick = rng(total);
    for (let s = 0; s < slots.length; s++) {
      if ((slots[s]!.forbidden & (1 << card)) !== 0) continue;
      if (pick < room[s]!) {
        filled[s]! |= 1 << card;
        room[s]!--;
        break;
      }
      pick -= room[s]!;
    }
  }
  return filled;
}

/** A deal's hand: the packet's 3 cards first (R3.1), then the rest. */
function handCodes(hand: CardSet, packet: CardSet, rng: Rng): string[] {
  let first = packet & hand;
  while (popcount(first) < 3) first |= 1 << nthCard(hand & ~first, rng(popcount(hand & ~first)));
  return [...cardsOf(first), ...cardsOf(hand & ~first)].map((c) => CARD_CODES[c]!);
}

/** The action to replay for a public move, with the world's hidden cards filled in. */
function replayAction(move: SeriesView['moves'][number], discards: CardSet): Action | null {
  switch (move.type) {
    case 'double':
      return { type: 'double', double: move.double ?? false };
    case 'bid':
      return { type: 'bid', bid: move.bid };
    case 'declare':
      return { type: 'declare', contract: move.contract };
    case 're':
      return move.re ? { type: 're' } : { type: 're', re: false };
    case 'discard': {
      const [a, b] = cardsOf(discards);
      return { type: 'discard', cards: [CARD_CODES[a!]!, CARD_CODES[b!]!] };
    }
    case 'hold':
    case 'pass':
    case 'kontra':
      return { type: move.type };
    default:
      return null;
  }
}

/**
 * One world: a full game state that gives this seat exactly its views, drawn at random among
 * those its knowledge allows; null if the draw hit a dead end (rare; draw again).
 */
export function drawWorld(k: Knowledge, rng: Rng): GameState | null {
  const slots: Slot[] = [...k.hidden];
  for (const seat of [0, 1, 2] as Seat[]) slots.push({ size: k.unseenPlays[seat], forbidden: 0 });
  slots.push({ size: k.extraSize, forbidden: 0 });
  const dealt = dealSlots(k.pool, slots, rng);
  if (dealt === null) return null;
  const view = k.view;
  const declarer = view.declarer;
  const unseen = [dealt[3]!, dealt[4]!, dealt[5]!];
  const extra = dealt[6]!;
  const holdings: CardSet[] = ([0, 1, 2] as Seat[]).map((seat) => dealt[seat]! | unseen[seat]!);
  holdings[k.me] = holdings[k.me]! | k.myKnown;
  for (const play of k.plays) if (play.card !== null && play.seat !== k.me) holdings[play.seat] = holdings[play.seat]! | (1 << play.card);
  let stock: CardSet;
  let discards = k.discards;
  if (declarer === null) stock = extra;
  else if (declarer === k.me) stock = k.stock;
  else if (k.extraSize === 2) {
    stock = extra; // the declarer's discards: dealing them as its stock makes the pickup and discard replay
    discards = extra;
  } else {
    // Discarding now: two of the declarer's twelve were the stock.
    const twelve = holdings[declarer]!;
    const first = nthCard(twelve, rng(12));
    const second = nthCard(twelve & ~(1 << first), rng(11));
    stock = (1 << first) | (1 << second);
    holdings[declarer] = twelve & ~stock;
  }
  const hands = holdings.map((hand, seat) => handCodes(hand, seat === k.me ? k.myPacket : 0, rng));
  const deal = { hands: hands as never, stock: cardsOf(stock).map((c) => CARD_CODES[c]!) } as GameState['deal'];
  const game = newGame(view.options, deal, view.dealer, view.gameNumber, view.pot, view.redeal);
  const replay: Replay = { k, discards, unseen, budget: REPLAY_BUDGET, trump: trumpIndex(view.trump) };
  return replayFrom(replay, game, 0, 0);
}

/** Replaying a world's moves: its hidden cards, and a bound on the search for unseen cards. */
interface Replay {
  readonly k: Knowledge;
  readonly discards: CardSet;
  /** Per seat, the cards dealt for its plays not seen, not yet replayed. */
  readonly unseen: CardSet[];
  budget: number;
  readonly trump: number;
}

/** Enough tries for the unseen cards of a few tricks; a world needing more is drawn again. */
const REPLAY_BUDGET = 2000;

type PlayAction = { type: 'play'; card: (typeof CARD_CODES)[number]; knock?: true; trump?: (typeof SUITS)[number] };

/**
 * The game after the moves from `index` on, or null. A card the seat did not see is one of
 * the player's unseen cards that was legal then and leads to what the seat did see: the
 * trick's winner (public) and the trump suit.
 */
function replayFrom(r: Replay, game: GameState, index: number, play: number): GameState | null {
  const moves = r.k.view.moves;
  for (let i = index; i < moves.length; i++) {
    const move = moves[i]!;
    if (move.type !== 'play') {
      const action = replayAction(move, r.discards);
      const next = action === null ? null : applyParsedAction(game, move.seat, action);
      if (next === null || !next.ok) return null;
      game = next.value;
      continue;
    }
    const known = r.k.plays[play++]!;
    if (known.card !== null) {
      const next = playOne(r, game, move.seat, known, known.card);
      if (next === null) return null;
      game = next;
      continue;
    }
    const legal = game.turn === move.seat ? legalPlayCards(game) & r.unseen[move.seat]! : 0;
    for (let rest = legal; rest !== 0; rest &= rest - 1) {
      if (--r.budget < 0) return null;
      const card = lowestCard(rest);
      const next = playOne(r, game, move.seat, known, card);
      if (next === null) continue;
      r.unseen[move.seat] = r.unseen[move.seat]! & ~(1 << card);
      const end = replayFrom(r, next, i + 1, play);
      if (end !== null) return end;
      r.unseen[move.seat] = r.unseen[move.seat]! | (1 << card);
    }
    return null;
  }
  return game;
}

/** One card replayed, or null when the engine refuses it or it contradicts a trick winner or the trump the seat saw. */
function playOne(r: Replay, game: GameState, seat: Seat, known: KnownPlay, card: Card): GameState | null {
  const action: PlayAction = { type: 'play', card: CARD_CODES[card]! };
  if (known.knock) action.knock = true;
  if (known.trump !== NO_TRUMP) action.trump = SUITS[known.trump]!;
  const next = applyParsedAction(game, seat, action);
  if (!next.ok) return null;
  const after = next.value;
  if (after.trump !== NO_TRUMP && after.trump !== r.trump) return null;
  if (after.completedTricks > game.completedTricks && after.trickLeader !== r.k.view.trickWinners[game.completedTricks]) return null;
  return after;
}

/** The kinds of decision the strong bot judges over worlds. */
export type Decision = 'bid' | 'discard' | 'declare' | 'kontra' | 're' | 'play';

/** Where a decision gets up to `count` worlds to judge by, for the seat whose knowledge is `k`. */
export type WorldSource = (decision: Decision, k: Knowledge, count: number, rng: Rng) => GameState[];

/** Up to `count` worlds (fewer only if draws keep failing). */
export function drawWorlds(k: Knowledge, count: number, rng: Rng): GameState[] {
  const worlds: GameState[] = [];
  for (let tries = 0; worlds.length < count && tries < count * 4; tries++) {
    const world = drawWorld(k, rng);
    if (world !== null) worlds.push(world);
  }
  return worlds;
}
