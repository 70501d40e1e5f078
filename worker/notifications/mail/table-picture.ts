/**
 * What a turn mail shows of the table (API.md "Mail", The turn mail is the table): the
 * seat's own view reduced to what its page shows for the move it owes, kept with the mail in
 * the queue and written out in the seat's language when the mail goes (turn-mail-text.ts,
 * table-html.ts). Built from the seat's view alone, so it holds nothing the seat may not
 * see (R10.2); hidden-worlds.test.ts compares the mails of worlds that differ only in
 * hidden cards.
 */
import type { Level } from '../../../shared/actions.js';
import type { CardCode, Suit } from '../../../shared/cards.js';
import type { MoveByText } from '../../../shared/move-name.js';
import type { Seat } from '../../../shared/options.js';
import type { Phase } from '../../../shared/game.js';
import type { TableView } from '../../model/contract.js';

/** A card on the table and who played it. */
export interface PlayedCard {
  readonly seat: Seat;
  readonly card: CardCode;
}

/** A word said in the auction, doubling or after it, as every seat heard it (the view's history). */
export type Said =
  | { readonly seat: Seat; readonly type: 'bid'; readonly bid: Level }
  | { readonly seat: Seat; readonly type: 'hold' | 'pass' | 'kontra' | 'discard' }
  | { readonly seat: Seat; readonly type: 'double'; readonly double: boolean | null }
  | { readonly seat: Seat; readonly type: 're'; readonly re: boolean }
  | { readonly seat: Seat; readonly type: 'declare'; readonly contract: Level }
  | { readonly seat: Seat; readonly type: 'claim'; readonly refused?: true };

/** One thing that happened since the seat's last move: a word said, a card played, a trick taken. */
export type Happened =
  | { readonly kind: 'said'; readonly said: Said }
  | { readonly kind: 'played'; readonly seat: Seat; readonly card: CardCode; readonly knock?: true; readonly trump?: Suit }
  | { readonly kind: 'took'; readonly seat: Seat; readonly trick: number };

/** A move the seat may make now; discarding is one move of two cards the seat picks from its hand. */
export type OfferedMove = MoveByText | { readonly type: 'discard'; readonly count: 2 };

export interface TablePicture {
  /** The seat the mail goes to. */
  readonly seat: Seat;
  /** Every seat's name (public), by seat. */
  readonly names: readonly string[];
  readonly phase: Phase;
  readonly dealer: Seat;
  /** The seat's hand in the page's order: by suit, strongest first, trump first once named. */
  readonly hand: readonly CardCode[];
  /** The cards of the trick on the table, in the order played. */
  readonly trick: readonly PlayedCard[];
  /** How many tricks each seat took so far. */
  readonly tricks: readonly number[];
  /** The standing bid in the auction, or the game's bid once it is over (null before any). */
  readonly bid: Level | null;
  readonly contract: Level | null;
  readonly declarer: Seat | null;
  readonly trump: Suit | null;
  readonly multiplier: number;
  readonly doubles: readonly Seat[];
  readonly kontra: Seat | null;
  readonly re: boolean;
  /** Everything said in this game so far (auction, doubling, declaration, kontra, re, claims), in order. */
  readonly said: readonly Said[];
  /** The seat's last move of this game and what happened since: at most the last trick and the current one. */
  readonly since: readonly Happened[];
  /** The moves the seat may make now, in the page's order. */
  readonly moves: readonly OfferedMove[];
  /** The stock the declarer picked up, to the declarer only (its view holds it). */
  readonly stock: readonly CardCode[] | null;
}

/**
 * The picture of `view`, the view of the seat the mail goes to. `since` starts with the
 * seat's own last move of the game and reaches back at most to the start of the last
 * completed trick: older cards are not on the table any more.
 */
export function pictureOf(view: TableView): TablePicture {
  const seat = view.seat!;
  const said: Said[] = view.history.map((entry) => entry as Said);
  return {
    seat,
    names: view.seats.map((s) => s.name),
    phase: view.phase,
    dealer: view.dealer,
    hand: view.hand ?? [],
    trick: view.trick.map(({ seat: s, card }) => ({ seat: s, card })),
    tricks: view.seats.map((s) => s.tricks),
    bid: view.bid,
    contract: view.contract,
    declarer: view.declarer,
    trump: view.trump,
    multiplier: view.multiplier,
    doubles: view.doubles,
    kontra: view.kontra,
    re: view.re,
    said,
    since: sinceLastMove(view),
    moves: [...view.legalActions, ...(view.mayClaim ? [{ type: 'claim' } as const] : [])],
    stock: view.stock,
  };
}

/**
 * The view's moves from the seat's last one on (the mail confirms it: a move by reply is not
 * answered on its own), with the tricks taken between them; cards only of the last trick and
 * the current one.
 */
function sinceLastMove(view: TableView): Happened[] {
  const moves = view.moves;
  let start = moves.length - 1;
  while (start > 0 && moves[start]!.seat !== view.seat) start--;
  const completed = view.trickWinners.length;
  const cardsOfTrick: number[] = [];
  const happened: Happened[] = [];
  for (const [i, move] of moves.entries()) {
    if (move.type !== 'play') {
      if (i >= start) happened.push({ kind: 'said', said: move as Said });
      continue;
    }
    const cards = (cardsOfTrick[move.trick] = (cardsOfTrick[move.trick] ?? 0) + 1);
    if (i < start || move.card === null || move.trick < completed) continue; // not on the table any more (R7.10)
    happened.push({
      kind: 'played',
      seat: move.seat,
      card: move.card,
      ...(move.knock === true ? { knock: true as const } : {}),
      ...(move.trump === undefined ? {} : { trump: move.trump }),
    });
    if (cards === 3 && move.trick <= completed) happened.push({ kind: 'took', seat: view.trickWinners[move.trick - 1]!, trick: move.trick });
  }
  return happened;
}
